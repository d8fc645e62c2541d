import type { CardId } from '../model/board.ts';
import { definitionOf, iconsOf, isPersonnel } from './cards.ts';
import { isDisabled, isInStasis, isStopped } from './holograms.ts';
import type { Table } from './table.ts';
import { cardsAt } from './where.ts';

/**
 * GAME-STAFF-1 and HOLO-NORMAL-1: a ship is staffed when its crew carries the staffing icons its card
 * requires. Holograms staff ships exactly like other personnel and need no "supervision": an active
 * hologram counts whoever else is aboard. (A deactivated one is disabled and does not.)
 */
export function staffingShortfall(table: Table, ship: CardId): string[] {
  const needed = [...definitionOf(table, ship).staffing];
  const owner = table.board.cards[ship]!.owner;
  const crew = cardsAt(table, { aboard: ship }).filter(
    (id) =>
      isPersonnel(table, id) &&
      table.board.cards[id]!.owner === owner &&
      !isDisabled(table, id) &&
      !isStopped(table, id) &&
      !isInStasis(table, id),
  );
  // Each crew member covers one requirement: a matching of requirements to crew (augmenting paths),
  // since a greedy choice can spend on one icon the only member able to cover another.
  const icons = crew.map((id) => new Set(iconsOf(table, id)));
  const covering = new Map<number, number>(); // crew index -> requirement index
  const assign = (need: number, tried: Set<number>): boolean => {
    for (let member = 0; member < icons.length; member++) {
      if (tried.has(member) || !icons[member]!.has(needed[need]!)) continue;
      tried.add(member);
      const other = covering.get(member);
      if (other === undefined || assign(other, tried)) {
        covering.set(member, need);
        return true;
      }
    }
    return false;
  };
  const missing: string[] = [];
  needed.forEach((icon, need) => {
    if (!assign(need, new Set())) missing.push(icon);
  });
  return missing;
}

export function isStaffed(table: Table, ship: CardId): boolean {
  return staffingShortfall(table, ship).length === 0;
}
