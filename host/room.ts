import { type Client, type ClientPrivate, Deferred, Protocol, Room, ServerError } from '@colyseus/core';
import type { PlayerId } from '../src/index.ts';
import type { LeaseKeeper } from './lease-keeper.ts';
import {
  CLOSE_MOVED,
  CLOSE_UNKNOWN_FRAME,
  type HostMessages,
  JoinRefused,
  MessageBudget,
  REFUSED_ELSEWHERE,
} from './protocol.ts';
import {
  type Admission,
  GameSession,
  readJoinOptions,
  refuse,
  type SessionConnection,
  type SessionContext,
} from './session.ts';

export { BOT_SEAT, MAX_STEPS_PER_REPLY } from './session.ts';

/**
 * The game server on Colyseus 0.16: a thin room around each game's `GameSession` (`host/session.ts`),
 * which holds every rule of play. What is Colyseus's is here alone (its room's lifecycle, its clients,
 * its reconnections, its errors, its frames): another version of Colyseus, or another transport, is
 * this one file again.
 */

/** What every room of one host shares: its store, its keys, its settings. */
export interface HostContext extends SessionContext {
  /** How long a dropped seat's place is kept for its reconnection (seconds). */
  readonly graceSeconds: number;
  /** How many messages a client may send in a burst, and per second after it. */
  readonly budget: { readonly burst: number; readonly perSecond: number };
  /** This host's lease, kept: whether it surely still holds its games by its own clock (`fresh`). */
  readonly leases: LeaseKeeper;
  /** The rooms open in this host, by game: one room a game; the host renews their leases. */
  readonly rooms: Map<string, GameRoom>;
}

/** Connections a room takes: the two seats' (one each, and their reconnections) and spectators'. */
const MAX_CONNECTIONS = 256;

/** The first bytes of the frames a Colyseus 0.16 room reads from a client; any other is no frame of its. */
const CLIENT_FRAMES: ReadonlySet<number> = new Set([
  Protocol.JOIN_ROOM,
  Protocol.LEAVE_ROOM,
  Protocol.ROOM_DATA,
  Protocol.ROOM_DATA_BYTES,
]);

/** The longest reason a WebSocket close frame carries (125 bytes, less the code's two). */
const MAX_CLOSE_REASON_BYTES = 123;

/**
 * A Colyseus client as its session sees it: one connection, kept across its reconnections (the client
 * that comes back replaces the one that dropped).
 */
class ClientConnection implements SessionConnection {
  /** Its place, kept while it is away (dropped within the grace period). */
  reconnection: Deferred<Client> | undefined;
  /** How the session closed it, if it did: then no reconnection brings it back. */
  closedWith: { readonly code: number; readonly reason: string } | undefined;

  constructor(public client: Client) {}

  send<T extends keyof HostMessages>(type: T, message: HostMessages[T]): void {
    this.client.send(type, message);
  }

  close(code: number, reason: string): void {
    this.closedWith ??= { code, reason: closeReason(reason) };
    // Away: its kept place is given up, so that its reconnection token no longer brings it back.
    if (this.reconnection) this.reconnection.reject(new Error(reason));
    else this.client.leave(code, this.closedWith.reason);
  }

  /** Its client that came back after the session closed it, closed as it was. */
  closeAgain(): void {
    this.client.leave(this.closedWith?.code, this.closedWith?.reason);
  }
}

/** What a room keeps of each client. */
interface Seated {
  readonly connection: ClientConnection;
  /** Its seat's player; null for a spectator. */
  readonly seat: PlayerId | null;
  readonly budget: MessageBudget;
}

/**
 * One game, played over the network: a Colyseus room whose id is the game's, adapting its `GameSession`.
 * Rebuilt from the store whenever it is created (the store is the truth; the room a cache). A client's
 * messages are measured against its budget here, then handed to the session, which does them in order.
 */
export abstract class GameRoom extends Room<object, unknown, Seated> {
  protected abstract readonly context: HostContext;
  private session: GameSession | undefined;
  private gameId = '';

  override async onCreate(options: unknown): Promise<void> {
    const session = await atTheDoor(async () => {
      const { gameId } = readJoinOptions(options);
      // One room a game in a host (another host's is kept out by the game's lease): a second, asked for
      // by `create` or by a full room, would split the players between two copies of the game.
      if (this.context.rooms.has(gameId))
        throw new JoinRefused(REFUSED_ELSEWHERE, `game "${gameId}" is open here already: join it`);
      this.context.rooms.set(gameId, this);
      this.gameId = gameId;
      try {
        return await GameSession.open(this.context, gameId, { onMoved: () => this.moved() });
      } catch (error) {
        this.context.rooms.delete(gameId);
        throw error;
      }
    });
    this.session = session;
    this.roomId = this.gameId;
    this.maxClients = MAX_CONNECTIONS;
    // No Colyseus state to patch (a seat's payload goes as messages, patched by the engine): without
    // this, every room wakes 20 times a second for nothing, 20,000 times a second in a host of 1,000.
    this.patchRate = null as unknown as number;
    this.onMessage('command', (client, message) => {
      const seated = this.withinBudget(client, 'command', message);
      if (seated) void session.command(seated.connection, message);
    });
    this.onMessage('sync', (client, message) => {
      const seated = this.withinBudget(client, 'sync', message);
      if (seated) void session.sync(seated.connection, message);
    });
    this.onMessage('*', (client, type) => {
      const seated = this.withinBudget(client, String(type), null);
      if (!seated) return;
      refuse(seated.connection, String(type).slice(0, 40), {
        code: 'malformed',
        message: 'the messages a client sends are "command" and "sync"',
      });
    });
  }

  override onAuth(_client: Client, options: unknown): Promise<Admission> {
    return atTheDoor(() => this.session!.admit(options));
  }

  override onJoin(client: Client<Seated>, _options: unknown, admission: Admission): Promise<void> {
    const { burst, perSecond } = this.context.budget;
    const connection = new ClientConnection(client);
    client.userData = { connection, seat: admission.seat, budget: new MessageBudget(burst, perSecond) };
    // Colyseus holds the client's messages until its join completes: its welcome comes first.
    return this.session!.join(connection, admission);
  }

  override async onLeave(client: Client<Seated>, consented: boolean): Promise<void> {
    const seated = client.userData;
    const session = this.session;
    if (!seated || !session) return;
    const { connection } = seated;
    // Left on purpose, closed by the session (replaced, revoked, moved), or a spectator: gone.
    if (consented || connection.closedWith || seated.seat === null) return session.leave(connection);
    // A seat dropped: its place is kept for the grace period; its token claims it afresh after that.
    // A rejected promise, not a place kept, for a client not joined yet or a room closing.
    const kept: unknown = this.allowReconnection(client, this.context.graceSeconds);
    if (!(kept instanceof Deferred)) {
      (kept as Promise<unknown>).catch(() => {});
      return session.leave(connection);
    }
    connection.reconnection = kept;
    session.away(connection);
    try {
      // The connection that comes back is a new client (holding this one's userData): told what it
      // missed once its join completes (Colyseus holds a joining client's messages until then).
      const back = (await kept) as Client<Seated>;
      connection.reconnection = undefined;
      connection.client = back;
      // Closed by the session as it came back: it goes as it would have.
      if (!session.back(connection)) connection.closeAgain();
    } catch {
      // Not back in time, or its place given up (the seat joined again, its token changed).
      connection.reconnection = undefined;
      session.leave(connection);
    }
  }

  override async onDispose(): Promise<void> {
    // What is under way (a commit) ends before the game's lease is given up.
    await this.session?.close();
    if (this.context.rooms.get(this.gameId) === this) this.context.rooms.delete(this.gameId);
  }

  override onUncaughtException(error: Error, method: string): void {
    // A room's mistake is logged, never the process's end.
    this.context.log(`game ${this.gameId}: ${method} failed: ${error.stack ?? error.message}`);
  }

  /**
   * A frame of no kind Colyseus knows closes its connection (4103): Colyseus 0.16 would read past it,
   * and a client that sends one is not speaking the protocol.
   */
  protected override _onMessage(client: Client & ClientPrivate, buffer: Buffer): void {
    if (buffer && buffer.length > 0 && CLIENT_FRAMES.has(buffer[0]!)) {
      super._onMessage(client, buffer);
      return;
    }
    const reason = 'a frame of no kind of the protocol';
    const seated = (client as Client<Seated>).userData;
    if (seated) seated.connection.close(CLOSE_UNKNOWN_FRAME, reason);
    else client.leave(CLOSE_UNKNOWN_FRAME, reason);
  }

  /**
   * When the room last took its game's lease (`performance.now()`), while it holds the game: for the
   * host's lease keeper.
   */
  get claimedAt(): number | undefined {
    return this.session?.claimedAt;
  }

  /** The host lost this room's game (taken over, or given up as it fenced itself): the session closes. */
  leaseLost(why?: 'taken' | 'fenced'): void {
    this.session?.leaseLost(why);
  }

  /**
   * A seat's token was changed (or taken away): its connections that joined with the old token close
   * (4102), and a reconnection of theirs is refused, so that the old token no longer plays.
   */
  seatRevoked(seat: PlayerId): Promise<void> {
    return this.session?.seatRevoked(seat) ?? Promise.resolve();
  }

  /** The session's game went to another host: every client goes (4100), and the room with them. */
  private moved(): void {
    try {
      void this.disconnect(CLOSE_MOVED).catch(() => {});
    } catch {
      // Still being created: its creation fails on its own.
    }
  }

  /** A client's record, where it may send one more message now; refuses it (`flood`) where it may not. */
  private withinBudget(client: Client<Seated>, type: string, message: unknown): Seated | undefined {
    const seated = client.userData;
    if (!seated) return undefined;
    if (seated.budget.take()) return seated;
    refuse(
      seated.connection,
      type,
      { code: 'flood', message: 'sent faster than the host reads: dropped, nothing changed' },
      message,
    );
    return undefined;
  }
}

/** A session's refusal at the door, as Colyseus tells it to the client (a `ServerError` with its code). */
async function atTheDoor<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof JoinRefused ? new ServerError(error.code, error.message) : error;
  }
}

/** A close reason as a WebSocket carries it: at most 123 bytes of UTF-8. */
function closeReason(reason: string): string {
  let cut = reason;
  while (Buffer.byteLength(cut) > MAX_CLOSE_REASON_BYTES) cut = cut.slice(0, -1);
  return cut;
}

/** A room class bound to one host's context (Colyseus makes rooms from a class). */
export function gameRoomFor(context: HostContext): new () => GameRoom {
  return class HostedGameRoom extends GameRoom {
    protected readonly context = context;
  };
}
