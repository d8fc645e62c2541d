import type { CardId, LocationId } from '../model/board.ts';
import { cardList } from '../model/card-record.ts';
import type { ClauseId } from '../model/clauses.ts';
import { definitionOf, hasEffect, instance, isHolographic } from './cards.ts';
import type { Table } from './table.ts';
import { emitterWornBy } from './where.ts';

/** Where holograms may exist and be active (HOLO-EXIST-*, HOLO-EMIT-*), and who is disabled. */

/** A ship or facility has a Holodeck: printed (special equipment), or added by a card played on it (Holodeck Door). */
export function hasHolodeck(table: Table, host: CardId): boolean {
  if (definitionOf(table, host).characteristics.includes('Holodeck')) return true;
  for (const card of cardList(table.board.cards)) {
    if (card.at.in === 'played-on' && card.at.target === host && hasEffect(table, card.id, 'adds-holodeck')) {
      return true;
    }
  }
  return false;
}

/**
 * HOLO-EXIST-2: a hologram may use a Holodeck aboard a ship or facility its owner controls; a captive
 * hologram may use the Holodeck of the ship or facility it is held aboard (HOLO-CAPTURE-1 relocates it
 * there rather than deactivating it, so it must be able to exist there).
 */
export function mayUseHolodeck(table: Table, hologram: CardId, host: CardId): boolean {
  if (!hasHolodeck(table, host)) return false;
  const holo = instance(table, hologram);
  const captiveHere = holo.at.in === 'captured' && holo.at.host === host;
  return captiveHere || instance(table, host).owner === holo.owner;
}

/** HOLO-EXIST-1: Holo cards may exist on a planet where Holo-Projectors have been played. */
export function hasHoloProjectors(table: Table, location: LocationId): boolean {
  for (const card of cardList(table.board.cards)) {
    if (
      card.at.in === 'played-on' &&
      card.at.target === location &&
      hasEffect(table, card.id, 'holo-projectors')
    ) {
      return true;
    }
  }
  return false;
}

/** HOLO-EMIT-1 */
export function isWearingEmitter(table: Table, hologram: CardId): boolean {
  return emitterWornBy(table, hologram) !== undefined;
}

/** What a hologram's position means for it. */
export type Existence =
  /** It may exist here and be active. */
  | { readonly verdict: 'may-be-active' }
  /** It may exist here but not be active: aboard with no Holodeck it may use (HOLO-EXIST-2). */
  | { readonly verdict: 'deactivated'; readonly clause: ClauseId }
  /** It may not exist here at all (HOLO-EXIST-1). */
  | { readonly verdict: 'may-not-exist'; readonly clause: ClauseId };

const MAY_BE_ACTIVE: Existence = { verdict: 'may-be-active' };

/**
 * Where a holographic card in play may exist, and whether it may be active there. A worn emitter
 * (HOLO-EMIT-1: no Holodeck needed, not confined to ships) settles it either way; it is looked for only
 * where the place alone would not do, since finding it means a look at every card, and the engine asks
 * this of every hologram after every command.
 */
export function existenceOf(
  table: Table,
  id: CardId,
  projectors: (location: LocationId) => boolean = (location) => hasHoloProjectors(table, location),
): Existence {
  const here = existenceWithoutEmitter(table, id, projectors);
  return here.verdict === 'may-be-active' || !isWearingEmitter(table, id) ? here : MAY_BE_ACTIVE;
}

/**
 * `hasHoloProjectors`, each location looked up once: for checking many holograms against one state of
 * the table (every hologram on a planet would otherwise look at every card for the same answer).
 */
export function holoProjectorsLookup(table: Table): (location: LocationId) => boolean {
  const known = new Map<LocationId, boolean>();
  return (location) => {
    let found = known.get(location);
    if (found === undefined) {
      found = hasHoloProjectors(table, location);
      known.set(location, found);
    }
    return found;
  };
}

/** What the card's place alone allows it. */
function existenceWithoutEmitter(
  table: Table,
  id: CardId,
  projectors: (location: LocationId) => boolean,
): Existence {
  const at = instance(table, id).at;
  switch (at.in) {
    case 'aboard':
      return mayUseHolodeck(table, id, at.host)
        ? MAY_BE_ACTIVE
        : { verdict: 'deactivated', clause: 'HOLO-EXIST-2' };
    case 'captured':
      // A captive exists where it is held (issue 15): held by no ship or facility, it is held on the
      // planet at its location, where Holo-Projectors let it exist as anyone else (HOLO-EXIST-1).
      if (at.host === null)
        return projectors(at.location) ? MAY_BE_ACTIVE : { verdict: 'may-not-exist', clause: 'HOLO-EXIST-1' };
      return mayUseHolodeck(table, id, at.host)
        ? MAY_BE_ACTIVE
        : { verdict: 'deactivated', clause: 'HOLO-EXIST-2' };
    case 'planet':
      return projectors(at.location) ? MAY_BE_ACTIVE : { verdict: 'may-not-exist', clause: 'HOLO-EXIST-1' };
    case 'held':
      return { verdict: 'may-not-exist', clause: 'HOLO-EXIST-1' };
    default:
      return MAY_BE_ACTIVE;
  }
}

/**
 * HOLO-ACT-2: a hologram may be activated only aboard a ship or facility with a Holodeck it may use,
 * or while wearing a Mobile Holo-Emitter. (Holo-Projectors let it exist on a planet, HOLO-EXIST-1, but
 * the activation clause names only those two; an active hologram stays active there.)
 */
export function mayBeActivatedWhereItIs(table: Table, id: CardId): boolean {
  if (isWearingEmitter(table, id)) return true;
  const at = instance(table, id).at;
  if (at.in === 'aboard') return mayUseHolodeck(table, id, at.host);
  if (at.in === 'captured' && at.host !== null) return mayUseHolodeck(table, id, at.host);
  return false;
}

/** HOLO-EXIST-2: a deactivated hologram is disabled; other cards are disabled by their status. */
export function isDisabled(table: Table, id: CardId): boolean {
  return instance(table, id).status.disabled || table.hologram(id)?.state === 'deactivated';
}

export function isStopped(table: Table, id: CardId): boolean {
  return instance(table, id).status.stopped;
}

export function isInStasis(table: Table, id: CardId): boolean {
  return instance(table, id).status.inStasisUntilEndOfTurn !== null;
}

/** A holographic card that has a hologram actor (it is in play and not erased). */
export function isLiveHologram(table: Table, id: CardId): boolean {
  const state = table.hologram(id)?.state;
  return state === 'active' || state === 'deactivated';
}

export { isHolographic };
