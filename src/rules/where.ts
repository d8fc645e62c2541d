import type { CardId, LocationId, PlayerId, Position } from '../model/board.ts';
import { cardList } from '../model/card-record.ts';
import { instance, isShipOrFacility } from './cards.ts';
import type { Table } from './table.ts';

/**
 * Where cards are, and who is present with whom. A worn emitter is where its wearer is; a card aboard
 * is where its ship or facility is.
 */

/** A place where cards can be present together: aboard one ship or facility, or on one planet. */
export type Spot = { readonly aboard: CardId } | { readonly planet: LocationId };

/** The spot a card in play occupies, if any (a worn emitter shares its wearer's; a captive, its host's). */
export function spotOf(table: Table, id: CardId): Spot | undefined {
  const at = instance(table, id).at;
  switch (at.in) {
    case 'aboard':
      return { aboard: at.host };
    case 'planet':
      return { planet: at.location };
    case 'worn':
      return spotOf(table, at.by);
    case 'captured':
      return at.host ? { aboard: at.host } : undefined;
    default:
      return undefined;
  }
}

export function sameSpot(a: Spot | undefined, b: Spot | undefined): boolean {
  if (!a || !b) return false;
  if ('aboard' in a) return 'aboard' in b && a.aboard === b.aboard;
  return 'planet' in b && a.planet === b.planet;
}

/** Two cards are present with each other when they share a spot. */
export function arePresent(table: Table, a: CardId, b: CardId): boolean {
  return sameSpot(spotOf(table, a), spotOf(table, b));
}

/** The location a card is at, if it is at one. */
export function locationOf(table: Table, id: CardId): LocationId | undefined {
  const at = instance(table, id).at;
  switch (at.in) {
    case 'space':
    case 'planet':
      return at.location;
    case 'captured':
      // Aboard a host, the captive is wherever the host is (it moves with it).
      return at.host !== null ? locationOf(table, at.host) : at.location;
    case 'aboard':
      return locationOf(table, at.host);
    case 'worn':
      return locationOf(table, at.by);
    case 'held':
      return undefined;
    case 'played-on':
      return at.target in table.board.locations ? at.target : locationOf(table, at.target);
    default:
      return undefined;
  }
}

/** A player's ships and facilities at a location (in play there), by id. */
export function hostsAt(table: Table, player: PlayerId, location: LocationId | undefined): CardId[] {
  return cardList(table.board.cards)
    .filter(
      (card) =>
        card.owner === player &&
        card.at.in === 'space' &&
        card.at.location === location &&
        isShipOrFacility(table, card.id),
    )
    .map((card) => card.id)
    .sort();
}

/** In play: on the table in any way, not in a hand or a discard pile. */
export function isInPlay(table: Table, id: CardId): boolean {
  const where = instance(table, id).at.in;
  return where !== 'hand' && where !== 'discard';
}

export function isCaptured(table: Table, id: CardId): boolean {
  return instance(table, id).at.in === 'captured';
}

/** Cards whose position points at this card (aboard it, worn by it, played on it, held by it). */
export function cardsOn(table: Table, id: CardId): CardId[] {
  const found: CardId[] = [];
  for (const card of cardList(table.board.cards)) {
    if (pointsAt(card.at, id)) found.push(card.id);
  }
  return found;
}

function pointsAt(at: Position, id: CardId): boolean {
  switch (at.in) {
    case 'aboard':
      return at.host === id;
    case 'worn':
      return at.by === id;
    case 'played-on':
      return at.target === id;
    case 'held':
      return at.by === id;
    case 'captured':
      return at.host === id;
    default:
      return false;
  }
}

/** The emitter a hologram wears, if any. */
export function emitterWornBy(table: Table, hologram: CardId): CardId | undefined {
  for (const card of cardList(table.board.cards)) {
    if (card.at.in === 'worn' && card.at.by === hologram) return card.id;
  }
  return undefined;
}

/** A player's discard pile, bottom first. */
export function discardPile(table: Table, player: PlayerId): CardId[] {
  return cardList(table.board.cards)
    .filter((card) => card.owner === player && card.at.in === 'discard')
    .sort((a, b) => (a.at as { order: number }).order - (b.at as { order: number }).order)
    .map((card) => card.id);
}

/** Cards that are in a spot (aboard that ship or facility, or on that planet), not worn ones or captives. */
export function cardsAt(table: Table, spot: Spot): CardId[] {
  return cardList(table.board.cards)
    .filter((card) =>
      'aboard' in spot
        ? card.at.in === 'aboard' && card.at.host === spot.aboard
        : card.at.in === 'planet' && card.at.location === spot.planet,
    )
    .map((card) => card.id);
}
