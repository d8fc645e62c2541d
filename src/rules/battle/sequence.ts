import {
  type BattleData,
  type BattleEvent,
  type BattleInput,
  type BattleStep,
  bothSidesHaveAnAdversary,
  type PairingRecord,
  ROGUE_BORG,
  type Side,
  STEP_AFTER_WINDOW,
  turnOverTopCards,
  turnRestFaceUp,
} from '../../model/battle.ts';
import type { CardId, PlayerId } from '../../model/board.ts';
import { type RandomState, shuffledWith } from '../random.ts';
import {
  openWindow,
  type ResponseWindowContext,
  type WindowKind,
  windowGuards,
  windowUpdates,
} from './window.ts';

/**
 * The personnel battle's sequence as plain functions: what each of the battle's events makes of its
 * data, and which step it leads to (BATTLE-1 to BATTLE-6).
 *
 *   startOfBattle (window) → formingPiles → turningOver ⇄ engaged (window) → deciding
 *                                              └→ pilesRanOut → beforeWinner (window)
 *                                                 → determiningWinner → aftermath → over
 *
 * The battle statechart (`machines/battle.machine.ts`) is the engine of record: its actions are the
 * updates below (`battleUpdates`), its guards the rules' (`bothSidesHaveAnAdversary`, the window's).
 * The kernel (`src/kernel/`) steps a battle with `battleAfter`, which takes the chart's transitions in
 * the chart's order (exit, transition, entry; eventless steps at once). The differential test
 * (`test/kernel-differential.test.ts`) holds the two equal after every command.
 */

/** The battle's data and the response window open at its step (null at a step without one): the chart's context. */
export interface BattleContext extends BattleData {
  readonly window: ResponseWindowContext | null;
}

/**
 * A running battle, as the kernel holds it: its step (the chart's state), its data, and the window open
 * at that step. The data and the window apart, so that a pass (most of a battle's commands) makes a
 * new window and leaves the data as it was.
 */
export interface BattleState {
  readonly step: BattleStep;
  readonly data: BattleData;
  readonly window: ResponseWindowContext | null;
}

const without = (cards: readonly CardId[], card: CardId) => cards.filter((c) => c !== card);

/** The other of the game's two players. */
const otherPlayer = (context: BattleData, player: string) =>
  context.players[0] === player ? context.players[1] : context.players[0];

/**
 * Who goes first in a window opened for an action: the opponent of the player who acted (the
 * defender, for an attack). A Rogue Borg battle is started by no player: both act at once there, and
 * the player whose turn it is goes first (BATTLE-4e).
 */
export const actionWindowOrder = (context: BattleData) =>
  context.attacker === ROGUE_BORG
    ? { first: context.activePlayer, second: otherPlayer(context, context.activePlayer) }
    : { first: context.defender, second: context.attacker };

/** BATTLE-4e: in a pairing both act at once, the player whose turn it is first. */
export const pairingWindowOrder = (context: BattleData) => ({
  first: context.activePlayer,
  second: otherPlayer(context, context.activePlayer),
});

/** The window each windowed step opens as the battle enters it (BATTLE-2, BATTLE-4e, before the winner). */
export function windowOpenedAt(kind: WindowKind, context: BattleData): ResponseWindowContext {
  return openWindow({
    kind,
    ...(kind === 'pairing' ? pairingWindowOrder(context) : actionWindowOrder(context)),
  });
}

/**
 * A battle's data with some of it replaced: every field named, in one order, so that every battle's
 * data has one shape (and its JSON one key order, whichever driver made it).
 */
export function battleData(d: BattleData, p: Partial<BattleData> = {}): BattleData {
  return {
    attacker: d.attacker,
    defender: d.defender,
    players: d.players,
    next: d.next,
    activePlayer: d.activePlayer,
    attackingGroup: d.attackingGroup,
    defendingGroup: d.defendingGroup,
    participants: p.participants ?? d.participants,
    left: p.left ?? d.left,
    piles: p.piles ?? d.piles,
    faceUp: p.faceUp ?? d.faceUp,
    pairing: p.pairing !== undefined ? p.pairing : d.pairing,
    engagesNext: p.engagesNext !== undefined ? p.engagesNext : d.engagesNext,
    pairings: p.pairings ?? d.pairings,
    usedOncePerBattle: p.usedOncePerBattle ?? d.usedOncePerBattle,
    totals: p.totals !== undefined ? p.totals : d.totals,
    winner: p.winner !== undefined ? p.winner : d.winner,
    killed: p.killed !== undefined ? p.killed : d.killed,
  };
}

const NO_CARDS: readonly CardId[] = Object.freeze([]);
const NO_PILES = Object.freeze({ attacker: NO_CARDS, defender: NO_CARDS });

/** The battle's data as it starts (BATTLE-1). */
export function battleDataAtStart(input: BattleInput): BattleData {
  return {
    attacker: input.attacker,
    defender: input.defender,
    players: input.players,
    next: input.next,
    activePlayer: input.activePlayer,
    attackingGroup: input.attackingGroup,
    defendingGroup: input.defendingGroup,
    participants: input.participants,
    left: NO_CARDS,
    piles: NO_PILES,
    faceUp: NO_CARDS,
    pairing: null,
    engagesNext: null,
    pairings: [],
    usedOncePerBattle: NO_CARDS,
    totals: null,
    winner: null,
    killed: null,
  };
}

/** The chart's context as the battle starts: its data, and no window yet (its first step opens one). */
export function battleContextOf(input: BattleInput): BattleContext {
  return { ...battleDataAtStart(input), window: null };
}

/** What each of the battle's actions makes of its context: the chart's `assign`s, and the kernel's. */
export const battleUpdates = {
  placeCombatPiles: (_: BattleData, piles: BattleData['piles']): Partial<BattleData> => ({ piles }),
  /** BATTLE-4: both top cards are turned over together (a personnel that engages next stays). */
  turnOverTopCards: (context: BattleData): Partial<BattleData> => turnOverTopCards(context),
  recordPairing: (context: BattleData, record: PairingRecord): Partial<BattleContext> => ({
    pairings: [...context.pairings, record],
    pairing: null,
  }),
  /** BATTLE-4d: the cards left in the other pile are turned face up. */
  turnRestFaceUp: (context: BattleData): Partial<BattleData> => turnRestFaceUp(context),
  /** GAME-BATTLE-2: a personnel leaves the battle (moved away, captured, Emergency Transporter Armbands). */
  leaveBattle: (context: BattleData, card: CardId): Partial<BattleContext> => ({
    left:
      context.participants.attacker.includes(card) || context.participants.defender.includes(card)
        ? [...context.left, card]
        : context.left,
    participants: {
      attacker: without(context.participants.attacker, card),
      defender: without(context.participants.defender, card),
    },
    piles: {
      attacker: without(context.piles.attacker, card),
      defender: without(context.piles.defender, card),
    },
    faceUp: without(context.faceUp, card),
    engagesNext: context.engagesNext?.card === card ? null : context.engagesNext,
  }),
  /** Android Headlock: this personnel engages the next adversary. */
  engageNext: (_: BattleData, engagesNext: { side: Side; card: CardId }): Partial<BattleData> => ({
    engagesNext,
  }),
  /** A once-per-battle response card was used ('45 Dom Perignon). */
  useOncePerBattle: (context: BattleData, card: CardId): Partial<BattleContext> => ({
    usedOncePerBattle: [...context.usedOncePerBattle, card],
  }),
  /** BATTLE-5, BATTLE-5a */
  recordWinner: (
    _: BattleData,
    result: { totals: BattleData['totals']; winner: PlayerId | null; killed: CardId | null },
  ): Partial<BattleData> => result,
};

/** The windowed steps, by the window they open. */
const WINDOW_AT: Partial<Record<BattleStep, WindowKind>> = {
  startOfBattle: 'start-of-battle',
  engaged: 'pairing',
  beforeWinner: 'until-winner',
};

const stateOf = (step: BattleStep, data: BattleData, window: ResponseWindowContext | null): BattleState => ({
  step,
  data,
  window,
});

/**
 * Enters a step: its entry action (a window opened; BATTLE-4d's face-up turn), then its eventless
 * transitions (turning over, piles run out), as the chart takes them.
 */
function enter(step: BattleStep, data: BattleData): BattleState {
  switch (step) {
    case 'turningOver':
      // BATTLE-4, BATTLE-4d: pairings go on while both sides have an adversary.
      return bothSidesHaveAnAdversary(data)
        ? enter('engaged', battleData(data, battleUpdates.turnOverTopCards(data)))
        : enter('pilesRanOut', data);
    case 'pilesRanOut':
      return enter('beforeWinner', battleData(data, battleUpdates.turnRestFaceUp(data)));
    default: {
      const kind = WINDOW_AT[step];
      return stateOf(step, data, kind ? windowOpenedAt(kind, data) : null);
    }
  }
}

/** A battle as the chart starts it: its data, then its first step (BATTLE-2's window open). */
export function battleBegins(input: BattleInput): BattleState {
  return enter('startOfBattle', battleDataAtStart(input));
}

/**
 * Leaves a step for another: its window closed (exit), the transition's update, the next step entered.
 * (A pass that closes a window is recorded on no window: the chart's exit has closed it first.)
 */
function leave(data: BattleData, patch: Partial<BattleData> | null, to: BattleStep): BattleState {
  return enter(to, patch ? battleData(data, patch) : data);
}

/**
 * What an event makes of a running battle: the chart's transition for it from this step, or the
 * battle as it was where the chart has none (the same object, as XState leaves a snapshot whose event
 * changed nothing). Over, a battle takes nothing more.
 */
export function battleAfter(state: BattleState, event: BattleEvent): BattleState {
  const { step, data, window } = state;
  if (step === 'over') return state;
  // At any step before the winner: leaving the battle, a once-per-battle card used.
  if (event.type === 'LEFT_BATTLE')
    return stateOf(step, battleData(data, battleUpdates.leaveBattle(data, event.card)), window);
  if (event.type === 'USED_ONCE')
    return stateOf(step, battleData(data, battleUpdates.useOncePerBattle(data, event.card)), window);
  if (window !== null) {
    if (event.type === 'PASS') {
      if (windowGuards.closesWindow(window, event)) return leave(data, null, STEP_AFTER_WINDOW[window.kind]);
      if (windowGuards.hasPriority(window, event))
        return stateOf(step, data, windowUpdates.recordPass(window));
      return state;
    }
    if (event.type === 'RESPONDED') {
      return windowGuards.hasPriority(window, event)
        ? stateOf(step, data, windowUpdates.recordResponse(window))
        : state;
    }
    if (event.type === 'ENGAGES_NEXT' && step === 'engaged')
      return stateOf(
        step,
        battleData(data, battleUpdates.engageNext(data, { side: event.side, card: event.card })),
        window,
      );
    return state;
  }
  switch (step) {
    case 'formingPiles':
      return event.type === 'PILES_FORMED'
        ? leave(
            data,
            battleUpdates.placeCombatPiles(data, { attacker: event.attacker, defender: event.defender }),
            'turningOver',
          )
        : state;
    case 'deciding':
      return event.type === 'DECIDED'
        ? leave(data, battleUpdates.recordPairing(data, event.record), 'turningOver')
        : state;
    case 'determiningWinner':
      return event.type === 'WINNER_DETERMINED'
        ? leave(
            data,
            battleUpdates.recordWinner(data, {
              totals: event.totals,
              winner: event.winner,
              killed: event.killed,
            }),
            'aftermath',
          )
        : state;
    case 'aftermath':
      return event.type === 'AFTERMATH_DONE' ? leave(data, null, 'over') : state;
    default:
      return state;
  }
}

/**
 * BATTLE-3: the face-down combat piles in a new order drawn from the generator (the attacker's, then
 * the defender's), as a player who knows which cards are in each pile but not their order would imagine
 * them: what a search's fork plays from. Undefined where no pile holds two cards (nothing to reorder,
 * and nothing drawn).
 */
export function reshuffledPiles(
  piles: BattleData['piles'],
  random: RandomState,
): { readonly piles: BattleData['piles']; readonly random: RandomState } | undefined {
  if (piles.attacker.length < 2 && piles.defender.length < 2) return undefined;
  const attacker = shuffledWith(piles.attacker, random);
  const defender = shuffledWith(piles.defender, attacker.random);
  return { piles: { attacker: attacker.pile, defender: defender.pile }, random: defender.random };
}

/** The battle's record once it is over: its data (the window is none of it). */
export function battleRecordOf(state: BattleState): BattleData {
  return state.data;
}

/** The chart's context of a battle the kernel holds: its data and its window. */
export function contextOf(state: BattleState): BattleContext {
  return { ...state.data, window: state.window };
}
