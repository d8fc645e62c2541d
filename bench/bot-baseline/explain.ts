import type { Game } from '../../src/game/game.ts';
import type { Board, CardId, PlayerId } from '../../src/model/board.ts';
import type { Command, CommandOf } from '../../src/model/commands.ts';
import type { Plan } from './plans.ts';
import type { PlanTally } from './search.ts';

/**
 * The bot's choice in a line a player can read: what it does, in the cards' names, and why, in the
 * figures its playouts gave ("attack with Worf and Kor against Data: 71% to win, expected 1.3 kills
 * and 0.4 losses").
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

/** What a plan does, in words (its first command; a regrouping, every card it moves). */
export function planInWords(game: Game, player: PlayerId, plan: Plan): string {
  const board = game.board();
  if (plan.regroup)
    return `move ${namesOf(board, plan.regroup.cards)} ${placeInWords(board, plan.regroup.to)}`;
  return commandInWords(game, player, plan.commands[0]!);
}

/** One command in words, with the cards' names. */
export function commandInWords(game: Game, player: PlayerId, command: Command): string {
  const board = game.board();
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

/** The figures of a plan's playouts, in words: its battle's chance when it led to one, and the kills. */
export function tallyInWords(tally: PlanTally, opponent: PlayerId): string {
  const { playouts } = tally;
  const battles = tally.won + tally.lost + tally.tied;
  const kills = `expected ${decimal(tally.kills / playouts)} kill${tally.kills === playouts ? '' : 's'} and ${decimal(tally.losses / playouts)} loss${tally.losses === playouts ? '' : 'es'}`;
  // A battle in most playouts: its chance is the plan's; otherwise, what the turns came to.
  if (battles * 2 > playouts) return `${Math.round((100 * tally.won) / battles)}% to win, ${kills}`;
  return `${kills} by the end of ${opponent}'s turn`;
}

/** The explanation of the bot's choice: the plan in words, its figures, and the next best beside it. */
export function explanation(
  game: Game,
  player: PlayerId,
  ranked: readonly PlanTally[],
  opponent: PlayerId,
): string {
  const [best, next] = ranked;
  const chosen = planInWords(game, player, best!.plan);
  const line = `${chosen}: ${tallyInWords(best!, opponent)}`;
  const playouts = ranked.reduce((sum, tally) => sum + tally.playouts, 0);
  const other = next && next.playouts > 0 ? planInWords(game, player, next.plan) : undefined;
  // The next best beside it, unless it reads alike (another copy of the same card, moved alike).
  const rather =
    other !== undefined && other !== chosen
      ? `; ${other} would score ${signed(next!.score / next!.playouts)} against ${signed(best!.score / best!.playouts)}`
      : '';
  return `${line}${rather} (${playouts} playouts of ${ranked.length} plans)`;
}
