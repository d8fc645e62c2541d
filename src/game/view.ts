import type { Board, CardId, LocationId, PlayerId, Position, Statuses } from '../model/board.ts';
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
 * What one player sees at the table: every face-up card, their own hand, and only the size of the
 * opponent's hand. Never the generator's state.
 */
export interface PlayerView {
  readonly player: PlayerId;
  readonly turn: Board['turn'];
  /** The game's step: how many commands have been carried out. */
  readonly step: number;
  readonly locations: ReadonlyArray<{ readonly id: LocationId; readonly name: string }>;
  readonly cards: readonly CardView[];
  /** How many cards each player holds in hand. */
  readonly handSizes: Readonly<Record<PlayerId, number>>;
}

export function viewFor(table: Table, player: PlayerId, step: number): PlayerView {
  const board = table.board;
  const handSizes: Record<PlayerId, number> = Object.fromEntries(board.players.map((p) => [p, 0]));
  const cards: CardView[] = [];
  for (const card of Object.values(board.cards)) {
    if (card.at.in === 'hand') {
      handSizes[card.owner] = (handSizes[card.owner] ?? 0) + 1;
      if (card.owner !== player) continue;
    }
    const hologram = table.hologram(card.id)?.state;
    cards.push({
      id: card.id,
      card: card.card,
      owner: card.owner,
      at: card.at,
      status: card.status,
      ...(hologram ? { hologram } : {}),
      addedIcons: card.addedIcons,
      affiliationMode: card.affiliationMode,
    });
  }
  return {
    player,
    turn: board.turn,
    step,
    locations: Object.values(board.locations),
    cards,
    handSizes,
  };
}
