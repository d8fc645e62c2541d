import { plansFor } from '../src/bot/plans.ts';
import type { Searching } from '../src/bot/playout.ts';
import { lossesOn, personnelOf } from '../src/bot/score.ts';
import { search } from '../src/bot/search.ts';
import { createGame, type Game } from '../src/index.ts';
import { examplePositions, randomPositions } from './bot-games.ts';
import { randomPlayer } from './bot-players.ts';
import { battleSetup } from './setups.ts';

/**
 * Fits the bot's budget model (src/bot/budget.ts) on this machine: `node --import tsx
 * bench/bot-calibrate.ts`. Decisions are taken from random games of the strength measure's positions
 * and of 10 and 20 a side, each searched twice with a fixed work (the second run timed, hot), and the
 * milliseconds per unit of work are fitted against the cards in play: the model's two constants.
 */

const WORK = 600;
const positions = [
  ...(await examplePositions()),
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
    game.send(pick(game, legal));
  }
  game.stop();
});

const points: [cards: number, msPerWork: number][] = [];
for (const [round, game] of [...decisions, ...decisions].entries()) {
  const player = game.awaiting()?.player ?? game.board().turn.player;
  const personnel = personnelOf(game);
  const board = game.board();
  const searching: Searching = {
    me: player,
    opponent: board.players.find((p) => p !== player)!,
    personnel,
    lostBefore: lossesOn(board, personnel),
    step: game.step(),
    inBattle: game.battle() !== undefined,
  };
  const plans = plansFor(game, player, game.seat(player).payload().legal);
  const started = performance.now();
  search(game, searching, plans, { work: WORK, maxPlayouts: 64 }, round);
  if (round >= decisions.length)
    points.push([Object.keys(board.cards).length, (performance.now() - started) / WORK]);
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
process.stdout.write(
  `fit: ${(my - slope * mx).toFixed(4)} ms + ${slope.toFixed(5)} ms per card, per unit of work (${points.length} decisions)\n`,
);
