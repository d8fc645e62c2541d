import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { botMove } from '../src/bot/index.ts';
import { lossesOn, personnelOf } from '../src/bot/score.ts';
import {
  createGame,
  DEMO_BATTLE_SETUP,
  type PlayerCommand,
  type PlayerId,
  type Setup,
} from '../src/index.ts';
import { cardListsBattle } from '../src/odds/card-lists.ts';
import { battleSpecArb, battleSetup as randomBattleSetup } from '../test/generators.ts';
import { greedyPlayer, type Player, randomPlayer } from './bot-players.ts';

/**
 * The games the bot's strength is measured on (issue 26): positions where a battle can happen (the
 * examples, and random battles of the property tests' generators), each played for a fixed number of
 * turns from its seed, the bot on one side and a random or a greedy player on the other. A game is the
 * bot's score: the opponent's personnel killed or captured, minus its own.
 */

/** A position to play from: its setup, and the client's own cards (an example of real cards has some). */
export interface Position {
  readonly name: string;
  readonly setup: Setup;
  readonly cards: readonly unknown[];
}

/** One game to play: a position, the bot's side, its opponent, and the seeds. */
export interface GameSpec {
  readonly position: Position;
  readonly bot: PlayerId;
  readonly opponent: 'random' | 'greedy';
  /** The game's seed (its shuffles and kills); the bot's and the opponent's seeds derive from it. */
  readonly seed: number;
  readonly turns: number;
  readonly budgetMs: number;
}

/** How a game went. */
export interface GameRecord {
  readonly position: string;
  readonly opponent: 'random' | 'greedy';
  readonly bot: PlayerId;
  readonly seed: number;
  /** The bot's score: the opponent's personnel lost minus its own. */
  readonly score: number;
  /** Choices of the bot the engine refused, or that were not among its seat's legal commands. */
  readonly illegal: number;
  /** Milliseconds of each decision the bot searched (more than one command to choose from), on the clock. */
  readonly decisionMs: readonly number[];
  /** The same decisions' CPU time, in ms (the process's: meaningful on a thread that plays alone). */
  readonly decisionCpuMs: readonly number[];
  /** Turns ended by the measure's cap on commands in a turn rather than by their player. */
  readonly forcedTurnEnds: number;
}

/** Commands a player may send in one turn before the measure ends it (a random player moves cards about). */
const MAX_COMMANDS_PER_TURN = 40;

const EXAMPLE_SETUPS = ['../examples/odds/boarding-party.json', '../examples/odds/disabled-attacker.json'];

/** The examples' positions: the boarding party, the disabled attacker, real cards, the demo's battle. */
export async function examplePositions(): Promise<Position[]> {
  const positions: Position[] = EXAMPLE_SETUPS.map((path) => {
    const file = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { setup: Setup };
    return { name: path.split('/').at(-1)!.replace('.json', ''), setup: file.setup, cards: [] };
  });
  const lists = JSON.parse(
    readFileSync(new URL('../examples/odds/real-cards.json', import.meta.url), 'utf8'),
  ) as Parameters<typeof cardListsBattle>[0];
  const real = await cardListsBattle(lists);
  positions.push({ name: 'real-cards', setup: real.setup, cards: real.cards });
  positions.push({ name: 'demo-battle', setup: DEMO_BATTLE_SETUP, cards: [] });
  return positions;
}

/** Random battles of the property tests' generators (Away Teams on a planet, response cards in hand). */
export function randomPositions(count: number, seed: number): Position[] {
  return fc
    .sample(battleSpecArb, { numRuns: count, seed })
    .map((spec, i) => ({ name: `random-${i}`, setup: randomBattleSetup(spec), cards: [] }));
}

/** A whole number from a seed and an index, for the players' own seeds. */
const seedOf = (seed: number, index: number) => (Math.imul(seed ^ 0x9e3779b9, index + 1) >>> 0) % 2 ** 31;

/** Plays one game to its end (`turns` turns, or a battle unanswered) and records it. */
export function playGame(spec: GameSpec): GameRecord {
  const game = createGame(spec.position.setup, { seed: spec.seed, cards: spec.position.cards });
  const personnel = personnelOf(game);
  const before = lossesOn(game.board(), personnel);
  const opponentId = game.board().players.find((player) => player !== spec.bot)!;
  const opponent: Player = spec.opponent === 'random' ? randomPlayer(seedOf(spec.seed, 1)) : greedyPlayer();
  const lastTurn = game.board().turn.number + spec.turns;
  let illegal = 0;
  let forcedTurnEnds = 0;
  const decisionMs: number[] = [];
  const decisionCpuMs: number[] = [];
  let commandsThisTurn = 0;
  let turn = game.board().turn.number;
  for (let guard = 0; guard < 10_000 && game.board().turn.number < lastTurn; guard++) {
    const board = game.board();
    if (board.turn.number !== turn) {
      turn = board.turn.number;
      commandsThisTurn = 0;
    }
    const player = game.awaiting()?.player ?? board.turn.player;
    if (!game.awaiting() && commandsThisTurn >= MAX_COMMANDS_PER_TURN) {
      game.send({ type: 'endTurn', player });
      forcedTurnEnds++;
      continue;
    }
    commandsThisTurn++;
    const legal = game.seat(player).payload().legal;
    if (legal.length === 0) break;
    if (player === spec.bot) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const move = botMove(game, player, { budgetMs: spec.budgetMs, seed: seedOf(spec.seed, 2) });
      if (legal.length > 1) {
        decisionMs.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        decisionCpuMs.push((used.user + used.system) / 1000);
      }
      if (!move?.result.ok || !isAmong(move.command, legal)) illegal++;
      if (!move?.result.ok) break;
    } else {
      const command = opponent(game, legal);
      if (!game.send(command).ok) throw new Error(`the ${spec.opponent} player's command was refused`);
    }
  }
  const after = lossesOn(game.board(), personnel);
  const lost = (player: PlayerId) => (after.get(player) ?? 0) - (before.get(player) ?? 0);
  game.stop();
  return {
    position: spec.position.name,
    opponent: spec.opponent,
    bot: spec.bot,
    seed: spec.seed,
    score: lost(opponentId) - lost(spec.bot),
    illegal,
    decisionMs,
    decisionCpuMs,
    forcedTurnEnds,
  };
}

/** Whether a command is one of the legal ones (the same fields, the same values). */
function isAmong(command: PlayerCommand, legal: readonly PlayerCommand[]): boolean {
  const text = JSON.stringify(command);
  return legal.some((candidate) => JSON.stringify(candidate) === text);
}

/** Every game of a measure: each position from several seeds, the bot on either side, against each opponent. */
export function gameSpecs(
  positions: readonly Position[],
  gamesPerOpponent: number,
  turns: number,
  budgetMs: number,
): GameSpec[] {
  const specs: GameSpec[] = [];
  for (const opponent of ['random', 'greedy'] as const) {
    for (let i = 0; i < gamesPerOpponent; i++) {
      const position = positions[Math.floor(i / 2) % positions.length]!;
      const players = position.setup.players;
      specs.push({
        position,
        // Each position twice in a row, the bot on either side, from the same seed.
        bot: players[i % 2]!,
        opponent,
        seed: 1 + Math.floor(i / 2),
        turns,
        budgetMs,
      });
    }
  }
  return specs;
}
