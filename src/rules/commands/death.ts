import { isEquipment, isHolographic, isPersonnel, isShipOrFacility, label } from '../cards.ts';
import { discard as toDiscard } from '../consequences.ts';
import { killOrDeactivateInstead } from '../death.ts';
import { firstRefusal, forbid, requireCard, requireInPlay } from './refusal.ts';
import type { CommandRule } from './rule.ts';

/** Killing, destroying and discarding by a card (HOLO-DEATH-*). */

export const kill: CommandRule<'kill'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireCard(table, command.card, 'personnel to kill'),
      () => requireInPlay(table, command.card),
      () =>
        isPersonnel(table, command.card)
          ? undefined
          : forbid(
              'GAME-DESTROY-1',
              `${label(table, command.card)} is not a personnel (equipment, ships and facilities are destroyed)`,
            ),
    ),
  resolve(draft, command) {
    killOrDeactivateInstead(draft, command.card, 'GAME-DESTROY-1', `killed by ${command.by}`);
  },
};

export const destroy: CommandRule<'destroy'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireCard(table, command.card, 'card to destroy'),
      () => requireInPlay(table, command.card),
      () =>
        isEquipment(table, command.card) || isShipOrFacility(table, command.card)
          ? undefined
          : forbid(
              'GAME-DESTROY-1',
              `${label(table, command.card)} is not an equipment, ship or facility (personnel are killed)`,
            ),
    ),
  resolve(draft, command) {
    // A ship or facility destroyed takes its holograms with it (HOLO-DEATH-3), as `discard` cites for each.
    killOrDeactivateInstead(draft, command.card, 'GAME-DESTROY-1', `destroyed by ${command.by}`, true);
  },
};

/** HOLO-DEATH-2: a hologram that is discarded (or erased) goes to the discard pile. */
export const discard: CommandRule<'discard'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireCard(table, command.card, 'card to discard'),
      () => requireInPlay(table, command.card),
    ),
  resolve(draft, command) {
    const clause = isHolographic(draft, command.card) ? 'HOLO-DEATH-2' : 'GAME-DESTROY-1';
    toDiscard(draft, command.card, clause, `discarded by ${command.by}`);
  },
};
