import type { AnyTransitionDefinition, InspectionEvent } from 'xstate';
import type { GameContext } from '../../machines/game.machine.ts';
import { createGame, type Game, type GameActor, type GameOptions } from '../game/game.ts';
import { checkedOptions } from '../game/options.ts';
import type { Board } from '../model/board.ts';
import { compact, compactEvent, gameSummary } from './summaries.ts';
import {
  TRACE_FORMAT,
  TRACE_VERSION,
  type Trace,
  type TraceHeader,
  type TraceRecord,
  type TransitionTaken,
  traceText,
} from './trace-records.ts';

/**
 * Recording a game as a trace. Opt-in: a game records only when it is created with a recorder's
 * `inspect` (XState then reports every actor, event, microstep and snapshot of the game actor and of
 * the actors it spawns: each hologram, the battle, whose response windows are states of its own); a game created without
 * one has no inspection observer at all, so recording costs nothing when it is off.
 *
 *   const recorder = recordTrace({ title: 'my game' });
 *   const game = createGame(setup, { inspect: recorder.inspect });
 *   recorder.attach(game);            // the rule events, rejections and acceptances too
 *   game.send(...);
 *   await writeTrace('out/my-game.jsonl', recorder.trace());   // Node: stccg-rules/node
 *
 * or, the same in one call: `const { game, recorder } = recordGame(setup, { seed: 1 })`.
 *
 * One recorder records one game: the first actor system it sees (inspection events of any other
 * game are counted in `ignored` and left out). XState's `@xstate.action` reports are not recorded:
 * the rule events say what the actions did, and why.
 */
export interface TraceRecorder {
  /** XState's inspection observer: give it to `createGame(setup, { inspect })`. */
  readonly inspect: (event: InspectionEvent) => void;
  /** Records the game's emitted events too (`rule`, `rejected`, `accepted`). Returns a function that stops. */
  attach(game: { readonly actor: GameActor }): () => void;
  /** The trace so far. */
  trace(): Trace;
  /** The trace so far as JSON Lines: the header, then one record a line. */
  lines(): string[];
  /** The trace so far as JSON Lines text (what `writeTrace` writes, and `parseTrace` reads). */
  text(): string;
  /** How many inspection events came from another actor system than the recorded game's. */
  readonly ignored: number;
}

export interface RecordOptions {
  /** What is recorded, in words: the viewer shows it as its title. */
  readonly title?: string;
}

/** A record before it has its place in the trace. */
type Unsequenced = TraceRecord extends infer R ? (R extends TraceRecord ? Omit<R, 'seq'> : never) : never;

/** The parts of an inspected actor the trace reads. (`_parent` is XState's own link to the parent.) */
interface InspectedActor {
  readonly id: string;
  readonly sessionId: string;
  readonly system?: unknown;
  readonly logic?: { readonly id?: unknown };
  readonly _parent?: { readonly sessionId: string };
}

interface InspectedSnapshot {
  readonly value?: unknown;
  readonly status?: string;
  readonly context?: unknown;
}

/**
 * A trace recorder for one game: give its `inspect` to `createGame` and `attach` it to the game, then
 * read `trace()`, `lines()` or `text()` (browser-safe; `writeTrace` in `stccg-rules/node` writes a file).
 */
export function recordTrace(options: RecordOptions = {}): TraceRecorder {
  const header: TraceHeader = {
    type: 'trace',
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    title: options.title ?? 'a game',
  };
  const records: TraceRecord[] = [];
  const push = (record: Unsequenced) => {
    records.push({ seq: records.length + 1, ...record } as TraceRecord);
  };
  // The board never changes in place: a new board object is a changed board.
  const lastBoards = new Map<string, Board>();
  let system: unknown;
  let ignored = 0;

  const inspect = (event: InspectionEvent): void => {
    const actor = event.actorRef as unknown as InspectedActor;
    if (system === undefined) system = actor.system;
    else if (actor.system !== system) {
      ignored++;
      return;
    }
    const machine = typeof actor.logic?.id === 'string' ? actor.logic.id : 'actor';
    // The root actor's id is its session id; it is named for its machine (`game`).
    const of = { actor: actor.id === actor.sessionId ? machine : actor.id, session: actor.sessionId };
    switch (event.type) {
      case '@xstate.actor':
        push({ type: 'actor', ...of, machine, parent: actor._parent?.sessionId ?? null });
        return;
      case '@xstate.event':
        push({
          type: 'event',
          ...of,
          source: (event.sourceRef as InspectedActor | undefined)?.sessionId ?? null,
          event: compactEvent(event.event),
        });
        return;
      case '@xstate.microstep': {
        const snapshot = event.snapshot as InspectedSnapshot;
        push({
          type: 'microstep',
          ...of,
          event: event.event.type,
          value: compact(snapshot.value),
          transitions: event._transitions.map(transitionTaken),
          context: summary(machine, of.session, snapshot.context),
        });
        return;
      }
      case '@xstate.snapshot': {
        const snapshot = event.snapshot as InspectedSnapshot;
        push({
          type: 'snapshot',
          ...of,
          event: event.event.type,
          value: compact(snapshot.value),
          status: snapshot.status ?? 'active',
          context: summary(machine, of.session, snapshot.context),
        });
        return;
      }
      default:
        return;
    }
  };

  const summary = (machine: string, session: string, context: unknown): unknown => {
    if (machine !== 'game' || !isGameContext(context)) return compact(context);
    const changed = lastBoards.get(session) !== context.board;
    lastBoards.set(session, context.board);
    return gameSummary(context, changed);
  };

  const trace = (): Trace => ({ header, records: [...records] });
  return {
    inspect,
    attach(game) {
      const subscriptions = [
        game.actor.on('rule', (event) => push(compact(event) as Unsequenced)),
        game.actor.on('rejected', (event) => push(compact(event) as Unsequenced)),
        game.actor.on('accepted', (event) => push(compact(event) as Unsequenced)),
      ];
      return () => {
        for (const subscription of subscriptions) subscription.unsubscribe();
      };
    },
    trace,
    lines: () => [header, ...records].map((line) => JSON.stringify(line)),
    text: () => traceText(trace()),
    get ignored() {
      return ignored;
    },
  };
}

/** Starts a game that records itself: the recorder's `inspect` given to it, and the recorder attached. */
export function recordGame(
  setup: unknown,
  options: Omit<GameOptions, 'inspect'> & RecordOptions = {},
): { game: Game; recorder: TraceRecorder } {
  // Checked as recordGame's own: the recorder is its inspection, so `inspect` is none of its options.
  const { title, ...gameOptions } = checkedOptions(options, 'recordGame', [
    'seed',
    'cards',
    'policies',
    'title',
  ]);
  const recorder = recordTrace(title === undefined ? {} : { title });
  const game = createGame(setup, { ...gameOptions, inspect: recorder.inspect });
  recorder.attach(game);
  return { game, recorder };
}

function transitionTaken(transition: AnyTransitionDefinition): TransitionTaken {
  return {
    from: transition.source.id,
    to: (transition.target ?? []).map((target) => target.id),
    event: transition.eventType ?? '',
  };
}

function isGameContext(context: unknown): context is GameContext {
  return typeof context === 'object' && context !== null && 'board' in context && 'holograms' in context;
}
