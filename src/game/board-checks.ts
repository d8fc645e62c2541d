import { ROGUE_BORG } from '../model/battle.ts';
import type { Board, CardId, Position } from '../model/board.ts';

/**
 * The board's own invariants, checked wherever a board comes from outside the rules (a setup, a save):
 * every card in exactly one place that exists, and no card worn by, held by, aboard, played on or
 * captured aboard itself through any chain. The rules follow these chains (where a card is, who is
 * present), so a cycle would send them round for ever.
 */

/** The card a position places a card on (its host, wearer, holder or target), if it names one. */
export function carrierOf(board: Board, at: Position): CardId | undefined {
  switch (at.in) {
    case 'aboard':
      return at.host;
    case 'worn':
    case 'held':
      return at.by;
    case 'captured':
      return at.host ?? undefined;
    case 'played-on':
      // A location is no card; a card id that is also a location id is refused elsewhere.
      return Object.hasOwn(board.cards, at.target) ? at.target : undefined;
    default:
      return undefined;
  }
}

/**
 * A chain of cards that carries itself (`a` aboard `b` worn by `a`, or a card on itself), from its
 * first card back round to it; undefined when there is none. Iterative: no board can exhaust the stack.
 */
export function placementCycle(board: Board): CardId[] | undefined {
  // 0: not seen; 1: on the chain being followed; 2: known to end.
  const state = new Map<CardId, 1 | 2>();
  for (const start of Object.keys(board.cards)) {
    if (state.has(start)) continue;
    const chain: CardId[] = [];
    let card: CardId | undefined = start;
    while (card !== undefined && Object.hasOwn(board.cards, card) && !state.has(card)) {
      state.set(card, 1);
      chain.push(card);
      card = carrierOf(board, board.cards[card]!.at);
    }
    if (card !== undefined && state.get(card) === 1) {
      const from = chain.indexOf(card);
      return [...chain.slice(from), card];
    }
    for (const seen of chain) state.set(seen, 2);
  }
  return undefined;
}

/** A cycle in words: `"a" is aboard, worn by or held by "b", ..., which is on "a"`. */
export function cycleInWords(cycle: readonly CardId[]): string {
  return `${cycle.map((card) => `"${card}"`).join(' is on ')}: a card may not carry itself`;
}

/**
 * Why a board is not one the rules can play on, if it is not: each card filed under its own id, every
 * card and location a position names in the game, discard orders distinct and below `nextDiscard`,
 * no placement cycle.
 */
export function boardProblem(board: Board): string | undefined {
  const players = new Set(board.players);
  if (board.players.length !== 2 || players.size !== 2) return 'the board needs two different players';
  // The Rogue Borg's side name is no player's (CARD-ROGUE-BORG-1), as setups refuse it.
  if (players.has(ROGUE_BORG)) return `"${ROGUE_BORG}" is the Rogue Borg's side, not a player`;
  if (!players.has(board.turn.player)) return `the turn is of "${board.turn.player}", who is no player`;
  for (const [id, location] of Object.entries(board.locations)) {
    if (location.id !== id) return `the location filed as "${id}" calls itself "${location.id}"`;
    if (Object.hasOwn(board.cards, id)) return `"${id}" is both a location and a card`;
  }
  const orders = new Set<number>();
  for (const [id, card] of Object.entries(board.cards)) {
    if (card.id !== id) return `the card filed as "${id}" calls itself "${card.id}"`;
    if (!players.has(card.owner)) return `"${id}" belongs to "${card.owner}", who is no player`;
    const at = card.at;
    const named = carrierOf(board, at);
    const names = (ref: string) => Object.hasOwn(board.cards, ref);
    const isLocation = (ref: string) => Object.hasOwn(board.locations, ref);
    switch (at.in) {
      case 'aboard':
      case 'worn':
      case 'held':
        if (!named || !names(named)) return `"${id}" is on "${named}", which is no card in this game`;
        break;
      case 'captured':
        if (!players.has(at.by) || at.by === card.owner) return `"${id}" is captured by no opponent`;
        if (at.host !== null ? !names(at.host) : !isLocation(at.location))
          return `"${id}" is held captive nowhere in this game`;
        break;
      case 'played-on':
        if (!names(at.target) && !isLocation(at.target))
          return `"${id}" is played on "${at.target}", which is not in this game`;
        break;
      case 'space':
      case 'planet':
        if (!isLocation(at.location)) return `"${id}" is at "${at.location}", which is no location`;
        break;
      case 'discard':
        if (orders.has(at.order) || at.order >= board.nextDiscard || at.order < 0)
          return `"${id}" has a place in a discard pile that is taken or out of range`;
        orders.add(at.order);
        break;
      default:
        break;
    }
  }
  const cycle = placementCycle(board);
  return cycle ? cycleInWords(cycle) : undefined;
}
