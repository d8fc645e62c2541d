import type { CardId } from '../../model/board.ts';
import { isHolographic, isPersonnel, label } from '../cards.ts';
import { deactivate } from '../consequences.ts';
import { isLiveHologram, isWearingEmitter } from '../holograms.ts';
import type { Table } from '../table.ts';
import { cardsAt, hostsAt, isCaptured, locationOf } from '../where.ts';
import {
  firstRefusal,
  forbid,
  refuse,
  requireCard,
  requireInPlay,
  requireOwn,
  requirePlayer,
} from './refusal.ts';
import type { CommandRule } from './rule.ts';

/** The captor's ships and facilities at the captive's location, by id. */
function captorHostsAt(table: Table, captor: string, captive: CardId): CardId[] {
  return hostsAt(table, captor, locationOf(table, captive));
}

/** The captor's crew aboard a ship or facility: any of the captor's own personnel there. */
function hasCrewOf(table: Table, captor: string, host: CardId): boolean {
  return cardsAt(table, { aboard: host }).some(
    (id) => table.board.cards[id]!.owner === captor && isPersonnel(table, id),
  );
}

/** HOLO-CAPTURE-1 applies: a live hologram without a Mobile Holo-Emitter. */
function needsCaptorsCrew(table: Table, captive: CardId): boolean {
  return isHolographic(table, captive) && isLiveHologram(table, captive) && !isWearingEmitter(table, captive);
}

/**
 * Where the captive may be held: the captor's ships and facilities at its location; for a hologram
 * without an emitter only those with the captor's crew aboard (HOLO-CAPTURE-1: "relocated to the
 * opponent's crew aboard a ship or facility at the same location").
 */
function captivityHosts(table: Table, captor: string, captive: CardId): CardId[] {
  const hosts = captorHostsAt(table, captor, captive);
  return needsCaptorsCrew(table, captive) ? hosts.filter((host) => hasCrewOf(table, captor, host)) : hosts;
}

/** Where the captive goes: the ship or facility named (if it may hold it), else the only one there, else none. */
function captivityHost(
  table: Table,
  captor: string,
  captive: CardId,
  named: CardId | undefined,
): CardId | null {
  const hosts = captivityHosts(table, captor, captive);
  if (named) return hosts.includes(named) ? named : null;
  return hosts.length === 1 ? hosts[0]! : null;
}

/**
 * HOLO-CAPTURE-1/2: a hologram without a Mobile Holo-Emitter is captured only if it can be relocated
 * to the captor's crew aboard a ship or facility at the same location; otherwise it deactivates and
 * stays. A hologram with an emitter, like any other personnel, is captured normally.
 */
export const capture: CommandRule<'capture'> = {
  check: (table, command) =>
    firstRefusal(
      () => requirePlayer(table, command.player),
      () => requireCard(table, command.card, 'personnel to capture'),
      () => requireInPlay(table, command.card),
      () =>
        isPersonnel(table, command.card)
          ? undefined
          : forbid('GAME-CAPTURE-1', `${label(table, command.card)} is not a personnel`),
      () =>
        table.board.cards[command.card]!.owner === command.player
          ? forbid(
              'GAME-CAPTURE-1',
              `${command.player} may not capture their own ${label(table, command.card)}`,
            )
          : undefined,
      () =>
        isCaptured(table, command.card)
          ? forbid('GAME-CAPTURE-1', `${label(table, command.card)} is a captive already`)
          : undefined,
      () =>
        ['aboard', 'planet'].includes(table.board.cards[command.card]!.at.in)
          ? undefined
          : forbid(
              'GAME-CAPTURE-1',
              `${label(table, command.card)} is neither aboard nor on a planet, where a capture could take it`,
            ),
      () => {
        const to = command.to?.aboard;
        const hosts = captivityHosts(table, command.player, command.card);
        if (to === undefined) {
          return hosts.length > 1
            ? refuse(
                'malformed',
                'GAME-INPUT-1',
                `${command.player} has several ships or facilities there${needsCaptorsCrew(table, command.card) ? ' with crew aboard' : ''}: name one in "to"`,
              )
            : undefined;
        }
        return firstRefusal(
          () => requireCard(table, to, 'ship or facility to hold the captive'),
          () => requireOwn(table, command.player, to, 'hold a captive aboard'),
          // Where a captive is held: a hologram without an emitter by HOLO-CAPTURE-1's "at the same
          // location", anyone else by the engine's own capture rule.
          () =>
            captorHostsAt(table, command.player, command.card).includes(to)
              ? undefined
              : forbid(
                  needsCaptorsCrew(table, command.card) ? 'HOLO-CAPTURE-1' : 'GAME-CAPTURE-1',
                  `${label(table, to)} is not ${command.player}'s ship or facility at the captive's location`,
                ),
          // A hologram goes to the captor's crew: a ship without one will not do while another has one.
          // (With no crew anywhere, the capture is carried out and the hologram deactivates.)
          () =>
            hosts.includes(to) || hosts.length === 0
              ? undefined
              : forbid(
                  'HOLO-CAPTURE-1',
                  `${label(table, command.card)} can be relocated only to ${command.player}'s crew, and no crew of ${command.player}'s is aboard ${label(table, to)}`,
                ),
        );
      },
    ),
  resolve(draft, command) {
    const host = captivityHost(draft, command.player, command.card, command.to?.aboard);
    const holo = isHolographic(draft, command.card) && isLiveHologram(draft, command.card);
    const emitter = isWearingEmitter(draft, command.card);
    if (holo && !emitter && host === null) {
      deactivate(
        draft,
        command.card,
        'HOLO-CAPTURE-1',
        `${command.by} would remove it from the ship, and no crew of ${command.player}'s is aboard a ship or facility here to take it`,
      );
      draft.rule(
        'stays',
        'HOLO-CAPTURE-1',
        { card: command.card },
        `${label(draft, command.card)} is not captured; it stays where it is`,
      );
      return;
    }
    draft.place(
      command.card,
      host !== null
        ? { in: 'captured', by: command.player, host, location: null }
        : { in: 'captured', by: command.player, host: null, location: locationOf(draft, command.card)! },
    );
    // HOLO-CAPTURE-2 speaks of a hologram wearing an emitter; a non-hologram is captured by the game's rule.
    const clause = !holo ? 'GAME-CAPTURE-1' : emitter ? 'HOLO-CAPTURE-2' : 'HOLO-CAPTURE-1';
    draft.rule(
      'captured',
      clause,
      { card: command.card, by: command.player, host },
      `${label(draft, command.card)} is captured by ${command.player}${host ? ` and held aboard ${label(draft, host)}` : ''}`,
    );
  },
};
