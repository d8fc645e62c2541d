import { type Command, createGame, type Game, type Rejection, type RuleEvent } from 'stccg-rules';
import { recordTrace, type TraceRecorder } from 'stccg-rules/debug';
import { type Door, sendThrough } from './host-effects.ts';
import { LiveActors } from './live.ts';

/**
 * A lab session: a position (setup, seed, the client's cards) and the commands sent to it, each with
 * what the engine answered. The game of the moment is the origin with the first `cursor` commands
 * replayed: stepping back replays fewer, stepping forward one more, and a command sent from an earlier
 * point starts a new branch (the old line is kept among the branches). Replays are exact: the same
 * setup, seed and commands give the same game.
 */

/** Where a session starts. */
export interface Origin {
  /** What the position is, in words (the demo, a ruling's title, a dropped file's name). */
  readonly title: string;
  readonly setup: unknown;
  readonly seed: number;
  readonly cards: readonly unknown[];
  /** Players whose windows and decisions answer themselves (`strongest` or `pass`), as in a scenario. */
  readonly policies?: Readonly<Record<string, 'strongest' | 'pass'>>;
}

export type Outcome =
  | { readonly ok: true; readonly events: readonly RuleEvent[] }
  | { readonly ok: false; readonly rejection: Rejection };

/** One command of the session and the engine's answer. */
export interface Entry {
  /** Unique in the session (a key for lists). */
  readonly id: number;
  readonly command: Command;
  readonly door: Door;
  readonly outcome: Outcome;
}

export interface Branch {
  readonly name: string;
  readonly entries: readonly Entry[];
}

let nextEntry = 1;

/** A new entry's id (unique in the page). */
export function newEntryId(): number {
  return nextEntry++;
}

export class LabSession {
  readonly origin: Origin;
  private line: Entry[] = [];
  private at = 0;
  private readonly saved: Branch[] = [];
  private current!: { game: Game; live: LiveActors; recorder: TraceRecorder };
  private readonly listeners = new Set<() => void>();
  /** Changes whenever anything shown changes (for React's useSyncExternalStore). */
  version = 0;

  /** Starts a session at a position; throws the engine's `SetupError` for a setup it refuses. */
  constructor(origin: Origin, entries: readonly Entry[] = [], cursor = entries.length) {
    this.origin = origin;
    this.line = [...entries];
    this.at = Math.max(0, Math.min(cursor, entries.length));
    this.rebuild();
  }

  get game(): Game {
    return this.current.game;
  }
  get live(): LiveActors {
    return this.current.live;
  }
  get recorder(): TraceRecorder {
    return this.current.recorder;
  }
  /** Every command of this line, those after the cursor included (they are what "forward" replays). */
  get entries(): readonly Entry[] {
    return this.line;
  }
  /** How many of the entries the game has played. */
  get cursor(): number {
    return this.at;
  }
  /** The entries played so far. */
  get played(): readonly Entry[] {
    return this.line.slice(0, this.at);
  }
  get branches(): readonly Branch[] {
    return this.saved;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * A session with these commands queued after the position (a ruling's steps): each is played once
   * to learn what the engine answers, then the session goes back to the start, ready to step forward.
   */
  static queued(origin: Origin, commands: readonly { command: Command; door: Door }[]): LabSession {
    const session = new LabSession(origin);
    for (const { command, door } of commands) session.send(command, door);
    session.goTo(0);
    return session;
  }

  /** Sends a command through its door. From an earlier point, the later commands move to a branch. */
  send(command: Command, door: Door): Outcome {
    if (this.at < this.line.length) this.branchOff();
    const outcome = this.apply(command, door);
    this.line.push({ id: nextEntry++, command, door, outcome });
    this.at++;
    this.changed();
    return outcome;
  }

  /**
   * Entries added to the end of a line that goes on elsewhere (a hosted game's new steps, each already
   * played and checked): where this line is still `base`, the entries follow it, and a session at the end
   * of it plays them (it follows); a line that has branched off is left as it is. True where added.
   */
  append(base: readonly Entry[], entries: readonly Entry[]): boolean {
    const same = this.line.length === base.length && base.every((entry, i) => this.line[i]?.id === entry.id);
    if (!same) return false;
    const following = this.at === this.line.length;
    this.line.push(...entries);
    if (following)
      for (const entry of entries) {
        this.apply(entry.command, entry.door);
        this.at++;
      }
    this.changed();
    return true;
  }

  /** Goes back to a line kept elsewhere (a hosted game's), at its end; the line shown is kept as a branch. */
  adopt(entries: readonly Entry[]): void {
    if (this.line.length > 0) this.saved.push({ name: this.nameOfLine(), entries: this.line });
    this.line = [...entries];
    this.at = this.line.length;
    this.rebuild();
    this.changed();
  }

  /** One command back (the game is replayed up to the one before). */
  back(): void {
    this.goTo(this.at - 1);
  }

  /** One command forward, along the current line. */
  forward(): void {
    if (this.at >= this.line.length) return;
    const entry = this.line[this.at]!;
    this.apply(entry.command, entry.door);
    this.at++;
    this.changed();
  }

  /** To the point after `cursor` commands of the current line. */
  goTo(cursor: number): void {
    const target = Math.max(0, Math.min(cursor, this.line.length));
    if (target === this.at) return;
    if (target > this.at) {
      while (this.at < target) this.forward();
      return;
    }
    this.at = target;
    this.rebuild();
    this.changed();
  }

  /** Switches to a saved branch (the current line is saved in its place). */
  switchTo(index: number): void {
    const branch = this.saved[index];
    if (!branch) return;
    this.saved.splice(index, 1, { name: this.nameOfLine(), entries: this.line });
    this.line = [...branch.entries];
    this.at = this.line.length;
    this.rebuild();
    this.changed();
  }

  /** Stops the game's actors. */
  stop(): void {
    this.current.game.stop();
  }

  private branchOff(): void {
    this.saved.push({ name: this.nameOfLine(), entries: this.line });
    this.line = this.line.slice(0, this.at);
  }

  private nameOfLine(): string {
    const last = this.line.at(-1);
    return `${this.line.length} commands${last ? `, last: ${last.command.type} (${last.command.player})` : ''}`;
  }

  private apply(command: Command, door: Door): Outcome {
    const result = sendThrough(this.current.game, door, command);
    return result.ok ? { ok: true, events: result.events } : { ok: false, rejection: result.rejection };
  }

  /** A new game from the origin, with the played commands replayed, watched and recorded. */
  private rebuild(): void {
    this.current?.game.stop();
    const live = new LiveActors();
    const recorder = recordTrace({ title: `rules lab: ${this.origin.title}` });
    const game = createGame(this.origin.setup, {
      seed: this.origin.seed,
      cards: this.origin.cards,
      policies: this.origin.policies ?? {},
      inspect: (event) => {
        live.inspect(event);
        recorder.inspect(event);
      },
    });
    recorder.attach(game);
    this.current = { game, live, recorder };
    for (const entry of this.line.slice(0, this.at)) this.apply(entry.command, entry.door);
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
