import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { type Command, InvalidArgumentError } from 'commander';
import { commandInWords } from '../bot/explain.ts';
import { botMove, DEFAULT_BUDGET_MS } from '../bot/index.ts';
import { lossesOn, personnelOf } from '../bot/score.ts';
import { createGame, type Game } from '../game/game.ts';
import { restoreGame, SAVE_FORMAT, SaveError } from '../game/save.ts';
import { SetupError } from '../game/setup-board.ts';
import { cardListsBattle, cardListsScenario, isCardListsFile, oddsPoolCards } from '../odds/card-lists.ts';
import { OddsError, oddsScenario } from '../odds/odds.ts';
import { EXIT } from './exit.ts';
import { parseSeed } from './seed.ts';
import { tableInText } from './table-text.ts';

/**
 * `stccg play FILE --bot PLAYER [--seed S] [--bot-seed S] [--budget MS] [--turns N] [--commands LIST]`:
 * a game on the terminal against the computer (issue 26). FILE is a setup, a replay or an odds file (its setup),
 * two lists of pool cards, or a save (the game goes on from it). The bot plays its seat (`--bot`,
 * repeatable: two bots play each other); you play the other. Before each of your commands you see the
 * table as your seat does and your legal commands, numbered: type a number (`q` ends the game). The
 * bot's choices come with the line that explains them, and every command with the rule events your seat
 * hears. At the end, each side's losses (personnel killed or captured).
 */

export interface PlayOptions {
  /** Absent: the game's second player. */
  readonly bot?: readonly string[];
  readonly seed: number;
  readonly botSeed: number;
  readonly budget: number;
  readonly turns?: number;
  /** Your choices in order, instead of reading them (`--commands 2,1,1`): for scripts and tests. */
  readonly commands?: readonly number[];
}

export interface PlayIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** The lines you type, one choice each; the game ends where they do. */
  readonly lines: AsyncIterator<string>;
  /** Show a prompt before reading (on a terminal). */
  readonly prompt?: (text: string) => void;
}

/** Turns a game of bots alone plays, when `--turns` does not say. */
const BOTS_ALONE_TURNS = 4;

function positiveNumber(value: string): number {
  const number = Number(value);
  if (!(number > 0) || !Number.isFinite(number)) throw new InvalidArgumentError('a number above 0');
  return number;
}

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value)) || Number(value) < 1)
    throw new InvalidArgumentError('a whole number of 1 or more');
  return Number(value);
}

function choiceList(value: string): number[] {
  const numbers = value.split(',').map((part) => part.trim());
  if (numbers.some((part) => !/^\d+$/.test(part)))
    throw new InvalidArgumentError('numbers separated by commas (2,1,1)');
  return numbers.map(Number);
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function register(program: Command): void {
  program
    .command('play')
    .description(
      'play a game on the terminal against the computer: your commands numbered, its choices explained',
    )
    .argument(
      '<setup>',
      'a setup (JSON), a replay (its setup), an odds file, card lists { "place", "attackers", "defenders" }, or a save',
    )
    // No default shown: the empty list stands for "the second player", which the help says in words.
    .option(
      '--bot <player>',
      "the computer's seat (repeatable: two bots play each other; default: the game's second player)",
      collect,
    )
    .option('--seed <n>', "the game's seed (a new game; a save keeps its own)", parseSeed, 1)
    .option('--bot-seed <n>', "the computer's seed (the same seed, the same choices)", parseSeed, 1)
    .option('--budget <ms>', "the computer's time for each decision", positiveNumber, DEFAULT_BUDGET_MS)
    .option('--turns <n>', 'end the game after this many turns (bots alone: 4)', wholeNumber)
    .option('--commands <list>', 'your choices in order (2,1,1), instead of typing them', choiceList)
    .action(async (file: string, options: PlayOptions) => {
      const input = options.commands
        ? (options.commands.map(String) as string[])[Symbol.iterator]()
        : createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
      process.exitCode = await play(file, options, {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
        lines: toAsync(input),
        ...(process.stdin.isTTY && !options.commands
          ? { prompt: (text: string) => process.stdout.write(text) }
          : {}),
      });
    });
}

/** An iterator of lines, whichever way they come. */
function toAsync(lines: Iterator<string> | AsyncIterator<string>): AsyncIterator<string> {
  return { next: async () => lines.next() };
}

/** A replay file, `{ setup, seed?, log, cards? }` (`stccg replay`'s): play takes its setup, as `stccg host --game` does. */
function isReplayFile(content: unknown): content is { setup: unknown; cards?: unknown[] } {
  return (
    typeof content === 'object' &&
    content !== null &&
    Object.hasOwn(content, 'setup') &&
    Array.isArray((content as { log?: unknown }).log)
  );
}

/**
 * The game a file starts: a save goes on; a setup, a replay's setup, an odds file or card lists start
 * afresh (with `--seed`: a new game, not the replay's).
 */
async function gameOf(content: unknown, seed: number): Promise<Game> {
  if ((content as { format?: unknown } | null)?.format === SAVE_FORMAT) return restoreGame(content);
  if (isReplayFile(content))
    return createGame(content.setup, { seed, ...(content.cards ? { cards: content.cards } : {}) });
  if (isCardListsFile(content)) {
    const battle = await cardListsBattle(cardListsScenario(content).lists);
    return createGame(battle.setup, { seed, cards: battle.cards });
  }
  const scenario = oddsScenario(content);
  const cards = await oddsPoolCards(scenario.pool);
  return createGame(scenario.setup, { seed, ...(cards.length > 0 ? { cards } : {}) });
}

/** Plays the game; the exit code: 0 (over, or you quit), 1 (the engine refused a bot's command), 2 (bad input). */
export async function play(file: string, options: PlayOptions, io: PlayIo): Promise<number> {
  let game: Game;
  try {
    game = await gameOf(JSON.parse(readFileSync(file, 'utf8')), options.seed);
  } catch (error) {
    if (
      error instanceof SyntaxError ||
      error instanceof SetupError ||
      error instanceof SaveError ||
      error instanceof OddsError ||
      (error as NodeJS.ErrnoException).code !== undefined
    ) {
      io.err(`stccg play: ${file}: ${(error as Error).message}`);
      return EXIT.badInput;
    }
    throw error;
  }
  const players = game.board().players;
  const bots = options.bot && options.bot.length > 0 ? [...new Set(options.bot)] : [players[1]!];
  const stranger = bots.find((bot) => !players.includes(bot));
  if (stranger !== undefined) {
    io.err(`stccg play: --bot ${stranger} is not a player of this game (${players.join(', ')})`);
    return EXIT.badInput;
  }
  const human = players.find((player) => !bots.includes(player)) ?? null;
  const turns = options.turns ?? (human === null ? BOTS_ALONE_TURNS : undefined);
  const botOptions = { budgetMs: options.budget, seed: options.botSeed };
  const personnel = personnelOf(game);
  const lostBefore = lossesOn(game.board(), personnel);
  const firstTurn = game.board().turn.number;
  io.out(
    `${human ? `You are ${human}; ` : ''}${bots.join(' and ')} ${bots.length > 1 ? 'are' : 'is'} the computer (${options.budget} ms a decision, seed ${options.botSeed}).`,
  );
  const hear = (since: number) => {
    for (const step of game.seat(human ?? bots[0]!).eventsSince(since))
      for (const event of step.events) io.out(`    ${event.message}`);
  };
  let ending = 'the game stops here';
  let lastShown = '';
  for (;;) {
    if (turns !== undefined && game.board().turn.number - firstTurn >= turns) {
      ending = `${turns} turn${turns === 1 ? '' : 's'} played`;
      break;
    }
    const player = game.awaiting()?.player ?? game.board().turn.player;
    const before = game.step();
    if (bots.includes(player)) {
      const move = botMove(game, player, botOptions);
      if (!move) break;
      io.out(`${player} (computer): ${move.explanation}`);
      if (!move.result.ok) {
        io.err(`stccg play: the engine refused the computer's command: ${move.result.rejection.message}`);
        return EXIT.failed;
      }
      hear(before);
      continue;
    }
    if (player !== human) break;
    const legal = game.seat(human).payload().legal;
    if (legal.length === 0) break;
    // The table again where it changed since you last saw it; a battle's line each time.
    const table = tableInText(game.view(human), human);
    const cardsShown = table.filter((line) => !line.startsWith('  battle:')).join('\n');
    io.out('');
    for (const line of cardsShown === lastShown
      ? table.slice(-1).filter((l) => l.startsWith('  battle:'))
      : table)
      io.out(line);
    lastShown = cardsShown;
    let chosen: number | null = 1;
    if (legal.length === 1) io.out(`You ${commandInWords(game, human, legal[0]!)}: your only command.`);
    else {
      io.out('Your commands:');
      legal.forEach((command, i) => {
        io.out(`  ${i + 1}. ${commandInWords(game, human, command)}`);
      });
      chosen = await readChoice(io, legal.length);
    }
    if (chosen === null) {
      ending = 'you left the game';
      break;
    }
    const result = game.seat(human).send(legal[chosen - 1]!);
    if (!result.ok) io.out(`  refused: ${result.rejection.message}`);
    else hear(before);
  }
  const lost = lossesOn(game.board(), personnel);
  const losses = players.map(
    (player) => `${player} lost ${(lost.get(player) ?? 0) - (lostBefore.get(player) ?? 0)}`,
  );
  io.out(`\nThe end (${ending}): ${losses.join(', ')} (personnel killed or captured).`);
  game.stop();
  return EXIT.ok;
}

/** The number of the command you choose, asked until it is one of them; null when you end the game. */
async function readChoice(io: PlayIo, count: number): Promise<number | null> {
  for (;;) {
    io.prompt?.(`Your choice (1-${count}, q to end): `);
    const next = await io.lines.next();
    if (next.done) return null;
    const text = next.value.trim();
    if (text === 'q' || text === 'quit') return null;
    const number = Number(text);
    if (/^\d+$/.test(text) && number >= 1 && number <= count) return number;
    io.out(`  ${JSON.stringify(text)} is none of the commands: a number from 1 to ${count}, or q`);
  }
}
