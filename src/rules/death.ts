import type { CardId } from '../model/board.ts';
import type { ClauseId } from '../model/clauses.ts';
import { label } from './cards.ts';
import { deactivate, discard } from './consequences.ts';
import type { Draft } from './draft.ts';
import { isLiveHologram } from './holograms.ts';

/**
 * A card is killed (a personnel) or destroyed (an equipment, a ship or facility: `destroyed`): it dies,
 * to its owner's discard pile; a hologram is deactivated instead and stays where it is (HOLO-DEATH-1),
 * or stays deactivated if it is already. `why` completes "it would be ...".
 */
export function killOrDeactivateInstead(
  draft: Draft,
  id: CardId,
  clause: ClauseId,
  why: string,
  destroyed = false,
): void {
  if (!isLiveHologram(draft, id)) {
    discard(draft, id, clause, why, destroyed);
  } else if (draft.hologram(id)?.state === 'active') {
    deactivate(draft, id, 'HOLO-DEATH-1', `it would be ${why}, so it is deactivated instead`);
  } else {
    draft.rule(
      'stays',
      'HOLO-DEATH-1',
      { card: id },
      () =>
        `${label(draft, id)} would be ${why}; a hologram is deactivated instead, and it is deactivated already`,
    );
  }
}
