import type { CardId, PlayerId } from '../../model/board.ts';
import type { ClauseId } from '../../model/clauses.ts';
import type { RejectionCode } from '../../model/events.ts';
import { label } from '../cards.ts';
import type { Table } from '../table.ts';
import { isInPlay } from '../where.ts';

/** Why a command may not be carried out (the judge adds the command itself to make a `Rejection`). */
export interface Refusal {
  readonly code: RejectionCode;
  readonly clause: ClauseId;
  readonly message: string;
}

/** A refusal whose message starts with the clause id, so a player sees why at once. */
export function refuse(code: RejectionCode, clause: ClauseId, message: string): Refusal {
  return { code, clause, message: `${clause}: ${message}` };
}

export function forbid(clause: ClauseId, message: string): Refusal {
  return refuse('forbidden', clause, message);
}

/**
 * How a refusal names a card: by its name and id, except a card in a hand, which is named by its id
 * alone (a refusal goes to whoever sent the command, and a hand is hidden from the opponent).
 */
function publicLabel(table: Table, id: CardId): string {
  return table.board.cards[id]?.at.in === 'hand' ? `[${id}]` : label(table, id);
}

/** The first refusal among checks run in order, or undefined if every check passed. */
export function firstRefusal(...checks: Array<() => Refusal | undefined>): Refusal | undefined {
  for (const check of checks) {
    const refusal = check();
    if (refusal) return refusal;
  }
  return undefined;
}

export function requirePlayer(table: Table, player: PlayerId): Refusal | undefined {
  return table.board.players.includes(player)
    ? undefined
    : refuse('unknown-player', 'GAME-INPUT-1', `there is no player "${player}" in this game`);
}

/** GAME-TURN-1: the actions of a turn belong to the player whose turn it is. */
export function requireTurn(table: Table, player: PlayerId, action: string): Refusal | undefined {
  const turn = table.board.turn;
  return turn.player === player
    ? undefined
    : refuse(
        'not-your-turn',
        'GAME-TURN-1',
        `${player} may not ${action}: it is ${turn.player}'s turn (turn ${turn.number})`,
      );
}

export function requireCard(
  table: Table,
  id: CardId,
  role: string,
  /** The player who names it: a card in another player's hand is one this player cannot know of. */
  viewer?: PlayerId,
): Refusal | undefined {
  const card = Object.hasOwn(table.board.cards, id) ? table.board.cards[id] : undefined;
  // Answered as a card that does not exist, word for word: a player learns nothing of the other's hand
  // by naming ids at random.
  const hidden = card !== undefined && viewer !== undefined && card.at.in === 'hand' && card.owner !== viewer;
  return card && !hidden
    ? undefined
    : refuse('unknown-card', 'GAME-INPUT-1', `there is no card "${id}" in this game (the ${role})`);
}

/** GAME-OWN-1 */
export function requireOwn(table: Table, player: PlayerId, id: CardId, action: string): Refusal | undefined {
  const owner = table.board.cards[id]!.owner;
  return owner === player
    ? undefined
    : refuse(
        'not-your-card',
        'GAME-OWN-1',
        `${player} may not ${action} ${publicLabel(table, id)}: it is ${owner}'s`,
      );
}

/** GAME-PLAY-1 */
export function requireInPlay(table: Table, id: CardId): Refusal | undefined {
  return isInPlay(table, id)
    ? undefined
    : forbid(
        'GAME-PLAY-1',
        `${publicLabel(table, id)} is not in play (it is in a ${table.board.cards[id]!.at.in === 'hand' ? 'hand' : 'discard pile'})`,
      );
}

/** A card played or reported from its owner's hand must be in it (GAME-PLAY-1, GAME-REPORT-1). */
export function requireInHand(
  table: Table,
  player: PlayerId,
  id: CardId,
  clause: ClauseId,
): Refusal | undefined {
  return table.board.cards[id]!.at.in === 'hand'
    ? undefined
    : forbid(clause, `${label(table, id)} is not in ${player}'s hand`);
}

export function requireLocation(table: Table, id: string): Refusal | undefined {
  return Object.hasOwn(table.board.locations, id)
    ? undefined
    : refuse('unknown-card', 'GAME-INPUT-1', `there is no location "${id}" in this game`);
}
