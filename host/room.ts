import { type Client, Room, ServerError } from '@colyseus/core';
import { chooseCommand } from '../src/bot/index.ts';
import {
  type Game,
  type PlayerId,
  payloadPatch,
  type Rejection,
  resumeGame,
  type SavedGame,
  type SaveKey,
  type SeatPayload,
  type StepEvents,
  saveGame,
  stepEventsFor,
} from '../src/index.ts';
import type { LeaseKeeper } from './lease-keeper.ts';
import {
  type AnswerMessage,
  type BotMessage,
  type HostRefusal,
  type JoinOptions,
  joinOptionsSchema,
  MessageBudget,
  type RefusedMessage,
  readClientMessage,
  type SyncReply,
  type UpdateMessage,
  type WelcomeMessage,
} from './protocol.ts';
import { sealed, sealProblem } from './seal.ts';
import { type GameStore, type Lease, type StoredStep, StoreError } from './store/store.ts';
import { tokenMatches } from './tokens.ts';

/** What every room of one host shares: its store, its keys, its settings. */
export interface HostContext {
  readonly store: GameStore;
  /** Signs every checkpoint and seals every step the host writes. */
  readonly key: SaveKey;
  /** The keys whose checkpoints and seals the host reads: its own first, then any it was given before. */
  readonly keys: readonly SaveKey[];
  /** How long a dropped seat's place is kept for its reconnection (seconds). */
  readonly graceSeconds: number;
  /** A checkpoint every this many steps (so a room is rebuilt from at most this many commands). */
  readonly checkpointEvery: number;
  /** How many steps of events a room keeps in memory; older ones are read from the store. */
  readonly history: number;
  /** How many messages a client may send in a burst, and per second after it. */
  readonly budget: { readonly burst: number; readonly perSecond: number };
  /** Where the host says what happened (one line each). */
  readonly log: (line: string) => void;
  /** How long the computer may think for a seat it plays (ms of work, as the bot counts it). */
  readonly botBudgetMs: number;
  /**
   * This host's lease on the games it opens: its owner id (one per host process) and how long a lease
   * lasts unrenewed. A room holds its game's lease, or does not open.
   */
  readonly lease: Lease;
  /** This host's lease, kept: whether it surely still holds its games by its own clock (`fresh`). */
  readonly leases: LeaseKeeper;
  /** The rooms open in this host, by game: one room a game; the host renews their leases. */
  readonly rooms: Map<string, GameRoom>;
}

/** What the room knows of each connection. */
interface Seated {
  /** Its seat's player; null for a spectator. */
  readonly seat: PlayerId | null;
  readonly budget: MessageBudget;
  /** The step of the payload it holds (what its next patch applies to). */
  step: number;
}

/** Colyseus's close code for a room that refuses to serve a game another host has taken over. */
const CLOSE_MOVED = 4100;
/** Colyseus's close code for a connection the store could not serve (it may join again). */
const CLOSE_UNAVAILABLE = 4503;

/** Why a room whose game another host took over refuses every command. */
const MOVED = 'another host carries this game on now: join it again';

/** What a seat the computer plays holds in the store, in place of a token's hash (no token matches it). */
export const BOT_SEAT = 'bot';

/** Bot moves in a row before the room reads its messages again. */
const MAX_BOT_MOVES = 50;

/** A whole number from a game's id, for its bot's seeds (FNV-1a). */
function seedOfId(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The most steps of events one reply carries (a reply after a long absence carries the latest). */
export const MAX_STEPS_PER_REPLY = 500;

/** Connections a room takes: the two seats' (as many as they open) and spectators'. */
const MAX_CONNECTIONS = 256;
/** Spectators a room takes, so that they never fill it and lock a seat out. */
const MAX_SPECTATORS = 200;

/**
 * One game, played over the network: a Colyseus room whose id is the game's. Rebuilt from the store
 * whenever it is created (the store is the truth; the room a cache), it takes each seat's commands
 * through that seat's door (GAME-SEAT-1), commits every step to the store before answering, and sends
 * every connection its own payload's patch and the rule events it may hear (GAME-VIEW-1).
 *
 * Messages are handled one at a time, in order (a queue): a command is judged, committed, answered and
 * told to everyone before the next is read.
 */
export abstract class GameRoom extends Room<object, unknown, Seated> {
  protected abstract readonly context: HostContext;
  private game: Game | undefined;
  private gameId = '';
  private seats: Readonly<Record<PlayerId, string>> = {};
  private checkpointStep = 0;
  /** When the room last took its game's lease (see `claimedAt`). */
  private claimed = 0;
  /** The seal of the last step stored (or the last checkpoint's signature): the next step's chains to it. */
  private lastSeal = '';
  private queue: Promise<unknown> = Promise.resolve();
  /** Why the room takes no command now (its store failed it); undefined while it serves. */
  private unavailable: string | undefined;
  /** The seats the computer plays, and the seed its choices start from. */
  private bots: PlayerId[] = [];
  private botSeed = 0;
  /** The payload each seat (null: spectators) was last sent, which the next patch starts from. */
  private readonly payloads = new Map<PlayerId | null, SeatPayload>();

  override async onCreate(options: unknown): Promise<void> {
    const parsed = joinOptionsSchema.safeParse(options);
    if (!parsed.success) throw new ServerError(4400, 'join a game with { gameId, seat?, token?, since? }');
    const gameId = parsed.data.gameId;
    // One room a game in a host (another host's is kept out by the game's lease): a second, asked for by
    // `create` or by a full room, would split the players between two copies of the game.
    if (this.context.rooms.has(gameId))
      throw new ServerError(4409, `game "${gameId}" is open here already: join it`);
    this.context.rooms.set(gameId, this);
    this.gameId = gameId;
    this.roomId = gameId;
    this.maxClients = MAX_CONNECTIONS;
    // No Colyseus state to patch (a seat's payload goes as messages, patched by the engine): without
    // this, every room wakes 20 times a second for nothing, 20,000 times a second in a host of 1,000.
    this.patchRate = null as unknown as number;
    try {
      await this.load();
    } catch (error) {
      this.context.rooms.delete(gameId);
      throw error;
    }
    this.onMessage('command', (client, message) => {
      if (this.withinBudget(client, 'command', message)) this.enqueue(() => this.onCommand(client, message));
    });
    this.onMessage('sync', (client, message) => {
      if (this.withinBudget(client, 'sync', message)) this.enqueue(() => this.onSync(client, message));
    });
    // A game whose bot moves first (its turn, or a battle awaiting it) plays as it opens.
    this.enqueue(() => this.playBots());
    this.onMessage('*', (client, type) => {
      if (!this.withinBudget(client, String(type), null)) return;
      this.refuse(client, String(type).slice(0, 40), {
        code: 'malformed',
        message: 'the messages a client sends are "command" and "sync"',
      });
    });
  }

  /**
   * The game's lease, then the game, its seats and its last checkpoint, from the store, every step after
   * the checkpoint checked against its seal; throws `ServerError` where it cannot (another host holds the
   * game: 4409; the store is down: 4503; what it holds is not what a host of this key wrote: 4500).
   */
  private async load(): Promise<void> {
    let loaded: Awaited<ReturnType<GameStore['loadGame']>>;
    try {
      loaded = await this.context.store.loadGame(this.gameId);
      // Only a game that exists is leased (a lease names its game).
      const asked = performance.now();
      if (loaded && !(await this.context.store.claim(this.gameId, this.context.lease)))
        throw new ServerError(
          4409,
          `game "${this.gameId}" is held by another host: join it again in a moment`,
        );
      // Once the claim is committed: a heartbeat asking the store after this sees it.
      this.claimed = performance.now();
      // A claim renews the host's lease as well.
      if (loaded) this.context.leases.confirmed(asked);
    } catch (error) {
      if (error instanceof ServerError) throw error;
      throw new ServerError(4503, `the store is unavailable: ${(error as Error).message}`);
    }
    if (!loaded) throw new ServerError(4404, `there is no game "${this.gameId}" on this host`);
    let game: Game;
    try {
      const checkpoint = JSON.parse(loaded.checkpoint.save) as SavedGame;
      const problem = this.journalProblem(checkpoint, loaded.checkpoint.step, loaded.steps);
      if (problem) throw new Error(problem);
      game = resumeGame(
        checkpoint,
        loaded.steps.map((step) => step.command),
        { key: this.context.keys, history: this.context.history },
      );
      this.lastSeal = loaded.steps.at(-1)?.mac ?? checkpoint.signature?.mac ?? '';
    } catch (error) {
      throw new ServerError(
        4500,
        `game "${this.gameId}" cannot be rebuilt from its store: ${(error as Error).message}`,
      );
    }
    this.game?.stop();
    this.game = game;
    this.seats = loaded.seats;
    this.bots = Object.keys(loaded.seats).filter((player) => loaded.seats[player] === BOT_SEAT);
    this.botSeed = seedOfId(this.gameId);
    this.checkpointStep = loaded.checkpoint.step;
    this.payloads.clear();
    this.unavailable = undefined;
  }

  /**
   * Why the store's checkpoint and steps are not this game's, as a host of these keys wrote them: a
   * checkpoint of another game or step, or steps not running on from it one by one, each sealed.
   */
  private journalProblem(
    checkpoint: SavedGame,
    step: number,
    steps: readonly StoredStep[],
  ): string | undefined {
    if (checkpoint.id !== this.gameId)
      return `its checkpoint is of another game ("${String(checkpoint.id)}")`;
    if (checkpoint.logStart !== step)
      return `its checkpoint of step ${step} holds step ${checkpoint.logStart}`;
    let previous = checkpoint.signature?.mac ?? '';
    for (const [i, stored] of steps.entries()) {
      if (stored.step !== step + i + 1)
        return `its steps do not run on from step ${step} (step ${stored.step} follows)`;
      const problem = sealProblem(this.context.keys, this.gameId, stored, previous);
      if (problem) return problem;
      previous = stored.mac ?? '';
    }
    return undefined;
  }

  override onAuth(_client: Client, options: unknown): { seat: PlayerId | null; since?: number } {
    const parsed = joinOptionsSchema.safeParse(options);
    if (!parsed.success) throw new ServerError(4400, 'join a game with { gameId, seat?, token?, since? }');
    const { seat, token, since } = parsed.data as JoinOptions;
    if (seat === undefined) {
      if (token !== undefined) throw new ServerError(4400, 'a token claims a seat: name the seat too');
      const spectators = [...this.clients].filter(
        (client) => (client.userData as Seated | undefined)?.seat === null,
      );
      if (spectators.length >= MAX_SPECTATORS)
        throw new ServerError(4429, `game "${this.gameId}" has as many spectators as it takes`);
      return { seat: null, ...(since === undefined ? {} : { since }) };
    }
    // One answer for an unknown seat and a wrong token: neither tells the other apart.
    if (!tokenMatches(token, Object.hasOwn(this.seats, seat) ? this.seats[seat] : undefined))
      throw new ServerError(4403, `this token does not claim seat "${seat}" of game "${this.gameId}"`);
    return { seat, ...(since === undefined ? {} : { since }) };
  }

  override onJoin(
    client: Client<Seated>,
    _options: unknown,
    auth: { seat: PlayerId | null; since?: number },
  ) {
    const { burst, perSecond } = this.context.budget;
    client.userData = { seat: auth.seat, budget: new MessageBudget(burst, perSecond), step: -1 };
    return this.enqueue(async () => {
      if (!(await this.serving())) {
        this.refuse(client, 'join', { code: 'unavailable', message: this.unavailable ?? 'no game' });
        client.leave(CLOSE_UNAVAILABLE);
        return;
      }
      const payload = this.payloadFor(auth.seat);
      const { steps, truncated } =
        auth.since === undefined
          ? { steps: [], truncated: false }
          : await this.stepsFor(auth.seat, Math.min(auth.since, payload.step));
      client.userData!.step = payload.step;
      client.send('welcome', {
        gameId: this.gameId,
        seat: auth.seat,
        payload,
        steps,
        ...(truncated ? { truncated } : {}),
      } satisfies WelcomeMessage);
    });
  }

  override async onLeave(client: Client<Seated>, consented: boolean): Promise<void> {
    const seated = client.userData;
    if (consented || !seated || seated.seat === null) return;
    try {
      // The seat's place is kept for the grace period; its token claims it afresh after that. The
      // connection that comes back is a new client (holding this one's userData): told what it missed
      // once its join completes (Colyseus holds a joining client's messages until then).
      const back = (await this.allowReconnection(client, this.context.graceSeconds)) as Client<Seated>;
      this.enqueue(() => this.resync(back, seated.step));
    } catch {
      // Not back in time: the seat's token still claims it, by joining again.
    }
  }

  override async onDispose(): Promise<void> {
    // What is in the queue (a commit under way) ends before the game's lease is given up.
    await this.queue;
    this.game?.stop();
    if (this.context.rooms.get(this.gameId) === this) this.context.rooms.delete(this.gameId);
    // Given up at once, so that another host may take the game without waiting for the lease to lapse.
    await this.context.store.release(this.gameId, this.context.lease.owner).catch(() => {});
  }

  override onUncaughtException(error: Error, method: string): void {
    // A room's mistake is logged, never the process's end.
    this.context.log(`game ${this.gameId}: ${method} failed: ${error.stack ?? error.message}`);
  }

  /**
   * The host found this room's lease lost (another host took the game over while this one could not
   * renew it): the room takes no more commands and closes; its clients find the game's owner as they
   * join again.
   */
  /**
   * When the room last took its game's lease (`performance.now()`), while it holds the game: a heartbeat
   * that read the store's leases before then has not seen it, and may not tell it it lost them.
   */
  get claimedAt(): number | undefined {
    return this.game === undefined ? undefined : this.claimed;
  }

  leaseLost(): void {
    if (this.unavailable === MOVED) return;
    this.context.log(`game ${this.gameId}: another host holds it now; closing this room`);
    this.game?.stop();
    this.game = undefined;
    this.unavailable = MOVED;
    void this.disconnect(CLOSE_MOVED).catch(() => {});
  }

  /** Runs a message's work after every message before it, in order. */
  private enqueue(work: () => Promise<void> | void): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => {
      this.context.log(`game ${this.gameId}: ${(error as Error)?.stack ?? String(error)}`);
    });
    this.queue = next;
    return next;
  }

  /** Whether a client may send one more message now; refuses it (`flood`) where it may not. */
  private withinBudget(client: Client<Seated>, type: string, message: unknown): boolean {
    if (client.userData?.budget.take() !== false) return true;
    this.refuse(
      client,
      type,
      { code: 'flood', message: 'sent faster than the host reads: dropped, nothing changed' },
      message,
    );
    return false;
  }

  private refuse(client: Client, type: string, refusal: HostRefusal, message?: unknown): void {
    if (type === 'command') {
      client.send('answer', { id: idOf(message), ok: false, refused: refusal } satisfies AnswerMessage);
      return;
    }
    client.send('refused', { type, ...refusal } satisfies RefusedMessage);
  }

  /** Whether the room has its game (rebuilding it from the store first, after the store failed it). */
  private async serving(): Promise<boolean> {
    if (this.unavailable || !this.game) await this.reload();
    return !this.unavailable && this.game !== undefined;
  }

  private async onCommand(client: Client<Seated>, message: unknown): Promise<void> {
    const seated = client.userData;
    if (!seated) return;
    const read = readClientMessage('command', message);
    if (!read.ok) return this.refuse(client, 'command', read.refusal, message);
    const id = read.value.id ?? null;
    if (!(await this.serving()))
      return this.refuse(
        client,
        'command',
        { code: 'unavailable', message: this.unavailable ?? 'no game' },
        message,
      );
    const done = await this.carryOut(seated.seat, read.value.command);
    if (done.ok) {
      client.send('answer', { id, ok: true, step: done.step } satisfies AnswerMessage);
      await this.tellEveryone();
      await this.playBots();
    } else if (done.rejection)
      client.send('answer', { id, ok: false, rejection: done.rejection } satisfies AnswerMessage);
    else this.refuse(client, 'command', { code: 'unavailable', message: this.unavailable! }, message);
  }

  /**
   * A command through a seat's door (null: a spectator's, which refuses everything), committed before
   * it counts: carried out and committed (`ok`, the step), refused by the rules (`rejection`), or not
   * confirmed by the store (neither: the room has dropped its game, see `storeFailed`).
   */
  private async carryOut(
    player: PlayerId | null,
    command: unknown,
  ): Promise<{ ok: true; step: number } | { ok: false; rejection?: Rejection }> {
    const game = this.game!;
    const seat = player === null ? game.spectator() : game.seat(player);
    const before = game.step();
    const result = seat.send(command);
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
   * choices) and the room carries it out as any seat's, and tells everyone what it chose and why. At most
   * `MAX_BOT_MOVES` in a row (two bots playing each other yield to the players' messages between runs).
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
      this.broadcast('bot', {
        player,
        step: done.step,
        explanation: choice.explanation,
      } satisfies BotMessage);
      await this.tellEveryone();
    }
    // More to play: after the messages that came meanwhile.
    if (this.bots.some((bot) => (this.game?.legalCommands(bot).length ?? 0) > 0))
      this.enqueue(() => this.playBots());
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
   * anyone). A conflict means another host carries the game on: this room closes, and its clients find
   * that host as they rejoin.
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
      if ((error as ServerError).code === 4409) return this.leaseLost();
      this.unavailable = `the store is unavailable: ${(error as Error).message}`;
      return;
    }
    for (const client of this.clients as Iterable<Client<Seated>>) {
      if (client.userData && client.userData.step >= 0) await this.resync(client, client.userData.step);
    }
  }

  /** Each connection's patch from the payload it holds, and the events of the steps since, for its seat. */
  private async tellEveryone(): Promise<void> {
    const next = new Map<PlayerId | null, SeatPayload>();
    // One update for every connection of a seat at the same step, by seat (null: spectators) and step.
    const updates = new Map<PlayerId | null, Map<number, UpdateMessage>>();
    for (const client of this.clients as Iterable<Client<Seated>>) {
      const seated = client.userData;
      if (!seated || seated.step < 0) continue; // not welcomed yet: its welcome is queued after this
      const payload = next.get(seated.seat) ?? this.payloadFor(seated.seat, false);
      next.set(seated.seat, payload);
      const previous = this.payloads.get(seated.seat);
      if (!previous || previous.step !== seated.step) {
        // It holds another payload than the one the patch would start from: the whole one.
        const { steps, truncated } = await this.stepsFor(seated.seat, Math.min(seated.step, payload.step));
        client.send('sync', { payload, steps, ...(truncated ? { truncated } : {}) } satisfies SyncReply);
      } else {
        const bySeat = updates.get(seated.seat) ?? new Map<number, UpdateMessage>();
        updates.set(seated.seat, bySeat);
        let update = bySeat.get(seated.step);
        if (!update) {
          const { steps } = await this.stepsFor(seated.seat, seated.step);
          update = { from: seated.step, to: payload.step, patch: payloadPatch(previous, payload), steps };
          bySeat.set(seated.step, update);
        }
        client.send('update', update);
      }
      seated.step = payload.step;
    }
    for (const [seat, payload] of next) this.payloads.set(seat, payload);
  }

  private async onSync(client: Client<Seated>, message: unknown): Promise<void> {
    const read = readClientMessage('sync', message);
    if (!read.ok) return this.refuse(client, 'sync', read.refusal);
    if (!(await this.serving()))
      return this.refuse(client, 'sync', { code: 'unavailable', message: this.unavailable ?? 'no game' });
    await this.resync(client, read.value.since);
  }

  /** The whole payload again, and the events since `since` (a reconnection, or a patch that did not apply). */
  private async resync(client: Client<Seated>, since: number | undefined): Promise<void> {
    const seated = client.userData;
    if (!seated || !(await this.serving())) return;
    const payload = this.payloadFor(seated.seat);
    const { steps, truncated } =
      since === undefined || since < 0
        ? { steps: [], truncated: false }
        : await this.stepsFor(seated.seat, Math.min(since, payload.step));
    seated.step = payload.step;
    client.send('sync', { payload, steps, ...(truncated ? { truncated } : {}) } satisfies SyncReply);
  }

  /** A seat's payload now (kept as the start of its next patch unless `keep` is false). */
  private payloadFor(seat: PlayerId | null, keep = true): SeatPayload {
    const payload = this.seatOf(seat).payload();
    if (keep) this.payloads.set(seat, payload);
    return payload;
  }

  private seatOf(seat: PlayerId | null) {
    return seat === null ? this.game!.spectator() : this.game!.seat(seat);
  }

  /**
   * What a seat may hear of the steps after `since`, at most the latest `MAX_STEPS_PER_REPLY` of them
   * (`truncated` where there were more): from the game's memory, or else from the store, never by
   * working a long game out again on the event loop.
   */
  private async stepsFor(
    seat: PlayerId | null,
    since: number,
  ): Promise<{ steps: StepEvents[]; truncated: boolean }> {
    const game = this.game!;
    const now = game.step();
    const from = Math.max(since, now - MAX_STEPS_PER_REPLY);
    const truncated = from > since;
    if (from >= game.eventsKeptSince)
      return { steps: this.seatOf(seat).eventsSince(from, { replay: false }), truncated };
    const stored = await this.context.store.stepsSince(this.gameId, from, now - from);
    const steps = stored
      .filter((step) => step.step <= now)
      .map(({ step: at, command, events }) => stepEventsFor(seat, { step: at, command, events }));
    return { steps, truncated };
  }
}

/** A command message's id, where it has a readable one (to answer even a malformed message by it). */
function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return (typeof id === 'string' && id.length <= 64) || (typeof id === 'number' && Number.isSafeInteger(id))
    ? id
    : null;
}

/** A room class bound to one host's context (Colyseus makes rooms from a class). */
export function gameRoomFor(context: HostContext): new () => GameRoom {
  return class HostedGameRoom extends GameRoom {
    protected readonly context = context;
  };
}
