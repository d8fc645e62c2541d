import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { checkSaveKey, type SaveKey } from '../src/index.ts';
import {
  type CreatedGame,
  createStoredGame,
  type GameRequest,
  type RotatedSeat,
  rotateSeatToken,
} from './create-game.ts';
import { HostError } from './errors.ts';
import { Readiness } from './health.ts';
import { answerHttp } from './http.ts';
import { hostKeyFor } from './keys.ts';
import { builtLabFolder } from './lab-files.ts';
import { LeaseKeeper } from './lease-keeper.ts';
import { ROOM_NAME } from './protocol.ts';
import { redisParts } from './redis.ts';
import { redisLink } from './redis-link.ts';
import { type ReplayRequest, replayOf } from './replay.ts';
import { type RetentionOptions, RetentionSweeper } from './retention.ts';
import { type GameRoom, gameRoomFor, type HostContext } from './room.ts';
import { hearRevocations } from './seat-revocation.ts';
import { openStore } from './store/open-store.ts';
import type { GameStore } from './store/store.ts';
import { tokenHash } from './tokens.ts';

export type { CreatedGame, GameRequest, RotatedSeat } from './create-game.ts';
export { HostError } from './errors.ts';

/** How a host is started (`startHost`); every option has a default. */
export interface HostOptions {
  /** The port to listen on (default 2567; 0: any free port). */
  readonly port?: number;
  /** The address to listen on (default: every interface). */
  readonly hostname?: string;
  /**
   * Where games are kept: a store, a `postgres://` connection string, or a folder for the embedded store
   * (default `./stccg-games`).
   */
  readonly store?: GameStore | string;
  /**
   * The key that signs checkpoints and seals steps (default: the store's own, made on first start: see
   * `hostKeyFor`). Checked as the host starts (`TypeError` for a weak or malformed key).
   */
  readonly key?: SaveKey;
  /**
   * A token `POST /games` requires (`Authorization: Bearer TOKEN`): without one, anyone who reaches the
   * host may create games (and choose their seed). `host.createGame` in the host's own process needs none.
   */
  readonly createToken?: string;
  /** How long the computer may think for a seat it plays, in milliseconds (default 100; see `stccg-rules/bot`). */
  readonly botBudgetMs?: number;
  /** Keys the host signed with before (a rotation): what they signed is still read. */
  readonly previousKeys?: readonly SaveKey[];
  /** How long a dropped seat keeps its place for a reconnection, in seconds (default 30). */
  readonly graceSeconds?: number;
  /** A checkpoint every this many steps (default 50). */
  readonly checkpointEvery?: number;
  /** Steps of rule events each room keeps in memory; older ones are read from the store (default 256). */
  readonly history?: number;
  /** Messages a client may send in a burst, and per second after it (default 40 and 20). */
  readonly budget?: { readonly burst: number; readonly perSecond: number };
  /** The address players' links start with (default `http://localhost:PORT`). */
  readonly publicUrl?: string;
  /** Where the host writes what happens, a line at a time (default: nowhere). */
  readonly log?: (line: string) => void;
  /**
   * A Redis (`redis://host:6379`) shared by several host processes: Colyseus's `RedisPresence` and
   * `RedisDriver`, so that any process finds a game's room and sends its clients to the process that
   * holds it. With it, every process needs the same PostgreSQL store and its own `publicAddress`.
   */
  readonly redis?: string;
  /**
   * Where clients reach this very process (`host:port`), for Colyseus to send them to the process that
   * holds their game (default with `redis`: `localhost:PORT`).
   */
  readonly publicAddress?: string;
  /**
   * How long this host's lease on a game lasts unrenewed, in milliseconds (default 2000): renewed four
   * times as often by the host's heartbeat, and as it claims a game (a commit checks the lease, and renews
   * nothing). After a host dies, another takes its games over once it lapses.
   */
  readonly leaseMs?: number;
  /**
   * Retention (`host/retention.ts`): a sweep, every so often, deletes the history no room needs (steps
   * before a game's second-to-last checkpoint) of ended games, exported first where asked, and of games
   * whose history is older than `keepMs`. Default: none (the store keeps every step).
   */
  readonly retain?: RetentionOptions;
  /** The built lab served at `/lab/`, the judge's console of replay links (default: the package's dist/lab, if built). */
  readonly lab?: string;
}

/** A host running. */
export interface Host {
  /** Where it listens, as a client connects (`http://localhost:PORT`). */
  readonly url: string;
  readonly port: number;
  readonly store: GameStore;
  /** Creates a game (as `POST /games` does). Throws `SetupError` for a bad setup. */
  createGame(request: GameRequest): Promise<CreatedGame>;
  /**
   * Gives a seat a new token (as `POST /games/:id/seats/:seat/token` does): the old one claims the seat
   * no more, in an open room too. Undefined for an unknown game, or a seat no token holds.
   */
  rotateSeatToken(gameId: string, seat: string): Promise<RotatedSeat | undefined>;
  /**
   * Marks a game ended (as `POST /games/:id/end` does): retention may then prune its history, and its
   * replays, if public, are open. False for an unknown game.
   */
  endGame(gameId: string): Promise<boolean>;
  /** Stops taking connections, closes every room (the games stay in the store) and the store. */
  close(): Promise<void>;
}

/** Colyseus keeps its matchmaker per process: one host at a time in a process. */
let running = false;

/**
 * Starts a host: Colyseus 0.16 on a WebSocket transport, one room per game, games kept in the store.
 * Games are created with `POST /games` (or `host.createGame`); players join from their links. Throws
 * `HostError` if a host already runs in this process, `StoreError` if the store cannot be opened.
 */
export async function startHost(options: HostOptions = {}): Promise<Host> {
  if (running)
    throw new HostError(
      'a host is already running in this process (Colyseus keeps one matchmaker a process)',
    );
  running = true;
  let store: GameStore | undefined;
  let http: HttpServer | undefined;
  let gameServer: Server | undefined;
  let leases: LeaseKeeper | undefined;
  try {
    store =
      typeof options.store === 'object'
        ? options.store
        : await openStore(options.store ?? './stccg-games', { leaseMs: options.leaseMs ?? 2_000 });
    const key = options.key ?? (await hostKeyFor(store));
    for (const given of [key, ...(options.previousKeys ?? [])]) checkSaveKey(given);
    const log = options.log ?? (() => {});
    const rooms = new Map<string, GameRoom>();
    // One owner a process: a restarted host is another owner, and takes its games back as they lapse.
    const lease = {
      owner: `host-${process.pid}-${randomBytes(6).toString('hex')}`,
      ttlMs: options.leaseMs ?? 2_000,
    };
    const context: HostContext = {
      store,
      key,
      keys: [key, ...(options.previousKeys ?? [])],
      graceSeconds: options.graceSeconds ?? 30,
      checkpointEvery: options.checkpointEvery ?? 50,
      history: options.history ?? 256,
      budget: options.budget ?? { burst: 40, perSecond: 20 },
      log,
      botBudgetMs: options.botBudgetMs ?? 100,
      lease,
      // This host's lease, renewed; a room whose game another host took over closes.
      leases: new LeaseKeeper(store, lease, rooms, log),
      rooms,
    };
    let publicUrl = options.publicUrl ?? '';
    const create = (request: GameRequest) => createStoredGame(context, request, publicUrl);
    // The create token is compared as a seat token is: by its hash, in constant time.
    const createTokenHash =
      options.createToken === undefined ? undefined : tokenHash(`Bearer ${options.createToken}`);
    const rotate = (gameId: string, seat: string) => rotateSeatToken(context, gameId, seat, publicUrl);
    const readiness = new Readiness(store);
    const replay = (request: ReplayRequest) => replayOf(store!, context.keys, request);
    const lab = options.lab ?? builtLabFolder();
    const end = async (gameId: string) => {
      if (!(await context.store.replayRule(gameId))) return false;
      await context.store.markEnded(gameId);
      return true;
    };
    const door = { create, rotate, end, health: () => readiness.check(), createTokenHash, replay, lab };
    http = createServer((req, res) => void answerHttp(req, res, door));
    const port = await freePortFor(http, options.port ?? 2567, options.hostname);
    // The matchmaker writes listings only while this host surely holds its games (a stalled one may not).
    const shared = options.redis ? await redisParts(options.redis, () => context.leases.fresh()) : undefined;
    // A host cut off from its Redis fences itself as one cut off from the store does.
    if (shared) context.leases.needs(redisLink(shared));
    gameServer = new Server({
      transport: new WebSocketTransport({ server: http, maxPayload: 1024 * 1024 }),
      greet: false,
      gracefullyShutdown: false,
      // Colyseus's own words (a frame that is no MessagePack, a client that failed to join) go where the
      // host's go, a line each: never to the console behind the host's back.
      logger: colyseusLogger(log),
      ...(shared ?? {}),
      ...(shared || options.publicAddress
        ? { publicAddress: options.publicAddress ?? `localhost:${port}` }
        : {}),
    });
    gameServer.define(ROOM_NAME, gameRoomFor(context)).filterBy(['gameId']);
    await gameServer.listen(port, options.hostname);
    // A seat's token rotated by another process: its room, where it is open here, hears of it.
    const stopHearing = await hearRevocations(rooms, log);
    leases = context.leases;
    // A Redis restarted has forgotten which process holds which room: as its connection comes back, each
    // host lists its rooms again (Colyseus's driver keeps its ioredis connection as `_client`).
    const redisClient = (
      shared?.driver as
        | { _client?: { status?: string; on(event: 'ready', listener: () => void): void } }
        | undefined
    )?._client;
    // Connected already as the host starts, or about to be: only a later connection is a comeback.
    let readies = redisClient?.status === 'ready' ? 1 : 0;
    redisClient?.on('ready', () => {
      if (++readies === 1) return; // the first connection: nothing forgotten yet
      log("Redis is back: listing this host's rooms again");
      for (const room of rooms.values()) void room.listing.save().catch(() => {});
    });
    leases.start();
    const sweeper = options.retain && new RetentionSweeper(store, options.retain, log);
    sweeper?.start();
    publicUrl ||= `http://localhost:${port}`;
    readiness.opened();
    const openStoreHere = store;
    const colyseus = gameServer;
    let closed = false;
    return {
      url: publicUrl,
      port,
      store,
      createGame: create,
      rotateSeatToken: rotate,
      endGame: end,
      async close() {
        if (closed) return;
        closed = true;
        readiness.closing();
        stopHearing();
        leases?.stop();
        try {
          await sweeper?.stop();
          await colyseus.gracefullyShutdown(false);
        } finally {
          await openStoreHere.close();
          running = false;
        }
      },
    };
  } catch (error) {
    leases?.stop();
    await gameServer?.gracefullyShutdown(false).catch(() => {});
    http?.close();
    if (store && typeof options.store !== 'object') await store.close().catch(() => {});
    running = false;
    throw error;
  }
}

/**
 * The port to listen on: the one asked for, or, for 0, a free one found first (Colyseus must know the
 * port before it listens, to tell other processes where this one is).
 */
function freePortFor(http: HttpServer, port: number, hostname: string | undefined): Promise<number> {
  if (port !== 0) return Promise.resolve(port);
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, hostname, () => {
      const free = (http.address() as AddressInfo).port;
      http.close(() => resolve(free));
    });
  });
}

/** Colyseus's logger, as the host's log: its errors and warnings on one line each; its chatter dropped. */
function colyseusLogger(log: (line: string) => void) {
  const line =
    (level: string) =>
    (...args: unknown[]) =>
      log(
        `colyseus ${level}: ${
          args
            .map((arg) => (arg instanceof Error ? arg.message : String(arg)))
            .join(' ')
            .split('\n')[0]
        }`,
      );
  return { debug() {}, trace() {}, info: line('info'), warn: line('warn'), error: line('error') };
}
