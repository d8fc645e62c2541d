import type { BattleStep, PairingRecord } from '../model/battle.ts';
import type { Board, CardId, LocationId, PlayerId, Position, Statuses } from '../model/board.ts';
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

export function viewFor(table: Table, player: PlayerId, step: number): PlayerView {
  const board = table.board;
  const handSizes: Record<PlayerId, number> = Object.fromEntries(board.players.map((p) => [p, 0]));
  const cards: Record<CardId, CardView> = {};
  for (const card of cardList(board.cards)) {
    if (card.at.in === 'hand') {
      handSizes[card.owner] = (handSizes[card.owner] ?? 0) + 1;
      if (card.owner !== player) continue;
    }
    const hologram = table.hologram(card.id)?.state;
    cards[card.id] = {
      id: card.id,
      card: card.card,
      owner: card.owner,
      at: card.at,
      status: card.status,
      ...(hologram ? { hologram } : {}),
      addedIcons: card.addedIcons,
      affiliationMode: card.affiliationMode,
    };
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
