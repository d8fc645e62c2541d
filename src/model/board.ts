/**
 * The board: plain, serialisable data, the one source of truth for where every card is and what
 * statuses it has. (A hologram's activation state is not here: its hologram actor owns it.)
 *
 * Every card has exactly one `at`, so a card cannot be in two places; the discard piles are the
 * cards whose `at` is `discard`, in the order they arrived, so nothing is stored twice.
 */

export type PlayerId = string;
export type CardId = string;
export type LocationId = string;

/** Where a card is. */
export type Position =
  /** In its owner's hand (hidden from the opponent). */
  | { readonly in: 'hand' }
  /** A ship or facility at a location (in space, or a facility on the planet: either way, "at" it). */
  | { readonly in: 'space'; readonly location: LocationId }
  /** Aboard a ship or facility. */
  | { readonly in: 'aboard'; readonly host: CardId }
  /** On the planet surface of a mission location. */
  | { readonly in: 'planet'; readonly location: LocationId }
  /** A Mobile Holo-Emitter worn by (placed on) one hologram. */
  | { readonly in: 'worn'; readonly by: CardId }
  /** An event, doorway or incident played on a ship, facility or planet (Holodeck Door, Holo-Projectors). */
  | { readonly in: 'played-on'; readonly target: CardId | LocationId }
  /** An event or incident played on the table (Lower Decks). */
  | { readonly in: 'table' }
  /**
   * Held captive by a player: aboard one of that player's ships or facilities (`host`, and the location
   * is the host's), or with no host at a `location` (a captive with a Mobile Holo-Emitter, say).
   */
  | { readonly in: 'captured'; readonly by: PlayerId; readonly host: CardId; readonly location: null }
  | { readonly in: 'captured'; readonly by: PlayerId; readonly host: null; readonly location: LocationId }
  /** Placed on a card that holds it (the occupant of a Penalty Box, the crew in an Escape Pod). */
  | { readonly in: 'held'; readonly by: CardId }
  /** In its owner's discard pile; `order` is its place in the pile (higher is nearer the top). */
  | { readonly in: 'discard'; readonly order: number };

/** The statuses a card in play may have. Battle statuses (stunned, mortally wounded) come with the battle. */
export interface Statuses {
  readonly stopped: boolean;
  /** Disabled by a card. (A deactivated hologram is disabled too, but that is derived from its state.) */
  readonly disabled: boolean;
  /** In stasis until the end of that turn number; null when not in stasis. */
  readonly inStasisUntilEndOfTurn: number | null;
  readonly stunned: boolean;
  readonly mortallyWounded: boolean;
  /**
   * STRENGTH added (or taken) by a response until the end of the battle (a client's response card);
   * absent: none. BATTLE-6 clears it when the battle is over.
   */
  readonly strengthThisBattle?: number;
}

export const NO_STATUSES: Statuses = Object.freeze({
  stopped: false,
  disabled: false,
  inStasisUntilEndOfTurn: null,
  stunned: false,
  mortallyWounded: false,
});

/** One physical card in the game. */
export interface CardInstance {
  readonly id: CardId;
  /** The name of its definition in the card library. */
  readonly card: string;
  readonly owner: PlayerId;
  readonly at: Position;
  readonly status: Statuses;
  /** Icons added by other cards (the Holo icon from Holoprogram: 221B Baker Street). */
  readonly addedIcons: readonly string[];
  /** The current affiliation mode of a multi-affiliation card; null for a card with one or none. */
  readonly affiliationMode: string | null;
}

/** A mission location: a planet surface and the space around it. */
export interface Location {
  readonly id: LocationId;
  readonly name: string;
}

export interface Turn {
  /** Whose turn it is. */
  readonly player: PlayerId;
  /** Counts every turn of both players, from 1. */
  readonly number: number;
}

export interface Board {
  readonly players: readonly [PlayerId, PlayerId];
  readonly turn: Turn;
  readonly locations: Readonly<Record<LocationId, Location>>;
  readonly cards: Readonly<Record<CardId, CardInstance>>;
  /** The next discard order number (keeps the discard piles' order without a second list). */
  readonly nextDiscard: number;
}

/** The other player. */
export function opponentOf(board: Board, player: PlayerId): PlayerId {
  return board.players[0] === player ? board.players[1] : board.players[0];
}
