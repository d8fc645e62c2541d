import { randomBytes } from 'node:crypto';
import type { IRoomCache, MatchMakerDriver } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { GameMatchmaker } from '../host/matchmaking.ts';
import { type LocalServer, startRedis } from '../scripts/local-servers.ts';

/**
 * A join's lookup among many listed rooms (issue 31, item 2): `rooms` synthetic listings in a Redis of the
 * bench's own (as Colyseus's driver writes them, each with the host's listing id), then, round by round,
 * one join's lookup through Colyseus's own `RedisDriver` (what `findOneRoomAvailable` asks a driver for a
 * room defined with `.filterBy(['gameId'])`: every listing read and parsed), and `perRound` through the
 * host's matchmaker (host/matchmaking.ts: one field read), each of those beside a Redis `PING` (the floor:
 * one round trip, nothing read). Every figure is also a ratio to a reference timed in the same rounds.
 * Bounded: at most `rounds` rounds and about `seconds` seconds; it stops the Redis it started.
 *
 * `node --import tsx bench/matchmaking.ts [--rooms 100000] [--rounds 20] [--per-round 100] [--seconds 120]`
 * (`npm run bench:matchmaking`).
 */

export interface MatchmakingResult {
  readonly rooms: number;
  readonly rounds: number;
  /** A join's lookup through the host's matchmaker, ms on the clock. */
  readonly ours: Quantiles;
  /** The same lookup through Colyseus's `RedisDriver`, ms. */
  readonly colyseus: Quantiles;
  /** A Redis `PING`, ms: a round trip, the least any lookup costs. */
  readonly ping: Quantiles;
  /** Colyseus's median over ours (how many times faster), and ours over the round trip's (p50, p99). */
  readonly speedup: number;
  readonly oursOverPing: number;
  readonly oursOverPingP99: number;
  /** The goal: ours at p99 within 10 ms. */
  readonly met: boolean;
}

export interface Quantiles {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly n: number;
}

/** A join's lookup, as Colyseus's matchmaker asks it (`findOneRoomAvailable`). */
const joinLookup = (gameId: string): Partial<IRoomCache> => ({
  locked: false,
  name: 'game',
  private: false,
  gameId,
});

const gameIdOf = (i: number) => `g${String(i).padStart(8, '0')}`;

function quantiles(values: readonly number[]): Quantiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN, n: sorted.length };
}

/** One lookup, timed (ms); throws if it finds no room, or the wrong one. */
async function timedLookup(driver: MatchMakerDriver, gameId: string): Promise<number> {
  const start = performance.now();
  const found = await driver.findOne(joinLookup(gameId));
  const ms = performance.now() - start;
  if (found?.roomId !== gameId) throw new Error(`the lookup for ${gameId} found ${found?.roomId}`);
  return ms;
}

/** Listings as a service of `processes` host processes holds them (Colyseus's fields, the host's id). */
async function fill(call: Call, rooms: number, processes = 30): Promise<void> {
  const createdAt = new Date().toISOString();
  for (let from = 0; from < rooms; from += 1_000) {
    const fields: string[] = [];
    for (let i = from; i < Math.min(rooms, from + 1_000); i++) {
      const gameId = gameIdOf(i);
      const processId = `p${i % processes}`;
      fields.push(
        gameId,
        JSON.stringify({
          clients: 2,
          locked: false,
          private: false,
          maxClients: 256,
          unlisted: false,
          createdAt,
          name: 'game',
          processId,
          gameId,
          publicAddress: `host-${i % processes}.example:2567`,
          roomId: gameId,
          listingId: `${processId}:${randomBytes(6).toString('hex')}`,
        }),
      );
    }
    await call('HSET', 'roomcaches', ...fields);
  }
}

type Call = (command: string, ...args: string[]) => Promise<unknown>;

export async function measureMatchmaking(options: {
  rooms: number;
  rounds: number;
  perRound: number;
  seconds: number;
}): Promise<MatchmakingResult> {
  let redis: LocalServer | undefined;
  let ours: GameMatchmaker | undefined;
  let colyseus: RedisDriver | undefined;
  try {
    redis = await startRedis({ shared: false });
    if (!redis) throw new Error('no redis-server (Debian: apt-get install redis-server)');
    ours = new GameMatchmaker(redis.url, { relistEveryMs: 60_000 });
    colyseus = new RedisDriver(redis.url);
    const client = ours._client as unknown as { call: Call };
    const call: Call = (command, ...args) => client.call(command, ...args);
    await fill(call, options.rooms);
    const listed = Number(await call('HLEN', 'roomcaches'));
    if (listed !== options.rooms) throw new Error(`${listed} listings, not ${options.rooms}`);
    // Seeded choice of games, so that runs read alike.
    let seed = 1;
    const anyGame = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return gameIdOf(seed % options.rooms);
    };
    const ping = async () => {
      const start = performance.now();
      await call('PING');
      return performance.now() - start;
    };
    // Warm: both paths compiled, the connections open.
    for (let i = 0; i < 2; i++) await timedLookup(colyseus, anyGame());
    for (let i = 0; i < 200; i++) {
      await timedLookup(ours, anyGame());
      await ping();
    }
    const times = { ours: [] as number[], colyseus: [] as number[], ping: [] as number[] };
    const end = performance.now() + options.seconds * 1000;
    let rounds = 0;
    while (rounds < options.rounds && performance.now() < end) {
      times.colyseus.push(await timedLookup(colyseus, anyGame()));
      for (let i = 0; i < options.perRound; i++) {
        times.ping.push(await ping());
        times.ours.push(await timedLookup(ours, anyGame()));
      }
      rounds++;
    }
    const result = {
      ours: quantiles(times.ours),
      colyseus: quantiles(times.colyseus),
      ping: quantiles(times.ping),
    };
    return {
      rooms: options.rooms,
      rounds,
      ...result,
      speedup: result.colyseus.p50 / result.ours.p50,
      oursOverPing: result.ours.p50 / result.ping.p50,
      oursOverPingP99: result.ours.p99 / result.ping.p99,
      met: result.ours.p99 <= 10,
    };
  } finally {
    await ours?.shutdown().catch(() => {});
    await colyseus?.shutdown().catch(() => {});
    await redis?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const result = await measureMatchmaking({
    rooms: arg('rooms', 100_000),
    rounds: arg('rounds', 20),
    perRound: arg('per-round', 100),
    seconds: arg('seconds', 120),
  });
  const ms = (q: Quantiles) =>
    `p50 ${q.p50.toFixed(3)} ms, p99 ${q.p99.toFixed(3)} ms, max ${q.max.toFixed(3)} ms (${q.n})`;
  process.stdout.write(
    [
      `A join's lookup among ${result.rooms.toLocaleString('en')} listed rooms, ${result.rounds} rounds:`,
      `  the host's matchmaker (one HGET): ${ms(result.ours)}`,
      `  Colyseus's RedisDriver (HGETALL, every listing parsed): ${ms(result.colyseus)}`,
      `  a Redis PING (the floor): ${ms(result.ping)}`,
      `  Colyseus's median ÷ ours: ${result.speedup.toFixed(0)}×; ours ÷ a PING's: ${result.oursOverPing.toFixed(2)}× at p50, ${result.oursOverPingP99.toFixed(2)}× at p99`,
      `  goal, ours at p99 ≤ 10 ms: ${result.met ? 'met' : 'MISSED'}`,
      '',
      JSON.stringify(result),
      '',
    ].join('\n'),
  );
  process.exit(result.met ? 0 : 1);
}
