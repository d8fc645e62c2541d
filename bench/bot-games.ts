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
import { baselinePlayer, botPlayer, greedyPlayer, type Player, randomPlayer } from './bot-players.ts';
import { GROUP_TOGETHER, HOLOGRAMS_FIRST, headlockSetup } from './bot-positions.ts';

/**
 * The games the bot's strength is measured on (issues 26 and 30): positions where a battle can happen
 * (the examples with real cards among them, positions whose win takes a whole turn, and random battles
 * of the property tests' generators), each played for a fixed number of turns from its seed, the bot
 * on one side and an opponent on the other (a random or a greedy player, the 0.7.0 bot, or the bot at
 * another budget). A game is the bot's score: the opponent's personnel killed or captured, minus its
 * own. Each decision whose explanation claims a chance to win is kept with the battle it led to.
 */

/** A position to play from: its setup, and the client's own cards (an example of real cards has some). */
export interface Position {
  readonly name: string;
  readonly setup: Setup;
  readonly cards: readonly unknown[];
  /** The setup the bot plays as the second player, where the position is one side's to win. */
  readonly mirrored?: Setup;
}

/** Whom the bot plays: a random or a greedy player, the 0.7.0 bot, or itself at another budget. */
export type Opponent = 'random' | 'greedy' | 'baseline' | 'self';

/** One game to play: a position, the bot's side, its opponent, and the seeds. */
export interface GameSpec {
  readonly position: Position;
  readonly bot: PlayerId;
  readonly opponent: Opponent;
  /** The opponent's budget, when it is a bot (the baseline's, or the bot's own at another budget). */
  readonly opponentBudgetMs: number;
  /** The game's seed (its shuffles and kills); the bot's and the opponent's seeds derive from it. */
  readonly seed: number;
  readonly turns: number;
  readonly budgetMs: number;
}

/** A chance to win the bot claimed, and whether the battle it claimed it for was won. */
export interface Claim {
  /** The chance claimed, from 0 to 1 (its explanation's percentage). */
  readonly chance: number;
  readonly won: boolean;
}

/** How a game went. */
export interface GameRecord {
  readonly position: string;
  readonly opponent: Opponent;
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
  /** The chances the bot claimed, each with the battle that followed (claims with no battle after them are left out). */
  readonly claims: readonly Claim[];
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

/**
 * Positions whose win takes a whole turn: holograms activated first, a group moved together, a Headlock
 * held. Each is one side's to win, so the bot plays that side in both seats: as Bob, in the position
 * mirrored (every card's owner, and the turn, swapped).
 */
export function turnPositions(): Position[] {
  return [
    { name: 'holograms-first', setup: HOLOGRAMS_FIRST, cards: [], mirrored: mirrored(HOLOGRAMS_FIRST) },
    { name: 'group-together', setup: GROUP_TOGETHER, cards: [], mirrored: mirrored(GROUP_TOGETHER) },
    { name: 'headlock-held', setup: headlockSetup(true), cards: [], mirrored: mirrored(headlockSetup(true)) },
    {
      name: 'headlock-none',
      setup: headlockSetup(false),
      cards: [],
      mirrored: mirrored(headlockSetup(false)),
    },
  ];
}

/** A setup with its two players' seats swapped: every card's owner, and whose turn it is. */
function mirrored(setup: Setup): Setup {
  const [a, b] = setup.players as [string, string];
  const swap = (player: string) => (player === a ? b : player === b ? a : player);
  return {
    ...setup,
    turn: { player: swap(setup.turn?.player ?? a), number: setup.turn?.number ?? 1 },
    cards: setup.cards.map((card) => ({ ...card, owner: swap(card.owner) })),
  };
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
  const players = spec.position.setup.players;
  const setup =
    spec.position.mirrored && spec.bot === players[1] ? spec.position.mirrored : spec.position.setup;
  const game = createGame(setup, { seed: spec.seed, cards: spec.position.cards });
  const personnel = personnelOf(game);
  const before = lossesOn(game.board(), personnel);
  const opponentId = game.board().players.find((player) => player !== spec.bot)!;
  const opponent = opponentOf(spec);
  const lastTurn = game.board().turn.number + spec.turns;
  let illegal = 0;
  let forcedTurnEnds = 0;
  const decisionMs: number[] = [];
  const decisionCpuMs: number[] = [];
  let commandsThisTurn = 0;
  let turn = game.board().turn.number;
  const claims: Claim[] = [];
  // A claim waits for the next battle to finish, until the end of the opponent's next turn.
  let pending: { chance: number; before: unknown; until: number } | null = null;
  const lastBattle = () => game.actor.getSnapshot().context.lastBattle;
  const settle = () => {
    if (!pending) return;
    const record = lastBattle();
    if (record !== pending.before && record !== null) {
      claims.push({ chance: pending.chance, won: record.winner === spec.bot });
      pending = null;
    } else if (game.board().turn.number > pending.until) pending = null;
  };
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
    const lastBattleBefore = lastBattle();
    if (player === spec.bot) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const move = botMove(game, player, { budgetMs: spec.budgetMs, seed: seedOf(spec.seed, 2) });
      const claimed = move && /: (\d+)% to win/.exec(move.explanation);
      if (claimed && !pending) {
        const turnNow = game.board().turn.number;
        // The opponent's next turn: this one if it is the opponent's, else the one after.
        const until = game.board().turn.player === spec.bot ? turnNow + 1 : turnNow;
        pending = { chance: Number(claimed[1]) / 100, before: lastBattleBefore, until };
      }
      if (legal.length > 1) {
        decisionMs.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        decisionCpuMs.push((used.user + used.system) / 1000);
      }
      if (!move?.result.ok || !isAmong(move.command, legal)) illegal++;
      if (!move?.result.ok) break;
    } else {
      const command = opponent(game, legal, player);
      if (!game.send(command).ok) throw new Error(`the ${spec.opponent} player's command was refused`);
    }
    settle();
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
    claims,
  };
}

function opponentOf(spec: GameSpec): Player {
  switch (spec.opponent) {
    case 'random':
      return randomPlayer(seedOf(spec.seed, 1));
    case 'greedy':
      return greedyPlayer();
    case 'baseline':
      return baselinePlayer(seedOf(spec.seed, 3), spec.opponentBudgetMs);
    case 'self':
      return botPlayer(seedOf(spec.seed, 3), spec.opponentBudgetMs);
  }
}

/** Whether a command is one of the legal ones (the same fields, the same values). */
function isAmong(command: PlayerCommand, legal: readonly PlayerCommand[]): boolean {
  const text = JSON.stringify(command);
  return legal.some((candidate) => JSON.stringify(candidate) === text);
}

/** What an opponent's games are: how many, the bot's budget, the opponent's. */
export interface OpponentGames {
  readonly opponent: Opponent;
  readonly games: number;
  readonly budgetMs: number;
  readonly opponentBudgetMs: number;
}

/** Every game of a measure: each position from several seeds, the bot on either side, against each opponent. */
export function gameSpecs(
  positions: readonly Position[],
  opponents: readonly OpponentGames[],
  turns: number,
): GameSpec[] {
  const specs: GameSpec[] = [];
  for (const { opponent, games, budgetMs, opponentBudgetMs } of opponents) {
    for (let i = 0; i < games; i++) {
      const position = positions[Math.floor(i / 2) % positions.length]!;
      const players = position.setup.players;
      specs.push({
        position,
        // Each position twice in a row, the bot on either side, from the same seed.
        bot: players[i % 2]!,
        opponent,
        opponentBudgetMs,
        seed: 1 + Math.floor(i / 2),
        turns,
        budgetMs,
      });
    }
  }
  return specs;
}
