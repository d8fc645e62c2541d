import type { CardId, PlayerId, Position } from '../../model/board.ts';
import type { Place } from '../../model/commands.ts';
import {
  definitionOf,
  hasEffect,
  isHolographic,
  isPersonnelOrEquipment,
  isShipOrFacility,
  label,
} from '../cards.ts';
import { deactivate, deactivatedWhenReported } from '../consequences.ts';
import { hasHoloProjectors, isLiveHologram, isStopped, isWearingEmitter } from '../holograms.ts';
import { staffingShortfall } from '../staffing.ts';
import type { Table } from '../table.ts';
import { locationOf } from '../where.ts';
import {
  firstRefusal,
  forbid,
  type Refusal,
  refuse,
  requireCard,
  requireInHand,
  requireInPlay,
  requireLocation,
  requireOwn,
  requireTurn,
} from './refusal.ts';
import type { CommandRule } from './rule.ts';

/** Reporting, moving, card-forced leaving, and flying ships. */

function positionOfPlace(place: Place): Position {
  return 'aboard' in place ? { in: 'aboard', host: place.aboard } : { in: 'planet', location: place.planet };
}

function describePlace(table: Table, place: Place): string {
  return 'aboard' in place
    ? `aboard ${label(table, place.aboard)}`
    : `to the planet surface at ${table.board.locations[place.planet]?.name ?? place.planet}`;
}

/** A ship or facility in play at a location. */
function requireHost(table: Table, host: CardId, viewer?: PlayerId): Refusal | undefined {
  return firstRefusal(
    () => requireCard(table, host, 'ship or facility', viewer),
    () =>
      isShipOrFacility(table, host) && table.board.cards[host]!.at.in === 'space'
        ? undefined
        : forbid('GAME-MOVE-1', `${label(table, host)} is not a ship or facility in play`),
  );
}

/** GAME-REPORT-1, HOLO-ACT-1 */
export const report: CommandRule<'report'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireTurn(table, command.player, 'report a card'),
      () => requireCard(table, command.card, 'card to report', command.player),
      () => requireOwn(table, command.player, command.card, 'report'),
      () => requireInHand(table, command.player, command.card, 'GAME-REPORT-1'),
      () =>
        isPersonnelOrEquipment(table, command.card)
          ? undefined
          : forbid('GAME-REPORT-1', `${label(table, command.card)} is not a personnel or equipment card`),
      () => requireHost(table, command.to.aboard, command.player),
      () => requireOwn(table, command.player, command.to.aboard, 'report aboard'),
    ),
  resolve(draft, command) {
    const at: Position = { in: 'aboard', host: command.to.aboard };
    draft.place(command.card, at);
    draft.rule(
      'reported',
      'GAME-REPORT-1',
      { card: command.card, at },
      `${label(draft, command.card)} reports aboard ${label(draft, command.to.aboard)}`,
    );
    deactivatedWhenReported(draft, command.card);
  },
};

/** Where a card may go to, for a move: a place at its own location, onto its owner's ship or facility. */
function checkDestination(table: Table, card: CardId, place: Place): Refusal | undefined {
  const from = locationOf(table, card);
  const to = 'aboard' in place ? locationOf(table, place.aboard) : place.planet;
  if (from !== to) {
    return forbid(
      'GAME-MOVE-1',
      `${label(table, card)} is at ${from ?? 'no location'}, not at ${to ?? 'no location'}`,
    );
  }
  const at = table.board.cards[card]!.at;
  if ('aboard' in place ? at.in === 'aboard' && at.host === place.aboard : at.in === 'planet') {
    return forbid('GAME-MOVE-1', `${label(table, card)} is there already (${describePlace(table, place)})`);
  }
  // HOLO-EXIST-1: a hologram may not be sent where it cannot exist; the player has to leave it aboard.
  if (
    'planet' in place &&
    isHolographic(table, card) &&
    !isWearingEmitter(table, card) &&
    !hasHoloProjectors(table, place.planet)
  ) {
    return forbid(
      'HOLO-EXIST-1',
      `${label(table, card)} may not go ${describePlace(table, place)}: holograms exist only aboard ships and facilities, on planets with Holo-Projectors, or wearing a Mobile Holo-Emitter`,
    );
  }
  return undefined;
}

/** GAME-MOVE-1 (HOLO-EXIST-1 refuses a hologram's move to where it cannot exist; HOLO-EXIST-2 follows aboard). */
export const move: CommandRule<'move'> = {
  check(table, command) {
    const seen = new Set<CardId>();
    const to = command.to;
    return firstRefusal(
      () => requireTurn(table, command.player, 'move cards'),
      () =>
        'aboard' in to
          ? firstRefusal(
              () => requireHost(table, to.aboard, command.player),
              () => requireOwn(table, command.player, to.aboard, 'move cards aboard'),
            )
          : requireLocation(table, to.planet),
      ...command.cards.map((card) => () => {
        if (seen.has(card)) return refuse('malformed', 'GAME-INPUT-1', `${card} is named twice`);
        seen.add(card);
        return firstRefusal(
          () => requireCard(table, card, 'card to move', command.player),
          () => requireOwn(table, command.player, card, 'move'),
          () => {
            const at = table.board.cards[card]!.at.in;
            if (!isPersonnelOrEquipment(table, card) || (at !== 'aboard' && at !== 'planet')) {
              return forbid(
                'GAME-MOVE-1',
                `${label(table, card)} cannot move by itself (${at === 'worn' ? 'a worn emitter moves with its wearer, CARD-EMITTER-1' : `it is ${at}`})`,
              );
            }
            return undefined;
          },
          () =>
            isStopped(table, card) ? forbid('GAME-MOVE-1', `${label(table, card)} is stopped`) : undefined,
          () => checkDestination(table, card, command.to),
        );
      }),
    );
  },
  resolve(draft, command) {
    const to = positionOfPlace(command.to);
    for (const card of command.cards) {
      const from = draft.board.cards[card]!.at;
      draft.place(card, to);
      draft.rule(
        'moved',
        'GAME-MOVE-1',
        { card, from, to },
        `${label(draft, card)} moves ${describePlace(draft, command.to)}`,
      );
    }
  },
};

/**
 * HOLO-DILEMMA-1: a card requires a personnel to leave where it is. A hologram that would leave a
 * ship, facility or planet with Holo-Projectors without boarding another ship or facility deactivates
 * instead and stays, unless it wears a Mobile Holo-Emitter.
 */
export const leave: CommandRule<'leave'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireCard(table, command.card, 'card that must leave'),
      () => requireInPlay(table, command.card),
      () =>
        isPersonnelOrEquipment(table, command.card) &&
        ['aboard', 'planet'].includes(table.board.cards[command.card]!.at.in)
          ? undefined
          : forbid(
              'GAME-MOVE-1',
              `${label(table, command.card)} is not a personnel or equipment aboard or on a planet`,
            ),
      () => {
        const to = command.to;
        if ('aboard' in to) return requireHost(table, to.aboard);
        if ('planet' in to) return requireLocation(table, to.planet);
        return firstRefusal(
          () => requireCard(table, to.held, 'card that holds it'),
          () => requireInPlay(table, to.held),
          // Only a card made to hold personnel (a Penalty Box, an Escape Pod) does.
          () =>
            hasEffect(table, to.held, 'holds-personnel')
              ? undefined
              : forbid('GAME-MOVE-1', `${label(table, to.held)} is not a card that holds personnel`),
        );
      },
    ),
  resolve(draft, command) {
    const boards = 'aboard' in command.to;
    const holo = isLiveHologram(draft, command.card);
    if (holo && !boards && !isWearingEmitter(draft, command.card)) {
      const was = draft.hologram(command.card)?.state;
      deactivate(
        draft,
        command.card,
        'HOLO-DILEMMA-1',
        `${command.by} would make it leave without boarding a ship or facility, so it deactivates and stays`,
      );
      draft.rule(
        'stays',
        'HOLO-DILEMMA-1',
        { card: command.card },
        `${label(draft, command.card)} stays where it is${was === 'deactivated' ? ' (deactivated already)' : ''}`,
      );
      return;
    }
    const from = draft.board.cards[command.card]!.at;
    const to: Position =
      'held' in command.to ? { in: 'held', by: command.to.held } : positionOfPlace(command.to);
    draft.place(command.card, to);
    draft.rule(
      'left',
      holo ? 'HOLO-DILEMMA-1' : 'GAME-MOVE-1',
      { card: command.card, from, to },
      `${label(draft, command.card)} leaves (${command.by})${holo ? (boards ? ', boarding a ship or facility at once' : ', wearing a Mobile Holo-Emitter') : ''}`,
    );
  },
};

/** GAME-STAFF-1, HOLO-NORMAL-1: a staffed ship moves to another location. */
export const moveShip: CommandRule<'moveShip'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireTurn(table, command.player, 'move a ship'),
      () => requireCard(table, command.ship, 'ship', command.player),
      () => requireOwn(table, command.player, command.ship, 'move'),
      () =>
        definitionOf(table, command.ship).type === 'Ship' &&
        table.board.cards[command.ship]!.at.in === 'space'
          ? undefined
          : forbid('GAME-STAFF-1', `${label(table, command.ship)} is not a ship in play`),
      () => requireLocation(table, command.to),
      () =>
        locationOf(table, command.ship) === command.to
          ? forbid('GAME-STAFF-1', `${label(table, command.ship)} is at ${command.to} already`)
          : undefined,
      () =>
        isStopped(table, command.ship)
          ? forbid('GAME-STAFF-1', `${label(table, command.ship)} is stopped`)
          : undefined,
      () => {
        const missing = staffingShortfall(table, command.ship);
        return missing.length === 0
          ? undefined
          : forbid(
              'GAME-STAFF-1',
              `${label(table, command.ship)} is not staffed: its crew lacks ${missing.join(', ')}`,
            );
      },
    ),
  resolve(draft, command) {
    draft.place(command.ship, { in: 'space', location: command.to });
    draft.rule(
      'ship-moved',
      'GAME-STAFF-1',
      { ship: command.ship, to: command.to },
      `${label(draft, command.ship)} is staffed and moves to ${command.to} (HOLO-NORMAL-1: holograms staff it like anyone)`,
    );
  },
};
