import { isHolographic, isPersonnel, label } from '../cards.ts';
import { hologramTakes } from '../hologram-life.ts';
import { isDisabled, isInStasis, isLiveHologram, isStopped, mayBeActivatedWhereItIs } from '../holograms.ts';
import type { Table } from '../table.ts';
import { arePresent, isCaptured } from '../where.ts';
import {
  firstRefusal,
  forbid,
  type Refusal,
  requireCard,
  requireInPlay,
  requireOwn,
  requireTurn,
} from './refusal.ts';
import type { CommandRule } from './rule.ts';

/** HOLO-ACT-2: the activator is one of your unstopped personnel present (even another active hologram). */
function checkActivator(table: Table, hologram: string, by: string): Refusal | undefined {
  const who = label(table, by);
  if (by === hologram) return forbid('HOLO-ACT-2', `${who} cannot activate itself`);
  if (!isPersonnel(table, by)) return forbid('HOLO-ACT-2', `${who} is not a personnel`);
  if (isStopped(table, by))
    return forbid('HOLO-ACT-2', `${who} is stopped; only unstopped personnel may activate a hologram`);
  if (isDisabled(table, by)) {
    return isHolographic(table, by)
      ? forbid(
          'HOLO-EXIST-2',
          `${who} is deactivated, and so disabled: only an active hologram may activate another`,
        )
      : forbid('HOLO-ACT-2', `${who} is disabled`);
  }
  if (isInStasis(table, by)) return forbid('HOLO-ACT-2', `${who} is in stasis`);
  if (isCaptured(table, by)) return forbid('HOLO-ACT-2', `${who} is a captive`);
  if (!arePresent(table, hologram, by)) {
    return forbid('HOLO-ACT-2', `${who} is not present with ${label(table, hologram)}`);
  }
  return undefined;
}

/** HOLO-ACT-2, HOLO-ACT-3 */
export const activate: CommandRule<'activate'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireTurn(table, command.player, 'activate a hologram'),
      () => requireCard(table, command.hologram, 'hologram', command.player),
      () => requireCard(table, command.by, 'activating personnel', command.player),
      () => requireOwn(table, command.player, command.hologram, 'activate'),
      () => requireOwn(table, command.player, command.by, 'activate a hologram with'),
      () => requireInPlay(table, command.hologram),
      () =>
        isLiveHologram(table, command.hologram)
          ? undefined
          : forbid('HOLO-ACT-2', `${label(table, command.hologram)} is not a hologram in play`),
      () =>
        table.hologram(command.hologram)!.state === 'active'
          ? forbid('HOLO-ACT-2', `${label(table, command.hologram)} is active already`)
          : undefined,
      () => {
        // HOLO-ACT-3 is judged once, by the hologram chart's own guard (`mayActivateOnTurn`).
        const hologram = table.hologram(command.hologram)!;
        const since = hologram.deactivatedOnTurn;
        return !hologramTakes(hologram, { type: 'ACTIVATE', turn: table.board.turn.number })
          ? forbid(
              'HOLO-ACT-3',
              `${label(table, command.hologram)} deactivated this turn (turn ${since}); it may be reactivated during one of your later turns`,
            )
          : undefined;
      },
      () =>
        mayBeActivatedWhereItIs(table, command.hologram)
          ? undefined
          : forbid(
              'HOLO-ACT-2',
              `${label(table, command.hologram)} may be activated only aboard a ship or facility with a Holodeck it may use, or wearing a Mobile Holo-Emitter`,
            ),
      () => checkActivator(table, command.hologram, command.by),
    ),
  resolve(draft, command) {
    const again = draft.hologram(command.hologram)!.deactivatedOnTurn !== null;
    const clause = again ? 'HOLO-ACT-3' : 'HOLO-ACT-2';
    draft.changeHologram({ change: 'activate', card: command.hologram, turn: draft.board.turn.number });
    draft.rule(
      'activated',
      clause,
      { hologram: command.hologram, by: command.by },
      `${label(draft, command.by)} ${again ? 'reactivates' : 'activates'} ${label(draft, command.hologram)}`,
    );
  },
};
