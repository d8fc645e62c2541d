import type { CardId } from '../model/board.ts';
import { cardList, slotOf } from '../model/card-record.ts';
import type { ClauseId } from '../model/clauses.ts';
import { hasEffect, isHolographic, label } from './cards.ts';
import type { Draft } from './draft.ts';
import { existenceOf, holoProjectorsLookup, isLiveHologram } from './holograms.ts';
import { cardsOn, emitterWornBy, isInPlay } from './where.ts';

/**
 * The consequences every command shares: deactivating and erasing holograms, sending cards to the
 * discard pile with what they carry, and the check after every command that each hologram is where it
 * may exist (HOLO-EXIST-*, HOLO-EMIT-2). The engine does these itself; a client never has to.
 */

/** Deactivates a hologram (it stays where it is). A hologram already deactivated stays so. */
export function deactivate(draft: Draft, id: CardId, clause: ClauseId, why: string): void {
  const view = draft.hologram(id);
  if (view?.state !== 'active') return;
  draft.changeHologram({ change: 'deactivate', card: id, turn: draft.board.turn.number });
  draft.rule('deactivated', clause, { hologram: id }, () => `${label(draft, id)} is deactivated: ${why}`);
}

/** HOLO-ACT-1: a Holo card that reports (from hand, or to a battle) enters play deactivated. */
export function deactivatedWhenReported(draft: Draft, id: CardId): void {
  if (!isHolographic(draft, id)) return;
  draft.changeHologram({ change: 'spawn', card: id, initial: 'deactivated', deactivatedOnTurn: null });
  draft.rule(
    'deactivated',
    'HOLO-ACT-1',
    { hologram: id },
    () => `${label(draft, id)} is deactivated when reported (it may be activated this turn)`,
  );
}

/**
 * Sends a card in play to its owner's discard pile. A hologram that goes there is erased
 * (HOLO-DEATH-2). What it carries (crew, worn emitter, cards played on it) goes too (GAME-DESTROY-1;
 * holograms aboard a ship or facility that is `destroyed`: HOLO-DEATH-3, which speaks of destruction
 * alone; aboard one discarded otherwise, HOLO-DEATH-2).
 */
export function discard(draft: Draft, id: CardId, clause: ClauseId, why: string, destroyed = false): void {
  const carried = cardsOn(draft, id);
  const from = draft.board.cards[id]!.at;
  if (isLiveHologram(draft, id)) {
    draft.changeHologram({ change: 'erase', card: id });
    draft.rule('erased', clause, { hologram: id }, () => `${label(draft, id)} is erased: ${why}`);
  }
  draft.toDiscardPile(id);
  draft.rule(
    'discarded',
    isHolographic(draft, id) ? 'HOLO-DEATH-2' : clause,
    { card: id, from },
    () => `${label(draft, id)} goes to the discard pile (${why})`,
  );
  for (const other of carried) {
    // Gone already, through another card it was carried by.
    if (draft.board.cards[other]!.at.in === 'discard') continue;
    const holo = isHolographic(draft, other);
    discard(
      draft,
      other,
      holo ? (destroyed && from.in === 'space' ? 'HOLO-DEATH-3' : 'HOLO-DEATH-2') : 'GAME-DESTROY-1',
      `it was ${describeCarry(draft, other)} ${label(draft, id)}`,
    );
  }
}

function describeCarry(draft: Draft, id: CardId): string {
  const at = draft.board.cards[id]!.at.in;
  if (at === 'worn') return 'worn by';
  if (at === 'played-on') return 'played on';
  if (at === 'held') return 'held by';
  return 'aboard';
}

/**
 * After every command: each hologram in play must be where it may exist (HOLO-EXIST-1) and may be
 * active only where it may use a Holodeck or wears an emitter (HOLO-EXIST-2). `wasWearing` names the
 * holograms that wore an emitter before the command, so that an erasure caused by losing it cites
 * HOLO-EMIT-2.
 *
 * Only holograms whose circumstances the command changed are looked at (every hologram was where it
 * may exist before it): those it moved or changed, whose state it changed, or whose emitter it moved.
 * A command that moved a Holodeck Door or Holo-Projectors (which change where many may exist) has every
 * hologram looked at. They are looked at in the board's order, as a look at every card would.
 */
export function enforceExistence(draft: Draft, wasWearing: Wearers): void {
  if (draft.changedCount() === 0 && draft.changes.length === 0) return;
  // Where Holo-Projectors are does not change in this loop: only holograms, and what they carry, move
  // (to the discard pile), and Holo-Projectors are played on a location, never carried by a card.
  const projectors = holoProjectorsLookup(draft);
  const affected = new Set<CardId>();
  let everyone = false;
  for (const id of draft.changedCards()) everyone = noteChanged(draft, id, affected) || everyone;
  for (const change of draft.changes) affected.add(change.card);
  if (everyone) {
    for (const id of Object.keys(draft.board.cards)) checkExistence(draft, id, wasWearing, projectors);
    return;
  }
  // In the board's order; a card this loop changes joins it if its turn has not come yet, as it would
  // in a look at every card.
  let queue = bySlot(draft, affected);
  let last = -1;
  for (let i = 0; i < queue.length; i++) {
    const [slot, id] = queue[i]!;
    if (slot <= last) continue;
    last = slot;
    const changedBefore = draft.changedCount();
    checkExistence(draft, id, wasWearing, projectors);
    if (draft.changedCount() === changedBefore) continue;
    const known = affected.size;
    for (const changed of draft.changedCards(changedBefore)) noteChanged(draft, changed, affected);
    if (affected.size !== known) {
      queue = [...queue.slice(i + 1), ...bySlot(draft, [...affected].slice(known))].sort(bySlotOrder);
      i = -1;
    }
  }
}

/** One hologram where it is now: deactivated, or discarded, if it may not be (active) there. */
function checkExistence(
  draft: Draft,
  id: CardId,
  wasWearing: Wearers,
  projectors: (location: string) => boolean,
): void {
  if (!isLiveHologram(draft, id) || !isInPlay(draft, id)) return;
  const verdict = existenceOf(draft, id, projectors);
  if (verdict.verdict === 'deactivated') {
    deactivate(
      draft,
      id,
      verdict.clause,
      'it is aboard with no Holodeck it may use and wears no Mobile Holo-Emitter',
    );
  } else if (verdict.verdict === 'may-not-exist') {
    const lostEmitter = wasWearing.has(id) && emitterWornBy(draft, id) === undefined;
    discard(
      draft,
      id,
      lostEmitter ? 'HOLO-EMIT-2' : verdict.clause,
      lostEmitter
        ? 'its Mobile Holo-Emitter is gone and it is not aboard a ship or facility, nor on a planet with Holo-Projectors'
        : 'holograms exist only aboard ships and facilities, on planets with Holo-Projectors, or wearing a Mobile Holo-Emitter',
    );
  }
}

/**
 * Adds a changed card, and the wearer of a changed emitter before the command and now (HOLO-EMIT-1,
 * HOLO-EMIT-2), to the holograms to look at; true if it changes where every hologram may exist.
 */
function noteChanged(draft: Draft, id: CardId, affected: Set<CardId>): boolean {
  affected.add(id);
  const before = draft.before(id);
  if (before?.at.in === 'worn') affected.add(before.at.by);
  const now = draft.board.cards[id];
  if (now?.at.in === 'worn') affected.add(now.at.by);
  return isWhereHologramsMayExist(draft, id);
}

type Slotted = readonly [number, CardId];

const bySlotOrder = (a: Slotted, b: Slotted) => a[0] - b[0];

/** The cards with their places in the board's order, sorted by them. */
function bySlot(draft: Draft, ids: Iterable<CardId>): Slotted[] {
  return [...ids].map((id): Slotted => [slotOf(draft.board.cards, id) ?? -1, id]).sort(bySlotOrder);
}

/** A card that changes where holograms may exist or be active: a Holodeck Door, Holo-Projectors. */
function isWhereHologramsMayExist(draft: Draft, id: CardId): boolean {
  return hasEffect(draft, id, 'adds-holodeck') || hasEffect(draft, id, 'holo-projectors');
}

/** Who wears an emitter on a board: asked by `enforceExistence` of a hologram that lost its emitter. */
export interface Wearers {
  has(card: CardId): boolean;
}

/**
 * The holograms that wear an emitter now (taken before a command, or a step of one, for
 * `enforceExistence`). Before the command's first write the board is the frozen board it started from,
 * so the look at every card waits until a hologram that lost its emitter asks (most commands never do,
 * and a look per command would make each cost the board's size); after a write, the draft's cards record
 * changes in place, so the look is taken at once.
 */
export function wearersOf(draft: Draft): Wearers {
  const board = draft.board;
  let wearing: Set<CardId> | undefined;
  const look = () => {
    wearing = new Set<CardId>();
    for (const each of cardList(board.cards)) {
      if (each.at.in === 'worn') wearing.add(each.at.by);
    }
    return wearing;
  };
  if (draft.changedCount() > 0) look();
  return { has: (card: CardId) => (wearing ?? look()).has(card) };
}
