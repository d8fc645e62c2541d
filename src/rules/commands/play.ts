import { isOccupied, isShipInPlay, startRogueBorgBattle } from '../battle/rogue-borg.ts';
import { hasEffect, label } from '../cards.ts';
import { firstRefusal, forbid, requireCard, requireInHand, requireOwn } from './refusal.ts';
import type { CommandRule } from './rule.ts';

/**
 * CARD-ROGUE-BORG-1: Rogue Borg Mercenaries play from hand on any occupied ship (either player's, on
 * either player's turn: it is an interrupt), and battle its crew now (BATTLE-0).
 */
export const play: CommandRule<'play'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireCard(table, command.card, 'card to play', command.player),
      () => requireOwn(table, command.player, command.card, 'play'),
      () => requireInHand(table, command.player, command.card, 'GAME-PLAY-1'),
      () =>
        hasEffect(table, command.card, 'rogue-borg')
          ? undefined
          : forbid(
              'CARD-ROGUE-BORG-1',
              `[${command.card}] does not play on a ship (only Rogue Borg Mercenaries are played this way)`,
            ),
      () => requireCard(table, command.on, 'ship to play on', command.player),
      () =>
        isShipInPlay(table, command.on) && table.board.cards[command.on]!.at.in === 'space'
          ? undefined
          : forbid('CARD-ROGUE-BORG-1', `${label(table, command.on)} is not a ship in play`),
      () =>
        isOccupied(table, command.on)
          ? undefined
          : forbid(
              'CARD-ROGUE-BORG-1',
              `${label(table, command.on)} is not occupied: no crew of its owner's is aboard (in stasis does not count)`,
            ),
    ),
  resolve(draft, command) {
    draft.place(command.card, { in: 'aboard', host: command.on });
    draft.rule(
      'played',
      'CARD-ROGUE-BORG-1',
      { card: command.card, on: command.on },
      `${command.player} plays ${label(draft, command.card)} aboard ${label(draft, command.on)}`,
    );
    startRogueBorgBattle(draft, [command.on], 'played');
  },
};
