import { chooseCommand } from '../src/bot/index.ts';
import {
  type Game,
  type PlayerId,
  payloadPatch,
  type Rejection,
  type SaveKey,
  type SeatPayload,
  type StepEvents,
  saveGame,
  stepEventsFor,
} from '../src/index.ts';
import { rebuildGame } from './journal.ts';
import type { LeaseKeeper } from './lease-keeper.ts';
import {
  CLOSE_MOVED,
  CLOSE_REPLACED,
  CLOSE_REVOKED,
  CLOSE_UNAVAILABLE,
  type HostMessages,
  type HostRefusal,
  type JoinOptions,
  JoinRefused,
  joinOptionsSchema,
  REFUSED_DAMAGED,
  REFUSED_ELSEWHERE,
  REFUSED_FULL,
  REFUSED_NO_GAME,
  REFUSED_OPTIONS,
  REFUSED_SEAT,
  REFUSED_UNAVAILABLE,
  readClientMessage,
  type UpdateMessage,
} from './protocol.ts';
import { sealed } from './seal.ts';
import { type GameStore, type Lease, type LoadedGame, type StoredStep, StoreError } from './store/store.ts';
import { tokenMatches } from './tokens.ts';

/** What a session needs of its host: its store, its keys, its settings, its lease. */
export interface SessionContext {
  readonly store: GameStore;
  /** Signs every checkpoint and seals every step the host writes. */
  readonly key: SaveKey;
  /** The keys whose checkpoints and seals the host reads: its own first, then any it was given before. */
  readonly keys: readonly SaveKey[];
  /** A checkpoint every this many steps (so a game is rebuilt from at most this many commands). */
  readonly checkpointEvery: number;
  /** How many steps of events a game keeps in memory; older ones are read from the store. */
  readonly history: number;
  /** Where the host says what happened (one line each). */
  readonly log: (line: string) => void;
  /** How long the computer may think for a seat it plays (ms of work, as the bot counts it). */
  readonly botBudgetMs: number;
  /** This host's lease on the games it opens: its owner id and how long a lease lasts unrenewed. */
  readonly lease: Lease;
  /** This host's lease, kept: whether it surely still holds its games by its own clock, and a renewal. */
  readonly leases: Pick<LeaseKeeper, 'fresh' | 'beat' | 'confirmed'>;
}

/** One connection to a game, as the session sees it: whatever carries its messages. */
export interface SessionConnection {
  send<T extends keyof HostMessages>(type: T, message: HostMessages[T]): void;
  /** Ends the connection (a close code of `host/protocol.ts`); the session has forgotten it already. */
  close(code: number, reason: string): void;
}

/** A join the session let in at the door (`admit`), to be welcomed (`join`). */
export interface Admission {
  /** Its seat's player; null for a spectator. */
  readonly seat: PlayerId | null;
  /** The step the client last saw: the welcome carries the events since. */
  readonly since?: number;
  /** The token hash the seat was claimed by: a token changed since ends the connection. */
  readonly claim?: string;
}

/** What the session knows of each connection. */
interface Seated {
  readonly seat: PlayerId | null;
  readonly claim: string | undefined;
  /** The step of the payload it holds (what its next patch applies to); -1 until its welcome. */
  step: number;
  /** Dropped, and kept for its reconnection (`away`, `back`): told nothing meanwhile. */
  away: boolean;
  /** The order it joined in: of two connections of one seat, the later one stays. */
  readonly joined: number;
}

/** What a seat the computer plays holds in the store, in place of a token's hash (no token matches it). */
export const BOT_SEAT = 'bot';

/** The most steps of events one reply carries (a reply after a long absence carries the latest). */
export const MAX_STEPS_PER_REPLY = 500;

/** Spectators a game takes, so that they never fill its room and lock a seat out. */
export const MAX_SPECTATORS = 200;

/** Bot moves in a row before the session reads its messages again. */
const MAX_BOT_MOVES = 50;

/** Why a session whose game another host took over refuses everything. */
const MOVED = 'another host carries this game on now: join it again';

/** Why a session serves nothing while it cannot renew its lease. */
const UNCONFIRMED =
  'this host cannot confirm that it still holds the game (its store does not answer): try again in a moment';

/** A whole number from a game's id, for its bot's seeds (FNV-1a). */
function seedOfId(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Join options, read (refused with 4400 where they are not of the protocol's shape). */
export function readJoinOptions(options: unknown): JoinOptions {
  const parsed = joinOptionsSchema.safeParse(options);
  if (!parsed.success)
    throw new JoinRefused(REFUSED_OPTIONS, 'join a game with { gameId, seat?, token?, since? }');
  return parsed.data;
}

/** Refuses a client's message without judging it: an answer for a command, else a `refused` message. */
export function refuse(
  connection: SessionConnection,
  type: string,
  refusal: HostRefusal,
  message?: unknown,
): void {
  if (type === 'command') connection.send('answer', { id: idOf(message), ok: false, refused: refusal });
  else connection.send('refused', { type, ...refusal });
}

/** A command message's id, where it has a readable one (to answer even a malformed message by it). */
function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return (typeof id === 'string' && id.length <= 64) || (typeof id === 'number' && Number.isSafeInteger(id))
    ? id
    : null;
}

/**
 * One game served to its connections, whatever carries their messages: the host's rules of play without
 * a transport (`host/room.ts` adapts it to Colyseus). It rebuilds the game from the store, its journal
 * checked (`host/journal.ts`); takes each seat's commands through that seat's door (GAME-SEAT-1);
 * commits every step to the store, sealed, before anyone hears of it; plays the computer's seats; and
 * sends every connection its own payload's patch and the rule events it may hear (GAME-VIEW-1).
 *
 * Its work is done one piece at a time, in order (a queue): a command is judged, committed, answered and
 * told to everyone before the next is read. It serves nothing from memory that it cannot be sure is
 * still its own: where this host's lease is not fresh, a renewal must say so first.
 */
export class GameSession {
  private game: Game | undefined;
  private seats: Readonly<Record<PlayerId, string>> = {};
  /** Seats whose tokens changed while the store could not be read: read again before one is claimed. */
  private readonly seatsInDoubt = new Set<PlayerId>();
  private checkpointStep = 0;
  /** When the session last took its game's lease (see `claimedAt`). */
  private claimed = 0;
  /** The seal of the last step stored (or the last checkpoint's signature): the next step's chains to it. */
  private lastSeal = '';
  private queue: Promise<unknown> = Promise.resolve();
  /** Why the session takes no command now (its store failed it, or its game moved); undefined while it serves. */
  private unavailable: string | undefined;
  /** The seats the computer plays, and the seed its choices start from. */
  private bots: PlayerId[] = [];
  private botSeed = 0;
  /** The payload each seat (null: spectators) was last sent, which the next patch starts from. */
  private readonly payloads = new Map<PlayerId | null, SeatPayload>();
  /** Joins so far, numbering each connection as it joins. */
  private joins = 0;
  private readonly connections = new Map<SessionConnection, Seated>();

  private constructor(
    private readonly context: SessionContext,
    readonly gameId: string,
    private readonly onMoved: () => void,
  ) {}

  /**
   * A game's session: its lease taken, and the game rebuilt from the store. Throws `JoinRefused` where it
   * cannot be (4409: another host holds it; 4404: no such game; 4503: the store is down; 4500: the store
   * holds what no host of these keys wrote). `onMoved`: the game went to another host, and the session has
   * closed every connection (4100); its transport closes what else it holds.
   */
  static async open(
    context: SessionContext,
    gameId: string,
    options: { readonly onMoved?: () => void } = {},
  ): Promise<GameSession> {
    const session = new GameSession(context, gameId, options.onMoved ?? (() => {}));
    await session.load();
    // A game whose bot moves first (its turn, or a battle awaiting it) plays as it opens.
    void session.enqueue(() => session.playBots());
    return session;
  }

  /**
   * The game's lease, then the game, its seats and its last checkpoint, from the store, its journal
   * checked; throws `JoinRefused` where it cannot (see `open`).
   */
  private async load(): Promise<void> {
    const { store, lease, leases } = this.context;
    let loaded: LoadedGame | undefined;
    try {
      loaded = await store.loadGame(this.gameId);
      // Only a game that exists is leased (a lease names its game).
      const asked = performance.now();
      if (loaded && !(await store.claim(this.gameId, lease)))
        throw new JoinRefused(
          REFUSED_ELSEWHERE,
          `game "${this.gameId}" is held by another host: join it again in a moment`,
        );
      // Once the claim is committed: a heartbeat asking the store after this sees it.
      this.claimed = performance.now();
      // A claim renews the host's lease as well.
      if (loaded) leases.confirmed(asked);
      // The host that held the game may have committed a step between the read and the claim (its lease
      // lapsed, but no one had taken the game yet): read again, now that no one else can commit.
      if (loaded) {
        const last = loaded.steps.at(-1)?.step ?? loaded.checkpoint.step;
        if ((await store.stepsSince(this.gameId, last, 1)).length > 0)
          loaded = await store.loadGame(this.gameId);
      }
    } catch (error) {
      if (error instanceof JoinRefused) throw error;
      throw new JoinRefused(REFUSED_UNAVAILABLE, `the store is unavailable: ${(error as Error).message}`);
    }
    if (!loaded) throw new JoinRefused(REFUSED_NO_GAME, `there is no game "${this.gameId}" on this host`);
    let rebuilt: ReturnType<typeof rebuildGame>;
    try {
      rebuilt = rebuildGame(this.gameId, loaded, this.context.keys, this.context.history);
    } catch (error) {
      throw new JoinRefused(
        REFUSED_DAMAGED,
        `game "${this.gameId}" cannot be rebuilt from its store: ${(error as Error).message}`,
      );
    }
    this.game?.stop();
    this.game = rebuilt.game;
    this.lastSeal = rebuilt.lastSeal;
    this.seats = loaded.seats;
    this.seatsInDoubt.clear();
    this.bots = Object.keys(loaded.seats).filter((player) => loaded.seats[player] === BOT_SEAT);
    this.botSeed = seedOfId(this.gameId);
    this.checkpointStep = loaded.checkpoint.step;
    this.payloads.clear();
    this.unavailable = undefined;
    // A mark lost to a store that failed as the game ended is made as the game next opens.
    this.markIfEnded(rebuilt.game);
  }

  /**
   * The engine knows no end of a game but this: no seat has a command left (and no battle awaits one).
   * Such a game is marked ended in the store, for retention (host/retention.ts) and public replays.
   */
  private markIfEnded(game: Game, told: ReadonlyMap<PlayerId | null, SeatPayload> = new Map()): void {
    // The seats' payloads just told hold their commands already: the usual answer (a seat has one) costs
    // nothing more; only seats no one watches are asked.
    for (const [seat, payload] of told) if (seat !== null && payload.legal.length > 0) return;
    if (game.awaiting() !== null) return;
    for (const seat of Object.keys(this.seats))
      if (!told.has(seat) && game.legalCommands(seat).length > 0) return;
    void this.context.store.markEnded(this.gameId).catch(() => {});
  }

  /**
   * Who a join is, from its options: a seat its token claims, or a spectator. Throws `JoinRefused` at the
   * door: 4400 (options not of the protocol's shape), 4403 (an unknown seat or a wrong token: one answer
   * for both, so that neither tells the other apart), 4429 (as many spectators as a game takes).
   */
  async admit(options: unknown): Promise<Admission> {
    const { gameId, seat, token, since } = readJoinOptions(options);
    if (gameId !== this.gameId) throw new JoinRefused(REFUSED_NO_GAME, `this is game "${this.gameId}"`);
    const after = since === undefined ? {} : { since };
    if (seat === undefined) {
      if (token !== undefined)
        throw new JoinRefused(REFUSED_OPTIONS, 'a token claims a seat: name the seat too');
      const spectators = [...this.connections.values()].filter((seated) => seated.seat === null).length;
      if (spectators >= MAX_SPECTATORS)
        throw new JoinRefused(REFUSED_FULL, `game "${this.gameId}" has as many spectators as it takes`);
      return { seat: null, ...after };
    }
    if (this.seatsInDoubt.has(seat)) await this.readSeats();
    const claim = this.claimOf(seat);
    if (!tokenMatches(token, claim))
      throw new JoinRefused(
        REFUSED_SEAT,
        `this token does not claim seat "${seat}" of game "${this.gameId}"`,
      );
    return { seat, claim, ...after };
  }

  /**
   * A connection let in (`admit`): welcomed with its seat's payload and the events since the step it
   * last saw, once the work before it is done. The latest connection of a seat is its only one: any other
   * of the same seat closes (4101). Where the game cannot be served, it is told so and closed (4503, or
   * 4100 where another host holds the game now).
   */
  join(connection: SessionConnection, admission: Admission): Promise<void> {
    this.connections.set(connection, {
      seat: admission.seat,
      claim: admission.claim,
      step: -1,
      away: false,
      joined: ++this.joins,
    });
    return this.enqueue(async () => {
      const seated = this.connections.get(connection);
      if (!seated) return; // closed while it waited: replaced, revoked, or its game moved
      const why = await this.notServing();
      if (why !== undefined) {
        connection.send('refused', { type: 'join', code: 'unavailable', message: why });
        return this.dismiss(connection, why === MOVED ? CLOSE_MOVED : CLOSE_UNAVAILABLE, why);
      }
      const seat = seated.seat;
      if (seat !== null) {
        // Its token changed while it waited.
        if (this.claimOf(seat) !== seated.claim)
          return this.dismiss(connection, CLOSE_REVOKED, revoked(seat));
        // The latest join of a seat stays, whichever of them the queue reaches first (a reloaded page
        // whose old connection's join is still waiting must not be closed by it).
        const gives = `seat "${seat}" was joined again: this connection gives way`;
        for (const [other, them] of this.connections)
          if (other !== connection && them.seat === seat && them.joined > seated.joined)
            return this.dismiss(connection, CLOSE_REPLACED, gives);
        for (const [other, them] of this.connections)
          if (other !== connection && them.seat === seat) this.dismiss(other, CLOSE_REPLACED, gives);
      }
      const game = this.game!;
      const payload = this.payloadFor(game, seat);
      let missed: { steps: StepEvents[]; truncated: boolean };
      try {
        missed =
          admission.since === undefined
            ? { steps: [], truncated: false }
            : await this.stepsFor(game, seat, Math.min(admission.since, payload.step));
      } catch (error) {
        // The steps it missed are in the store, which did not answer: never left unwelcomed and open.
        const why = `the store is unavailable: ${(error as Error)?.message ?? error}`;
        connection.send('refused', { type: 'join', code: 'unavailable', message: why });
        return this.dismiss(connection, CLOSE_UNAVAILABLE, why);
      }
      seated.step = payload.step;
      connection.send('welcome', {
        gameId: this.gameId,
        seat,
        payload,
        steps: missed.steps,
        ...(missed.truncated ? { truncated: true as const } : {}),
      });
    });
  }

  /** A connection dropped without a goodbye and kept for its reconnection (`back`): told nothing meanwhile. */
  away(connection: SessionConnection): void {
    const seated = this.connections.get(connection);
    if (seated) seated.away = true;
  }

  /**
   * A connection back from `away`: sent the whole payload and the events since the step it last had.
   * False where the session has closed it meanwhile (replaced, revoked, moved): its transport ends it.
   */
  back(connection: SessionConnection): boolean {
    const seated = this.connections.get(connection);
    if (!seated) return false;
    seated.away = false;
    void this.enqueue(() => this.resync(connection, seated.step));
    return true;
  }

  /** A connection gone for good. */
  leave(connection: SessionConnection): void {
    this.connections.delete(connection);
  }

  /** A client's `command` message: judged through its seat's door, committed, answered, told to everyone. */
  command(connection: SessionConnection, message: unknown): Promise<void> {
    return this.enqueue(async () => {
      const seated = this.connections.get(connection);
      if (!seated) return;
      const read = readClientMessage('command', message);
      if (!read.ok) return refuse(connection, 'command', read.refusal, message);
      const id = read.value.id ?? null;
      const why = await this.notServing();
      if (why !== undefined)
        return refuse(connection, 'command', { code: 'unavailable', message: why }, message);
      const done = await this.carryOut(seated.seat, read.value.command);
      if (done.ok) {
        connection.send('answer', { id, ok: true, step: done.step });
        await this.tellEveryone();
        await this.playBots();
      } else if (done.rejection) connection.send('answer', { id, ok: false, rejection: done.rejection });
      else
        refuse(
          connection,
          'command',
          { code: 'unavailable', message: this.unavailable ?? UNCONFIRMED },
          message,
        );
    });
  }

  /** A client's `sync` message: the whole payload again, and the events since the step it names. */
  sync(connection: SessionConnection, message: unknown): Promise<void> {
    return this.enqueue(async () => {
      if (!this.connections.has(connection)) return;
      const read = readClientMessage('sync', message);
      if (!read.ok) return refuse(connection, 'sync', read.refusal);
      const why = await this.notServing();
      if (why !== undefined) return refuse(connection, 'sync', { code: 'unavailable', message: why });
      await this.resync(connection, read.value.since);
    });
  }

  /**
   * A seat's token was changed (or taken away): the seats are read again from the store, and every
   * connection whose token claims its seat no more closes (4102), its reconnection too, so that the old
   * token no longer plays. Where the store cannot be read, the seat's connections close all the same, and
   * its tokens are read again before it is next claimed.
   */
  seatRevoked(seat: PlayerId): Promise<void> {
    return this.enqueue(async () => {
      try {
        await this.readSeats();
      } catch (error) {
        this.seatsInDoubt.add(seat);
        for (const [connection, seated] of this.connections)
          if (seated.seat === seat) this.dismiss(connection, CLOSE_REVOKED, revoked(seat));
        this.context.log(
          `game ${this.gameId}: the seats could not be read again: ${(error as Error).message}`,
        );
      }
    });
  }

  /**
   * When the session last took its game's lease (`performance.now()`), while it holds the game: a
   * heartbeat that read the store's leases before then has not seen it, and may not tell it it lost them.
   */
  get claimedAt(): number | undefined {
    return this.game === undefined ? undefined : this.claimed;
  }

  /**
   * The host found the game's lease lost: another host took it over while this one could not renew it
   * (`taken`), or this host could not renew its lease in time and gave its games up (`fenced`). The
   * session takes nothing more, closes every connection (4100; its clients find the game's holder as they
   * join again), and says so (`onMoved`).
   */
  leaseLost(why: 'taken' | 'fenced' = 'taken'): void {
    if (this.unavailable === MOVED) return;
    this.context.log(
      `game ${this.gameId}: ${why === 'taken' ? 'another host holds it now' : 'this host could not renew its lease'}; closing its connections`,
    );
    this.game?.stop();
    this.game = undefined;
    this.unavailable = MOVED;
    for (const connection of [...this.connections.keys()]) this.dismiss(connection, CLOSE_MOVED, MOVED);
    this.onMoved();
  }

  /** Ends the session: the work under way done (a commit among it), then the game's lease given up. */
  async close(): Promise<void> {
    await this.queue;
    this.game?.stop();
    this.game = undefined;
    // Given up at once, so that another host may take the game without waiting for the lease to lapse.
    await this.context.store.release(this.gameId, this.context.lease.owner).catch(() => {});
  }

  /** Runs a piece of work after every piece before it, in order; a failure is logged, never thrown. */
  private enqueue(work: () => Promise<void> | void): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => {
      this.context.log(`game ${this.gameId}: ${(error as Error)?.stack ?? String(error)}`);
    });
    this.queue = next;
    return next;
  }

  /** Forgets a connection and closes it. */
  private dismiss(connection: SessionConnection, code: number, reason: string): void {
    this.connections.delete(connection);
    connection.close(code, reason);
  }

  /** The token hash that claims a seat (undefined for no seat of the game). */
  private claimOf(seat: PlayerId): string | undefined {
    return Object.hasOwn(this.seats, seat) ? this.seats[seat] : undefined;
  }

  /** The seats read again from the store, and every connection whose token claims its seat no more closed. */
  private async readSeats(): Promise<void> {
    let loaded: LoadedGame | undefined;
    try {
      loaded = await this.context.store.loadGame(this.gameId);
    } catch (error) {
      throw new JoinRefused(REFUSED_UNAVAILABLE, `the store is unavailable: ${(error as Error).message}`);
    }
    if (!loaded) throw new JoinRefused(REFUSED_NO_GAME, `there is no game "${this.gameId}" on this host`);
    this.seats = loaded.seats;
    this.seatsInDoubt.clear();
    this.closeRevoked();
  }

  /** Closes every connection whose token claims its seat no more (4102). */
  private closeRevoked(): void {
    for (const [connection, seated] of this.connections)
      if (seated.seat !== null && this.claimOf(seated.seat) !== seated.claim)
        this.dismiss(connection, CLOSE_REVOKED, revoked(seated.seat));
  }

  /**
   * Why the session cannot serve its game now; undefined where it can. A game the store failed is rebuilt
   * from it first. And nothing is served from memory (a view, a judgement) while this host's lease is not
   * fresh: a host that stalled past its lease may have lost the game to another, which played on. A renewal
   * says whether it is still this host's (and tells the session `leaseLost` where it is not).
   */
  private async notServing(): Promise<string | undefined> {
    if (this.unavailable || !this.game) await this.reload();
    if (this.unavailable || !this.game) return this.unavailable ?? 'no game';
    if (this.context.leases.fresh()) return undefined;
    await this.context.leases.beat();
    if (this.unavailable || !this.game) return this.unavailable ?? 'no game';
    return this.context.leases.fresh() ? undefined : UNCONFIRMED;
  }

  /**
   * A command through a seat's door (null: a spectator's, which refuses everything), committed before
   * it counts: carried out and committed (`ok`, the step), refused by the rules (`rejection`), or not
   * confirmed by the store (neither: the session has dropped its game, see `storeFailed`).
   */
  private async carryOut(
    player: PlayerId | null,
    command: unknown,
  ): Promise<{ ok: true; step: number } | { ok: false; rejection?: Rejection }> {
    const game = this.game!;
    const before = game.step();
    const result = this.seatOf(game, player).send(command);
    if (!result.ok) return { ok: false, rejection: result.rejection };
    // Committed before anyone is told: a step the store does not hold was never carried out. From here
    // on the game in memory is ahead of the store: whatever fails, it is dropped and rebuilt from there.
    try {
      const step = game.step();
      // The steps of this command alone (a journal never shorter than one command's steps: no replay).
      const steps = game.eventsSince(before, { replay: false }).map((s) => this.seal(s));
      const checkpoint =
        step - this.checkpointStep >= this.context.checkpointEvery
          ? saveGame(game, { key: this.context.key, log: false })
          : undefined;
      // Under the game's lease: the store refuses the commit of a host that lost the game.
      await this.context.store.appendSteps(
        this.gameId,
        steps,
        checkpoint && { step, save: JSON.stringify(checkpoint) },
        this.context.lease,
      );
      this.lastSeal = checkpoint?.signature?.mac ?? steps.at(-1)?.mac ?? this.lastSeal;
      if (checkpoint) this.checkpointStep = step;
      return { ok: true, step };
    } catch (error) {
      this.storeFailed(error);
      return { ok: false };
    }
  }

  /**
   * The seats the computer takes (`POST /games { bots }`): while the game awaits one of them, the bot
   * chooses its command (`chooseCommand`, seeded by the game's id and step: the same game, the same
   * choices) and the session carries it out as any seat's, and tells everyone what it chose and why. At
   * most `MAX_BOT_MOVES` in a row (two bots playing each other yield to the players' messages between runs).
   */
  private async playBots(): Promise<void> {
    for (let moves = 0; moves < MAX_BOT_MOVES && this.game && !this.unavailable; moves++) {
      const game = this.game;
      const player = this.bots.find((bot) => game.legalCommands(bot).length > 0);
      if (player === undefined) return;
      const choice = chooseCommand(game, player, {
        budgetMs: this.context.botBudgetMs,
        seed: (this.botSeed + game.step()) >>> 0,
      });
      const done = await this.carryOut(player, choice.command);
      if (!done.ok) {
        this.context.log(
          `game ${this.gameId}: the bot for ${player} chose a refused command: ${done.rejection?.message ?? 'the store failed'}`,
        );
        return;
      }
      for (const [connection, seated] of this.connections)
        if (!seated.away)
          connection.send('bot', { player, step: done.step, explanation: choice.explanation });
      await this.tellEveryone();
    }
    // More to play: after the messages that came meanwhile.
    if (this.bots.some((bot) => (this.game?.legalCommands(bot).length ?? 0) > 0))
      void this.enqueue(() => this.playBots());
  }

  /** A step as the store keeps it: sealed, chained to the step before. */
  private seal(step: StepEvents): StoredStep {
    const stored = sealed(this.context.key, this.gameId, step, this.lastSeal);
    this.lastSeal = stored.mac!;
    return stored;
  }

  /**
   * The store failed a commit (or what led to it failed): the game in memory is ahead of the truth, so
   * it is dropped, and rebuilt from the store at the next message (nothing uncommitted was ever told to
   * anyone). A conflict means another host carries the game on: the session closes.
   */
  private storeFailed(error: unknown): void {
    this.game?.stop();
    this.game = undefined;
    if (error instanceof StoreError && error.reason === 'conflict') {
      this.leaseLost();
      return;
    }
    // A commit whose answer was lost may have been made: a client resends its command with the step it
    // was made at (every legal command carries it), and one carried out already is refused as stale.
    this.unavailable = `the store did not confirm it, so it may not have been carried out; send it again with its step (${(error as Error)?.message ?? error})`;
    this.context.log(`game ${this.gameId}: store unavailable: ${(error as Error)?.message ?? error}`);
  }

  /** Rebuilds the game from the store, and gives every connection its payload anew. */
  private async reload(): Promise<void> {
    if (this.unavailable === MOVED) return;
    try {
      await this.load();
    } catch (error) {
      if (error instanceof JoinRefused && error.code === REFUSED_ELSEWHERE) return this.leaseLost();
      this.unavailable = `the store is unavailable: ${(error as Error).message}`;
      return;
    }
    // The seats as the store holds them now: a token changed meanwhile claims its seat no more.
    this.closeRevoked();
    for (const [connection, seated] of [...this.connections])
      if (seated.step >= 0) await this.resync(connection, seated.step);
  }

  /** Each connection's patch from the payload it holds, and the events of the steps since, for its seat. */
  private async tellEveryone(): Promise<void> {
    // Told only what this host surely still holds (a commit just now says nothing of the lease's length).
    if ((await this.notServing()) !== undefined) return;
    const game = this.game!;
    const next = new Map<PlayerId | null, SeatPayload>();
    // One update for every connection of a seat at the same step, by seat (null: spectators) and step.
    const updates = new Map<PlayerId | null, Map<number, UpdateMessage>>();
    for (const [connection, seated] of [...this.connections]) {
      // Not welcomed yet (its welcome is queued after this), or away (told all at once as it comes back).
      if (seated.step < 0 || seated.away) continue;
      const payload = next.get(seated.seat) ?? this.payloadFor(game, seated.seat, false);
      next.set(seated.seat, payload);
      const previous = this.payloads.get(seated.seat);
      if (!previous || previous.step !== seated.step) {
        // It holds another payload than the one the patch would start from: the whole one.
        const since = Math.min(seated.step, payload.step);
        const { steps, truncated } = await this.stepsFor(game, seated.seat, since);
        connection.send('sync', { payload, steps, ...(truncated ? { truncated } : {}) });
      } else {
        const bySeat = updates.get(seated.seat) ?? new Map<number, UpdateMessage>();
        updates.set(seated.seat, bySeat);
        let update = bySeat.get(seated.step);
        if (!update) {
          const { steps } = await this.stepsFor(game, seated.seat, seated.step);
          update = { from: seated.step, to: payload.step, patch: payloadPatch(previous, payload), steps };
          bySeat.set(seated.step, update);
        }
        connection.send('update', update);
      }
      seated.step = payload.step;
    }
    for (const [seat, payload] of next) this.payloads.set(seat, payload);
    this.markIfEnded(game, next);
  }

  /** The whole payload again, and the events since `since` (a reconnection, or a patch that did not apply). */
  private async resync(connection: SessionConnection, since: number | undefined): Promise<void> {
    const seated = this.connections.get(connection);
    if (!seated || seated.away || (await this.notServing()) !== undefined) return;
    const game = this.game!;
    const payload = this.payloadFor(game, seated.seat);
    const { steps, truncated } =
      since === undefined || since < 0
        ? { steps: [], truncated: false }
        : await this.stepsFor(game, seated.seat, Math.min(since, payload.step));
    seated.step = payload.step;
    connection.send('sync', { payload, steps, ...(truncated ? { truncated } : {}) });
  }

  /** A seat's payload now (kept as the start of its next patch unless `keep` is false). */
  private payloadFor(game: Game, seat: PlayerId | null, keep = true): SeatPayload {
    const payload = this.seatOf(game, seat).payload();
    if (keep) this.payloads.set(seat, payload);
    return payload;
  }

  private seatOf(game: Game, seat: PlayerId | null) {
    return seat === null ? game.spectator() : game.seat(seat);
  }

  /**
   * What a seat may hear of the steps after `since`, at most the latest `MAX_STEPS_PER_REPLY` of them
   * (`truncated` where there were more): from the game's memory, or else from the store, never by
   * working a long game out again on the event loop.
   */
  private async stepsFor(
    game: Game,
    seat: PlayerId | null,
    since: number,
  ): Promise<{ steps: StepEvents[]; truncated: boolean }> {
    const now = game.step();
    const from = Math.max(since, now - MAX_STEPS_PER_REPLY);
    const truncated = from > since;
    if (from >= game.eventsKeptSince)
      return { steps: this.seatOf(game, seat).eventsSince(from, { replay: false }), truncated };
    const stored = await this.context.store.stepsSince(this.gameId, from, now - from);
    const steps = stored
      .filter((step) => step.step <= now)
      .map(({ step: at, command, events }) => stepEventsFor(seat, { step: at, command, events }));
    // Retention may have pruned the oldest of them: then the reply says it holds only the latest.
    return { steps, truncated: truncated || (stored[0]?.step ?? from + 1) > from + 1 };
  }
}

/** Why a connection of a seat whose token changed is closed. */
function revoked(seat: PlayerId): string {
  return `the token of seat "${seat}" was changed: it claims the seat no more`;
}
