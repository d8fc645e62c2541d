import { assign, sendParent, sendTo, setup } from 'xstate';
import {
  type BattleData,
  type BattleEvent,
  type BattleInput,
  type Pairing,
  ROGUE_BORG,
} from '../src/model/battle.ts';
import type { CardId } from '../src/model/board.ts';
import { responseWindowMachine } from './response-window.machine.ts';

/**
 * The personnel battle, as the game actor runs it: one actor per battle, spawned by name
 * (`battle`) when an attack is announced (BATTLE-1). It owns the battle's sequence and data (the
 * combat piles, the pairings, the totals); the game owns the board. Where a step needs the board
 * (forming the piles, a decision, the winner, the aftermath) the battle asks the game
 * (`sendParent`), and the game answers with what the rules decided.
 *
 *   startOfBattle (window) → formingPiles → turningOver ⇄ engaged (window) → deciding
 *                                              └→ pilesRanOut → beforeWinner (window)
 *                                                 → determiningWinner → aftermath → over
 */

export type { BattleEvent, BattleInput } from '../src/model/battle.ts';

/** What the battle asks of the game. */
export type BattleRequest =
  | { type: 'battle.formPiles' }
  | { type: 'battle.turnedOver' }
  | { type: 'battle.pilesRanOut' }
  | { type: 'battle.awaitDecision' }
  | { type: 'battle.determineWinner' }
  | { type: 'battle.aftermath' };

const without = (cards: readonly CardId[], card: CardId) => cards.filter((c) => c !== card);

/** The other of the game's two players. */
const otherPlayer = (context: BattleData, player: string) =>
  context.players[0] === player ? context.players[1] : context.players[0];

/**
 * Who goes first in a window opened for an action: the opponent of the player who acted (the
 * defender, for an attack). A Rogue Borg battle is started by no player: both act at once there, and
 * the player whose turn it is goes first (BATTLE-4e).
 */
const actionWindowOrder = (context: BattleData) =>
  context.attacker === ROGUE_BORG
    ? { first: context.activePlayer, second: otherPlayer(context, context.activePlayer) }
    : { first: context.defender, second: context.attacker };

/** The personnel battle statechart (see the diagram above); the game actor spawns it as `battle`. */
export const battleMachine = setup({
  types: {
    context: {} as BattleData,
    input: {} as BattleInput,
    events: {} as BattleEvent,
    output: {} as BattleData,
  },
  actors: { responseWindow: responseWindowMachine },
  guards: {
    /** BATTLE-4d: pairings go on while both sides have a card to turn over. */
    bothSidesHaveAnAdversary: ({ context }) =>
      (context.engagesNext?.side === 'attacker' || context.piles.attacker.length > 0) &&
      (context.engagesNext?.side === 'defender' || context.piles.defender.length > 0),
  },
  actions: {
    forwardToWindow: sendTo('window', ({ event }) => event),
    askToFormPiles: sendParent({ type: 'battle.formPiles' }),
    announceTurnOver: sendParent({ type: 'battle.turnedOver' }),
    announceFaceUp: sendParent({ type: 'battle.pilesRanOut' }),
    askForDecision: sendParent({ type: 'battle.awaitDecision' }),
    askToDetermineWinner: sendParent({ type: 'battle.determineWinner' }),
    askForAftermath: sendParent({ type: 'battle.aftermath' }),
    placeCombatPiles: assign({
      piles: ({ event }) =>
        event.type === 'PILES_FORMED'
          ? { attacker: event.attacker, defender: event.defender }
          : { attacker: [], defender: [] },
    }),
    /** BATTLE-4: both top cards are turned over together (a personnel that engages next stays). */
    turnOverTopCards: assign(({ context }) => {
      const carry = context.engagesNext;
      const attacker = carry?.side === 'attacker' ? carry.card : context.piles.attacker[0]!;
      const defender = carry?.side === 'defender' ? carry.card : context.piles.defender[0]!;
      const pairing: Pairing = { number: context.pairings.length + 1, attacker, defender };
      return {
        pairing,
        engagesNext: null,
        piles: {
          attacker: carry?.side === 'attacker' ? context.piles.attacker : context.piles.attacker.slice(1),
          defender: carry?.side === 'defender' ? context.piles.defender : context.piles.defender.slice(1),
        },
      };
    }),
    recordPairing: assign({
      pairings: ({ context, event }) =>
        event.type === 'DECIDED' ? [...context.pairings, event.record] : context.pairings,
      pairing: null,
      decision: null,
    }),
    awaitDecision: assign({
      decision: ({ context, event }) =>
        event.type === 'DECISION_AWAITED' ? event.decision : context.decision,
    }),
    /** BATTLE-4d: the cards left in the other pile are turned face up. */
    turnRestFaceUp: assign(({ context }) => ({
      faceUp: [
        ...context.piles.attacker,
        ...context.piles.defender,
        ...(context.engagesNext ? [context.engagesNext.card] : []),
      ],
      piles: { attacker: [], defender: [] },
      engagesNext: null,
    })),
    leaveBattle: assign(({ context, event }) => {
      if (event.type !== 'LEFT_BATTLE') return {};
      const card = event.card;
      return {
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
      };
    }),
    engageNext: assign({
      engagesNext: ({ context, event }) =>
        event.type === 'ENGAGES_NEXT' ? { side: event.side, card: event.card } : context.engagesNext,
    }),
    useOnce: assign({
      usedOncePerBattle: ({ context, event }) =>
        event.type === 'USED_ONCE' ? [...context.usedOncePerBattle, event.card] : context.usedOncePerBattle,
    }),
    recordWinner: assign(({ event }) =>
      event.type === 'WINNER_DETERMINED'
        ? { totals: event.totals, winner: event.winner, killed: event.killed }
        : {},
    ),
  },
}).createMachine({
  id: 'battle',
  context: ({ input }) => ({
    ...input,
    piles: { attacker: [], defender: [] },
    faceUp: [],
    pairing: null,
    engagesNext: null,
    pairings: [],
    usedOncePerBattle: [],
    totals: null,
    winner: null,
    killed: null,
    decision: null,
  }),
  // A personnel may leave the battle, and a once-per-battle card be used, at any step before the winner.
  on: {
    LEFT_BATTLE: { actions: 'leaveBattle' },
    USED_ONCE: { actions: 'useOnce' },
  },
  initial: 'startOfBattle',
  states: {
    /** BATTLE-2: responses to the initiation; the defender (opponent of the attacker) first; in a Rogue Borg battle, the turn player. */
    startOfBattle: {
      invoke: {
        id: 'window',
        src: 'responseWindow',
        input: ({ context }) => ({ kind: 'start-of-battle', ...actionWindowOrder(context) }),
        onDone: 'formingPiles',
      },
      on: { PASS: { actions: 'forwardToWindow' }, RESPONDED: { actions: 'forwardToWindow' } },
    },
    /** BATTLE-3 */
    formingPiles: {
      entry: 'askToFormPiles',
      on: { PILES_FORMED: { target: 'turningOver', actions: 'placeCombatPiles' } },
    },
    /** BATTLE-4, BATTLE-4d */
    turningOver: {
      always: [
        { guard: 'bothSidesHaveAnAdversary', target: 'engaged', actions: 'turnOverTopCards' },
        { target: 'pilesRanOut' },
      ],
    },
    /** BATTLE-4e: both players act at once: the player whose turn it is goes first. */
    engaged: {
      entry: 'announceTurnOver',
      invoke: {
        id: 'window',
        src: 'responseWindow',
        input: ({ context }) => ({
          kind: 'pairing',
          first: context.activePlayer,
          second: otherPlayer(context, context.activePlayer),
        }),
        onDone: 'deciding',
      },
      on: {
        PASS: { actions: 'forwardToWindow' },
        RESPONDED: { actions: 'forwardToWindow' },
        ENGAGES_NEXT: { actions: 'engageNext' },
      },
    },
    /** BATTLE-4a/b/c: the player whose personnel is stronger decides (the game knows the STRENGTHs). */
    deciding: {
      entry: 'askForDecision',
      on: {
        DECISION_AWAITED: { actions: 'awaitDecision' },
        DECIDED: { target: 'turningOver', actions: 'recordPairing' },
      },
    },
    /** BATTLE-4d */
    pilesRanOut: {
      entry: ['turnRestFaceUp', 'announceFaceUp'],
      on: { FACE_UP_ANNOUNCED: 'beforeWinner' },
    },
    /** Responses "before the winner is determined" (Emergency Transporter Armbands); first as at the start of battle. */
    beforeWinner: {
      invoke: {
        id: 'window',
        src: 'responseWindow',
        input: ({ context }) => ({ kind: 'until-winner', ...actionWindowOrder(context) }),
        onDone: 'determiningWinner',
      },
      on: { PASS: { actions: 'forwardToWindow' }, RESPONDED: { actions: 'forwardToWindow' } },
    },
    /** BATTLE-5, BATTLE-5a */
    determiningWinner: {
      entry: 'askToDetermineWinner',
      on: { WINNER_DETERMINED: { target: 'aftermath', actions: 'recordWinner' } },
    },
    /** BATTLE-6 */
    aftermath: {
      entry: 'askForAftermath',
      on: { AFTERMATH_DONE: 'over' },
    },
    over: { type: 'final' },
  },
  output: ({ context }) => context,
});
