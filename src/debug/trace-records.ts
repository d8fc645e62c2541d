import type { AcceptedEvent } from '../../machines/game.machine.ts';
import type { Rejection, RuleEvent } from '../model/events.ts';

/**
 * The trace format: JSON Lines, a header and then one record a line, in the order things happened.
 *
 * The XState records say which actor (`actor`, its name; `session`, unique in the game) received
 * which event, which transitions a microstep took and which state a snapshot settled in (with a
 * compact summary of its context; for the game actor, the board whenever it changed). The engine's
 * own records are its emitted events as they are, plus `seq`: `rule` (what happened and the clause
 * that decided it), `rejected` (why not) and `accepted` (a command carried out, with its step).
 */

export const TRACE_FORMAT = 'stccg-trace';
export const TRACE_VERSION = 1;

/** The first line of a trace. */
export interface TraceHeader {
  readonly type: 'trace';
  readonly format: typeof TRACE_FORMAT;
  readonly version: typeof TRACE_VERSION;
  /** What was recorded, in words (`demo battle, seed 1`). */
  readonly title: string;
}

interface Sequenced {
  /** 1, 2, 3, ...: the record's place in the trace. */
  readonly seq: number;
}

interface OfActor extends Sequenced {
  /** The actor's name: `game`, `hologram:<card>`, `battle`, `window`. */
  readonly actor: string;
  /** Its XState session id: unique in the game, where names come again (each battle, each window). */
  readonly session: string;
}

/** An actor came into being. */
export interface ActorRecord extends OfActor {
  readonly type: 'actor';
  /** The machine it runs (`game`, `hologram`, `battle`, `responseWindow`), which names its chart. */
  readonly machine: string;
  /** The session of the actor that spawned or invoked it; null for the game actor. */
  readonly parent: string | null;
}

/** An event was sent to an actor. */
export interface EventRecord extends OfActor {
  readonly type: 'event';
  /** The sender's session; null for a command from outside (a player, a client). */
  readonly source: string | null;
  readonly event: CompactEvent;
}

/** A transition taken within a macrostep. */
export interface TransitionTaken {
  /** The state node id it leaves from (`battle.turningOver`). */
  readonly from: string;
  /** The state node ids it enters; empty for a transition that stays (actions only). */
  readonly to: readonly string[];
  /** The event type; empty for `always`. */
  readonly event: string;
}

/**
 * One microstep: the transitions taken, and the state and context they led to (a macrostep may take
 * several: the battle turns the top cards over and engages within one event).
 */
export interface MicrostepRecord extends OfActor {
  readonly type: 'microstep';
  readonly event: string;
  readonly value: unknown;
  readonly transitions: readonly TransitionTaken[];
  /** A compact summary of the actor's context after it (as in a snapshot). */
  readonly context: unknown;
}

/** The state an actor settled in after an event. */
export interface SnapshotRecord extends OfActor {
  readonly type: 'snapshot';
  /** The event that led here. */
  readonly event: string;
  readonly value: unknown;
  /** `active`, `done` (a final state: a hologram erased, a battle over, a window closed), ... */
  readonly status: string;
  /** A compact summary of the actor's context (see `summaries.ts`). */
  readonly context: unknown;
}

export type RuleRecord = RuleEvent & Sequenced;
export type RejectedRecord = Rejection & Sequenced;
export type AcceptedRecord = AcceptedEvent & Sequenced;

export type TraceRecord =
  | ActorRecord
  | EventRecord
  | MicrostepRecord
  | SnapshotRecord
  | RuleRecord
  | RejectedRecord
  | AcceptedRecord;

/** An event as recorded: its type and its plain fields (actor references by name). */
export type CompactEvent = { readonly type: string } & Readonly<Record<string, unknown>>;

/** A whole trace: its header and its records. */
export interface Trace {
  readonly header: TraceHeader;
  readonly records: readonly TraceRecord[];
}

/** A trace file that cannot be read; `line` is 1-based. */
export class TraceFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'TraceFormatError';
  }
}

const RECORD_TYPES = new Set(['actor', 'event', 'microstep', 'snapshot', 'rule', 'rejected', 'accepted']);

/** The JSON Lines text of a trace. */
export function traceText(trace: Trace): string {
  return `${[trace.header, ...trace.records].map((line) => JSON.stringify(line)).join('\n')}\n`;
}

/** Reads a trace from its JSON Lines text; throws `TraceFormatError` for anything else. */
export function parseTrace(text: string): Trace {
  const lines = text.split('\n');
  let header: TraceHeader | null = null;
  const records: TraceRecord[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new TraceFormatError(index + 1, 'not JSON');
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new TraceFormatError(index + 1, 'not a JSON object');
    const type = (value as { type?: unknown }).type;
    if (header === null) {
      const { format, version } = value as Partial<TraceHeader>;
      if (type !== 'trace' || format !== TRACE_FORMAT)
        throw new TraceFormatError(index + 1, `not a ${TRACE_FORMAT} header (is this a trace file?)`);
      if (version !== TRACE_VERSION)
        throw new TraceFormatError(
          index + 1,
          `trace version ${String(version)}; this reads ${TRACE_VERSION}`,
        );
      header = value as TraceHeader;
      continue;
    }
    if (typeof type !== 'string' || !RECORD_TYPES.has(type))
      throw new TraceFormatError(index + 1, `unknown record type ${JSON.stringify(type)}`);
    if (typeof (value as { seq?: unknown }).seq !== 'number')
      throw new TraceFormatError(index + 1, 'a record without its seq number');
    records.push(value as TraceRecord);
  }
  if (header === null) throw new TraceFormatError(1, 'empty: no trace header');
  return { header, records };
}
