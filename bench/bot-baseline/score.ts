import type { Game } from '../../src/game/game.ts';
import type { Board, CardId, PlayerId } from '../../src/model/board.ts';

/**
 * The score the bot plays for (issue 26): the opponent's personnel killed or captured, minus one's own.
 * A personnel is lost once it is in its owner's discard pile (killed, or a hologram erased:
 * HOLO-DEATH-2) or held captive by the other player; a hologram deactivated instead of killed
 * (HOLO-DEATH-1) is not lost, nor is a personnel held by a card (Penalty Box).
 */

/** The personnel cards of a game: its cards are fixed by its setup, and a card's type never changes. */
export function personnelOf(game: Game): ReadonlySet<CardId> {
  const { library } = game.table();
  const personnel = new Set<CardId>();
  for (const card of Object.values(game.board().cards)) {
    if (library.has(card.card) && library.get(card.card).type === 'Personnel') personnel.add(card.id);
  }
  return personnel;
}

/** Each player's personnel lost so far (killed or captured). */
export function lossesOn(board: Board, personnel: ReadonlySet<CardId>): ReadonlyMap<PlayerId, number> {
  const losses = new Map<PlayerId, number>(board.players.map((player) => [player, 0]));
  for (const id of personnel) {
    const card = board.cards[id];
    if (card && (card.at.in === 'discard' || card.at.in === 'captured'))
      losses.set(card.owner, (losses.get(card.owner) ?? 0) + 1);
  }
  return losses;
}
