import type { CardId, CardInstance } from '../model/board.ts';
import type { CardDefinition, Effect } from '../model/card-definition.ts';
import { HOLO_ICON } from '../model/card-definition.ts';
import type { Table } from './table.ts';

/** Facts about one card in the game, read through its definition. */

export function instance(table: Table, id: CardId): CardInstance {
  const card = table.board.cards[id];
  if (!card) throw new Error(`no card ${id} in this game`);
  return card;
}

export function definitionOf(table: Table, id: CardId): CardDefinition {
  return table.library.get(instance(table, id).card);
}

/** "The Doctor [doctor]": how messages name a card. */
export function label(table: Table, id: CardId): string {
  const card = table.board.cards[id];
  return card ? `${card.card} [${id}]` : `[${id}]`;
}

export function iconsOf(table: Table, id: CardId): readonly string[] {
  const card = instance(table, id);
  const printed = table.library.get(card.card).icons;
  return card.addedIcons.length === 0 ? printed : [...printed, ...card.addedIcons];
}

/** A holographic card: one with the Holo icon, printed or added (HOLO-EXIST-1, HOLO-SPECIES-1). */
export function isHolographic(table: Table, id: CardId): boolean {
  return iconsOf(table, id).includes(HOLO_ICON);
}

export function isPersonnel(table: Table, id: CardId): boolean {
  return definitionOf(table, id).type === 'Personnel';
}

export function isEquipment(table: Table, id: CardId): boolean {
  const type = definitionOf(table, id).type;
  return type === 'Equipment' || type === 'Artifact';
}

/** Personnel and equipment: the cards that are aboard, on planets, and move. */
export function isPersonnelOrEquipment(table: Table, id: CardId): boolean {
  return isPersonnel(table, id) || isEquipment(table, id);
}

export function isShipOrFacility(table: Table, id: CardId): boolean {
  const type = definitionOf(table, id).type;
  return type === 'Ship' || type === 'Facility';
}

export function hasEffect(table: Table, id: CardId, kind: Effect['kind']): boolean {
  // A loop, not `some` with a closure: the rules ask this of every card, after every command.
  for (const effect of definitionOf(table, id).effects) if (effect.kind === kind) return true;
  return false;
}

/** A Mobile Holo-Emitter (or any card that works like one). */
export function isMobileEmitter(table: Table, id: CardId): boolean {
  return hasEffect(table, id, 'mobile-emitter');
}
