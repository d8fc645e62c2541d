import {
  type AwaitedDecision,
  type BattleData,
  type BattleTotals,
  type BattleView,
  bothSidesHaveAnAdversary,
  closesWindow,
  type Pairing,
  type PairingOutcome,
  type PairingRecord,
  playerOf,
  ROGUE_BORG,
  type Side,
  STEP_AFTER_WINDOW,
  turnOverTopCards,
  turnRestFaceUp,
} from '../../model/battle.ts';
import type { CardId } from '../../model/board.ts';
import { cardList } from '../../model/card-record.ts';
import type { ClauseId } from '../../model/clauses.ts';
import { label } from '../cards.ts';
import { enforceExistence, wearersOf } from '../consequences.ts';
import { killOrDeactivateInstead } from '../death.ts';
import { Draft } from '../draft.ts';
import type { RandomState } from '../random.ts';
import type { Table } from '../table.ts';
import { isInPlay } from '../where.ts';
import {
  engagement,
  isMortallyWounded,
  isStunned,
  killCandidates,
  mayEngage,
  safetyProtocolsHold,
  sideTotal,
} from './combat.ts';
import { battleData } from './sequence.ts';

/**
 * The steps of a battle that need the board, carried out by the game as it carries out the pass that
 * closes the response window before each (`carryOnBattle`, src/rules/commands/index.ts): the combat
 * piles (BATTLE-3), each pairing's decision (BATTLE-4a/b/c), the winner (BATTLE-5, BATTLE-5a,
 * HOLO-BATTLE-2) and the aftermath (BATTLE-6, HOLO-DEATH-1). What the battle does next on hearing the
 * piles or a pairing's end (turn over the next pairing, or the rest face up) is announced with them
 * (BATTLE-4, BATTLE-4d): the battle needs nothing from the board for it.
 */

/** How messages name a side's force: a player by id, the Rogue Borg as such (BATTLE-0). */
function forceName(player: string): string {
  return player === ROGUE_BORG ? 'the Rogue Borg' : player;
}

/** Fisher-Yates, from the game's seeded generator. */
function shuffled(draft: Draft, cards: readonly CardId[]): CardId[] {
  const pile = [...cards];
  for (let i = pile.length - 1; i > 0; i--) {
    const j = draft.randomInt(0, i);
    [pile[i], pile[j]] = [pile[j]!, pile[i]!];
  }
  return pile;
}

/** BATTLE-3: each side's personnel, without the disabled, stunned or mortally wounded, shuffled face down. */
export function formCombatPiles(draft: Draft, battle: BattleView): void {
  const { participants } = battle.data;
  const engaging = (side: Side) => participants[side].filter((id) => mayEngage(draft, id));
  const attacker = shuffled(draft, engaging('attacker'));
  const defender = shuffled(draft, engaging('defender'));
  const leftOut = [...participants.attacker, ...participants.defender].filter((id) => !mayEngage(draft, id));
  draft.tellBattle({ type: 'PILES_FORMED', attacker, defender });
  draft.rule(
    'combat-piles',
    'BATTLE-3',
    { attacker: attacker.length, defender: defender.length, leftOut },
    () =>
      `combat piles of ${attacker.length} and ${defender.length} cards, shuffled face down${leftOut.length ? `; not in them (disabled, stunned or mortally wounded): ${leftOut.map((id) => label(draft, id)).join(', ')}` : ''}`,
  );
  announceTurnOver(draft, battleData(battle.data, { piles: { attacker, defender } }));
}

/**
 * BATTLE-4, BATTLE-4d: what the battle turns over now that it has heard the piles or a pairing's end
 * (`data`, as the battle will have it), by the battle's own rule: the next pairing, or the rest face up.
 */
function announceTurnOver(draft: Draft, data: BattleData): void {
  if (bothSidesHaveAnAdversary(data))
    announcePairing(draft, battleData(data, turnOverTopCards(data)) as BattleData & { pairing: Pairing });
  else announceFaceUp(draft, battleData(data, turnRestFaceUp(data)));
}

/** BATTLE-4: a pairing is turned over; both STRENGTHs, with their modifiers, are shown. */
function announcePairing(draft: Draft, data: BattleData & { pairing: Pairing }): void {
  const pairing = data.pairing;
  const found = engagement(draft, data, pairing.attacker, pairing.defender);
  draft.rule(
    'engaged',
    'BATTLE-4',
    {
      pairing: pairing.number,
      attacker: pairing.attacker,
      defender: pairing.defender,
      attackerStrength: found.attackerStrength,
      defenderStrength: found.defenderStrength,
    },
    () =>
      `pairing ${pairing.number}: ${label(draft, pairing.attacker)} (STRENGTH ${found.attackerStrength}) engages ${label(draft, pairing.defender)} (STRENGTH ${found.defenderStrength})`,
  );
}

/** BATTLE-4d: one pile has run out (or both); the cards left in the other are turned face up. */
function announceFaceUp(draft: Draft, data: BattleData): void {
  const cards = data.faceUp;
  draft.rule('face-up', 'BATTLE-4d', { cards: [...cards] }, () =>
    cards.length === 0
      ? 'both combat piles ran out together'
      : `a combat pile ran out; the cards left in the other are turned face up: ${cards.map((id) => label(draft, id)).join(', ')}`,
  );
}

/** Records how a pairing ended, on the board and in the battle. */
export function settlePairing(
  draft: Draft,
  pairing: Pairing,
  outcome: PairingOutcome,
  strong: CardId | null,
  weak: CardId | null,
  clause: ClauseId,
  reason: string,
): void {
  if (outcome !== 'none' && strong && weak) {
    // Rotated 90 degrees (stunned) or 180 (mortally wounded): never both at once.
    draft.setStatus(weak, outcome === 'stun' ? { stunned: true } : { stunned: false, mortallyWounded: true });
    draft.rule(
      outcome === 'stun' ? 'stunned' : 'mortally-wounded',
      clause,
      { card: weak, by: strong },
      () =>
        `${label(draft, strong)} ${outcome === 'stun' ? 'stuns' : 'mortally wounds'} ${label(draft, weak)}`,
    );
  } else {
    // Declining adds nothing to a strike a response made in the pairing's window (BATTLE-4e): the
    // record keeps that strike, and who struck, rather than "no one stunned".
    const strike = strikeInWindow(draft, draft.battle()!.data, pairing);
    if (strike) {
      endStruckPairing(draft, pairing, strike, `; ${reason}`);
      return;
    }
    draft.rule(
      'no-outcome',
      clause,
      { pairing: pairing.number },
      () => `pairing ${pairing.number} ends with no one stunned or mortally wounded (${reason})`,
    );
  }
  pairingDecided(draft, {
    number: pairing.number,
    attacker: pairing.attacker,
    defender: pairing.defender,
    outcome,
    by: outcome === 'none' ? null : strong,
    clause,
  });
}

/**
 * Tells the battle how its pairing ended, and announces what the battle turns over next on hearing it
 * (the next pairing, or the rest face up): every pairing's end goes through here.
 */
function pairingDecided(draft: Draft, record: PairingRecord): void {
  draft.tellBattle({ type: 'DECIDED', record });
  draft.awaitDecision(null);
  const data = draft.battle()!.data;
  announceTurnOver(draft, battleData(data, { pairings: [...data.pairings, record], pairing: null }));
}

/** A combatant a response struck down in the pairing's window, and the adversary whose side struck. */
interface WindowStrike {
  readonly struck: CardId;
  readonly by: CardId;
  readonly outcome: Exclude<PairingOutcome, 'none'>;
}

/**
 * A combatant struck down in the pairing's window by a response (Android Headlock, '45 Dom Perignon, a
 * client's card), both combatants being in the battle still. Combatants are turned over unstunned and
 * unwounded (BATTLE-3), so a status now came from this pairing's window (BATTLE-4e).
 */
function strikeInWindow(draft: Draft, data: BattleData, pairing: Pairing): WindowStrike | undefined {
  const { participants } = data;
  const inBattle = (id: CardId) => participants.attacker.includes(id) || participants.defender.includes(id);
  if (!inBattle(pairing.attacker) || !inBattle(pairing.defender)) return undefined;
  const struck = [pairing.defender, pairing.attacker].find(
    (id) => isMortallyWounded(draft, id) || isStunned(draft, id),
  );
  if (!struck) return undefined;
  return {
    struck,
    by: struck === pairing.attacker ? pairing.defender : pairing.attacker,
    outcome: isMortallyWounded(draft, struck) ? 'mortally-wound' : 'stun',
  };
}

/**
 * BATTLE-4e: the pairing's record says what the response in its window did, and who struck, with the
 * window's clause, rather than "no one stunned or mortally wounded". `after` tells why nothing more was
 * done (a decider that declined).
 */
function endStruckPairing(draft: Draft, pairing: Pairing, strike: WindowStrike, after = ''): void {
  const { struck, by, outcome } = strike;
  draft.rule(
    'pairing-ended',
    'BATTLE-4e',
    { pairing: pairing.number, outcome },
    () =>
      `pairing ${pairing.number} ends: ${label(draft, struck)} was ${outcome === 'stun' ? 'stunned' : 'mortally wounded'} by a response of ${label(draft, by)}'s side in its window; ${after ? `nothing more is done${after}` : 'no decision is left to make'}`,
  );
  pairingDecided(draft, { ...pairing, outcome, by, clause: 'BATTLE-4e' });
}

/**
 * After a pairing's window closes: where the rules leave no choice (equal STRENGTH, a combatant gone
 * or already struck down by a response) the pairing ends at once; otherwise the stronger personnel's
 * player is asked (BATTLE-4a/b/c, HOLO-BATTLE-1).
 */
export function awaitDecision(draft: Draft, battle: BattleView): void {
  const pairing = battle.data.pairing;
  if (!pairing) return;
  const found = engagement(draft, battle.data, pairing.attacker, pairing.defender);
  // A decider whose adversary a response struck down, left nothing more than "none" (stunned already,
  // and not more than double), has no choice to make either.
  const noChoice = !found.decider || found.options.every((option) => option === 'none');
  const strike = noChoice ? strikeInWindow(draft, battle.data, pairing) : undefined;
  if (strike) {
    endStruckPairing(draft, pairing, strike);
    return;
  }
  if (!found.decider) {
    settlePairing(draft, pairing, 'none', null, null, found.clause, found.reason);
    return;
  }
  const player = playerOf(battle.data, found.decider);
  // The game keeps what it awaits: the decision is judged against it, not worked out again.
  draft.awaitDecision({
    side: found.decider,
    options: found.options,
    clause: found.clause,
    reason: found.reason,
    denied: found.denied,
  });
  draft.rule(
    'decision-awaited',
    found.clause,
    { player, options: [...found.options] },
    () =>
      `${forceName(player)} decide${player === ROGUE_BORG ? '' : 's'}: ${found.reason} (${found.options.join(', ')})`,
  );
}

/**
 * The decision the rules have a deciding pairing await on this table (BATTLE-4a/b/c), worked out again
 * on a scratch draft (nothing is carried out); null at any other step. What a restored game's awaited
 * decision must be: a save that claims another was not written by the rules.
 */
export function decisionTheRulesAwait(table: Table, random: RandomState): AwaitedDecision | null {
  const battle = table.battle();
  if (battle?.step !== 'deciding') return null;
  const draft = new Draft(table, random);
  awaitDecision(draft, battle);
  return draft.resolution().awaitedDecision ?? null;
}

/**
 * BATTLE-5, BATTLE-5a, HOLO-BATTLE-2: totals with modifiers; the higher wins and kills one opposing
 * personnel at random (not a mortally wounded one), unless its total came entirely from holograms;
 * equal totals: no winner.
 */
export function determineWinner(draft: Draft, battle: BattleView): BattleResult {
  const data = battle.data;
  const attacker = sideTotal(draft, data, 'attacker');
  const defender = sideTotal(draft, data, 'defender');
  const totals = { attacker: attacker.total, defender: defender.total };
  draft.rule(
    'totals',
    'BATTLE-5',
    totals,
    () =>
      `total remaining STRENGTH ${forceName(data.attacker)} ${attacker.total}, ${forceName(data.defender)} ${defender.total} (stunned and mortally wounded add none of their own)`,
  );
  if (attacker.total === defender.total) {
    draft.rule('battle-tied', 'BATTLE-5a', {}, 'equal totals: no one wins or loses');
    return winnerDetermined(draft, { totals, winner: null, killed: null });
  }
  const winningSide: Side = attacker.total > defender.total ? 'attacker' : 'defender';
  const winner = playerOf(data, winningSide);
  const winning = winningSide === 'attacker' ? attacker : defender;
  // HOLO-BATTLE-2 is one of the safety protocols: Disengage Safety Protocols suspends it too.
  const protocolsHold = safetyProtocolsHold(draft);
  if (winning.entirelyHolographic && protocolsHold) {
    draft.rule(
      'battle-won',
      'HOLO-BATTLE-2',
      { winner, kills: false },
      () =>
        `${forceName(winner)} win${winner === ROGUE_BORG ? '' : 's'}, but its total STRENGTH comes entirely from holograms: no one is killed`,
    );
    return winnerDetermined(draft, { totals, winner, killed: null });
  }
  const candidates = killCandidates(draft, data, winningSide === 'attacker' ? 'defender' : 'attacker');
  draft.rule(
    'battle-won',
    'BATTLE-5a',
    { winner, kills: candidates.length > 0 },
    () =>
      `${
        candidates.length > 0
          ? `${forceName(winner)} win${winner === ROGUE_BORG ? '' : 's'} and kill${winner === ROGUE_BORG ? '' : 's'} one opposing personnel (random selection, stunned and disabled included)`
          : data.participants[winningSide === 'attacker' ? 'defender' : 'attacker'].length === 0
            ? `${forceName(winner)} win${winner === ROGUE_BORG ? '' : 's'}; no opposing personnel is left in the battle to kill (GAME-BATTLE-2)`
            : `${forceName(winner)} win${winner === ROGUE_BORG ? '' : 's'}; every opposing personnel is mortally wounded already, so none is killed now`
      }${winning.entirelyHolographic ? ' (its total comes entirely from holograms, but the holographic safety protocols are suspended: HOLO-BATTLE-2 does not hold)' : ''}`,
  );
  let killed: CardId | null = null;
  if (candidates.length > 0) {
    const chosen = candidates[draft.randomInt(0, candidates.length - 1)]!;
    killed = chosen;
    draft.rule(
      'killed',
      'BATTLE-5a',
      { card: chosen },
      () => `${label(draft, chosen)} is the one killed (random selection)`,
    );
    killOrDeactivateInstead(draft, chosen, 'BATTLE-5a', 'killed by the winner of the battle');
  }
  return winnerDetermined(draft, { totals, winner, killed });
}

/** The battle's result (BATTLE-5, BATTLE-5a): the totals, the winner (null for a tie) and the one killed. */
export type BattleResult = Pick<BattleData, 'totals' | 'winner' | 'killed'>;

/** Tells the battle its result, and gives it to the aftermath. */
function winnerDetermined(draft: Draft, result: BattleResult & { totals: BattleTotals }): BattleResult {
  draft.tellBattle({ type: 'WINNER_DETERMINED', ...result });
  return result;
}

/** BATTLE-6: mortally wounded cards die (holograms deactivate, HOLO-DEATH-1), stunned recover, survivors are stopped. */
export function aftermath(draft: Draft, battle: BattleView): void {
  const everyone = [...battle.data.participants.attacker, ...battle.data.participants.defender];
  for (const id of everyone) {
    if (!isInPlay(draft, id)) continue;
    if (!outlivesItsWounds(draft, id)) continue;
    draft.setStatus(id, { stopped: true });
    draft.rule('stopped', 'BATTLE-6', { card: id }, () => `${label(draft, id)} survives and is stopped`);
  }
  // A personnel struck down and then gone from the battle while still in play (moved away, captured):
  // the text's "mortally wounded cards die, stunned cards recover" is of every card the battle struck,
  // not only of those still in it; only the survivors of the battle are stopped.
  for (const id of battle.data.left) {
    if (isInPlay(draft, id) && (isMortallyWounded(draft, id) || isStunned(draft, id)))
      outlivesItsWounds(draft, id);
  }
  // STRENGTH changed by a response lasts until the end of the battle, wherever its card is now.
  for (const card of cardList(draft.board.cards)) {
    if (card.status.strengthThisBattle === undefined) continue;
    const { strengthThisBattle: _ended, ...status } = card.status;
    draft.updateCard(card.id, { status });
  }
  draft.tellBattle({ type: 'AFTERMATH_DONE' });
  draft.rule(
    'battle-over',
    'BATTLE-6',
    { winner: battle.data.winner, killed: battle.data.killed },
    () => `the battle is over${battle.data.winner ? `; ${forceName(battle.data.winner)} won` : '; a tie'}`,
  );
}

/**
 * BATTLE-6: a mortally wounded card dies (a hologram is deactivated instead, HOLO-DEATH-1), a stunned
 * one recovers. Whether the card is still in play afterwards.
 */
function outlivesItsWounds(draft: Draft, id: CardId): boolean {
  if (isMortallyWounded(draft, id)) {
    draft.setStatus(id, { mortallyWounded: false });
    killOrDeactivateInstead(draft, id, 'BATTLE-6', 'killed by its mortal wound, the battle being over');
    if (!isInPlay(draft, id)) return false;
  }
  if (isStunned(draft, id)) {
    draft.setStatus(id, { stunned: false });
    draft.rule(
      'recovered',
      'BATTLE-6',
      { card: id },
      () => `${label(draft, id)} recovers from being stunned`,
    );
  }
  return true;
}

/**
 * A pass that closes a response window (the second in a row) takes the battle to its next step
 * (`STEP_AFTER_WINDOW`, read where the battle statechart reads it): the steps that need the board are
 * carried out with the pass (the pass rule's `afterwards`), and the battle is told the pass and then what
 * they decided, so it never has to ask. Each step is followed by the checks every command is
 * (HOLO-EXIST-*, HOLO-EMIT-2).
 */
export function carryOnBattle(draft: Draft, battle: BattleView | undefined, player: string): void {
  if (!battle?.window || !closesWindow(battle.window, player)) return;
  // The battle as the step finds it: the window closed, at the step it leads to.
  const at: BattleView = { ...battle, step: STEP_AFTER_WINDOW[battle.window.kind], window: null };
  if (at.step === 'formingPiles') boardStep(draft, () => formCombatPiles(draft, at));
  else if (at.step === 'deciding') boardStep(draft, () => awaitDecision(draft, at));
  else {
    const result = boardStep(draft, () => determineWinner(draft, at));
    // BATTLE-6: the battle goes on to its aftermath on hearing its winner.
    const after: BattleView = { ...at, step: 'aftermath', data: { ...at.data, ...result } };
    boardStep(draft, () => aftermath(draft, after));
  }
}

/** A step of the battle that needs the board, followed by the checks every command is followed by. */
function boardStep<T>(draft: Draft, step: () => T): T {
  const wearing = wearersOf(draft);
  const result = step();
  enforceExistence(draft, wearing);
  return result;
}
