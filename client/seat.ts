import { Client, type Room } from 'colyseus.js';
import {
  type AnswerMessage,
  type BotMessage,
  type JoinOptions,
  type RefusedMessage,
  ROOM_NAME,
  type SyncReply,
  type UpdateMessage,
  type WelcomeMessage,
} from '../host/protocol.ts';
import type { PlayerCommand, PlayerId, SeatPayload, StepEvents } from '../src/index.ts';
import { type Answer, PendingAnswers, unanswered } from './answers.ts';
import { afterClose, CloseCode, JoinFailed, passing } from './close-codes.ts';
import type { SeatAddress } from './link.ts';
import { Listeners } from './listeners.ts';
import { type Kept, PayloadKeeper } from './payload-keeper.ts';

/** How a seat comes back after its connection drops. */
export interface SeatOptions {
  /**
   * How long it keeps trying to come back after a drop (or to join, while the host answers that the
   * game will be open in a moment), in ms, before it closes: 60,000 by default; 0 never comes back.
   */
  readonly patienceMs?: number;
}

/** Why a seat closed: the close code (`CloseCode`), or the refusal of its last join (`JoinRefusal`). */
export interface SeatClosed {
  readonly code: number;
  readonly reason: string;
}

/** What a seat tells as it happens (`seat.on(name, listener)`). */
export interface SeatEvents {
  /** The payload changed (an update's patch applied, or the whole payload again): draw it. */
  update: (payload: SeatPayload) => void;
  /** Steps the seat had not heard yet, in order, each once: their rule events, each with its clause. */
  events: (steps: readonly StepEvents[], truncated: boolean) => void;
  /** The computer played for a seat, and why (before the update of that step). */
  bot: (message: BotMessage) => void;
  /** A message that is not a command was refused (the game is unchanged). */
  refused: (message: RefusedMessage) => void;
  /** The connection dropped, and the seat is coming back (`reconnecting`), or it is back (`connected`). */
  connection: (state: 'connected' | 'reconnecting') => void;
  /** The seat closed for good: it left, its seat was taken or its token changed, or it could not come back. */
  closed: (closed: SeatClosed) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a join failed with, as the kit tells it: the host's code, or none where it never reached one. */
function joinFailure(error: unknown): JoinFailed {
  if (error instanceof JoinFailed) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return new JoinFailed(String(message ?? error), typeof code === 'number' ? code : undefined);
}

/**
 * One seat of one game on a host (a spectator's, without a seat), joined with `joinSeat`: its payload
 * kept current by the host's patches, its commands answered, its connection brought back after a drop
 * (the same room within the host's grace period, else a new join with its token and the step it last
 * saw). Named apart from the core's `Seat`, a game's door in the same process.
 */
export class RemoteSeat {
  /** The payload and the steps heard (from the welcome on: `joinSeat` resolves after it). */
  private readonly keeper: PayloadKeeper;
  private readonly client: Client;
  private readonly answers = new PendingAnswers();
  private readonly listeners = new Listeners<SeatEvents>();
  private readonly waiters = new Set<{ test: (p: SeatPayload) => boolean; settle: (e?: Error) => void }>();
  /** Commands sent while the connection is away, sent as it is back. */
  private held: Array<() => void> = [];
  private room: Room | undefined;
  private state: 'joining' | 'connected' | 'reconnecting' | 'closed' = 'joining';
  private leaving = false;
  /** Joins failed in a row, and when to stop trying. */
  private attempts = 0;
  private deadline = 0;
  private ready: { resolve: () => void; reject: (error: JoinFailed) => void } | undefined;

  /** @internal Made by `joinSeat`. */
  constructor(
    private readonly address: SeatAddress,
    private readonly options: SeatOptions,
  ) {
    this.client = new Client(address.url);
    this.keeper = new PayloadKeeper(address.since);
  }

  /** The seat's payload now: its view, its legal commands (each with the step), what the game awaits. */
  get payload(): SeatPayload {
    return this.keeper.payload!;
  }

  /** The game's id. */
  get game(): string {
    return this.address.game;
  }

  /** The seat's player; null for a spectator. */
  get player(): PlayerId | null {
    return this.address.seat ?? null;
  }

  /** Whether the seat is connected now (else coming back, or closed). */
  get connected(): boolean {
    return this.state === 'connected';
  }

  /** @internal Joins, and resolves once the welcome has come (the payload is there). */
  start(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.ready = { resolve, reject };
      this.deadline = Date.now() + (this.options.patienceMs ?? 60_000);
      void this.rejoin(false);
    });
  }

  /**
   * Sends a command for this seat (`player` may be left out); the answer once the host has given it
   * and, for a command carried out, once the seat's payload has reached its step. Never rejects: a
   * command whose connection drops before its answer comes is answered `unavailable` (it may or may
   * not have been carried out: the payload shows which).
   */
  send(command: PlayerCommand | Omit<PlayerCommand, 'player'>): Promise<Answer> {
    if (this.state === 'closed') return Promise.resolve(unanswered('this seat is closed: join again'));
    const { id, answer } = this.answers.open();
    const go = () => this.room?.send('command', { id, command });
    if (this.state === 'connected') go();
    else this.held.push(go);
    return answer;
  }

  /** Listens to one kind of what the seat tells; returns what stops listening. */
  on<K extends keyof SeatEvents>(name: K, listener: SeatEvents[K]): () => void {
    return this.listeners.add(name, listener);
  }

  /**
   * The payload once `test` holds of it (now, or after an update): `waitFor((p) => p.step >= 5)`.
   * Rejects if the seat closes first, or after `timeoutMs` where given.
   */
  waitFor(
    test: (payload: SeatPayload) => boolean,
    options: { timeoutMs?: number } = {},
  ): Promise<SeatPayload> {
    if (this.state !== 'closed' && test(this.payload)) return Promise.resolve(this.payload);
    return new Promise<SeatPayload>((resolve, reject) => {
      if (this.state === 'closed') return reject(new Error('this seat is closed'));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waiter = {
        test,
        settle: (error?: Error) => {
          this.waiters.delete(waiter);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve(this.payload);
        },
      };
      this.waiters.add(waiter);
      if (options.timeoutMs !== undefined)
        timer = setTimeout(
          () => waiter.settle(new Error(`waited ${options.timeoutMs} ms: not there yet`)),
          options.timeoutMs,
        );
    });
  }

  /** Leaves the game (the host forgets this connection; a seat's token still claims it). */
  async leave(): Promise<void> {
    if (this.state === 'closed') return;
    this.leaving = true;
    const room = this.room;
    // A room that no longer answers is given up after a moment.
    if (room) await Promise.race([room.leave(true).catch(() => {}), sleep(1000)]);
    this.close(CloseCode.left, 'left');
  }

  /** Joins the game (again), with the step last heard, until it is in or the trying is over. */
  private async rejoin(network: boolean): Promise<void> {
    while (!this.leaving) {
      const { game, seat, token } = this.address;
      const options: JoinOptions = {
        gameId: game,
        ...(seat === undefined ? {} : { seat, token }),
        ...(this.keeper.heard === undefined ? {} : { since: this.keeper.heard }),
      };
      try {
        this.listen(await this.client.joinOrCreate(ROOM_NAME, options));
        return; // connected once its welcome comes
      } catch (error) {
        const failed = joinFailure(error);
        if (!passing(failed.code, network) || Date.now() >= this.deadline)
          return this.close(failed.code ?? CloseCode.unavailable, failed.message, failed);
        await sleep(this.backoff());
      }
    }
  }

  /** Back to the same room within the grace period; else (it is gone, or the grace over) a join again. */
  private async reconnect(token: string): Promise<void> {
    while (!this.leaving && Date.now() < this.deadline) {
      try {
        const room = await this.client.reconnect(token);
        if (!this.listen(room)) return;
        // The host sends the whole payload as a seat comes back; asked too, with the step last heard
        // (a patch may have failed just before the drop).
        room.send('sync', this.keeper.ask());
        this.backIn();
        return;
      } catch (error) {
        // A code: the host answered that the room or the seat's place is gone. None: no network yet.
        if (joinFailure(error).code !== undefined) break;
        await sleep(this.backoff());
      }
    }
    await this.rejoin(true);
  }

  /**
   * How long to wait before the next try: doubling up to 5 s, each wait drawn at random between half and
   * all of it, so that the players of a host that died do not all come back in the same instant.
   */
  private backoff(): number {
    const ceiling = Math.min(5000, 250 * 2 ** this.attempts++);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  /** Takes a room's messages (a new connection, from a join or a reconnection); false if leaving meanwhile. */
  private listen(room: Room): boolean {
    if (this.leaving) {
      void room.leave(true).catch(() => {});
      return false;
    }
    this.room = room;
    room.onMessage('welcome', (message: WelcomeMessage) => this.kept(this.keeper.whole(message)));
    room.onMessage('sync', (message: SyncReply) => this.kept(this.keeper.whole(message)));
    room.onMessage('update', (message: UpdateMessage) => this.kept(this.keeper.update(message)));
    room.onMessage('answer', (message: AnswerMessage) => this.answers.answered(message, this.payload.step));
    room.onMessage('bot', (message: BotMessage) => this.listeners.tell('bot', message));
    room.onMessage('refused', (message: RefusedMessage) => {
      if (message.type === 'sync') this.keeper.syncRefused();
      this.listeners.tell('refused', message);
    });
    room.onLeave((code: number, reason?: string) => this.lost(room, code, reason ?? ''));
    return true;
  }

  /** What a message made of the payload: told, and what waited for it settled; the whole payload asked. */
  private kept(kept: Kept): void {
    if (kept.ask) this.room?.send('sync', this.keeper.ask());
    if (kept.steps.length > 0) this.listeners.tell('events', kept.steps, kept.truncated);
    if (kept.payload) {
      this.listeners.tell('update', kept.payload);
      this.answers.reached(kept.payload.step);
      for (const waiter of this.waiters) if (waiter.test(kept.payload)) waiter.settle();
      this.backIn();
    }
  }

  /** The connection is (back) in: what waited for it goes. */
  private backIn(): void {
    if (this.state === 'connected') return;
    const first = this.state === 'joining';
    this.state = 'connected';
    this.attempts = 0;
    const held = this.held;
    this.held = [];
    for (const go of held) go();
    if (first) this.ready?.resolve();
    else this.listeners.tell('connection', 'connected');
  }

  /** A connection closed: the seat comes back, or closes, as its code says. */
  private lost(room: Room, code: number, reason: string): void {
    if (room !== this.room || this.state === 'closed') return;
    this.room = undefined;
    const next = afterClose(code);
    const wasConnected = this.state === 'connected';
    if (
      this.leaving ||
      next === 'stop' ||
      this.options.patienceMs === 0 ||
      (!wasConnected && Date.now() >= this.deadline)
    ) {
      this.close(code, reason);
      return;
    }
    this.answers.dropped();
    if (wasConnected) {
      this.state = 'reconnecting';
      this.deadline = Date.now() + (this.options.patienceMs ?? 60_000);
      this.listeners.tell('connection', 'reconnecting');
    }
    // A seat comes back to its place in the room, kept for the grace period; spectators hold none.
    if (next === 'reconnect' && wasConnected && this.player !== null)
      void this.reconnect(room.reconnectionToken);
    else void sleep(wasConnected ? 0 : this.backoff()).then(() => this.rejoin(this.state !== 'joining'));
  }

  private close(code: number, reason: string, failed?: JoinFailed): void {
    if (this.state === 'closed') return;
    const wasJoining = this.state === 'joining';
    this.state = 'closed';
    this.room = undefined;
    this.held = [];
    this.answers.closed(`this seat closed (${code}): ${reason}`);
    for (const waiter of this.waiters) waiter.settle(new Error(`the seat closed (${code}): ${reason}`));
    if (wasJoining) this.ready?.reject(failed ?? new JoinFailed(reason, code));
    this.listeners.tell('closed', { code, reason });
  }
}

/**
 * Joins a game on a host: a seat, with its token (from its play link, or an address), or, without
 * them, a spectator. Resolves once the host's welcome has come, with the seat's payload; rejects with
 * `JoinFailed` where the host refuses the join (its `JoinRefusal` code) or cannot be reached.
 */
export async function joinSeat(address: SeatAddress, options: SeatOptions = {}): Promise<RemoteSeat> {
  const seat = new RemoteSeat(address, options);
  await seat.start();
  return seat;
}
