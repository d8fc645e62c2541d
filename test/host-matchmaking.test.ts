/**
 * The host's matchmaker (host/matchmaking.ts) on a real Redis (test/support/servers.ts), in a database of
 * its own: a join's lookup by game id reads one field, never every room; a listing is written and removed
 * by its own room alone, so that a process that stalled past its lease, and wakes up as another holds its
 * game, leaves the new owner's listing as it is (issue 31).
 */

import type { RoomCache } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { GameMatchmaker } from '../host/matchmaking.ts';
import { BOARDING, createBoarding, type HostedGame, sit } from './support/boarding.ts';
import type { SeatClient } from './support/host-client.ts';
import { freshDatabase, type HostProcess, hostProcess, retrying } from './support/host-processes.ts';

const REDIS = inject('redisUrl');
const POSTGRES = inject('postgresUrl');

/** What the tests ask of the drivers' ioredis connection. */
interface Connection {
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
  monitor(): Promise<Monitor>;
}
interface Monitor {
  on(
    event: 'monitor',
    listener: (time: string, args: string[], source: string, database: string) => void,
  ): void;
  disconnect(): void;
}

/** The tests' own Redis database: the host processes of other test files use database 0. */
const DATABASE = '9';
const url = () => {
  const parsed = new URL(REDIS);
  parsed.pathname = `/${DATABASE}`;
  return parsed.toString();
};

const connection = (driver: GameMatchmaker) => driver._client as unknown as Connection;

/** A join's lookup, as Colyseus's matchmaker asks it for a room defined with `.filterBy(['gameId'])`. */
const joinLookup = (gameId: string) => ({ locked: false, name: 'game', private: false, gameId });

/** A room's listing as Colyseus makes one (`handleCreateRoom`): its process, its game, then its id. */
async function open(driver: GameMatchmaker, processId: string, gameId: string): Promise<RoomCache> {
  const listing = driver.createInstance({
    name: 'game',
    processId,
    gameId,
    publicAddress: `${processId}:2567`,
  });
  listing.roomId = gameId;
  listing.maxClients = 256;
  await listing.save();
  return listing;
}

/** What Redis holds for a game's room. */
async function listed(driver: GameMatchmaker, gameId: string): Promise<Record<string, unknown> | null> {
  const stored = (await connection(driver).call('HGET', 'roomcaches', gameId)) as string | null;
  return stored === null ? null : (JSON.parse(stored) as Record<string, unknown>);
}

/** Synthetic listings of other games, of other processes, as a busy service holds. */
async function crowd(driver: GameMatchmaker, rooms: number): Promise<void> {
  for (let from = 0; from < rooms; from += 1_000) {
    const fields: string[] = [];
    for (let i = from; i < Math.min(rooms, from + 1_000); i++) {
      const gameId = `crowd-${i}`;
      fields.push(
        gameId,
        JSON.stringify({
          name: 'game',
          processId: `p${i % 7}`,
          gameId,
          roomId: gameId,
          clients: 2,
          locked: false,
        }),
      );
    }
    await connection(driver).call('HSET', 'roomcaches', ...fields);
  }
}

/** The commands Redis ran in the tests' database while `work` ran (by MONITOR). */
async function commandsDuring(driver: GameMatchmaker, work: () => Promise<unknown>): Promise<string[][]> {
  // Watched from a connection to database 0: ioredis's MONITOR on a connection that first selects a
  // database can take a command it sees for the reply to its SELECT.
  const watcher = new GameMatchmaker(REDIS);
  const monitor = await connection(watcher).monitor();
  const seen: string[][] = [];
  let done = false;
  const marker = `end-${Math.random()}`;
  monitor.on('monitor', (_time, args, _source, database) => {
    if (args[0]?.toLowerCase() === 'echo' && args[1] === marker) done = true;
    // A process's periodic look for a notice (host/matchmaking.ts, `tick`) is no lookup's.
    else if (database === DATABASE && !done && !args[1]?.startsWith('roomcaches:cleaned:'))
      seen.push(args.map((arg, i) => (i === 0 ? arg.toLowerCase() : arg)));
  });
  await work();
  await connection(driver).call('ECHO', marker);
  for (let waited = 0; !done && waited < 5_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  monitor.disconnect();
  await watcher.shutdown();
  return seen;
}

const until = async (check: () => Promise<boolean>, ms = 5_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20)))
    if (await check()) return;
  throw new Error('not in time');
};

describe.runIf(REDIS !== '')('matchmaking by game id', () => {
  const drivers: { shutdown(): Promise<void> | void }[] = [];
  const driver = (holdsLeases?: () => boolean) => {
    const made = new GameMatchmaker(url(), { relistEveryMs: 50, ...(holdsLeases ? { holdsLeases } : {}) });
    drivers.push(made);
    return made;
  };
  beforeEach(async () => {
    await connection(driver()).call('FLUSHDB');
  });
  // A driver a process: each test's are shut down with it (the notices of process ids reused are theirs).
  afterEach(async () => {
    for (const made of drivers.splice(0)) await made.shutdown();
  });

  it("a join's lookup reads its game's one field among 10,000 listings (Colyseus's reads them all)", async () => {
    const a = driver();
    await crowd(a, 10_000);
    await open(a, 'A', 'boarding');
    let found: RoomCache | undefined;
    const ours = await commandsDuring(a, async () => {
      found = await a.findOne(joinLookup('boarding'));
    });
    expect(ours).toEqual([['hget', 'roomcaches', 'boarding']]);
    expect(found).toMatchObject({ roomId: 'boarding', processId: 'A', publicAddress: 'A:2567' });
    // What a joining client is told of the room: Colyseus's fields, not the listing's own id.
    expect(Object.keys(JSON.parse(JSON.stringify(found)))).not.toContain('listingId');

    const colyseus = new RedisDriver(url());
    drivers.push(colyseus);
    let theirs: RoomCache | undefined;
    const read = await commandsDuring(a, async () => {
      theirs = await colyseus.findOne(joinLookup('boarding'));
    });
    expect(read).toEqual([['hgetall', 'roomcaches']]);
    expect(theirs?.processId).toBe('A');
  });

  it('a lookup finds only what a join may join: a reconnection by room id, never a locked room or another game', async () => {
    const a = driver();
    const listing = await open(a, 'A', 'boarding');
    expect((await a.findOne({ roomId: 'boarding' }))?.processId).toBe('A');
    expect(await a.findOne(joinLookup('elsewhere'))).toBeUndefined();
    expect(await a.findOne({ ...joinLookup('boarding'), name: 'lobby' })).toBeUndefined();
    await listing.updateOne({ $set: { locked: true } });
    expect(await a.findOne(joinLookup('boarding'))).toBeUndefined();
    expect(await a.findOne({ roomId: 'boarding' })).toMatchObject({ locked: true });
    expect(await a.has('boarding')).toBe(true);
    expect(await a.query({ roomId: 'boarding' })).toHaveLength(1);
    // A listing a lookup read writes nothing: only its room removes it.
    await (await a.findOne({ roomId: 'boarding' })).remove();
    expect(await listed(a, 'boarding')).not.toBeNull();
  });

  it('a stalled process wakes up after another took its game over: its stale room neither overwrites nor removes the new listing', async () => {
    const a = driver();
    const b = driver();
    const stale = await open(a, 'A', 'boarding');
    // A stops answering: B's join times out on it, and Colyseus removes A's listings; B opens the game.
    await b.cleanup('A');
    expect(await listed(b, 'boarding')).toBeNull();
    const owner = await open(b, 'B', 'boarding');
    // A wakes up: its stale room counts a client, saves, and closes (each compared, none written).
    await stale.updateOne({ $inc: { clients: 1 }, $set: { locked: false } });
    await stale.save();
    await stale.remove();
    expect(await listed(b, 'boarding')).toMatchObject({ processId: 'B', clients: 0 });
    // A shuts down: Colyseus removes its listings; B's is not one.
    await a.cleanup('A');
    expect((await a.findOne(joinLookup('boarding')))?.processId).toBe('B');
    // Only B's room removes B's listing.
    await owner.remove();
    expect(await listed(b, 'boarding')).toBeNull();
  });

  it("a new room's first listing replaces a stale one still listed; the stale room never wins it back", async () => {
    const a = driver();
    const b = driver();
    const stale = await open(a, 'A', 'boarding');
    await stale.updateOne({ $set: { locked: true } });
    await open(b, 'B', 'boarding');
    await stale.updateOne({ $set: { locked: false } });
    expect(await listed(b, 'boarding')).toMatchObject({ processId: 'B', locked: false });
    // Even where B's listing goes, A's stale room writes it no more.
    await b.cleanup('B');
    await stale.save();
    expect(await listed(b, 'boarding')).toBeNull();
  });

  it("a process's removal takes only its own listings, and one found slow (not dead) lists its rooms again", async () => {
    const a = driver();
    const b = driver();
    await open(a, 'A', 'one');
    await open(a, 'A', 'two');
    await open(b, 'B', 'three');
    await b.cleanup('A');
    expect(await listed(b, 'one')).toBeNull();
    expect(await listed(b, 'three')).toMatchObject({ processId: 'B' });
    // A was only slow: it finds B's notice and lists its rooms again.
    await until(async () => (await listed(a, 'one')) !== null && (await listed(a, 'two')) !== null);
    expect(await listed(a, 'two')).toMatchObject({ processId: 'A' });
  });

  it('a process unsure it still holds its games writes no listing until it is sure again', async () => {
    let sure = false;
    const a = driver(() => sure);
    const listing = await open(a, 'A', 'boarding');
    await listing.updateOne({ $inc: { clients: 1 } });
    expect(await listed(a, 'boarding')).toBeNull();
    sure = true;
    await until(async () => (await listed(a, 'boarding')) !== null);
    expect(await listed(a, 'boarding')).toMatchObject({ processId: 'A', clients: 1 });
    // A listing removed while it waited is never written.
    sure = false;
    const closed = await open(a, 'A', 'closed');
    await closed.remove();
    sure = true;
    await new Promise((r) => setTimeout(r, 200));
    expect(await listed(a, 'closed')).toBeNull();
  });
});

/** The port of the process a client's room is on (its connection's URL names it). */
function roomPort(seat: SeatClient): number {
  const url = (seat.room.connection.transport as unknown as { ws: { url: string } }).ws.url;
  return Number(new URL(url).port);
}

/** Join refusals a client retries after a moment (docs/scaling.md): the game is opening or moving. */
const RETRYABLE = new Set([4409, 4503, 4213]);

describe.runIf(REDIS !== '' && POSTGRES !== '')('two host processes: a stall and a starvation', () => {
  let store: string;
  let reader: GameMatchmaker;
  const hosts: HostProcess[] = [];
  const host = async () => {
    const started = await hostProcess(['--store', store, '--redis', REDIS]);
    hosts.push(started);
    return started;
  };
  beforeEach(async () => {
    store ??= await freshDatabase(POSTGRES);
    reader ??= new GameMatchmaker(REDIS);
  });
  afterAll(async () => {
    await reader?.shutdown();
  });
  afterEach(async () => {
    for (const started of hosts.splice(0)) {
      started.child.kill('SIGCONT');
      started.child.kill('SIGTERM');
      await started.exited();
    }
  }, 60_000);

  it("the owner stalls past its lease, the other takes the game over, the owner wakes: the new owner's listing stays, and every join after finds it", async () => {
    const a = await host();
    const b = await host();
    const game = await createBoarding(a.url);
    // Alice asks A first: the room opens where her join reached.
    const alice = await sit(a.url, game, 'alice');
    expect(roomPort(alice)).toBe(a.port);
    a.child.kill('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Bob asks B: A answers nothing, Colyseus forgets its rooms, B takes the game over.
    const bob = await retrying(() => sit(b.url, game, 'bob'), 30_000, 250);
    expect(roomPort(bob)).toBe(b.port);
    a.child.kill('SIGCONT');
    // A learns it lost the game and closes its room: its listing's removal is compared, and leaves B's.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const listing = await reader.findOne({ roomId: game.gameId });
    expect(listing?.publicAddress).toBe(`localhost:${b.port}`);
    // From then on, joins through either process find B's room at once, and play goes on there.
    const watcher = await sit(a.url, game, 'bob');
    const again = await sit(a.url, game, 'alice');
    expect([roomPort(watcher), roomPort(again)]).toEqual([b.port, b.port]);
    expect(await again.send(BOARDING.log[0])).toMatchObject({ ok: true });
    for (const seat of [alice, bob, watcher, again]) await seat.leave();
  }, 120_000);

  it('joins through both processes while one is starved of CPU: each succeeds or is refused with a retryable code, and a game has one room', async () => {
    const a = await host();
    const b = await host();
    const games: HostedGame[] = [];
    for (let i = 0; i < 6; i++) games.push(await createBoarding(a.url));
    // B runs a fifth of the time (stopped 80 ms of every 100) while both seats of each game join at once.
    let starving = true;
    const starve = (async () => {
      while (starving) {
        b.child.kill('SIGSTOP');
        await new Promise((resolve) => setTimeout(resolve, 80));
        b.child.kill('SIGCONT');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const refusals: number[] = [];
    const join = async (url: string, game: HostedGame, seat: string) => {
      for (;;) {
        try {
          return await sit(url, game, seat);
        } catch (error) {
          const code = (error as { code?: number }).code ?? 0;
          refusals.push(code);
          if (!RETRYABLE.has(code)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    };
    let seated: SeatClient[][];
    try {
      seated = await Promise.all(
        games.map((game) => Promise.all([join(a.url, game, 'alice'), join(b.url, game, 'bob')])),
      );
    } finally {
      starving = false;
      await starve;
      b.child.kill('SIGCONT');
    }
    expect(refusals.filter((code) => !RETRYABLE.has(code))).toEqual([]);
    for (const [alice, bob] of seated) {
      // One room a game: both seats in the same process, and a command of one is seen by the other.
      expect(roomPort(alice!)).toBe(roomPort(bob!));
      expect(await alice!.send(BOARDING.log[0])).toMatchObject({ ok: true });
      await bob!.until(() => bob!.step === 1, 'the step');
      for (const seat of [alice!, bob!]) await seat.leave();
    }
    process.stdout.write(
      `starved joins: ${refusals.length} refusals, retried (${[...new Set(refusals)].join(', ') || 'none'})\n`,
    );
  }, 180_000);
});
