import type { Position } from '../../model/board.ts';
import { isHolographic, isMobileEmitter, isPersonnel, label } from '../cards.ts';
import { isLiveHologram, isWearingEmitter } from '../holograms.ts';
import { arePresent } from '../where.ts';
import { firstRefusal, forbid, requireCard, requireInPlay, requireOwn, requireTurn } from './refusal.ts';
import type { CommandRule } from './rule.ts';

/** CARD-EMITTER-1, HOLO-EMIT-1: one of your Holo personnel present puts on your Mobile Holo-Emitter. */
export const wearEmitter: CommandRule<'wearEmitter'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireTurn(table, command.player, 'place a Mobile Holo-Emitter'),
      () => requireCard(table, command.emitter, 'emitter', command.player),
      () => requireCard(table, command.hologram, 'hologram', command.player),
      () => requireOwn(table, command.player, command.emitter, 'place'),
      () => requireOwn(table, command.player, command.hologram, 'place an emitter on'),
      () => requireInPlay(table, command.emitter),
      () => requireInPlay(table, command.hologram),
      () =>
        isMobileEmitter(table, command.emitter)
          ? undefined
          : forbid('CARD-EMITTER-1', `${label(table, command.emitter)} is not a Mobile Holo-Emitter`),
      () =>
        isPersonnel(table, command.hologram) &&
        isHolographic(table, command.hologram) &&
        isLiveHologram(table, command.hologram)
          ? undefined
          : forbid('CARD-EMITTER-1', `${label(table, command.hologram)} is not one of your Holo personnel`),
      () => {
        const at = table.board.cards[command.emitter]!.at;
        return at.in === 'worn'
          ? forbid(
              'CARD-EMITTER-1',
              `${label(table, command.emitter)} is worn by ${label(table, at.by)} already`,
            )
          : undefined;
      },
      () =>
        isWearingEmitter(table, command.hologram)
          ? forbid('CARD-EMITTER-1', `${label(table, command.hologram)} wears a Mobile Holo-Emitter already`)
          : undefined,
      () =>
        arePresent(table, command.emitter, command.hologram)
          ? undefined
          : forbid(
              'CARD-EMITTER-1',
              `${label(table, command.emitter)} is not present with ${label(table, command.hologram)}`,
            ),
    ),
  resolve(draft, command) {
    draft.place(command.emitter, { in: 'worn', by: command.hologram });
    draft.rule(
      'emitter-worn',
      'HOLO-EMIT-1',
      { emitter: command.emitter, hologram: command.hologram },
      `${label(draft, command.hologram)} wears ${label(draft, command.emitter)}: no Holodeck needed, not confined to ships and facilities`,
    );
  },
};

/**
 * Where a removed emitter lies: where its wearer is, aboard or on the planet; a captive's emitter lies
 * aboard the ship that holds it, or on the planet where it was taken (an emitter is never a captive).
 */
function whereDropped(wearer: Position): Position {
  if (wearer.in !== 'captured') return wearer;
  return wearer.host !== null
    ? { in: 'aboard', host: wearer.host }
    : { in: 'planet', location: wearer.location };
}

/**
 * CARD-EMITTER-1: the emitter's owner may remove it during their turn; it stays where the wearer is.
 * What follows for the wearer (HOLO-EMIT-2 erasure, HOLO-EXIST-2 deactivation) the engine works out after.
 */
export const removeEmitter: CommandRule<'removeEmitter'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireCard(table, command.emitter, 'emitter', command.player),
      () => requireOwn(table, command.player, command.emitter, 'remove'),
      () =>
        table.board.cards[command.emitter]!.at.in === 'worn'
          ? undefined
          : forbid('CARD-EMITTER-1', `${label(table, command.emitter)} is not worn by anyone`),
      () => {
        const turn = table.board.turn;
        return turn.player === command.player
          ? undefined
          : forbid(
              'CARD-EMITTER-1',
              `${command.player} may remove ${label(table, command.emitter)} only during their own turn (it is ${turn.player}'s turn)`,
            );
      },
    ),
  resolve(draft, command) {
    const at = draft.board.cards[command.emitter]!.at;
    if (at.in !== 'worn') return;
    const wearer = at.by;
    draft.place(command.emitter, whereDropped(draft.board.cards[wearer]!.at));
    draft.rule(
      'emitter-removed',
      'CARD-EMITTER-1',
      { emitter: command.emitter, hologram: wearer },
      `${label(draft, command.emitter)} is removed from ${label(draft, wearer)}`,
    );
  },
};
