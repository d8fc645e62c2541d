import type { Game } from '../game/game.ts';
import type { Board, CardId, PlayerId } from '../model/board.ts';
import type { Command, CommandOf } from '../model/commands.ts';
import { chosen, type Edge, ranked, type SearchResult } from './search.ts';

/**
 * The bot's choice in a line a player can read: what it does, in the cards' names, the rest of the
 * turn it plans, and why, in the figures its search gave ("activate Holo Fighter 10 with Fighter 5,
 * then activate Holo Fighter 9, then attack with ...: 92% to win, expected 1.3 kills and 0.4 losses").
 */

/** Card names, a repeated one counted ("Klingon Warrior ×2"), joined as a list is in words. */
function namesOf(board: Board, ids: readonly CardId[]): string {
  const counts = new Map<string, number>();
  for (const id of ids) {
    const name = board.cards[id]?.card ?? id;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const names = [...counts].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name));
  if (names.length <= 1) return names[0] ?? 'no one';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const nameOf = (board: Board, id: string) => board.cards[id]?.card ?? id;

/** A place in words: "aboard I.K.S. Buruk", "on Ligos VII". */
function placeInWords(board: Board, place: CommandOf<'move'>['to']): string {
  return 'aboard' in place
    ? `aboard ${nameOf(board, place.aboard)}`
    : `on ${board.locations[place.planet]?.name ?? place.planet}`;
}

/** The personnel of a player at a place (a group that attacks or is attacked). */
function groupAt(game: Game, board: Board, owner: PlayerId, place: CommandOf<'move'>['to']): CardId[] {
  const { library } = game.table();
  return Object.values(board.cards)
    .filter((card) => {
      if (card.owner !== owner || !library.has(card.card)) return false;
      if (library.get(card.card).type !== 'Personnel') return false;
      return 'aboard' in place
        ? card.at.in === 'aboard' && card.at.host === place.aboard
        : card.at.in === 'planet' && card.at.location === place.planet;
    })
    .map((card) => card.id);
}

/** The adversary of the player's personnel in the pairing now engaged (whom a decision strikes). */
function adversaryOf(game: Game, player: PlayerId): string {
  const battle = game.view(player).battle;
  if (!battle?.pairing) return 'the adversary';
  const adversary = battle.attacker === player ? battle.pairing.defender : battle.pairing.attacker;
  return nameOf(game.board(), adversary);
}

/** One command in words, with the cards' names (where they stand on `board`, by default the game's now). */
export function commandInWords(
  game: Game,
  player: PlayerId,
  command: Command,
  board: Board = game.board(),
): string {
  const opponent = board.players.find((p) => p !== player) ?? player;
  switch (command.type) {
    case 'attack':
      return `attack with ${namesOf(board, groupAt(game, board, player, command.attackers))} against ${namesOf(board, groupAt(game, board, opponent, command.defenders))} ${placeInWords(board, command.defenders)}`;
    case 'pass':
      return 'pass';
    case 'respond': {
      const beam = command.personnel
        ? ` (${namesOf(board, command.personnel)}${command.to ? ` ${placeInWords(board, command.to)}` : ''})`
        : '';
      return `respond with ${nameOf(board, command.card)}${command.option ? ` to ${command.option}` : ''}${beam}`;
    }
    case 'decide':
      return command.outcome === 'none'
        ? `spare ${adversaryOf(game, player)}`
        : `${command.outcome === 'stun' ? 'stun' : 'mortally wound'} ${adversaryOf(game, player)}`;
    case 'endTurn':
      return 'end the turn';
    case 'move':
      return `move ${namesOf(board, command.cards)} ${placeInWords(board, command.to)}`;
    case 'report':
      return `report ${nameOf(board, command.card)} ${placeInWords(board, command.to)}`;
    case 'activate':
      return `activate ${nameOf(board, command.hologram)} with ${nameOf(board, command.by)}`;
    case 'wearEmitter':
      return `put ${nameOf(board, command.emitter)} on ${nameOf(board, command.hologram)}`;
    case 'removeEmitter':
      return `take off ${nameOf(board, command.emitter)}`;
    case 'changeAffiliation':
      return `make ${nameOf(board, command.card)} ${command.to}`;
    case 'moveShip':
      return `fly ${nameOf(board, command.ship)} to ${board.locations[command.to]?.name ?? command.to}`;
    case 'play':
      return `play ${nameOf(board, command.card)} on ${nameOf(board, command.on)}`;
    default:
      return command.type;
  }
}

/** A mean to one decimal place ("1.3"), a whole one bare ("0", "2"). */
function decimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

const signed = (value: number) => (value > 0 ? `+${decimal(value)}` : decimal(value));

/** A candidate in words: a group's every card moved, or every hologram activated. */
export function candidateInWords(game: Game, player: PlayerId, edge: Edge): string {
  const { command, rest } = edge.candidate;
  if (!rest || rest.length === 0) return commandInWords(game, player, command, edge.board);
  const all = [command, ...rest];
  if (command.type === 'move')
    return commandInWords(
      game,
      player,
      { ...command, cards: all.flatMap((each) => (each.type === 'move' ? each.cards : [])) },
      edge.board,
    );
  const holograms = all.flatMap((each) => (each.type === 'activate' ? [each.hologram] : []));
  return `activate ${namesOf(edge.board, holograms)}`;
}

/**
 * The chance to claim for a share of battles won in the search. The search's own share is too low in
 * the middle: its playouts carry the tree's tries of worse commands after the chosen one, and an
 * opponent answering more keenly than most do; measured by the strength bench (`bench/bot.ts`: the
 * battles that followed 540 claims of 10 to 90%, against random, greedy and 0.7.0 players), a claim of
 * p came true about 1 - (1 - p)^1.6 of the time, and a claim of nothing about one time in twenty.
 */
export function calibrated(share: number): number {
  return 0.02 + 0.98 * (1 - (1 - share) ** 1.6);
}

/** An edge's figures in words: its battle's chance when most of its iterations led to one, and the kills. */
export function figuresInWords(edge: Edge, opponent: PlayerId): string {
  const { visits } = edge;
  const battles = edge.won + edge.lost + edge.tied;
  const kills = `expected ${decimal(edge.kills / visits)} kill${edge.kills === visits ? '' : 's'} and ${decimal(edge.losses / visits)} loss${edge.losses === visits ? '' : 'es'}`;
  // A battle in most iterations: its chance is the command's; otherwise, what the turns came to.
  if (battles * 2 > visits) return `${Math.round(100 * calibrated(edge.won / battles))}% to win, ${kills}`;
  return `${kills} by the end of ${opponent}'s turn`;
}

/** A later step of the plan gives the plan's figures when this many iterations took it. */
const PLAN_FIGURES = 20;

/** At most this many of the turn's later commands in the explanation. */
const PLAN_SHOWN = 4;

/** A battle's commands: the plan in words stops before them (they answer what the battle deals). */
const IN_BATTLE: ReadonlySet<string> = new Set(['pass', 'respond', 'decide']);

/**
 * The commands of the turn the bot plans after the first: the tree's choices below it while well
 * tried, up to the end of the turn or the battle.
 */
function restOfPlan(edge: Edge): Edge[] {
  const rest: Edge[] = [];
  if (IN_BATTLE.has(edge.candidate.command.type)) return rest;
  let node = edge.child;
  while (node && rest.length < PLAN_SHOWN) {
    const next = chosen(node);
    // A choice tried a few times only is a guess, not a plan.
    if (!next || next.visits < 4 || IN_BATTLE.has(next.candidate.command.type)) break;
    rest.push(next);
    if (next.candidate.command.type === 'attack' || next.candidate.command.type === 'endTurn') break;
    node = next.child;
  }
  return rest;
}

/** The explanation of the bot's choice: its turn in words, its figures, and the next best beside it. */
export function explanation(game: Game, player: PlayerId, result: SearchResult, opponent: PlayerId): string {
  const [best, next] = ranked(result.root);
  const first = candidateInWords(game, player, best!);
  const rest = restOfPlan(best!);
  const later = rest.map((edge) => candidateInWords(game, player, edge));
  const plan = [first, ...later].join(', then ');
  // The figures of the plan's last step: the first command's own are spread over every turn the tree
  // tried after it (its worse ones too), the last step's over the plan the bot means to play.
  const figures = [...rest].reverse().find((edge) => edge.visits >= PLAN_FIGURES) ?? best!;
  const line = `${plan}: ${figures.visits > 0 ? figuresInWords(figures, opponent) : 'no playout'}`;
  const other = next && next.visits > 0 ? candidateInWords(game, player, next) : undefined;
  // The next best beside it, unless it reads alike (another copy of the same card, moved alike).
  const rather =
    other !== undefined && other !== first
      ? `; ${other} would score ${signed(next!.score / next!.visits)} against ${signed(best!.score / best!.visits)}`
      : '';
  return `${line}${rather} (${result.iterations} playouts of ${result.root.edges.size} plans)`;
}
