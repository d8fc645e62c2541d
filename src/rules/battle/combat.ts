import type { BattleData, DeniedOutcome, Group, PairingOutcome, Side } from '../../model/battle.ts';
import type { CardId, PlayerId } from '../../model/board.ts';
import { cardList } from '../../model/card-record.ts';
import type { ClauseId } from '../../model/clauses.ts';
import { hasEffect, isHolographic, isPersonnel, label } from '../cards.ts';
import { isDisabled, isInStasis, isStopped } from '../holograms.ts';
import type { Table } from '../table.ts';
import { cardsAt } from '../where.ts';
import { strengthTotals } from './strength.ts';

/** Who engages, who may stun or mortally wound whom, and who wins (BATTLE-1 to BATTLE-5a, HOLO-BATTLE-*). */

/**
 * BATTLE-1: a player's group is that player's personnel there, whole: never those in stasis; stopped
 * ones may defend but not attack. Rogue Borg are no player's group (BATTLE-0, CARD-ROGUE-BORG-1: a
 * force of their own, whose battles the engine starts; see rogue-borg.ts). Disabled ones (a deactivated hologram among them) belong to either
 * group: they do not engage (BATTLE-3) but may be the random kill (BATTLE-5a) and are stopped as
 * survivors (BATTLE-6), whichever side they are on.
 */
export function groupMembers(table: Table, group: Group, role: Side): CardId[] {
  const spot = 'aboard' in group.where ? { aboard: group.where.aboard } : { planet: group.where.planet };
  return cardsAt(table, spot).filter(
    (id) =>
      table.board.cards[id]!.owner === group.owner &&
      isPersonnel(table, id) &&
      !isInStasis(table, id) &&
      (role === 'defender' || !isStopped(table, id)),
  );
}

export function isStunned(table: Table, id: CardId): boolean {
  return table.board.cards[id]!.status.stunned;
}

export function isMortallyWounded(table: Table, id: CardId): boolean {
  return table.board.cards[id]!.status.mortallyWounded;
}

/** BATTLE-3: who goes into a combat pile: not disabled, stunned or mortally wounded (nor in stasis). */
export function mayEngage(table: Table, id: CardId): boolean {
  return (
    !isDisabled(table, id) && !isStunned(table, id) && !isMortallyWounded(table, id) && !isInStasis(table, id)
  );
}

/**
 * The holographic safety protocols (HOLO-BATTLE-1 and HOLO-BATTLE-2) hold, unless a card on the table
 * suspends them (Disengage Safety Protocols).
 */
export function safetyProtocolsHold(table: Table): boolean {
  return !cardList(table.board.cards).some(
    (card) => card.at.in === 'table' && hasEffect(table, card.id, 'suspends-safety-protocols'),
  );
}

/** What the rules allow after a pairing: who decides, and what. */
export interface Engagement {
  readonly attackerStrength: number;
  readonly defenderStrength: number;
  /** The side whose personnel is stronger and able to act; null when no one may decide anything. */
  readonly decider: Side | null;
  /** The outcomes the decider may choose ('none' always among them when there is a decider). */
  readonly options: readonly PairingOutcome[];
  /** The clause that limits the options (for the trace). */
  readonly clause: ClauseId;
  readonly reason: string;
  /** The outcomes denied the decider, each with the clause that denies it. */
  readonly denied: readonly DeniedOutcome[];
}

/** Whether a combatant is in the battle still (GAME-BATTLE-2: a response may take one out of it). */
function inBattle(battle: BattleData, id: CardId): boolean {
  return battle.participants.attacker.includes(id) || battle.participants.defender.includes(id);
}

/** An engagement in which no one may decide anything, and why. */
function noDecision(a: number, d: number, clause: ClauseId, reason: string): Engagement {
  return { attackerStrength: a, defenderStrength: d, decider: null, options: [], clause, reason, denied: [] };
}

/**
 * BATTLE-4a/b/c and HOLO-BATTLE-1: greater STRENGTH may stun; more than double may mortally wound;
 * equal, neither. A hologram may not mortally wound a non-holographic adversary. A combatant already
 * stunned or mortally wounded (by a response), or gone from the battle, decides nothing.
 */
export function engagement(table: Table, battle: BattleData, attacker: CardId, defender: CardId): Engagement {
  const [a, d] = strengthTotals(table, [attacker, defender]) as [number, number];
  // Gone or disabled by a response (GAME-BATTLE-2): personal combat needs both adversaries able to engage.
  const gone = !inBattle(battle, attacker) ? attacker : !inBattle(battle, defender) ? defender : undefined;
  if (gone !== undefined)
    return noDecision(a, d, 'GAME-BATTLE-2', `${label(table, gone)} has left the battle`);
  const disabled = isDisabled(table, attacker)
    ? attacker
    : isDisabled(table, defender)
      ? defender
      : undefined;
  if (disabled !== undefined)
    return noDecision(
      a,
      d,
      'GAME-BATTLE-2',
      `${label(table, disabled)} is disabled: it engages no one (BATTLE-1)`,
    );
  if (a === d)
    return noDecision(
      a,
      d,
      'BATTLE-4c',
      `equal STRENGTH (${a} and ${d}): neither may stun or mortally wound the other`,
    );
  const decider: Side = a > d ? 'attacker' : 'defender';
  const [strong, weak] = decider === 'attacker' ? [attacker, defender] : [defender, attacker];
  const [high, low] = decider === 'attacker' ? [a, d] : [d, a];
  if (isStunned(table, strong) || isMortallyWounded(table, strong)) {
    return noDecision(
      a,
      d,
      'BATTLE-4a',
      `${label(table, strong)} is stronger but stunned or mortally wounded`,
    );
  }
  if (isMortallyWounded(table, weak))
    return noDecision(a, d, 'BATTLE-4b', `${label(table, weak)} is mortally wounded already`);
  const options: PairingOutcome[] = ['none'];
  const denied: DeniedOutcome[] = [];
  if (!isStunned(table, weak)) options.push('stun');
  else
    denied.push({ outcome: 'stun', clause: 'BATTLE-4a', reason: `${label(table, weak)} is stunned already` });
  let clause: ClauseId = 'BATTLE-4a';
  let reason = `${label(table, strong)} (STRENGTH ${high}) is stronger than ${label(table, weak)} (${low}): may stun`;
  if (high > 2 * low) {
    if (isHolographic(table, strong) && !isHolographic(table, weak) && safetyProtocolsHold(table)) {
      clause = 'HOLO-BATTLE-1';
      reason = `${label(table, strong)} is a hologram: it may stun but not mortally wound ${label(table, weak)}`;
      denied.push({ outcome: 'mortally-wound', clause, reason });
    } else {
      options.push('mortally-wound');
      clause = 'BATTLE-4b';
      reason = `${label(table, strong)} (STRENGTH ${high}) is more than double ${label(table, weak)} (${low}): may mortally wound`;
    }
  } else {
    if (high === 2 * low) reason = `${reason} (exactly double is not more than double)`;
    // BATTLE-4b decides a mortal wound, whatever limits the rest: its "more than double" is not met.
    denied.push({
      outcome: 'mortally-wound',
      clause: 'BATTLE-4b',
      reason: `${label(table, strong)} (STRENGTH ${high}) is not more than double ${label(table, weak)} (${low})${high === 2 * low ? ': exactly double is not more than double' : ''}`,
    });
  }
  return { attackerStrength: a, defenderStrength: d, decider, options, clause, reason, denied };
}

/** Who counts toward a side's total: in the battle still, not disabled or in stasis. */
function standing(table: Table, battle: BattleData, side: Side): CardId[] {
  return battle.participants[side].filter((id) => !isDisabled(table, id) && !isInStasis(table, id));
}

export interface SideTotal {
  readonly total: number;
  /** The cards whose STRENGTH is counted (not stunned, not mortally wounded). */
  readonly counted: readonly CardId[];
  /** HOLO-BATTLE-2: every counted STRENGTH comes from holograms (their own and what modifies them). */
  readonly entirelyHolographic: boolean;
}

/**
 * BATTLE-5: a side's total remaining STRENGTH with modifiers. Stunned and mortally wounded cards add
 * none of their own, but may still modify others (a stunned Shakaar Edon).
 */
export function sideTotal(table: Table, battle: BattleData, side: Side): SideTotal {
  const counted = standing(table, battle, side).filter(
    (id) => !isStunned(table, id) && !isMortallyWounded(table, id),
  );
  const strengths = strengthTotals(table, counted);
  const total = strengths.reduce((sum, strength) => sum + strength, 0);
  // HOLO-BATTLE-2 looks at where the STRENGTH comes from: a non-hologram who adds nothing (STRENGTH 0)
  // does not make a holograms' total any less theirs.
  const fromOthers = strengths.reduce(
    (sum, strength, i) => (isHolographic(table, counted[i]!) ? sum : sum + strength),
    0,
  );
  return { total, counted, entirelyHolographic: total > 0 && fromOthers <= 0 };
}

/**
 * BATTLE-5a: the personnel the winner may kill: the losing side's, at random among those not mortally
 * wounded, stunned and disabled ones included (never those in stasis, who are not in the battle).
 */
export function killCandidates(table: Table, battle: BattleData, loser: Side): CardId[] {
  return battle.participants[loser].filter((id) => !isMortallyWounded(table, id) && !isInStasis(table, id));
}

export function playerSide(battle: BattleData, player: PlayerId): Side | null {
  if (battle.attacker === player) return 'attacker';
  if (battle.defender === player) return 'defender';
  return null;
}
