import { candidatesOf, memoryOf } from '../src/bot/plans.ts';
import type { Searching } from '../src/bot/playout.ts';
import { lostBy, personnelOf } from '../src/bot/score.ts';
import { search } from '../src/bot/search.ts';
import { kernelOf } from '../src/game/kernel-bridge.ts';
import { createGame, type Game } from '../src/index.ts';
import { examplePositions, randomPositions, turnPositions } from './bot-games.ts';
import { randomPlayer } from './bot-players.ts';
import { battleSetup } from './setups.ts';

/**
 * Fits the bot's budget model (src/bot/budget.ts) on this machine: `node --import tsx
 * bench/bot-calibrate.ts`. Decisions are taken from random games of the strength measure's positions
 * and of 10 and 20 a side, each searched twice with a fixed work (the second run timed, hot), and the
 * milliseconds per unit of work are fitted against the cards in play: the model's two constants. Its
 * 95th percentile is printed beside the fit: the margin the model needs for a budget that 95 decisions
 * in 100 keep.
 */

const WORK = 3000;
const positions = [
  ...(await examplePositions()),
  ...turnPositions(),
  ...randomPositions(30, 99),
  { name: 'battle 10', setup: battleSetup(10), cards: [] },
  { name: 'battle 20', setup: battleSetup(20), cards: [] },
];
const decisions: Game[] = [];
positions.forEach((position, i) => {
  const game = createGame(position.setup, { seed: i + 1, cards: position.cards });
  const pick = randomPlayer(i);
  for (let step = 0; step < 30; step++) {
    const player = game.awaiting()?.player ?? game.board().turn.player;
    const legal = game.seat(player).payload().legal;
    if (legal.length === 0) break;
    if (legal.length > 1 && step % 3 === 0) decisions.push(game.fork());
    game.send(pick(game, legal, player));
  }
  game.stop();
});

const points: [cards: number, msPerWork: number][] = [];
/** Each timed search: its CPU milliseconds, and its commands, forks and listings (for the weights). */
const parts: [ms: number, commands: number, forks: number, listings: number, cards: number][] = [];
for (const [round, game] of [...decisions, ...decisions].entries()) {
  const player = game.awaiting()?.player ?? game.board().turn.player;
  const board = game.board();
  const opponent = board.players.find((p) => p !== player)!;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const root = kernelOf(game);
  const personnel = personnelOf(root.table());
  const searching: Searching = {
    me: player,
    opponent,
    personnel,
    lostBefore: { me: lostBy(board, personnel, player), opponent: lostBy(board, personnel, opponent) },
  };
  const memory = memoryOf(game.log(), player);
  const result = search(
    root,
    searching,
    candidatesOf(root.legalCommands(player), memory, board),
    memory,
    { work: WORK },
    round,
  );
  if (round >= decisions.length) {
    const used = process.cpuUsage(cpu);
    const cards = Object.keys(board.cards).length;
    points.push([cards, (performance.now() - started) / result.work]);
    const { commands, forks, listings } = result.spent;
    parts.push([(used.user + used.system) / 1000, commands, forks, listings, cards]);
  }
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const mx = mean(points.map(([x]) => x));
const my = mean(points.map(([, y]) => y));
const slope =
  points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0) /
  points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
const bySize = new Map<number, number[]>();
for (const [cards, ms] of points) bySize.set(cards, [...(bySize.get(cards) ?? []), ms]);
for (const [cards, list] of [...bySize].sort((a, b) => a[0] - b[0])) {
  list.sort((a, b) => a - b);
  process.stdout.write(
    `${String(cards).padStart(3)} cards: ${list.length} decisions, ms per unit of work median ${list[list.length >> 1]!.toFixed(4)}, max ${list.at(-1)!.toFixed(4)}\n`,
  );
}
const intercept = my - slope * mx;
const ratios = points.map(([x, y]) => y / (intercept + slope * x)).sort((a, b) => a - b);
process.stdout.write(
  `fit: ${intercept.toFixed(5)} ms + ${slope.toFixed(6)} ms per card, per unit of work (${points.length} decisions); measured ÷ fit: median ${ratios[ratios.length >> 1]!.toFixed(2)}, p95 ${ratios[Math.floor(ratios.length * 0.95)]!.toFixed(2)}, max ${ratios.at(-1)!.toFixed(2)}\n`,
);

// The weights of the work's parts, by least squares on CPU time (per card-scaled unit): what a listing
// and a fork cost in commands.
{
  const rows = parts.map(([ms, c, f, l, cards]) => {
    const scale = 1 + cards / 20;
    return [ms / scale, c, f, l];
  });
  const n = 3;
  const a = Array.from({ length: n }, () => new Array(n + 1).fill(0));
  for (const [y, ...x] of rows)
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i]![j] += x[i]! * x[j]!;
      a[i]![n] += x[i]! * y!;
    }
  for (let i = 0; i < n; i++) {
    for (let k = i + 1; k < n; k++) {
      const f = a[k]![i]! / a[i]![i]!;
      for (let j = i; j <= n; j++) a[k]![j] -= f * a[i]![j]!;
    }
  }
  const w = new Array(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = a[i]![n]!;
    for (let j = i + 1; j < n; j++) sum -= a[i]![j]! * w[j]!;
    w[i] = sum / a[i]![i]!;
  }
  process.stdout.write(
    `CPU ms (÷ 1 + cards/20): a command ${w[0]!.toFixed(5)}, a fork ${w[1]!.toFixed(5)}, a listing ${w[2]!.toFixed(5)} (a listing = ${(w[2]! / w[0]!).toFixed(1)} commands, a fork = ${(w[1]! / w[0]!).toFixed(1)})\n`,
  );
}
