import type { GameContext } from '../../machines/game.machine.ts';
import type { Board } from '../model/board.ts';
import type { CompactEvent } from './trace-records.ts';

/**
 * Small, serialisable copies of what an actor holds, for the trace: plain data as it is, actor
 * references by their names, functions and generator states left out, cycles and deep nesting cut.
 */

const MAX_DEPTH = 12;

/** What a game actor's snapshot records: the step, the turn, its children by name, and the board. */
export interface GameSummary {
  readonly step: number;
  readonly turn: Board['turn'];
  /** The hologram actors' names (`hologram:<card>`), in the order they were spawned. */
  readonly holograms: readonly string[];
  /** The running battle actor's name, or null. */
  readonly battle: string | null;
  /** The board: present when it changed since the game's previous snapshot (it never changes in place). */
  readonly board?: Board;
}

export function gameSummary(context: GameContext, boardChanged: boolean): GameSummary {
  return {
    step: context.step,
    turn: context.board.turn,
    holograms: Object.values(context.holograms).map((actor) => actor.id),
    battle: context.battle?.id ?? null,
    ...(boardChanged ? { board: context.board } : {}),
  };
}

/** An event as recorded. XState's `xstate.init` carries the actor's input: its first snapshot shows it. */
export function compactEvent(event: { type: string }): CompactEvent {
  if (event.type === 'xstate.init') return { type: event.type };
  return compact(event) as CompactEvent;
}

/** A plain, JSON-safe copy of any value. */
export function compact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return String(value);
  if (typeof value !== 'object') return undefined; // functions, symbols, undefined
  if (isActorRef(value)) return { actor: value.id };
  if (value instanceof Error) return { error: value.message };
  if (seen.has(value)) return '(cycle)';
  if (depth >= MAX_DEPTH) return '(…)';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => compact(item, depth + 1, seen) ?? null);
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const compacted = compact(item, depth + 1, seen);
      if (compacted !== undefined) copy[key] = compacted;
    }
    return copy;
  } finally {
    // Only the path from the root counts as a cycle; the same object twice side by side is copied twice.
    seen.delete(value);
  }
}

function isActorRef(value: object): value is { id: string } {
  const candidate = value as { id?: unknown; sessionId?: unknown; send?: unknown };
  return (
    typeof candidate.sessionId === 'string' &&
    typeof candidate.id === 'string' &&
    typeof candidate.send === 'function'
  );
}
