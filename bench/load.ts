import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Client, type Room } from 'colyseus.js';
import pg from 'pg';
import type { CreatedGame } from '../host/index.ts';
import { freePort, type LocalServer, startPostgres, startRedis } from '../scripts/local-servers.ts';
import { generator } from '../src/bot/rng.ts';
import { applyPayloadPatch, type Command, type SeatPayload } from '../src/index.ts';
import { floorSample, type Spread, spreadOf } from './harness.ts';
import { cpuMsOf, machineCpuMs, postgresCpuMs, postmasterPid, redisPid } from './process-cpu.ts';

/**
 * Load on two host processes (issue 25), on loopback, every process on this machine: a PostgreSQL of its
 * own (fsync on, as production runs it), a Redis, two `stccg host` processes (the built program) sharing
 * them, and this process as the load generator. It opens `games` games of the boarding party, seats both
 * players of each (asking either host: Colyseus sends them to the one that holds the game), then for
 * `seconds` every seat the game awaits sends one of its legal commands (chosen by a seeded generator) as
 * soon as its last was answered (or after its players thought a while, for a rate offered). The games
 * play `warmSeconds` first, unmeasured (the hosts' code compiled hot, PostgreSQL's caches and plans
 * filled), then `seconds` measured. It reports games open, accepted commands a second, each command's
 * round trip, errors, commands lost (each game's steps in the store against the answers its seats saw),
 * the hosts' memory per idle open game, and CPU per command of each process, told apart by its own pid
 * (`process-cpu.ts`): each host, PostgreSQL (its postmaster and every backend), Redis, the generator,
 * and the whole machine (the rest is other work on it). Bounded: it stops by itself, and stops
 * everything it started.
 */

export interface LoadResult {
  /** The commands a second offered (undefined: as fast as answers come). */
  readonly offered?: number;
  readonly games: number;
  readonly seats: number;
  readonly seconds: number;
  readonly accepted: number;
  readonly perSecond: number;
  /** Round trip of each command, ms: sent, to its answer (committed). */
  readonly roundTrip: Spread & { readonly p99: number };
  /** Answers other than acceptance, warm-up included: refused by the rules (a stale command counted apart), or by the host. */
  readonly errors: number;
  readonly stale: number;
  readonly refusedByHost: number;
  /** Steps the seats saw accepted that the store does not hold, and the other way round. */
  readonly lost: number;
  readonly unacknowledged: number;
  /** The hosts' resident memory for each idle open game (both processes, after the games opened). */
  readonly kbPerIdleGame: number;
  /** CPU of the two hosts per accepted command, ms and in floor events. */
  readonly hostCpuMsPerCommand: number;
  readonly hostCpuFloorEventsPerCommand: number;
  /** CPU per accepted command of the other processes on the machine: PostgreSQL's, and the load generator's own. */
  readonly postgresCpuMsPerCommand: number;
  readonly generatorCpuMsPerCommand: number;
  /** CPU per accepted command, ms, of each process by its own pid (see `ProcessCpu`). */
  readonly cpuMsPerCommand: ProcessCpu;
  /** The machine's cores kept busy while measured (every process on it: 2 is all of this machine). */
  readonly coresBusy: number;
  /** Seconds played before the measurement, unmeasured. */
  readonly warmSeconds: number;
  /** The one-minute load average as the measurement began and as it ended. */
  readonly loadAverage: readonly [number, number];
  readonly joinSeconds: number;
  readonly floorNs: number;
}

/** CPU per accepted command, ms, of each process on the machine. */
export interface ProcessCpu {
  /** Each host process's own. */
  readonly hosts: readonly number[];
  /** PostgreSQL's: its postmaster, its backends and workers (those that exited too). */
  readonly postgres: number;
  readonly redis: number;
  /** This process's: the clients of every seat. */
  readonly generator: number;
  /** The whole machine's busy CPU, every process on it. */
  readonly machine: number;
  /** The machine's less the processes above: other work on the machine (and the kernel's own, unattributed). */
  readonly other: number;
}

const BOARDING = JSON.parse(
  readFileSync(fileURLToPath(new URL('../examples/replays/boarding-party.json', import.meta.url)), 'utf8'),
) as { setup: unknown };
const BIN = fileURLToPath(new URL('../bin/stccg.mjs', import.meta.url));

/** A process's resident memory, KB (from /proc). */
function rssKbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

async function startHostProcess(port: number, store: string, redis: string): Promise<ChildProcess> {
  // STCCG_HOST_PROFILE=DIR: each host writes a CPU profile there as it closes (node --cpu-prof).
  const profile = process.env.STCCG_HOST_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.STCCG_HOST_PROFILE]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, BIN, 'host', '--port', String(port), '--store', store, '--redis', redis],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a host did not start: ${output}`)), 60_000);
    child.stdout!.on('data', () => {
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`a host exited (${code}): ${output}`)));
  });
  return child;
}

/** One seat of one game: keeps its payload, and plays when the game awaits it. */
class LoadSeat {
  payload: SeatPayload | undefined;
  accepted = 0;
  private pending: { started: number; measured: boolean } | undefined;
  constructor(
    readonly room: Room,
    private readonly game: LoadGame,
    private readonly tally: Tally,
  ) {
    room.onMessage('welcome', (message: { payload: SeatPayload }) => {
      this.payload = message.payload;
    });
    room.onMessage('update', (message: { from: number; patch: never }) => {
      if (this.payload?.step === message.from) this.payload = applyPayloadPatch(this.payload, message.patch);
      else room.send('sync', {});
      this.game.wake();
    });
    room.onMessage('sync', (message: { payload: SeatPayload }) => {
      this.payload = message.payload;
      this.game.wake();
    });
    room.onMessage('refused', () => this.tally.refusedByHost++);
    room.onMessage('answer', (answer: { ok: boolean; rejection?: { code: string }; refused?: unknown }) => {
      const sent = this.pending;
      this.pending = undefined;
      // Counted where the command was sent while measured (a warm-up's command answered later is not).
      if (sent?.measured) this.tally.roundTrips.push(performance.now() - sent.started);
      if (answer.ok) {
        this.game.step = Math.max(this.game.step, (answer as { step?: number }).step ?? 0);
        this.accepted++;
        if (sent?.measured) this.tally.accepted++;
      } else if (answer.rejection?.code === 'stale') this.tally.stale++;
      else if (answer.rejection) this.tally.errors++;
      else this.tally.refusedByHost++;
      this.game.wake();
    });
  }

  /** Sends one legal command, if it has any and nothing in flight. */
  play(random: () => number): boolean {
    // Only from the payload of the game's latest step: one behind, its commands would be stale.
    if (
      this.pending ||
      !this.payload ||
      this.payload.step < this.game.step ||
      this.payload.legal.length === 0
    )
      return false;
    const legal = this.payload.legal;
    const command = legal[Math.floor(random() * legal.length)] as Command;
    this.pending = { started: performance.now(), measured: this.tally.measuring };
    this.room.send('command', { id: this.payload.step, command });
    return true;
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }
}

/**
 * One game under load: whichever seat the game awaits plays, as soon as the last answer came, or after
 * its player thought a while.
 */
class LoadGame {
  seats: LoadSeat[] = [];
  running = false;
  /** The latest step an answer told of. */
  step = 0;
  /** Waiting out a think time before its next command. */
  private thinking = false;
  constructor(
    readonly id: string,
    private readonly random: () => number,
    /** Mean seconds a player thinks between commands (0: as soon as the answer comes). */
    private readonly thinkSeconds: number,
  ) {}
  wake(): void {
    if (!this.running || this.thinking || this.seats.some((seat) => seat.busy)) return;
    if (this.thinkSeconds > 0) {
      // Exponential think times: the games' commands arrive as a Poisson stream, at the rate asked for.
      this.thinking = true;
      setTimeout(
        () => {
          this.thinking = false;
          this.act();
        },
        -Math.log(1 - this.random()) * this.thinkSeconds * 1000,
      );
      return;
    }
    this.act();
  }
  private act(): void {
    if (!this.running || this.seats.some((seat) => seat.busy)) return;
    // Only the seat with legal commands may act (the game's turn or its awaited response).
    for (const seat of this.seats) if (seat.play(this.random)) return;
  }
}

/** Numbers in [0, 1) from the bot's seeded generator: the load's choices, the same for the same seed. */
function seeded(seed: number): () => number {
  const pick = generator(seed);
  return () => pick(4294967296) / 4294967296;
}

interface Tally {
  /** The measurement has begun (the warm-up is over). */
  measuring: boolean;
  accepted: number;
  errors: number;
  stale: number;
  refusedByHost: number;
  roundTrips: number[];
}

/**
 * `rate`: the commands a second the games offer together (each game's players think, on average,
 * `games / rate` seconds between commands); without it, every game plays as fast as its answers come,
 * which saturates the machine (its capacity, and latency by Little's law: games ÷ throughput).
 * `warmSeconds` (default 10): played first, unmeasured; 0 measures the hosts cold.
 */
export async function measureLoad(options: {
  games: number;
  seconds: number;
  seed?: number;
  rate?: number;
  warmSeconds?: number;
}): Promise<LoadResult> {
  const servers: LocalServer[] = [];
  const hosts: ChildProcess[] = [];
  const rooms: Room[] = [];
  const warmSeconds = options.warmSeconds ?? 10;
  try {
    const postgres = await startPostgres({ shared: false, durable: process.env.STCCG_LOAD_FSYNC !== 'off' });
    const redis = await startRedis({ shared: false });
    if (!postgres || !redis)
      throw new Error('the load needs PostgreSQL and Redis (Debian: postgresql, redis-server)');
    servers.push(postgres, redis);
    // Each server by its own process id, as it tells it.
    const postmaster = await postmasterPid(postgres.url);
    const redisProcess = await redisPid(redis.url);
    const ports = [await freePort(), await freePort()];
    for (const port of ports) hosts.push(await startHostProcess(port, postgres.url, redis.url));
    const hostPids = hosts.map((host) => host.pid!);
    const urls = ports.map((port) => `http://localhost:${port}`);
    const idleRss = hostPids.map(rssKbOf);
    const random = seeded(options.seed ?? 1);
    const tally: Tally = {
      measuring: false,
      accepted: 0,
      errors: 0,
      stale: 0,
      refusedByHost: 0,
      roundTrips: [],
    };
    // Open the games: created on either host, each seat asking either host for its room.
    const joinStarted = performance.now();
    const games: LoadGame[] = [];
    const clients = urls.map((url) => new Client(url.replace(/^http/, 'ws')));
    const open = async (i: number) => {
      const response = await fetch(`${urls[i % 2]}/games`, {
        method: 'POST',
        body: JSON.stringify({ setup: BOARDING.setup }),
      });
      const created = (await response.json()) as CreatedGame;
      const game = new LoadGame(created.gameId, random, options.rate ? options.games / options.rate : 0);
      for (const [s, seat] of ['alice', 'bob'].entries()) {
        const room = await clients[(i + s) % 2]!.joinOrCreate('game', {
          gameId: created.gameId,
          seat,
          token: created.seats[seat]!.token,
        });
        rooms.push(room);
        game.seats.push(new LoadSeat(room, game, tally));
      }
      games.push(game);
    };
    for (let i = 0; i < options.games; i += 20)
      await Promise.all(Array.from({ length: Math.min(20, options.games - i) }, (_, k) => open(i + k)));
    const joinSeconds = (performance.now() - joinStarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const kbPerIdleGame =
      (hostPids.map(rssKbOf).reduce((sum, kb) => sum + kb, 0) - idleRss.reduce((sum, kb) => sum + kb, 0)) /
      options.games;
    // The floor, on this machine now (the median of a few samples), before the load and after it.
    const floorBefore = spreadOf(Array.from({ length: 9 }, () => floorSample().cpu)).median;
    // The load: every game plays, first `warmSeconds` unmeasured, then `seconds` measured.
    for (const game of games) {
      game.running = true;
      game.wake();
    }
    await new Promise((resolve) => setTimeout(resolve, warmSeconds * 1000));
    const cpuOfEach = () => ({
      hosts: hostPids.map((pid) => cpuMsOf(pid)),
      postgres: postgresCpuMs(postmaster),
      redis: cpuMsOf(redisProcess),
      machine: machineCpuMs(),
    });
    const loadBefore = loadavg()[0] ?? 0;
    const before = cpuOfEach();
    const generatorBefore = process.cpuUsage();
    const started = performance.now();
    tally.measuring = true;
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    for (const game of games) game.running = false;
    // What is in flight is answered; then the store is read.
    const until = Date.now() + 10_000;
    while (games.some((game) => game.seats.some((seat) => seat.busy)) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (performance.now() - started) / 1000;
    const after = cpuOfEach();
    const generator = process.cpuUsage(generatorBefore);
    const loadAfter = loadavg()[0] ?? 0;
    const floorNs = (floorBefore + spreadOf(Array.from({ length: 9 }, () => floorSample().cpu)).median) / 2;
    // Lost: compare each game's stored steps with the acceptances its seats saw (warm-up included).
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    const stored = new Map(
      (
        await db.query<{ game_id: string; steps: number }>(
          'select game_id, count(*)::int as steps from stccg_steps group by game_id',
        )
      ).rows.map((row) => [row.game_id, row.steps]),
    );
    await db.end();
    let lost = 0;
    let unacknowledged = 0;
    for (const game of games) {
      const seen = game.seats.reduce((sum, seat) => sum + seat.accepted, 0);
      const held = stored.get(game.id) ?? 0;
      if (held < seen) lost += seen - held;
      if (held > seen) unacknowledged += held - seen;
    }
    const trips = spreadOf(tally.roundTrips);
    const sorted = [...tally.roundTrips].sort((a, b) => a - b);
    const commands = Math.max(1, tally.accepted);
    const perCommand = (ms: number) => ms / commands;
    const hostsMs = after.hosts.map((ms, i) => ms - before.hosts[i]!);
    const hostCpuMs = hostsMs.reduce((sum, ms) => sum + ms, 0);
    const generatorMs = (generator.user + generator.system) / 1000;
    const postgresMs = after.postgres - before.postgres;
    const redisMs = after.redis - before.redis;
    const machineMs = after.machine - before.machine;
    const cpuMsPerCommand: ProcessCpu = {
      hosts: hostsMs.map(perCommand),
      postgres: perCommand(postgresMs),
      redis: perCommand(redisMs),
      generator: perCommand(generatorMs),
      machine: perCommand(machineMs),
      other: perCommand(machineMs - hostCpuMs - postgresMs - redisMs - generatorMs),
    };

    return {
      ...(options.rate ? { offered: options.rate } : {}),
      games: options.games,
      seats: options.games * 2,
      seconds,
      accepted: tally.accepted,
      perSecond: tally.accepted / seconds,
      roundTrip: { ...trips, p99: sorted[Math.floor(0.99 * (sorted.length - 1))] ?? Number.NaN },
      errors: tally.errors,
      stale: tally.stale,
      refusedByHost: tally.refusedByHost,
      lost,
      unacknowledged,
      kbPerIdleGame,
      hostCpuMsPerCommand: perCommand(hostCpuMs),
      hostCpuFloorEventsPerCommand: (perCommand(hostCpuMs) * 1e6) / floorNs,
      postgresCpuMsPerCommand: cpuMsPerCommand.postgres,
      generatorCpuMsPerCommand: cpuMsPerCommand.generator,
      cpuMsPerCommand,
      coresBusy: machineMs / 1000 / seconds,
      warmSeconds,
      loadAverage: [loadBefore, loadAfter],
      joinSeconds,
      floorNs,
    };
  } finally {
    await Promise.all(rooms.map((room) => room.leave(true).catch(() => {})));
    for (const host of hosts) host.kill('SIGTERM');
    await Promise.all(
      hosts.map((host) =>
        host.exitCode !== null ? undefined : new Promise((resolve) => host.once('exit', resolve)),
      ),
    );
    for (const server of servers) await server.stop();
  }
}

// `node --import tsx bench/load.ts [--games N] [--seconds S] [--rate N] [--warm S] [--seed N]`: the load
// alone, printed as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const rate = arg('rate', 0);
  const result = await measureLoad({
    games: arg('games', 1000),
    seconds: arg('seconds', 30),
    seed: arg('seed', 1),
    warmSeconds: arg('warm', 10),
    ...(rate > 0 ? { rate } : {}),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}
