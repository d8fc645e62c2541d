import fc from 'fast-check';
import { COMMAND_TYPES, type Command, createGame, type Game, type Setup } from '../src/index.ts';
import { legalNow, PLAY, play, setupArb, steps } from '../test/generators.ts';
import { type Budget, floorSample, now, type Spread, sink, spreadOf } from './harness.ts';
import { ATTACK, battleSetup, idleSetup } from './setups.ts';

/**
 * The latency of every command of whole games, as a client (a game server) sees it: one `game.send`
 * each, judged, carried out and answered, refused ones included. The games are recorded first (random
 * games of the property tests' generators, with their card effects, mistakes and garbage; 10-against-10
 * battles and idle games of 40 cards played by random legal commands), then replayed, every command
 * timed on its own and read against the floor of its game's replay (one floor sample before and after).
 */

interface Recording {
  readonly kind: string;
  readonly setup: Setup;
  readonly seed: number;
  readonly commands: readonly unknown[];
}

/** A game played by random legal commands (a seeded pick), `length` of them at most. */
function legalPlay(
  kind: string,
  setup: Setup,
  seed: number,
  first: Command | null,
  length: number,
): Recording {
  const game = createGame(setup, { seed });
  const commands: unknown[] = [];
  let pick = seed * 7919;
  if (first) {
    commands.push(first);
    game.send(first);
  }
  for (let i = 0; i < length; i++) {
    pick = (pick * 1103515245 + 12345) % 2 ** 31;
    const command = legalNow(game, pick >>> 4);
    if (!command) break;
    commands.push(command);
    game.send(command);
  }
  game.stop();
  return { kind, setup, seed, commands };
}

function record(budget: Budget): Recording[] {
  const recordings: Recording[] = [];
  const random = fc.sample(fc.tuple(setupArb, steps(PLAY, 60), fc.integer({ min: 0, max: 1000 })), {
    seed: 5,
    numRuns: budget.replayedGames,
  });
  for (const [setup, plan, seed] of random) {
    const { game, sent } = play(setup, seed, plan, () => undefined);
    game.stop();
    recordings.push({ kind: 'random game', setup, seed, commands: sent });
  }
  for (let i = 0; i < budget.replayedGames; i++) {
    recordings.push(legalPlay('battle 10v10', battleSetup(10), i + 1, ATTACK, 400));
    recordings.push(legalPlay('idle game', idleSetup(40), i + 1, null, 60));
  }
  return recordings;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(COMMAND_TYPES);

/** The type of a command as sent: one of the engine's, or none of them (garbage, an unknown type). */
function typeOf(command: unknown): string {
  const type = (command as { type?: unknown } | null)?.type;
  return typeof type === 'string' && KNOWN_TYPES.has(type) ? type : '(no command type)';
}

export interface CommandLatency {
  readonly commands: number;
  readonly games: number;
  /** Over every command of every replayed game. */
  readonly ms: Spread & { readonly p99: number };
  readonly floorEvents: Spread & { readonly p99: number };
  /** p99 by command type (in ms), with how many were sent. */
  readonly byType: readonly { readonly type: string; readonly count: number; readonly p99Ms: number }[];
}

const p99 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
};

function replay(recording: Recording, times: number[], ratios: number[], types: string[]): void {
  const game: Game = createGame(recording.setup, { seed: recording.seed });
  const before = floorSample();
  const measured: number[] = [];
  for (const command of recording.commands) {
    const start = now();
    const result = game.send(command);
    measured.push(now() - start);
    sink.value += result.ok ? 1 : 0;
    types.push(typeOf(command));
  }
  const floorNs = (before.wall + floorSample().wall) / 2;
  game.stop();
  for (const ns of measured) {
    times.push(ns / 1e6);
    ratios.push(ns / floorNs);
  }
}

export function measureCommands(budget: Budget): CommandLatency {
  const recordings = record(budget);
  // Once untimed, so that the first replays do not pay for compiling.
  for (const recording of recordings) replay(recording, [], [], []);
  const times: number[] = [];
  const ratios: number[] = [];
  const types: string[] = [];
  for (const recording of recordings) replay(recording, times, ratios, types);
  const byType = new Map<string, number[]>();
  types.forEach((type, i) => {
    const list = byType.get(type) ?? [];
    list.push(times[i]!);
    byType.set(type, list);
  });
  return {
    commands: times.length,
    games: recordings.length,
    ms: { ...spreadOf(times), p99: p99(times) },
    floorEvents: { ...spreadOf(ratios), p99: p99(ratios) },
    byType: [...byType.entries()]
      .map(([type, list]) => ({ type, count: list.length, p99Ms: p99(list) }))
      .sort((a, b) => b.count - a.count),
  };
}
