import type { TransitionTaken } from 'stccg-rules/debug';
import type { InspectionEvent } from 'xstate';

/**
 * The actors of a game as XState's inspection reports them, live: each actor's machine and the state
 * it is in, and the transitions its last microstep took. The charts light these.
 */

export interface LiveActor {
  /** `game`, `hologram:<card>`, `battle`, `window` (a battle's response window, a step of the battle). */
  readonly name: string;
  /** The machine's id (`game`, `hologram`, `battle`, `responseWindow`): it names the chart. */
  readonly machine: string;
  readonly session: string;
  value: unknown;
  /** `active`, or `done` / `stopped` for an actor that has finished. */
  status: string;
  /** The order in which the actor last moved (the chart of the latest one is shown first). */
  moved: number;
}

/** The transitions an actor's last microstep took. */
export interface LastTransition {
  readonly actor: string;
  readonly machine: string;
  readonly event: string;
  readonly transitions: readonly TransitionTaken[];
}

interface Inspected {
  readonly id: string;
  readonly sessionId: string;
  readonly logic?: { readonly id?: unknown };
  getSnapshot?(): { readonly status?: string };
}

export class LiveActors {
  /** By session id. */
  private readonly bySession = new Map<string, LiveActor>();
  /** The last transition taken in each machine. */
  readonly lastByMachine = new Map<string, LastTransition>();
  last: LastTransition | null = null;
  private moves = 0;

  readonly inspect = (event: InspectionEvent): void => {
    const actor = event.actorRef as unknown as Inspected;
    const machine = typeof actor.logic?.id === 'string' ? actor.logic.id : 'actor';
    const name = actor.id === actor.sessionId ? machine : actor.id;
    switch (event.type) {
      case '@xstate.actor':
        this.bySession.set(actor.sessionId, {
          name,
          machine,
          session: actor.sessionId,
          value: undefined,
          status: 'active',
          moved: ++this.moves,
        });
        return;
      case '@xstate.microstep': {
        const live = this.bySession.get(actor.sessionId);
        const snapshot = event.snapshot as { value?: unknown; context?: { window?: unknown } };
        if (live) {
          live.value = snapshot.value;
          live.moved = ++this.moves;
        }
        if (machine === 'battle') this.windowOf(actor.sessionId, snapshot.context?.window);
        const transitions = event._transitions.map((t) => ({
          from: t.source.id,
          to: (t.target ?? []).map((target) => target.id),
          event: t.eventType ?? '',
        }));
        const last = { actor: name, machine, event: event.event.type, transitions };
        this.lastByMachine.set(machine, last);
        this.last = last;
        return;
      }
      case '@xstate.snapshot': {
        const live = this.bySession.get(actor.sessionId);
        const snapshot = event.snapshot as {
          value?: unknown;
          status?: string;
          context?: { window?: unknown };
        };
        if (live) {
          live.value = snapshot.value;
          live.status = snapshot.status ?? 'active';
        }
        if (machine === 'battle') this.windowOf(actor.sessionId, snapshot.context?.window);
        return;
      }
      default:
        return;
    }
  };

  /**
   * A battle's response window is a step of the battle (its context's `window`), not an actor: the
   * window chart shows it as one, open while the battle has a window, closed after.
   */
  private windowOf(battleSession: string, window: unknown): void {
    const session = `${battleSession}:window`;
    const open = window ? 'open' : 'closed';
    const live = this.bySession.get(session);
    if (!live && open === 'closed') return;
    if (live?.value === open) return;
    this.bySession.set(session, {
      name: 'window',
      machine: 'responseWindow',
      session,
      value: open,
      status: open === 'open' ? 'active' : 'done',
      moved: ++this.moves,
    });
  }

  /**
   * The actors to show: for each name the latest session (a battle's window comes again and again),
   * finished ones included (they stay lit where they ended).
   */
  current(): LiveActor[] {
    const byName = new Map<string, LiveActor>();
    for (const actor of this.bySession.values()) {
      const seen = byName.get(actor.name);
      if (!seen || seen.moved <= actor.moved) byName.set(actor.name, actor);
    }
    return [...byName.values()];
  }
}

/** Every state path a snapshot value names, parents first (`{ battling: 'x' }` → `battling`, `battling.x`). */
export function activePaths(value: unknown, prefix: readonly string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key].join('.'),
    ...activePaths(child, [...prefix, key]),
  ]);
}
