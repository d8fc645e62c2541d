import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type Room } from 'colyseus.js';
import {
  type GameStore,
  openEmbeddedStore,
  openPostgresStore,
  type StoredStep,
  startHost,
} from '../host/index.ts';
import { startPostgres } from '../scripts/local-servers.ts';
import {
  type Command,
  createGame,
  createSaveKey,
  type Game,
  payloadPatch,
  type SeatPayload,
  saveGame,
} from '../src/index.ts';
import {
  type Budget,
  type Elapsed,
  fittedExponent,
  type Round,
  roundAsync,
  type Series,
  type Spread,
  seriesOf,
  sink,
  spreadOf,
  stopwatch,
} from './harness.ts';

/**
 * The host's figures (issue 24): how many bytes an update takes (the whole payload against its JSON
 * Patch), a command's round trip through a host over loopback, what persisting one command costs in
 * each store as a game grows to 10,000 commands (and what a checkpoint costs beside a whole save), and
 * the embedded store's start-up time and memory. Times are read against the floor in the same rounds,
 * as every figure of `npm run bench` is (harness.ts).
 */

export interface PatchBytes {
  /** Updates measured: every step of the boarding party, for each seat and a spectator. */
  readonly updates: number;
  /** Each update's patch as a share of the whole payload it leads to (JSON bytes). */
  readonly ratio: Spread;
  readonly patchBytes: Spread;
  readonly wholeBytes: Spread;
}

export interface StoreGrowth {
  readonly store: string;
  /** Appending one step (a commit) to a game of that many steps. */
  readonly lengths: ReadonlyArray<{ readonly steps: number; readonly append: Series }>;
  /** Fitted exponent of the append's time against the game's length (0: it does not grow). */
  readonly exponent: number;
}

export interface CheckpointCost {
  readonly steps: number;
  /** A checkpoint (`saveGame(game, { log: false, key })`) as text: bytes and time. */
  readonly checkpointBytes: number;
  readonly checkpoint: Series;
  /** The whole save of the same game, for contrast: it grows with the log. */
  readonly wholeBytes: number;
  readonly whole: Series;
}

export interface EmbeddedStart {
  /** Opening a new store: PostgreSQL's initdb in WebAssembly, once per folder. */
  readonly firstStartMs: number;
  /** Opening it again (every later start of the host). */
  readonly startMs: number;
  /** The process's resident memory before and after opening it (an otherwise idle Node). */
  readonly rssBeforeMb: number;
  readonly rssAfterMb: number;
}

export interface HostResult {
  readonly patch: PatchBytes;
  /** A command sent by a seat, to its answer (committed), over loopback through an in-process host. */
  readonly roundTrip: Series;
  readonly commandsTimed: number;
  readonly stores: readonly StoreGrowth[];
  readonly checkpoints: readonly CheckpointCost[];
  readonly embedded: EmbeddedStart;
}

const BOARDING = JSON.parse(
  readFileSync(fileURLToPath(new URL('../examples/replays/boarding-party.json', import.meta.url)), 'utf8'),
) as { setup: unknown; seed: number; log: Command[] };

const KEY = createSaveKey('bench');

/** Every update of the boarding party, for both seats and a spectator: patch against whole payload. */
export function measurePatchBytes(): PatchBytes {
  const game = createGame(BOARDING.setup, { seed: BOARDING.seed });
  const seats = [game.seat('alice'), game.seat('bob'), game.spectator()];
  let last: SeatPayload[] = seats.map((seat) => seat.payload());
  const ratios: number[] = [];
  const patches: number[] = [];
  const wholes: number[] = [];
  for (const command of BOARDING.log) {
    if (!game.send(command).ok) throw new Error('the boarding party was refused');
    const next = seats.map((seat) => seat.payload());
    next.forEach((payload, i) => {
      const whole = JSON.stringify(payload).length;
      const patch = JSON.stringify(payloadPatch(last[i]!, payload)).length;
      ratios.push(patch / whole);
      patches.push(patch);
      wholes.push(whole);
    });
    last = next;
  }
  game.stop();
  return {
    updates: ratios.length,
    ratio: spreadOf(ratios),
    patchBytes: spreadOf(patches),
    wholeBytes: spreadOf(wholes),
  };
}

/** A seat's connection that answers `send` with the time to its answer. */
async function seatOn(url: string, gameId: string, seat: string, token: string) {
  const room: Room = await new Client(url.replace(/^http/, 'ws')).joinOrCreate('game', {
    gameId,
    seat,
    token,
  });
  const waiting = new Map<number, () => void>();
  room.onMessage('answer', (answer: { id: number; ok: boolean }) => {
    if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer)}`);
    waiting.get(answer.id)?.();
  });
  for (const type of ['welcome', 'update', 'sync', 'refused']) room.onMessage(type, () => {});
  let id = 0;
  return {
    room,
    send(command: Command): Promise<Elapsed> {
      const mine = ++id;
      const watch = stopwatch();
      return new Promise((resolve) => {
        waiting.set(mine, () => resolve(watch()));
        room.send('command', { id: mine, command });
      });
    },
  };
}

/** Every command of the boarding party, each a round: sent by its seat, timed to its (committed) answer. */
export async function measureRoundTrip(budget: Budget): Promise<{ series: Series; commands: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'stccg-bench-host-'));
  const host = await startHost({ port: 0, hostname: '127.0.0.1', store: join(dir, 'store') });
  const rounds: Round[] = [];
  try {
    const games = budget.quick ? 3 : 12;
    for (let g = 0; g < games + 1; g++) {
      const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
      const seats = {
        alice: await seatOn(host.url, created.gameId, 'alice', created.seats.alice!.token),
        bob: await seatOn(host.url, created.gameId, 'bob', created.seats.bob!.token),
      };
      for (const command of BOARDING.log) {
        const seat = seats[command.player as 'alice' | 'bob'];
        // The first game warms the host, the store and the client up: not timed.
        if (g === 0) await seat.send(command);
        else rounds.push(await roundAsync(() => seat.send(command)));
      }
      await seats.alice.room.leave();
      await seats.bob.room.leave();
    }
  } finally {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { series: seriesOf(rounds), commands: rounds.length };
}

/** A step as the host stores it: an end of turn and its rule event. */
function storedStep(step: number): StoredStep {
  const player = step % 2 ? 'alice' : 'bob';
  return {
    step,
    command: { type: 'endTurn', player, step: step - 1 } as Command,
    events: [
      {
        type: 'rule',
        kind: 'turn-ended',
        clause: 'GAME-TURN-1',
        ended: player,
        next: step % 2 ? 'bob' : 'alice',
        number: step + 1,
        message: `GAME-TURN-1: ${player} ends turn ${step}; it is now the other player's turn ${step + 1}`,
      },
    ] as unknown as StoredStep['events'],
  };
}

const LENGTHS = [10, 100, 1_000, 10_000];

/** Appending one step to games of 10 to 10,000 steps, in one store: the append-only log does not grow. */
async function storeGrowth(name: string, store: GameStore, budget: Budget): Promise<StoreGrowth> {
  const game = createGame(BOARDING.setup, { seed: BOARDING.seed, id: 'bench-growth' });
  const checkpoint = { step: 0, save: JSON.stringify(saveGame(game, { key: KEY, log: false })) };
  game.stop();
  const lengths: Array<{ steps: number; append: Series }> = [];
  const rounds = budget.quick ? 10 : 30;
  for (const steps of LENGTHS) {
    const id = `bench-${name}-${steps}-${Date.now()}`;
    await store.createGame({ id, seats: { alice: 'a'.repeat(64), bob: 'b'.repeat(64) }, checkpoint });
    for (let from = 1; from <= steps; from += 500) {
      const batch: StoredStep[] = [];
      for (let step = from; step < Math.min(steps + 1, from + 500); step++) batch.push(storedStep(step));
      await store.appendSteps(id, batch);
    }
    let next = steps;
    const timed: Round[] = [];
    for (let i = 0; i < rounds + 3; i++) {
      const round = await roundAsync(async () => {
        const watch = stopwatch();
        await store.appendSteps(id, [storedStep(++next)]);
        return watch();
      });
      if (i >= 3) timed.push(round);
    }
    lengths.push({ steps, append: seriesOf(timed) });
  }
  return {
    store: name,
    lengths,
    exponent: fittedExponent(lengths.map(({ steps, append }) => [steps, append.ms.median] as const)),
  };
}

/** A game of `steps` commands: the boarding party, then ends of turn. */
function gameOf(steps: number): Game {
  const game = createGame(BOARDING.setup, { seed: BOARDING.seed });
  for (const command of BOARDING.log.slice(0, steps)) game.send(command);
  let player = 'bob';
  while (game.step() < steps) {
    if (!game.send({ type: 'endTurn', player }).ok) throw new Error('an end of turn was refused');
    player = player === 'bob' ? 'alice' : 'bob';
  }
  return game;
}

/** A checkpoint against a whole save, as the game grows: the checkpoint's cost does not grow with the log. */
function checkpointCosts(budget: Budget): CheckpointCost[] {
  const rounds = budget.quick ? 5 : 15;
  return LENGTHS.map((steps) => {
    const game = gameOf(steps);
    const timed = (save: () => string) =>
      seriesOf(
        Array.from({ length: rounds }, () => {
          const watch = stopwatch();
          sink.value += save().length;
          const elapsed = watch();
          return { ns: elapsed.wall, floorNs: 1, floorEvents: Number.NaN, wallFloorEvents: Number.NaN };
        }),
      );
    const checkpoint = () => JSON.stringify(saveGame(game, { key: KEY, log: false }));
    const whole = () => JSON.stringify(saveGame(game, { key: KEY }));
    const result = {
      steps,
      checkpointBytes: checkpoint().length,
      checkpoint: timed(checkpoint),
      wholeBytes: whole().length,
      whole: timed(whole),
    };
    game.stop();
    return result;
  });
}

/** The embedded store's start-up and memory, in a Node process of its own (so its memory is its own). */
function embeddedStart(): EmbeddedStart {
  const dir = mkdtempSync(join(tmpdir(), 'stccg-bench-pglite-'));
  const probe = fileURLToPath(new URL('./embedded-start.ts', import.meta.url));
  const run = () =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', probe, join(dir, 'store')], { encoding: 'utf8' }),
    ) as { ms: number; rssBeforeMb: number; rssAfterMb: number };
  try {
    const first = run();
    const again = run();
    return {
      firstStartMs: first.ms,
      startMs: again.ms,
      rssBeforeMb: again.rssBeforeMb,
      rssAfterMb: again.rssAfterMb,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureHost(budget: Budget, progress: (what: string) => void): Promise<HostResult> {
  progress('host: bytes per update');
  const patch = measurePatchBytes();
  progress('host: round trips over loopback');
  const { series: roundTrip, commands } = await measureRoundTrip(budget);
  progress('host: persisting one command, games of 10 to 10,000 steps');
  const stores: StoreGrowth[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'stccg-bench-store-'));
  const embedded = await openEmbeddedStore(join(dir, 'store'));
  try {
    stores.push(await storeGrowth('embedded (PGlite)', embedded, budget));
  } finally {
    await embedded.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const postgres = await startPostgres();
  if (postgres) {
    const store = await openPostgresStore(postgres.url);
    try {
      stores.push(await storeGrowth('PostgreSQL', store, budget));
    } finally {
      await store.close();
      await postgres.stop();
    }
  }
  progress('host: checkpoints against whole saves');
  const checkpoints = checkpointCosts(budget);
  progress('host: the embedded store starting');
  return { patch, roundTrip, commandsTimed: commands, stores, checkpoints, embedded: embeddedStart() };
}
