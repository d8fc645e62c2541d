import { type BattleInput, ROGUE_BORG } from '../../model/battle.ts';
import { type CardId, opponentOf } from '../../model/board.ts';
import { cardList } from '../../model/card-record.ts';
import { definitionOf, isPersonnel, label } from '../cards.ts';
import type { Draft } from '../draft.ts';
import { isInStasis } from '../holograms.ts';
import type { Table } from '../table.ts';
import { cardsAt, isInPlay } from '../where.ts';
import { isRogueBorg } from './strength.ts';

/**
 * Rogue Borg Mercenaries (CARD-ROGUE-BORG-1, BATTLE-0): "Plays on any occupied ship. Battles crew now
 * and at start of every players' turn. Two Borg =2 STRENGTH each, three =3 each, etc. Surviving Borg
 * remain." The Rogue Borg are a force of their own, no player's: in their battles they are the
 * attacking side (ROGUE_BORG), the crew aboard the ship the defending side, and the engine starts
 * those battles itself.
 */

/** The Rogue Borg aboard a ship who may battle (not in stasis: Vulcan Nerve Pinch may have put them there). */
export function rogueBorgAboard(table: Table, ship: CardId): CardId[] {
  return cardsAt(table, { aboard: ship }).filter((id) => isRogueBorg(table, id) && !isInStasis(table, id));
}

/**
 * The crew a ship's Rogue Borg battle: its owner's personnel aboard (disabled ones included, those in
 * stasis not, as BATTLE-1 says of an attacked group). Others aboard (a boarding party) are not its crew.
 */
export function crewOf(table: Table, ship: CardId): CardId[] {
  const owner = table.board.cards[ship]!.owner;
  return cardsAt(table, { aboard: ship }).filter(
    (id) => table.board.cards[id]!.owner === owner && isPersonnel(table, id) && !isInStasis(table, id),
  );
}

/** A ship in play: Rogue Borg Mercenaries play only on a ship (not a facility). */
export function isShipInPlay(table: Table, id: CardId): boolean {
  return definitionOf(table, id).type === 'Ship' && isInPlay(table, id);
}

/** "Occupied": a ship with crew aboard for the Rogue Borg to battle. */
export function isOccupied(table: Table, ship: CardId): boolean {
  return crewOf(table, ship).length > 0;
}

/** Ships where Rogue Borg would battle a crew now, in a fixed order (by id). */
export function rogueBorgBattleSites(table: Table): CardId[] {
  const ships = new Set<CardId>();
  for (const card of cardList(table.board.cards)) {
    if (card.at.in === 'aboard' && isRogueBorg(table, card.id)) ships.add(card.at.host);
  }
  return [...ships]
    .filter((ship) => rogueBorgAboard(table, ship).length > 0 && isOccupied(table, ship))
    .sort();
}

/** Why the Rogue Borg battle: they were just played, or a turn starts. */
export type RogueBorgOccasion = 'played' | 'start-of-turn';

/**
 * Starts the Rogue Borg battle aboard the first of these ships where Rogue Borg and a crew still
 * are; the rest wait their turn (one battle at a time) in the battle's `next`.
 */
export function startRogueBorgBattle(
  draft: Draft,
  ships: readonly CardId[],
  occasion: RogueBorgOccasion,
): void {
  const sites = ships.filter((ship) => rogueBorgAboard(draft, ship).length > 0 && isOccupied(draft, ship));
  const ship = sites[0];
  if (ship === undefined) return;
  const borg = rogueBorgAboard(draft, ship);
  const crew = crewOf(draft, ship);
  const owner = draft.board.cards[ship]!.owner;
  const input: BattleInput = {
    attacker: ROGUE_BORG,
    defender: owner,
    players: [draft.board.turn.player, opponentOf(draft.board, draft.board.turn.player)],
    next: sites.slice(1),
    activePlayer: draft.board.turn.player,
    attackingGroup: { owner: ROGUE_BORG, where: { aboard: ship } },
    defendingGroup: { owner, where: { aboard: ship } },
    participants: { attacker: borg, defender: crew },
  };
  draft.startBattle = input;
  const why =
    occasion === 'played'
      ? 'they battle the crew now'
      : `they battle the crew at the start of ${draft.board.turn.player}'s turn (turn ${draft.board.turn.number})`;
  draft.rule(
    'battle-announced',
    'BATTLE-0',
    // The event's own lists: a listener's write to them must not reach the battle's participants.
    { attacker: ROGUE_BORG, defender: owner, attackers: [...borg], defenders: [...crew] },
    `${borg.length} Rogue Borg aboard ${label(draft, ship)} (STRENGTH ${borg.length} each) battle its crew, ${crew.map((id) => label(draft, id)).join(', ')}: ${why} (Rogue Borg Mercenaries)`,
  );
}
