import type { CardId, LocationId, PlayerId } from './board.ts';
import type { ClauseId } from './clauses.ts';
import type { BattleWindow } from './commands.ts';

/** The personnel battle's data: plain and serialisable, held by the battle actor (and the game). */

/** The two sides of a battle. */
export type Side = 'attacker' | 'defender';

/**
 * The side of a battle that is no player: the Rogue Borg (BATTLE-0, Rogue Borg Mercenaries). It
 * stands where a player id would (the attacker of a Rogue Borg battle, the player a Borg decision
 * awaits, the winner); no player may have this id (a setup naming it is refused).
 */
export const ROGUE_BORG = 'rogue-borg';

/** An Away Team (on a planet) or a crew (aboard a ship or facility): one player's personnel there. */
export interface Group {
  readonly owner: PlayerId;
  readonly where: { readonly aboard: CardId } | { readonly planet: LocationId };
}

/** Two adversaries turned over together (BATTLE-4). */
export interface Pairing {
  readonly number: number;
  readonly attacker: CardId;
  readonly defender: CardId;
}

/** How a pairing ended. */
export type PairingOutcome = 'stun' | 'mortally-wound' | 'none';

export interface PairingRecord extends Pairing {
  readonly outcome: PairingOutcome;
  /** The card that stunned or mortally wounded its adversary (a decision or a response); null for none. */
  readonly by: CardId | null;
  readonly clause: string;
}

export interface BattleTotals {
  readonly attacker: number;
  readonly defender: number;
}

/** What the battle's data holds, step by step. */
export interface BattleData {
  /** The attacking player, or ROGUE_BORG when Rogue Borg battle a crew. */
  readonly attacker: PlayerId;
  readonly defender: PlayerId;
  /**
   * The game's two players, who hold the response windows (BATTLE-2, BATTLE-4e). In a Rogue Borg
   * battle both players act at once, the player whose turn it is first, even one with no card in it.
   */
  readonly players: readonly [PlayerId, PlayerId];
  /** Ships whose Rogue Borg battle their crews next, at this same start of a turn (one battle at a time). */
  readonly next: readonly CardId[];
  /** Whose turn it is: first in simultaneous windows (BATTLE-4e). */
  readonly activePlayer: PlayerId;
  readonly attackingGroup: Group;
  readonly defendingGroup: Group;
  /** Who takes part, by side (BATTLE-1; those who leave the battle are removed). */
  readonly participants: { readonly attacker: readonly CardId[]; readonly defender: readonly CardId[] };
  /**
   * Those who left the battle while it ran (moved away, captured: GAME-BATTLE-2), in the order they
   * left: no survivors of it, but a stun or mortal wound it dealt them still ends with it (BATTLE-6).
   */
  readonly left: readonly CardId[];
  /** The face-down combat piles, top card first (BATTLE-3). */
  readonly piles: { readonly attacker: readonly CardId[]; readonly defender: readonly CardId[] };
  /** The cards turned face up when the other pile ran out (BATTLE-4d). */
  readonly faceUp: readonly CardId[];
  /** The pairing now engaged, if any. */
  readonly pairing: Pairing | null;
  /** A personnel that engages the next adversary (Android Headlock), by side. */
  readonly engagesNext: { readonly side: Side; readonly card: CardId } | null;
  readonly pairings: readonly PairingRecord[];
  /** Players who have used a once-per-battle response ('45 Dom Perignon), by the card's id. */
  readonly usedOncePerBattle: readonly CardId[];
  readonly totals: BattleTotals | null;
  /** The winner; null for a tie (BATTLE-5a) or before it is determined. */
  readonly winner: PlayerId | null;
  readonly killed: CardId | null;
}

/**
 * A battle's data out of a context that also holds its open response window: a new object, copied key
 * by key rather than by `{ window, ...rest }`, because V8 copies an object less one key through a slow
 * path of its runtime, several times the cost of this loop (a battle makes one per command).
 */
export function battleDataOf(context: BattleData & { readonly window: unknown }): BattleData {
  const data: Record<string, unknown> = {};
  for (const key in context) if (key !== 'window') data[key] = context[key as keyof BattleData];
  return data as unknown as BattleData;
}

/**
 * A running battle's data as the rules and clients read it: the battle actor's data, and the decision
 * the pairing now awaits (BATTLE-4a/b/c: whose, and what the rules allow), which the game holds: who
 * must decide, and how, is the rules' judgement of the board, and the game is what waits for it.
 */
export interface BattleViewData extends BattleData {
  readonly decision: AwaitedDecision | null;
}

/** A pairing's decision: the side whose personnel is stronger, and the outcomes it may choose. */
export interface AwaitedDecision {
  readonly side: Side;
  readonly options: readonly PairingOutcome[];
  /** The clause that limits the options, and why, in a sentence. */
  readonly clause: ClauseId;
  readonly reason: string;
  /** The outcomes the rules deny here, each with the clause that denies it (a refusal cites it). */
  readonly denied: readonly DeniedOutcome[];
}

/** An outcome the rules deny a pairing's decider, and the clause that settles it (BATTLE-4a/b, HOLO-BATTLE-1). */
export interface DeniedOutcome {
  readonly outcome: PairingOutcome;
  readonly clause: ClauseId;
  readonly reason: string;
}

/** The steps of a battle: the battle actor's states. */
export type BattleStep =
  | 'startOfBattle'
  | 'formingPiles'
  | 'turningOver'
  | 'engaged'
  | 'deciding'
  | 'pilesRanOut'
  | 'beforeWinner'
  | 'determiningWinner'
  | 'aftermath'
  | 'over';

/**
 * The step of the battle each response window leads to once it closes: the battle statechart's
 * transitions and the rules' carrying on (`carryOnBattle`, src/rules/battle/steps.ts) both read it here,
 * so they cannot disagree.
 */
export const STEP_AFTER_WINDOW = {
  'start-of-battle': 'formingPiles',
  pairing: 'deciding',
  'until-winner': 'determiningWinner',
} as const satisfies Record<BattleWindow, BattleStep>;

/**
 * Two passes in a row close a response window: a pass by the player holding priority after the other
 * player passed. The window's statechart closes on it (its `closesWindow` guard), and the rules carry
 * the battle on to its next step as they carry out that pass: one rule, read twice.
 */
export function closesWindow(
  window: { readonly priority: PlayerId; readonly passes: number },
  player: PlayerId,
): boolean {
  return player === window.priority && window.passes === 1;
}

/** What the rules read of a running battle: its data, its step, and who has priority in an open window. */
export interface BattleView {
  readonly data: BattleViewData;
  readonly step: BattleStep;
  readonly window: {
    readonly kind: BattleWindow;
    readonly priority: PlayerId;
    readonly passes: number;
  } | null;
}

/** The part of a battle's data that turning over reads. */
type Turning = Pick<BattleData, 'piles' | 'engagesNext' | 'pairings'>;

/** BATTLE-4d: pairings go on while both sides have a card to turn over (one that engages next counts). */
export function bothSidesHaveAnAdversary(data: Turning): boolean {
  return (
    (data.engagesNext?.side === 'attacker' || data.piles.attacker.length > 0) &&
    (data.engagesNext?.side === 'defender' || data.piles.defender.length > 0)
  );
}

/**
 * BATTLE-4: both top cards are turned over together (a personnel that engages next stays): the next
 * pairing and the piles after it. Only when both sides have an adversary. The battle statechart turns
 * over with this, and the rules announce what it turns over with it too: one rule, read twice.
 */
export function turnOverTopCards(
  data: Turning,
): Pick<BattleData, 'pairing' | 'engagesNext' | 'piles'> & { pairing: Pairing } {
  const carry = data.engagesNext;
  const attacker = carry?.side === 'attacker' ? carry.card : data.piles.attacker[0]!;
  const defender = carry?.side === 'defender' ? carry.card : data.piles.defender[0]!;
  return {
    pairing: { number: data.pairings.length + 1, attacker, defender },
    engagesNext: null,
    piles: {
      attacker: carry?.side === 'attacker' ? data.piles.attacker : data.piles.attacker.slice(1),
      defender: carry?.side === 'defender' ? data.piles.defender : data.piles.defender.slice(1),
    },
  };
}

/**
 * BATTLE-4d: a pile has run out: the cards left in the other are turned face up. A personnel that was to
 * engage the next adversary (Android Headlock) and has none left is not among them: it left its pile
 * when its own pairing was turned over, face up already.
 */
export function turnRestFaceUp(data: Turning): Pick<BattleData, 'faceUp' | 'piles' | 'engagesNext'> {
  return {
    faceUp: [...data.piles.attacker, ...data.piles.defender],
    piles: { attacker: [], defender: [] },
    engagesNext: null,
  };
}

/** The player on that side of the battle. */
export function playerOf(data: BattleData, side: Side): PlayerId {
  return side === 'attacker' ? data.attacker : data.defender;
}

/** What the battle actor is started with: the announced attack (BATTLE-1). */
export type BattleInput = Omit<
  BattleData,
  | 'left'
  | 'piles'
  | 'faceUp'
  | 'pairing'
  | 'engagesNext'
  | 'pairings'
  | 'usedOncePerBattle'
  | 'totals'
  | 'winner'
  | 'killed'
>;

/** What the game tells the battle. */
export type BattleEvent =
  /** A player passes, or has responded (the game judged the response and carried it out). */
  | { type: 'PASS'; player: PlayerId }
  | { type: 'RESPONDED'; player: PlayerId }
  /** BATTLE-3: the shuffled combat piles, top card first. */
  | { type: 'PILES_FORMED'; attacker: CardId[]; defender: CardId[] }
  /** BATTLE-4a/b/c: how the pairing ended. */
  | { type: 'DECIDED'; record: PairingRecord }
  /** A personnel leaves the battle (Emergency Transporter Armbands). */
  | { type: 'LEFT_BATTLE'; card: CardId }
  /** Android Headlock: this personnel engages the next adversary. */
  | { type: 'ENGAGES_NEXT'; side: Side; card: CardId }
  /** A once-per-battle response card was used ('45 Dom Perignon). */
  | { type: 'USED_ONCE'; card: CardId }
  /** BATTLE-5, BATTLE-5a */
  | { type: 'WINNER_DETERMINED'; totals: BattleTotals; winner: PlayerId | null; killed: CardId | null }
  /** BATTLE-6 */
  | { type: 'AFTERMATH_DONE' };
