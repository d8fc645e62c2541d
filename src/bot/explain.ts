import type { Game } from '../game/game.ts';
import type { Board, CardId, PlayerId } from '../model/board.ts';
import type { Command, CommandOf } from '../model/commands.ts';
import { chosen, type Edge, ranked, type SearchResult } from './search.ts';

/**
 * The bot's choice in a line a player can read: what it does, in the cards' names, the rest of the
 * turn it plans, and why, in the figures its search gave ("activate Holo Fighter 10 with Fighter 5,
 * then activate Holo Fighter 9, then attack with ...: 92% to win, expected 1.3 kills and 0.4 losses").
 */

/**
 * How many cards bear this title that the viewer may see (GAME-VIEW-1): none in another player's hand,
 * which would tell of a copy held there.
 */
function copiesOf(board: Board, name: string, viewer: PlayerId): number {
  let copies = 0;
  for (const card of Object.values(board.cards))
    if (card.card === name && (card.at.in !== 'hand' || card.owner === viewer)) copies++;
  return copies;
}

/**
 * A card's name, with its id where another card of the board bears the same title, so that copies are
 * told apart ("move Starfleet Crewman [crewman-2] on Wolf 359", not the same line four times): the id
 * the table shows beside the name (`stccg play`, the lab) and the rule events name it by.
 */
function nameOf(board: Board, id: string, viewer: PlayerId): string {
  const card = board.cards[id];
  if (card === undefined) return id;
  // The card named counts itself, seen or not: it is the one the line is about.
  const hidden = card.at.in === 'hand' && card.owner !== viewer ? 1 : 0;
  return copiesOf(board, card.card, viewer) + hidden > 1 ? `${card.card} [${id}]` : card.card;
}

/**
 * Card names joined as a list is in words. Every copy of a title on the board in the list reads as one,
 * counted ("Klingon Warrior ×2"); some of them only, each by its id.
 */
function namesOf(board: Board, ids: readonly CardId[], viewer: PlayerId): string {
  const byName = new Map<string, CardId[]>();
  for (const id of ids) {
    const name = board.cards[id]?.card ?? id;
    byName.set(name, [...(byName.get(name) ?? []), id]);
  }
  const names = [...byName].flatMap(([name, group]) => {
    if (group.length === 1) return [nameOf(board, group[0]!, viewer)];
    if (group.length === copiesOf(board, name, viewer)) return [`${name} ×${group.length}`];
    return group.map((id) => nameOf(board, id, viewer));
  });
  if (names.length <= 1) return names[0] ?? 'no one';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A place in words: "aboard I.K.S. Buruk", "on Ligos VII". */
function placeInWords(board: Board, place: CommandOf<'move'>['to'], viewer: PlayerId): string {
  return 'aboard' in place
    ? `aboard ${nameOf(board, place.aboard, viewer)}`
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
function adversaryOf(game: Game, player: PlayerId, viewer: PlayerId): string {
  const battle = game.view(player).battle;
  if (!battle?.pairing) return 'the adversary';
  const adversary = battle.attacker === player ? battle.pairing.defender : battle.pairing.attacker;
  return nameOf(game.board(), adversary, viewer);
}

/**
 * One command in words, with the cards' names (where they stand on `board`, by default the game's now),
 * for `viewer` (by default the player): copies of a card it may see are told apart by their ids.
 */
export function commandInWords(
  game: Game,
  player: PlayerId,
  command: Command,
  board: Board = game.board(),
  viewer: PlayerId = player,
): string {
  const opponent = board.players.find((p) => p !== player) ?? player;
  switch (command.type) {
    case 'attack':
      return `attack with ${namesOf(board, groupAt(game, board, player, command.attackers), viewer)} against ${namesOf(board, groupAt(game, board, opponent, command.defenders), viewer)} ${placeInWords(board, command.defenders, viewer)}`;
    case 'pass':
      return 'pass';
    case 'respond': {
      const beam = command.personnel
        ? ` (${namesOf(board, command.personnel, viewer)}${command.to ? ` ${placeInWords(board, command.to, viewer)}` : ''})`
        : '';
      return `respond with ${nameOf(board, command.card, viewer)}${command.option ? ` to ${command.option}` : ''}${beam}`;
    }
    case 'decide':
      return command.outcome === 'none'
        ? `spare ${adversaryOf(game, player, viewer)}`
        : `${command.outcome === 'stun' ? 'stun' : 'mortally wound'} ${adversaryOf(game, player, viewer)}`;
    case 'endTurn':
      return 'end the turn';
    case 'move':
      return `move ${namesOf(board, command.cards, viewer)} ${placeInWords(board, command.to, viewer)}`;
    case 'report':
      return `report ${nameOf(board, command.card, viewer)} ${placeInWords(board, command.to, viewer)}`;
    case 'activate':
      return `activate ${nameOf(board, command.hologram, viewer)} with ${nameOf(board, command.by, viewer)}`;
    case 'wearEmitter':
      return `put ${nameOf(board, command.emitter, viewer)} on ${nameOf(board, command.hologram, viewer)}`;
    case 'removeEmitter':
      return `take off ${nameOf(board, command.emitter, viewer)}`;
    case 'changeAffiliation':
      return `make ${nameOf(board, command.card, viewer)} ${command.to}`;
    case 'moveShip':
      return `fly ${nameOf(board, command.ship, viewer)} to ${board.locations[command.to]?.name ?? command.to}`;
    case 'play':
      return `play ${nameOf(board, command.card, viewer)} on ${nameOf(board, command.on, viewer)}`;
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
export function candidateInWords(game: Game, player: PlayerId, edge: Edge, viewer = player): string {
  const { command, rest } = edge.candidate;
  if (!rest || rest.length === 0) return commandInWords(game, player, command, edge.board, viewer);
  const all = [command, ...rest];
  if (command.type === 'move')
    return commandInWords(
      game,
      player,
      { ...command, cards: all.flatMap((each) => (each.type === 'move' ? each.cards : [])) },
      edge.board,
      viewer,
    );
  const holograms = all.flatMap((each) => (each.type === 'activate' ? [each.hologram] : []));
  return `activate ${namesOf(edge.board, holograms, viewer)}`;
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
  // Told to the opponent (the player at the table, the lab's other side): in the words it may see.
  const first = candidateInWords(game, player, best!, opponent);
  const rest = restOfPlan(best!);
  const later = rest.map((edge) => candidateInWords(game, player, edge, opponent));
  const plan = [first, ...later].join(', then ');
  // The figures of the plan's last step: the first command's own are spread over every turn the tree
  // tried after it (its worse ones too), the last step's over the plan the bot means to play.
  const figures = [...rest].reverse().find((edge) => edge.visits >= PLAN_FIGURES) ?? best!;
  const line = `${plan}: ${figures.visits > 0 ? figuresInWords(figures, opponent) : 'no playout'}`;
  const other = next && next.visits > 0 ? candidateInWords(game, player, next, opponent) : undefined;
  // The next best beside it, unless it reads alike but for the ids (another copy of the same card,
  // moved alike).
  const alike = (words: string) => words.replace(/ \[[^\]]+\]/g, '');
  const rather =
    other !== undefined && alike(other) !== alike(first)
      ? `; ${other} would score ${signed(next!.score / next!.visits)} against ${signed(best!.score / best!.visits)}`
      : '';
  return `${line}${rather} (${result.iterations} playouts of ${result.root.edges.size} plans)`;
}
