import { HOLO_ICON } from '../../model/card-definition.ts';
import { isHolographic, isPersonnel, label } from '../cards.ts';
import { firstRefusal, forbid, requireCard, requireInPlay, requireOwn } from './refusal.ts';
import type { CommandRule } from './rule.ts';

/**
 * CARD-HOLOPROGRAM-1, HOLO-SPECIES-1: a personnel gains the Holo icon. From then on it is a hologram:
 * its gameplay species is hologram, and it needs a Holodeck (the engine checks where it is at once).
 */
export const addHoloIcon: CommandRule<'addHoloIcon'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireCard(table, command.card, 'personnel'),
      () => requireOwn(table, command.player, command.card, 'add the Holo icon to'),
      () => requireInPlay(table, command.card),
      () =>
        isPersonnel(table, command.card)
          ? undefined
          : forbid('CARD-HOLOPROGRAM-1', `${label(table, command.card)} is not a personnel`),
      () =>
        isHolographic(table, command.card)
          ? forbid('CARD-HOLOPROGRAM-1', `${label(table, command.card)} has the Holo icon already`)
          : undefined,
    ),
  resolve(draft, command) {
    const card = draft.board.cards[command.card]!;
    draft.updateCard(command.card, { addedIcons: [...card.addedIcons, HOLO_ICON] });
    draft.rule(
      'icon-added',
      'HOLO-SPECIES-1',
      { card: command.card, icon: HOLO_ICON },
      `${label(draft, command.card)} gains the Holo icon (${command.by}); its gameplay species is now hologram`,
    );
    // It was an ordinary personnel in play, so it starts active; where it is decides the rest.
    draft.changeHologram({ change: 'spawn', card: command.card, initial: 'active', deactivatedOnTurn: null });
  },
};
