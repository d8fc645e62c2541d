import { type Command, createGame, type Game, type StepEvents } from 'stccg-rules';
import type { RemoteSeat } from 'stccg-rules/client';
import type { Replay, ReplayStep } from '../../host/replay.ts';
import { doorOf } from './host-effects.ts';
import { type Entry, LabSession, newEntryId, type Origin } from './session.ts';

/**
 * The judge's console: a game on a host, rebuilt here from its replay (`GET /games/:id/replay`), step by
 * step, and followed live as a spectator through the client's kit. The replay is the game itself (its
 * origin and every command), so the lab lights the statecharts, steps back and exports as it does for its
 * own games.
 *
 * What is checked here, without the host's key (a page must never hold it): the steps run on one by one
 * from the game's start; each names as the seal it chains to the seal of the step before it (or of a
 * checkpoint there), so that a stretch fetched later joins the chain already read; and every command,
 * played again here by the engine, gives exactly the stored steps (commands and rule events) — a journal
 * the rules do not reproduce is refused. That each seal is the host's own (its HMAC) is checked by the
 * host as it answers: it gives no replay whose chain breaks.
 */

/** Where a replay link points: `#replay=<host>/games/<id>&token=…&step=N`. */
export interface ReplayAddress {
  /** The game on its host: `http://host/games/ID`. */
  readonly game: string;
  readonly token?: string;
  /** The step to open the game at (default: the last). */
  readonly step?: number;
}

const PREFIX = '#replay=';

/** A replay link's fragment read; null where the fragment is no replay link. */
export function replayAddressIn(hash: string): ReplayAddress | null {
  if (!hash.startsWith(PREFIX)) return null;
  const params = new URLSearchParams(hash.slice(1));
  const game = params.get('replay');
  if (!game || !/^https?:\/\/[^/]+(\/.*)?\/games\/[^/]+$/.test(game)) return null;
  const token = params.get('token');
  const step = Number(params.get('step') ?? Number.NaN);
  return {
    game,
    ...(token ? { token } : {}),
    ...(Number.isSafeInteger(step) && step >= 0 ? { step } : {}),
  };
}

/** A replay link's fragment, at a step. */
export function replayFragment(address: ReplayAddress, step: number): string {
  const token = address.token ? `&token=${encodeURIComponent(address.token)}` : '';
  return `${PREFIX}${encodeURIComponent(address.game)}${token}&step=${step}`;
}

/** Why a hosted game could not be opened, or followed: the host's answer, or a check that failed. */
export class ReplayProblem extends Error {
  override readonly name = 'ReplayProblem';
}

/** The host's address and the game's id, from the game's address. */
function partsOf(game: string): { host: string; id: string } {
  const at = game.lastIndexOf('/games/');
  return { host: game.slice(0, at), id: decodeURIComponent(game.slice(at + '/games/'.length)) };
}

/** Fetches the replay, or the stretch after `from`. */
async function fetchReplay(address: ReplayAddress, from?: number): Promise<Replay> {
  const query = new URLSearchParams();
  if (address.token) query.set('token', address.token);
  if (from !== undefined) query.set('from', String(from));
  const response = await fetch(`${address.game}/replay?${query}`, { cache: 'no-store' });
  const body = (await response.json().catch(() => ({}))) as Replay | { error?: string; message?: string };
  if (!response.ok || !('format' in body))
    throw new ReplayProblem(
      `the host answered ${response.status}: ${'message' in body ? body.message : 'no replay'}`,
    );
  return body;
}

/** Whether two stored steps are the same (command and events, exactly as JSON). */
function same(a: Pick<StepEvents, 'command' | 'events'>, b: Pick<StepEvents, 'command' | 'events'>): boolean {
  return JSON.stringify([a.command, a.events]) === JSON.stringify([b.command, b.events]);
}

/** The hosted game's state, as the console panel shows it. */
export interface HostedStatus {
  /** The last step read from the host, all checked. */
  readonly last: number;
  /** Steps checked (each replayed, its stored events given again). */
  readonly checked: number;
  readonly ended: boolean;
  readonly replays: 'public' | 'token';
  /** Whether it follows the game live, and how its connection is. */
  readonly live: 'off' | 'joining' | 'following' | 'reconnecting' | 'closed';
  /** The last problem: a refused stretch, a lost connection. */
  readonly problem: string | null;
}

/**
 * A hosted game in the console: the session shown (the lab's own, from the game's origin and commands)
 * and a checking game kept at the last step read, which plays each new stretch before it is shown.
 */
export class HostedGame {
  readonly host: string;
  readonly id: string;
  /** The game step after each entry of the hosted line (an entry may be more than one step: a side's automatic answers). */
  private readonly stepAfter: number[] = [];
  private readonly line: Entry[] = [];
  private lastSeal = '';
  private status: HostedStatus;
  private seat: RemoteSeat | undefined;
  private pulling: Promise<void> | undefined;
  /** Why the journal failed its check, once it has: nothing more is taken from it. */
  private broken: string | undefined;
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly address: ReplayAddress,
    readonly session: LabSession,
    private readonly checking: Game,
    replay: Replay,
  ) {
    ({ host: this.host, id: this.id } = partsOf(address.game));
    this.status = {
      last: 0,
      checked: 0,
      ended: replay.ended,
      replays: replay.replays,
      live: 'off',
      problem: null,
    };
  }

  /** Opens a hosted game from its replay link: every stored step fetched, checked and queued. */
  static async open(address: ReplayAddress): Promise<HostedGame> {
    const replay = await fetchReplay(address);
    if (replay.start !== 0)
      throw new ReplayProblem(
        `the host keeps this game from step ${replay.start} only (its earlier history was pruned): the console replays a game from its start`,
      );
    const { host, id } = partsOf(address.game);
    const origin: Origin = {
      title: `game ${id} on ${host.replace(/^https?:\/\//, '')}`,
      setup: replay.origin.setup,
      seed: replay.origin.seed,
      cards: replay.origin.cards,
    };
    const checking = createGame(origin.setup, { seed: origin.seed, cards: origin.cards, id });
    const hosted = new HostedGame(address, new LabSession(origin), checking, replay);
    hosted.take(replay);
    hosted.session.goTo(hosted.cursorAt(address.step ?? replay.last));
    return hosted;
  }

  /** The console's state now. */
  get state(): HostedStatus {
    return this.status;
  }

  /** The game step at the session's cursor. */
  get step(): number {
    return this.session.cursor === 0 ? 0 : (this.stepAfter[this.session.cursor - 1] ?? 0);
  }

  /** Whether the session shows the hosted game's own line (not a branch the judge played from it). */
  get onItsLine(): boolean {
    const shown = this.session.entries;
    return shown.length === this.line.length && this.line.every((entry, i) => shown[i]?.id === entry.id);
  }

  /** Back to the hosted game's line, at its last step (the line shown is kept as a branch). */
  backToGame(): void {
    this.session.adopt(this.line);
  }

  /** The link that opens the game at the step shown (what a rules bug report carries). */
  linkHere(page: string): string {
    return `${page}${replayFragment(this.address, this.step)}`;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The session's cursor at a game step: after the last entry that ends at or before it. */
  cursorAt(step: number): number {
    let cursor = 0;
    while (cursor < this.stepAfter.length && this.stepAfter[cursor]! <= step) cursor++;
    return cursor;
  }

  /**
   * Follows the game live: a spectator's seat through the client's kit; each update past the last step
   * read fetches the steps after it. A session at the last step stays there (it follows); one stepped
   * back stays where it is.
   */
  async follow(): Promise<void> {
    if (this.seat) return;
    this.update({ live: 'joining', problem: null });
    try {
      // The client's kit (with colyseus.js) is loaded the first time a game is followed, not with the lab.
      const { joinSeat } = await import('stccg-rules/client');
      const seat = await joinSeat({ url: this.host, game: this.id });
      this.seat = seat;
      seat.on('update', (payload) => {
        if (payload.step > this.status.last) void this.pull();
      });
      seat.on('connection', (state) =>
        this.update({ live: state === 'connected' ? 'following' : 'reconnecting' }),
      );
      seat.on('closed', (closed) => {
        this.seat = undefined;
        this.update({
          live: 'closed',
          problem: `the host closed the spectator's seat (${closed.code}): ${closed.reason}`,
        });
      });
      this.update({ live: 'following' });
      if (seat.payload.step > this.status.last) await this.pull();
    } catch (error) {
      this.update({ live: 'closed', problem: `could not watch the game: ${(error as Error).message}` });
    }
  }

  /** Stops following, and the games. */
  stop(): void {
    const seat = this.seat;
    this.seat = undefined;
    void seat?.leave();
    this.checking.stop();
    this.session.stop();
  }

  /** The steps after the last one read, fetched and checked (one fetch at a time). */
  pull(): Promise<void> {
    if (this.broken) {
      this.update({ problem: this.broken });
      return Promise.resolve();
    }
    this.pulling ??= (async () => {
      try {
        this.take(await fetchReplay(this.address, this.status.last));
      } catch (error) {
        this.update({ problem: (error as Error).message });
      } finally {
        this.pulling = undefined;
      }
      // Updates that came while this one was fetched.
      if (!this.broken && this.seat && this.seat.payload.step > this.status.last) await this.pull();
    })();
    return this.pulling;
  }

  /**
   * A stretch of stored steps, checked and added to the hosted line: each must run on from the last read
   * and chain to its seal; the checking game plays each command and must give exactly the steps stored
   * (its own automatic answers included). Throws `ReplayProblem` at the first that does not.
   */
  private take(replay: Replay): void {
    const steps = replay.steps;
    const entries: Entry[] = [];
    try {
      for (let i = 0; i < steps.length; ) {
        const stored = steps[i]!;
        if (stored.step !== this.status.last + 1)
          throw new ReplayProblem(`step ${stored.step} does not follow step ${this.status.last}`);
        this.checkLink(stored, replay);
        const before = this.checking.step();
        const command = stored.command as Command;
        const door = doorOf(command);
        const result = door === 'host' ? this.checking.effect(command) : this.checking.send(command);
        if (!result.ok)
          throw new ReplayProblem(
            `step ${stored.step} (${command.type}) is refused on replay: ${result.rejection.message} (${result.rejection.clause})`,
          );
        const played = this.checking.eventsSince(before);
        for (const [k, own] of played.entries()) {
          const theirs = steps[i + k];
          if (!theirs || theirs.step !== own.step || !same(own, theirs))
            throw new ReplayProblem(
              `step ${own.step}: the engine's ${own.command.type} with ${own.events.length} events is not the stored one`,
            );
          if (k > 0) this.checkLink(theirs, replay);
          this.lastSeal = theirs.mac ?? '';
        }
        entries.push({ id: newEntryId(), command, door, outcome: { ok: true, events: result.events } });
        this.stepAfter.push(this.checking.step());
        this.status = { ...this.status, last: this.checking.step(), checked: this.checking.step() };
        i += played.length;
      }
    } catch (error) {
      this.broken = `the hosted game's journal fails its check: ${(error as Error).message}`;
      throw new ReplayProblem(this.broken);
    } finally {
      // What was checked is shown, up to the first step that failed (a failed command leaves the checking
      // game past the last step shown: nothing after it is taken again).
      this.line.push(...entries);
      this.session.append(this.line.slice(0, this.line.length - entries.length), entries);
    }
    this.update({ ended: replay.ended, problem: null });
  }

  /**
   * A step's seal must chain to the one before it: the step before's, or, where the host wrote a
   * checkpoint at that step, the checkpoint's signature (a host chains on from each checkpoint).
   */
  private checkLink(step: ReplayStep, replay: Replay): void {
    const expected = replay.checkpointSeals[step.step - 1] ?? this.lastSeal;
    if (step.previous !== expected)
      throw new ReplayProblem(`step ${step.step}'s seal does not chain to step ${step.step - 1}'s`);
    if (!/^[^:]+:[0-9a-f]{64}$/.test(step.mac ?? ''))
      throw new ReplayProblem(`step ${step.step} carries no seal of the host's`);
  }

  private update(change: Partial<HostedStatus>): void {
    this.status = { ...this.status, ...change };
    for (const listener of this.listeners) listener();
  }
}
