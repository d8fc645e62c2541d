import { readFileSync } from 'node:fs';
import { type Game, replayGame } from '../src/index.ts';
import { type Budget, type Elapsed, interleaved, type Series, sink, stopwatch } from './harness.ts';
import { ATTACK, battleSetup } from './setups.ts';

/**
 * What a fork of a game costs (`game.fork()`, issue 26): the copy a search plays on from, thousands a
 * second. Timed at the boarding party's size (examples/replays/boarding-party.json: 12 cards, two
 * holograms), at each step of its battle in turn (the battle actor and its window, the holograms), and,
 * for scale, mid-battle in the 10-against-10 battle. Each round forks `FORKS_PER_SAMPLE` times and
 * divides; the forks are stopped untimed.
 */

export interface ForkResult {
  /** One sample per round: a fork of the boarding party mid-battle, in ms and floor events. */
  readonly boardingParty: Series;
  /** The same for the 10-against-10 battle (29 cards, six holograms) just after its attack. */
  readonly battle10: Series;
  /** The cards of the boarding party's game. */
  readonly cards: number;
  /** The steps of the boarding party's battle the forks were taken at. */
  readonly steps: readonly number[];
}

const REPLAY = new URL('../examples/replays/boarding-party.json', import.meta.url);
/** Forks per timed sample: a fork takes some tens of microseconds, the clock's grain is far finer. */
const FORKS_PER_SAMPLE = 20;
/** Untimed forks before the rounds, so that the fork's own path runs hot (see warmUp in battle.ts). */
const WARM_UP_FORKS = 2000;

/** The boarding party's game at every step of its log from the attack on (the battle running). */
function boardingPartyPositions(): Game[] {
  const replay = JSON.parse(readFileSync(REPLAY, 'utf8')) as {
    setup: unknown;
    seed: number;
    log: unknown[];
  };
  const origin = { setup: replay.setup, seed: replay.seed, cards: [] };
  const positions: Game[] = [];
  for (let steps = 1; steps < replay.log.length; steps++) {
    const game = replayGame(origin, replay.log.slice(0, steps));
    if (game.battle()) positions.push(game);
    else game.stop();
  }
  if (positions.length === 0) throw new Error('the boarding party replay has no step mid-battle');
  return positions;
}

/** The time of `FORKS_PER_SAMPLE` forks of one position, per fork. */
function forkSample(position: Game): Elapsed {
  const forks: Game[] = [];
  const watch = stopwatch();
  for (let i = 0; i < FORKS_PER_SAMPLE; i++) forks.push(position.fork());
  const elapsed = watch(FORKS_PER_SAMPLE);
  for (const fork of forks) {
    sink.value += fork.step();
    fork.stop();
  }
  return elapsed;
}

export function measureFork(budget: Budget): ForkResult {
  const positions = boardingPartyPositions();
  const big = replayGame({ setup: battleSetup(10), seed: 7, cards: [] }, [ATTACK]);
  for (let i = 0; i < WARM_UP_FORKS / FORKS_PER_SAMPLE; i++) {
    forkSample(positions[i % positions.length]!);
    forkSample(big);
  }
  let next = 0;
  const boardingParty = interleaved(budget.rounds, () => forkSample(positions[next++ % positions.length]!));
  const battle10 = interleaved(budget.rounds, () => forkSample(big));
  const result = {
    boardingParty,
    battle10,
    cards: Object.keys(positions[0]!.board().cards).length,
    steps: positions.map((game) => game.step()),
  };
  for (const game of [...positions, big]) game.stop();
  return result;
}
