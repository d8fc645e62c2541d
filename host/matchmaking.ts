import { createHash, randomBytes } from 'node:crypto';
import {
  type IRoomCache,
  type MatchMakerDriver,
  matchMaker,
  type RoomCache,
  type SortOptions,
} from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';

/**
 * Matchmaking by game id, on the Redis Colyseus's `RedisDriver` uses, and in its format (the `roomcaches`
 * hash: a room's id, its listing as JSON). Colyseus's driver reads and parses every listed room on each
 * join (`HGETALL`: some 2 s at 100,000 rooms); a room's id here is its game's (host/room.ts, `onCreate`), so
 * a join for a game reads that one field (`HGET`).
 *
 * A listing is written and removed only by the room that listed it: each listing has an id of its own
 * (`listingId`), and every write is one Lua script that compares it first. A room of a process that stalled
 * past its lease, whose game another process took over and listed, can neither remove nor overwrite that
 * listing as it wakes up and closes (issue 31: it used to delete it, and every later join failed).
 */

/** Colyseus's own hash of listings (`@colyseus/redis-driver`), kept so that its tools read ours. */
const LISTINGS = 'roomcaches';
/** The rooms a process listed, so that its listings are removed without reading every room. */
const processRooms = (processId: string) => `roomcaches:process:${processId}`;
/** Left by another process that removed this one's listings (it did not answer in time): list them again. */
const processCleaned = (processId: string) => `roomcaches:cleaned:${processId}`;
/** How long such a notice waits for a process that may be dead (then it surely is). */
const CLEANED_NOTICE_MS = 3_600_000;
/** Listings a process's removal compares in one script (one script holds Redis while it runs). */
const CLEANUP_BATCH = 500;

/**
 * Writes a listing: its room's own (the same `listingId`), or none, is replaced; another room's only by the
 * first write of a room that has just opened (which holds its game's lease: the other room is stale).
 * KEYS: the listings, the process's rooms; ARGV: room id, listing id, the listing's JSON, '1' to replace.
 * Returns 1 if written, 0 if another room holds the listing.
 */
const LIST = `
local listed = redis.call('HGET', KEYS[1], ARGV[1])
if listed and ARGV[4] ~= '1' then
  local ok, room = pcall(cjson.decode, listed)
  if not ok or type(room) ~= 'table' or room.listingId ~= ARGV[2] then return 0 end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('SADD', KEYS[2], ARGV[1])
return 1`;

/**
 * Removes a listing if it is still this room's (compare-and-delete). KEYS: the listings, the process's
 * rooms; ARGV: room id, listing id. Returns 1 if removed.
 */
const UNLIST = `
redis.call('SREM', KEYS[2], ARGV[1])
local listed = redis.call('HGET', KEYS[1], ARGV[1])
if not listed then return 0 end
local ok, room = pcall(cjson.decode, listed)
if ok and type(room) == 'table' and room.listingId == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
  return 1
end
return 0`;

/**
 * Removes the listings of some rooms a process listed, those still naming that process (another may
 * have listed the game since). KEYS: the listings, the process's rooms; ARGV: process id, room ids.
 */
const CLEAN = `
local removed = 0
for i = 2, #ARGV do
  local listed = redis.call('HGET', KEYS[1], ARGV[i])
  if listed then
    local ok, room = pcall(cjson.decode, listed)
    if ok and type(room) == 'table' and room.processId == ARGV[1] then
      redis.call('HDEL', KEYS[1], ARGV[i])
      removed = removed + 1
    end
  end
  redis.call('SREM', KEYS[2], ARGV[i])
end
return removed`;

/** What this module asks of an ioredis client (Colyseus's driver's own connection). */
interface RedisClient {
  readonly status: string;
  hget(key: string, field: string): Promise<string | null>;
  hexists(key: string, field: string): Promise<number>;
  del(...keys: string[]): Promise<number>;
  set(key: string, value: string, px: 'PX', ms: number): Promise<unknown>;
  sscan(key: string, cursor: string, count: 'COUNT', n: number): Promise<[string, string[]]>;
  evalsha(sha: string, keys: number, ...args: string[]): Promise<unknown>;
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
  on(event: 'ready', listener: () => void): unknown;
}

/** A Lua script run by its hash, sent whole only where Redis has not seen it yet (a restart forgets). */
function script(source: string) {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (client: RedisClient, keys: readonly string[], args: readonly string[]): Promise<number> => {
    try {
      return Number(await client.evalsha(sha, keys.length, ...keys, ...args));
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return Number(await client.eval(source, keys.length, ...keys, ...args));
    }
  };
}
const list = script(LIST);
const unlist = script(UNLIST);
const clean = script(CLEAN);

/** How a `GameMatchmaker` is told about its process. */
export interface MatchmakingOptions {
  /**
   * Whether this process surely still holds its games' leases (the lease keeper's `fresh`): while it may
   * not (it stalled, or lost the store), it writes no listing, and those it was asked to write wait for it
   * to be sure again. A process that stalled past its lease and lost its games learns so as it renews, and
   * closes their rooms: so a stale room never lists its game again over the new owner's. Default: always.
   */
  readonly holdsLeases?: () => boolean;
  /** How often the process looks for listings to write again (milliseconds; default 1,000). */
  readonly relistEveryMs?: number;
}

/**
 * Colyseus's matchmaker driver for games: Colyseus's `RedisDriver` (its connection, its format), with a
 * join's lookup by game id in one read, and listings written and removed by their own rooms alone.
 */
export class GameMatchmaker implements MatchMakerDriver {
  /** Colyseus's own driver: its connection, and its lookups by anything but a room or game id. */
  readonly colyseus: RedisDriver;
  private readonly holdsLeases: () => boolean;
  /** This process's id (Colyseus's), from the listings it creates. */
  private processId: string | undefined;
  /** The listings of this process's open rooms, once asked to be written (until removed or displaced). */
  private readonly live = new Set<GameListing>();
  /** Listings to write as soon as the process may (it was not sure of its leases, or Redis failed). */
  private readonly unwritten = new Set<GameListing>();
  /** Listings written once: their next write replaces only their own. */
  private readonly written = new WeakSet<GameListing>();
  /** Listings another room's has replaced: their room is stale, and writes nothing again. */
  private readonly displaced = new WeakSet<GameListing>();
  /** Listings whose removal failed (Redis was away): tried again, for a listing left would send joins here. */
  private readonly unremoved = new Set<GameListing>();
  private readonly timer: NodeJS.Timeout;
  private ticking = false;

  constructor(url: string, options: MatchmakingOptions = {}) {
    this.colyseus = new RedisDriver(url);
    this.holdsLeases = options.holdsLeases ?? (() => true);
    this.timer = setInterval(() => void this.tick(), options.relistEveryMs ?? 1_000);
    this.timer.unref();
  }

  /**
   * Colyseus's driver's connection, named as that driver names it: the host listens on it for Redis's
   * comebacks (host.ts) and asks whether Redis answers (host/redis-link.ts).
   */
  get _client(): RedisClient {
    return (this.colyseus as unknown as { _client: RedisClient })._client;
  }

  createInstance(initialValues: Partial<IRoomCache> = {}): RoomCache {
    this.processId ??= initialValues.processId;
    return new GameListing(
      initialValues,
      this,
      `${initialValues.processId ?? ''}:${randomBytes(6).toString('hex')}`,
    );
  }

  async has(roomId: string): Promise<boolean> {
    return (await this._client.hexists(LISTINGS, roomId)) === 1;
  }

  /** A join's lookup (`{ name, gameId, locked, private }`) or a reconnection's (`{ roomId }`): one read. */
  async findOne(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): Promise<RoomCache> {
    const roomId = roomIdOf(conditions);
    if (roomId === undefined) return this.colyseus.findOne(conditions, sortOptions);
    const stored = await this._client.hget(LISTINGS, roomId);
    const listing = stored === null ? undefined : this.readListing(stored);
    // Colyseus's type says a room is always found; its callers test for none.
    return (listing && matches(listing, conditions) ? listing : undefined) as RoomCache;
  }

  async query(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): Promise<IRoomCache[]> {
    if (roomIdOf(conditions) === undefined) return this.colyseus.query(conditions, sortOptions);
    const found = await this.findOne(conditions);
    return found ? [found] : [];
  }

  /**
   * Removes the listings of a process found unanswering (Colyseus asks as a join's call to it times out),
   * or of this one as it shuts down: those it listed, read from its own set, and each removed only if it
   * still names that process. A process alive after all (it was only slow) is told to list its rooms again.
   */
  async cleanup(processId: string): Promise<void> {
    const rooms = processRooms(processId);
    let cursor = '0';
    do {
      const [next, roomIds] = await this._client.sscan(rooms, cursor, 'COUNT', CLEANUP_BATCH);
      cursor = next;
      if (roomIds.length > 0) await clean(this._client, [LISTINGS, rooms], [processId, ...roomIds]);
    } while (cursor !== '0');
    if (processId !== this.processId)
      await this._client.set(processCleaned(processId), '1', 'PX', CLEANED_NOTICE_MS);
  }

  /** Empties the listings (Colyseus's test suites call it; the host never does). */
  clear(): void {
    this.colyseus.clear();
  }

  async shutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.colyseus.shutdown();
  }

  /** Writes a listing (its room's `save`), or keeps it to write once this process may. */
  async write(listing: GameListing): Promise<void> {
    if (this.displaced.has(listing) || listing.removed) return;
    this.live.add(listing);
    if (!this.holdsLeases()) {
      this.unwritten.add(listing);
      return;
    }
    this.unwritten.delete(listing);
    const first = !this.written.has(listing);
    let done: number;
    try {
      done = await list(
        this._client,
        [LISTINGS, processRooms(listing.processId)],
        [listing.roomId, listing.listingId, listing.stored(), first ? '1' : '0'],
      );
    } catch (error) {
      this.unwritten.add(listing);
      throw error;
    }
    if (done === 1) this.written.add(listing);
    else {
      // Another room listed the game since: this one is stale, and closes as its host learns so.
      this.displaced.add(listing);
      this.live.delete(listing);
    }
  }

  /** Removes a listing if it is still its room's (its room's `remove`). Never rejects: Colyseus never waits. */
  async remove(listing: GameListing): Promise<void> {
    this.live.delete(listing);
    this.unwritten.delete(listing);
    try {
      await unlist(
        this._client,
        [LISTINGS, processRooms(listing.processId)],
        [listing.roomId, listing.listingId],
      );
      this.unremoved.delete(listing);
    } catch {
      this.unremoved.add(listing);
    }
  }

  /**
   * Every `relistEveryMs`: whether another process removed this one's listings (it was slow to answer,
   * not dead), then the listings waiting to be written and the removals that failed.
   */
  private async tick(): Promise<void> {
    if (this.ticking || this._client.status !== 'ready') return;
    this.ticking = true;
    try {
      if (this.processId !== undefined && (await this._client.del(processCleaned(this.processId))) === 1)
        for (const listing of this.live) this.unwritten.add(listing);
      for (const listing of [...this.unremoved]) await this.remove(listing);
      if (this.holdsLeases()) for (const listing of [...this.unwritten]) await this.write(listing);
    } catch {
      // Redis is away: the next tick tries again.
    } finally {
      this.ticking = false;
    }
  }

  private readListing(stored: string): GameListing | undefined {
    try {
      const values = JSON.parse(stored) as Partial<IRoomCache>;
      // A listing read, not a room's own: it writes nothing (only its room may).
      return new GameListing(values, undefined, String(values.listingId ?? ''));
    } catch {
      return undefined;
    }
  }
}

/** The one room a lookup may name: its id, or its game's (a room's id is its game's). */
function roomIdOf(conditions: Partial<IRoomCache>): string | undefined {
  if (typeof conditions.roomId === 'string') return conditions.roomId;
  if (typeof conditions.gameId === 'string') return conditions.gameId;
  return undefined;
}

/** Whether a listing meets every condition of a lookup (as Colyseus's driver compares: strictly). */
function matches(listing: GameListing, conditions: Partial<IRoomCache>): boolean {
  if (!listing.roomId) return false;
  return Object.entries(conditions).every(([field, value]) => listing[field] === value);
}

/**
 * A room's listing, as Colyseus's `RoomData` is (Colyseus sets its fields and calls `save`, `updateOne`
 * and `remove`), written through its driver with its own `listingId`.
 */
export class GameListing implements RoomCache {
  [field: string]: unknown;
  roomId = '';
  clients = 0;
  maxClients = Number.POSITIVE_INFINITY;
  locked = false;
  private = false;
  unlisted = false;
  name = '';
  processId = '';
  publicAddress?: string;
  metadata: unknown;
  createdAt: Date;
  /** Which room instance listed its game: only it rewrites or removes the listing. */
  listingId: string;
  /** Its room's driver; none for a listing a lookup read. */
  readonly #driver: GameMatchmaker | undefined;
  #removed = false;

  constructor(values: Partial<IRoomCache>, driver: GameMatchmaker | undefined, listingId: string) {
    this.#driver = driver;
    this.createdAt = values.createdAt ? new Date(values.createdAt) : new Date();
    Object.assign(this, values);
    if (values.createdAt) this.createdAt = new Date(values.createdAt);
    this.listingId = listingId;
  }

  get removed(): boolean {
    return this.#removed;
  }

  /** What Redis keeps: every field (a join's filter fields too, `gameId`), and the listing's id. */
  stored(): string {
    return JSON.stringify({ ...this });
  }

  /** What a client is told of the room it joins (as Colyseus's `RoomData` tells it). */
  toJSON() {
    return {
      clients: this.clients,
      createdAt: this.createdAt,
      maxClients: this.maxClients,
      metadata: this.metadata,
      name: this.name,
      publicAddress: this.publicAddress,
      processId: this.processId,
      roomId: this.roomId,
    };
  }

  async save(): Promise<void> {
    if (this.#removed || !this.roomId) return;
    await this.#driver?.write(this);
  }

  updateOne(operations: { $set?: Record<string, unknown>; $inc?: Record<string, number> }): Promise<void> {
    Object.assign(this, operations.$set ?? {});
    for (const [field, by] of Object.entries(operations.$inc ?? {})) this[field] = Number(this[field]) + by;
    return this.save();
  }

  remove(): Promise<void> | undefined {
    if (this.#removed || !this.roomId) return;
    this.#removed = true;
    return this.#driver?.remove(this);
  }
}

/**
 * Colyseus's choice of the process that creates a room no process has listed: this one, the one the join
 * reached. Colyseus's own choice (the process with the fewest rooms, asked over Redis) creates the room
 * here anyway when that process is slow to answer (CPU starvation) while it, too, creates it: two rooms
 * raced for one game's lease, and the join that lost failed. Created here, a game has at most the rooms
 * that concurrent first joins make; one holds the lease, the others refuse their joins with 4409, which a
 * client retries (the room that won is listed by then).
 */
export function createHere(): Promise<string> {
  return Promise.resolve(matchMaker.processId);
}
