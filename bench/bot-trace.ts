import { botMove } from '../src/bot/index.ts';
import { createGame } from '../src/index.ts';
import { examplePositions, randomPositions, turnPositions } from './bot-games.ts';
import { baselinePlayer } from './bot-players.ts';

/**
 * One game of the strength measure against the 0.7.0 bot, told command by command: `node --import tsx
 * bench/bot-trace.ts POSITION BOT SEED` (a position's name, the bot's seat, the game's seed), to read
 * what the bot did in a game it lost.
 */
const [name, bot, seedText] = process.argv.slice(2);
const seed = Number(seedText);
const positions = [...(await examplePositions()), ...turnPositions(), ...randomPositions(60, 26)];
const position = positions.find((each) => each.name === name)!;
const setup = position.mirrored && bot === position.setup.players[1] ? position.mirrored : position.setup;
const game = createGame(setup, { seed, cards: position.cards });
const seedOf = (index: number) => (Math.imul(seed ^ 0x9e3779b9, index + 1) >>> 0) % 2 ** 31;
const opponent = baselinePlayer(seedOf(3));
const last = game.board().turn.number + 6;
for (let i = 0; i < 400 && game.board().turn.number < last; i++) {
  const player = game.awaiting()?.player ?? game.board().turn.player;
  const legal = game.seat(player).payload().legal;
  if (legal.length === 0) break;
  if (player === bot) {
    const move = botMove(game, bot, { budgetMs: 100, seed: seedOf(2) });
    if (legal.length > 1)
      process.stdout.write(`bot: ${JSON.stringify(move?.command)} ${move?.explanation}\n`);
  } else {
    const command = opponent(game, legal, player);
    game.send(command);
    process.stdout.write(`baseline: ${JSON.stringify(command)}\n`);
  }
}
const lost = Object.values(game.board().cards).filter((card) => card.at.in === 'discard');
process.stdout.write(`discarded: ${lost.map((card) => `${card.card} (${card.owner})`).join(', ')}\n`);
