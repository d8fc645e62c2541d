import { assign, setup } from 'xstate';
import {
  type BattleData,
  type BattleEvent,
  type BattleInput,
  battleDataOf,
  bothSidesHaveAnAdversary,
  type PairingRecord,
  type Side,
  STEP_AFTER_WINDOW,
} from '../src/model/battle.ts';
import type { CardId, PlayerId } from '../src/model/board.ts';
import {
  type BattleContext,
  battleContextOf,
  battleUpdates,
  windowOpenedAt,
} from '../src/rules/battle/sequence.ts';
import { type ResponseWindowContext, windowGuards, windowUpdates } from '../src/rules/battle/window.ts';
import { windowStep } from './response-window.machine.ts';

/**
 * The personnel battle, as the game actor runs it: one actor per battle, spawned by name
 * (`battle`) when an attack is announced (BATTLE-1). It owns the battle's sequence and data (the
 * combat piles, the pairings, the totals) and its response windows; the game owns the board. The
 * steps that need the board (forming the piles, a pairing's decision, the winner, the aftermath) are
 * the rules' to carry out, and the game tells the battle what they decided: the battle asks for
 * nothing. A step is reached as a response window closes, and the pass that closes it is the game's to
 * judge first, so the game carries the step out as it carries out that pass, reading which step each
 * window leads to where the battle's transitions read it (`STEP_AFTER_WINDOW`, src/model/battle.ts),
 * and tells the battle the pass, then the step's result (the piles formed, the pairing decided at once,
 * the winner and the aftermath). A pairing turned over, or cards turned face up, are the battle's own
 * rule (`turnOverTopCards`, `turnRestFaceUp`), which the game reads too to announce them.
 *
 * The three response windows are steps of the battle built from the window's own statechart
 * (`windowStep`, response-window.machine.ts): the step is the window's `open` state, the step after
 * is its `closed` one, and the window's context (priority, passes) is the battle's `window` while the
 * step lasts. A pass or a response reaches the battle once, and no window actor is spawned.
 *
 *   startOfBattle (window) → formingPiles → turningOver ⇄ engaged (window) → deciding
 *                                              └→ pilesRanOut → beforeWinner (window)
 *                                                 → determiningWinner → aftermath → over
 */

export type { BattleEvent, BattleInput } from '../src/model/battle.ts';

export type { BattleContext } from '../src/rules/battle/sequence.ts';

/** The personnel battle statechart (see the diagram above); the game actor spawns it as `battle`. */
export const battleMachine = setup({
  types: {
    context: {} as BattleContext,
    input: {} as BattleInput,
    events: {} as BattleEvent,
    output: {} as BattleData,
  },
  guards: {
    /** BATTLE-4d: pairings go on while both sides have a card to turn over. */
    bothSidesHaveAnAdversary: ({ context }) => bothSidesHaveAnAdversary(context),
    // The response window's guards (response-window.machine.ts), on the window open at this step.
    hasPriority: ({ context, event }) =>
      context.window !== null &&
      (event.type === 'PASS' || event.type === 'RESPONDED') &&
      windowGuards.hasPriority(context.window, event),
    closesWindow: ({ context, event }) =>
      context.window !== null &&
      (event.type === 'PASS' || event.type === 'RESPONDED') &&
      windowGuards.closesWindow(context.window, event),
  },
  actions: {
    openWindow: assign((_, params: ResponseWindowContext) => ({ window: params })),
    closeWindow: assign({ window: null }),
    // The response window's actions (response-window.machine.ts), on the window open at this step.
    recordPass: assign(({ context }) => ({
      window: context.window && windowUpdates.recordPass(context.window),
    })),
    recordResponse: assign(({ context }) => ({
      window: context.window && windowUpdates.recordResponse(context.window),
    })),
    placeCombatPiles: assign(({ context }, piles: BattleData['piles']) =>
      battleUpdates.placeCombatPiles(context, piles),
    ),
    /** BATTLE-4: both top cards are turned over together (a personnel that engages next stays). */
    turnOverTopCards: assign(({ context }) => battleUpdates.turnOverTopCards(context)),
    recordPairing: assign(({ context }, record: PairingRecord) =>
      battleUpdates.recordPairing(context, record),
    ),
    /** BATTLE-4d: the cards left in the other pile are turned face up. */
    turnRestFaceUp: assign(({ context }) => battleUpdates.turnRestFaceUp(context)),
    leaveBattle: assign(({ context }, { card }: { card: CardId }) =>
      battleUpdates.leaveBattle(context, card),
    ),
    engageNext: assign(({ context }, engagesNext: { side: Side; card: CardId }) =>
      battleUpdates.engageNext(context, engagesNext),
    ),
    useOncePerBattle: assign(({ context }, { card }: { card: CardId }) =>
      battleUpdates.useOncePerBattle(context, card),
    ),
    recordWinner: assign(
      (
        { context },
        result: { totals: BattleData['totals']; winner: PlayerId | null; killed: CardId | null },
      ) => battleUpdates.recordWinner(context, result),
    ),
  },
}).createMachine({
  id: 'battle',
  context: ({ input }) => battleContextOf(input),
  // A personnel may leave the battle, and a once-per-battle card be used, at any step before the winner.
  on: {
    LEFT_BATTLE: { actions: { type: 'leaveBattle', params: ({ event }) => ({ card: event.card }) } },
    USED_ONCE: { actions: { type: 'useOncePerBattle', params: ({ event }) => ({ card: event.card }) } },
  },
  initial: 'startOfBattle',
  states: {
    /** BATTLE-2: a response window; the defender (opponent of the attacker) first; in a Rogue Borg battle, the turn player. */
    startOfBattle: {
      entry: {
        type: 'openWindow',
        params: ({ context }) => windowOpenedAt('start-of-battle', context),
      },
      exit: 'closeWindow',
      ...windowStep(STEP_AFTER_WINDOW['start-of-battle']),
    },
    /** BATTLE-3: the game forms the piles as it carries out the pass that closed the window before. */
    formingPiles: {
      on: {
        PILES_FORMED: {
          target: 'turningOver',
          actions: {
            type: 'placeCombatPiles',
            params: ({ event }) => ({ attacker: event.attacker, defender: event.defender }),
          },
        },
      },
    },
    /** BATTLE-4, BATTLE-4d */
    turningOver: {
      always: [
        { guard: 'bothSidesHaveAnAdversary', target: 'engaged', actions: 'turnOverTopCards' },
        { target: 'pilesRanOut' },
      ],
    },
    /**
     * BATTLE-4e: a response window where both players act at once: the player whose turn it is goes
     * first. (The game announced the pairing with the step before.)
     */
    engaged: {
      entry: {
        type: 'openWindow',
        params: ({ context }) => windowOpenedAt('pairing', context),
      },
      exit: 'closeWindow',
      on: {
        ...windowStep(STEP_AFTER_WINDOW.pairing).on,
        ENGAGES_NEXT: {
          actions: { type: 'engageNext', params: ({ event }) => ({ side: event.side, card: event.card }) },
        },
      },
    },
    /**
     * BATTLE-4a/b/c: the player whose personnel is stronger decides. The game works out whose decision it
     * is (it knows the STRENGTHs) as it carries out the pass that closed the pairing's window, and holds it
     * (`awaitedDecision`); where the rules leave no choice, the pairing is decided at once.
     */
    deciding: {
      on: {
        DECIDED: {
          target: 'turningOver',
          actions: { type: 'recordPairing', params: ({ event }) => event.record },
        },
      },
    },
    /** BATTLE-4d (the game announced the cards face up with the step before) */
    pilesRanOut: {
      entry: 'turnRestFaceUp',
      always: 'beforeWinner',
    },
    /** A response window "before the winner is determined" (Emergency Transporter Armbands); first as at the start of battle. */
    beforeWinner: {
      entry: {
        type: 'openWindow',
        params: ({ context }) => windowOpenedAt('until-winner', context),
      },
      exit: 'closeWindow',
      ...windowStep(STEP_AFTER_WINDOW['until-winner']),
    },
    /** BATTLE-5, BATTLE-5a: the game determines the winner as it carries out the pass that closed the window before. */
    determiningWinner: {
      on: {
        WINNER_DETERMINED: {
          target: 'aftermath',
          actions: {
            type: 'recordWinner',
            params: ({ event }) => ({ totals: event.totals, winner: event.winner, killed: event.killed }),
          },
        },
      },
    },
    /** BATTLE-6: carried out by the game with the winner, told after it. */
    aftermath: {
      on: { AFTERMATH_DONE: 'over' },
    },
    over: { type: 'final' },
  },
  // The battle's record: its data, without the window (none is open once it is over).
  output: ({ context }) => battleDataOf(context),
});
