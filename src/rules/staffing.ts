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
  // Each crew member covers one requirement; try the scarcest icons first so one person's icons are not wasted.
  const available = crew.map((id) => new Set(iconsOf(table, id)));
  const missing: string[] = [];
  for (const icon of needed.sort((a, b) => countHolders(available, a) - countHolders(available, b))) {
    const i = available.findIndex((icons) => icons.has(icon));
    if (i < 0) missing.push(icon);
    else available.splice(i, 1);
  }
  return missing;
}

function countHolders(crew: ReadonlyArray<Set<string>>, icon: string): number {
  return crew.filter((icons) => icons.has(icon)).length;
}

export function isStaffed(table: Table, ship: CardId): boolean {
  return staffingShortfall(table, ship).length === 0;
}
