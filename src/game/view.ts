import type { BattleStep, PairingRecord } from '../model/battle.ts';
import type {
  Board,
  CardId,
  CardInstance,
  LocationId,
  PlayerId,
  Position,
  Statuses,
} from '../model/board.ts';
import { cardList } from '../model/card-record.ts';
import type { HologramState } from '../model/events.ts';
import type { Table } from '../rules/table.ts';

/** One card as a player sees it. */
export interface CardView {
  readonly id: CardId;
  readonly card: string;
  readonly owner: PlayerId;
  readonly at: Position;
  readonly status: Statuses;
  /** For a hologram in play: deactivated, active or erased. */
  readonly hologram?: HologramState;
  readonly addedIcons: readonly string[];
  readonly affiliationMode: string | null;
}

/**
 * What one player sees at the table (GAME-VIEW-1): every face-up card, their own hand, and only the
 * size of the opponent's hand. Never the generator's state, nor the order of a face-down combat pile.
 */
export interface PlayerView {
  readonly player: PlayerId;
  readonly turn: Board['turn'];
  /** The game's step: how many commands have been carried out. */
  readonly step: number;
  readonly locations: ReadonlyArray<{ readonly id: LocationId; readonly name: string }>;
  /**
   * The cards this player sees, keyed by id (in the board's order): so that one card entering or
   * leaving the view is one small change of it (a JSON Patch of that card alone), not a shift of a list.
   */
  readonly cards: Readonly<Record<CardId, CardView>>;
  /** How many cards each player holds in hand. */
  readonly handSizes: Readonly<Record<PlayerId, number>>;
  /** The battle running now, as the table shows it: face-down piles by their size only. */
  readonly battle: BattlePublicView | null;
}

/** A running battle as both players see it. */
export interface BattlePublicView {
  readonly step: BattleStep;
  readonly attacker: PlayerId;
  readonly defender: PlayerId;
  readonly participants: { readonly attacker: readonly CardId[]; readonly defender: readonly CardId[] };
  /** How many cards are left face down in each combat pile (never their order). */
  readonly pileSizes: { readonly attacker: number; readonly defender: number };
  readonly faceUp: readonly CardId[];
  readonly pairing: { readonly number: number; readonly attacker: CardId; readonly defender: CardId } | null;
  /** The pairings done, in order: who engaged whom and what came of it. */
  readonly pairings: readonly PairingRecord[];
  /** Who may respond or pass now, in an open window. */
  readonly priority: PlayerId | null;
  readonly totals: { readonly attacker: number; readonly defender: number } | null;
  readonly winner: PlayerId | null;
  readonly killed: CardId | null;
}

function publicBattle(table: Table): BattlePublicView | null {
  const battle = table.battle();
  if (!battle) return null;
  const data = battle.data;
  return {
    step: battle.step,
    attacker: data.attacker,
    defender: data.defender,
    participants: data.participants,
    pileSizes: { attacker: data.piles.attacker.length, defender: data.piles.defender.length },
    faceUp: data.faceUp,
    pairing: data.pairing,
    pairings: data.pairings,
    priority: battle.window?.priority ?? null,
    totals: data.totals,
    winner: data.winner,
    killed: data.killed,
  };
}

/**
 * Each card's view, kept for as long as its record lives: a board's card records never change (a card
 * that changes gets a new record), so an unchanged card is shown by the very object it was shown by at
 * the step before (to any player: what a card shows does not depend on who looks), and a patch between
 * two views passes over it at once.
 */
const cardViews = new WeakMap<object, CardView>();

function cardViewOf(card: CardInstance, hologram: HologramState | undefined): CardView {
  const kept = cardViews.get(card);
  if (kept && kept.hologram === hologram) return kept;
  // Frozen, as the records it shows are: one client's view never changes another's.
  const view: CardView = Object.freeze({
    id: card.id,
    card: card.card,
    owner: card.owner,
    at: card.at,
    status: card.status,
    ...(hologram ? { hologram } : {}),
    addedIcons: card.addedIcons,
    affiliationMode: card.affiliationMode,
  });
  cardViews.set(card, view);
  return view;
}

export function viewFor(table: Table, player: PlayerId, step: number): PlayerView {
  const board = table.board;
  const handSizes: Record<PlayerId, number> = Object.fromEntries(board.players.map((p) => [p, 0]));
  const cards: Record<CardId, CardView> = {};
  for (const card of cardList(board.cards)) {
    if (card.at.in === 'hand') {
      handSizes[card.owner] = (handSizes[card.owner] ?? 0) + 1;
      if (card.owner !== player) continue;
    }
    cards[card.id] = cardViewOf(card, table.hologram(card.id)?.state);
  }
  return {
    player,
    turn: board.turn,
    step,
    locations: Object.values(board.locations),
    cards,
    handSizes,
    battle: publicBattle(table),
  };
}
