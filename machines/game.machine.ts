import { type ActorRefFrom, setup } from 'xstate';
import type { BattleData } from '../src/model/battle.ts';
import type { Board, CardId, PlayerId } from '../src/model/board.ts';
import type { CardDefinitionInput } from '../src/model/card-definition.ts';
import type { Command } from '../src/model/commands.ts';
import type { Rejection, RuleEvent } from '../src/model/events.ts';
import {
  aftermath,
  announceFaceUp,
  announcePairing,
  awaitDecision,
  determineWinner,
  formCombatPiles,
} from '../src/rules/battle/steps.ts';
import {
  judge,
  resolveBattleStep,
  resolveCommand,
  resolveNextRogueBorgBattle,
} from '../src/rules/commands/index.ts';
import type { HologramChange, Resolution } from '../src/rules/draft.ts';
import type { RandomState } from '../src/rules/random.ts';
import { type BattleRequest, battleMachine } from './battle.machine.ts';
import { tableOf } from './game-table.ts';
import { hologramMachine } from './hologram.machine.ts';

/**
 * The game actor: the orchestrator and the one source of truth for the board. It spawns one hologram
 * actor per holographic card in play and tells each what the rules decided; while a personnel battle
 * runs, it spawns the battle actor (which runs its own response windows) and answers the battle's
 * requests for the steps that need the board. Every command is judged by the rules (`src/rules/`);
 * a legal one is carried out, anything else (illegal, malformed, unknown) is answered with an emitted
 * rejection that cites its clause, and the state does not change.
 *
 *   playing ─attack─▶ battling ─(battle over)─▶ playing
 *
 * Emitted to outside listeners (`actor.on(...)`): `rule` events (what happened and why), `rejected`
 * (why not), and `accepted` (the command and its step number) after each command carried out.
 */

export type HologramActor = ActorRefFrom<typeof hologramMachine>;
export type BattleActor = ActorRefFrom<typeof battleMachine>;

export interface GameContext {
  readonly board: Board;
  /** The client's own card definitions for this game (the built-in library is not copied here). */
  readonly customCards: readonly CardDefinitionInput[];
  /** The seeded generator's state: every random choice comes from here. */
  readonly random: RandomState;
  /** The hologram actors, by card id. Their states are theirs; the board does not repeat them. */
  readonly holograms: Readonly<Record<CardId, HologramActor>>;
  /** The battle running now, if any. */
  readonly battle: BattleActor | null;
  /** The last battle's record (piles, pairings, totals, winner, kill), once it is over. */
  readonly lastBattle: BattleData | null;
  /** How many commands have been carried out (a client's snapshot is stale if its step is behind). */
  readonly step: number;
}

/** A hologram actor to spawn with the game. */
export interface HologramSeed {
  readonly card: CardId;
  readonly owner: PlayerId;
  readonly initial: 'active' | 'deactivated';
  readonly deactivatedOnTurn: number | null;
}

export interface GameInput {
  readonly board: Board;
  readonly customCards: readonly CardDefinitionInput[];
  readonly random: RandomState;
  readonly holograms: readonly HologramSeed[];
}

/** Sent after every command carried out, after its rule events. */
export interface AcceptedEvent {
  readonly type: 'accepted';
  readonly command: Command;
  readonly step: number;
}

export type GameEmitted = RuleEvent | Rejection | AcceptedEvent;

/** The actor id of a card's hologram actor; also its systemId, unique in the game's actor system. */
export function hologramActorId(card: CardId): string {
  return `hologram:${card}`;
}

/** The rules decide: every `may…` guard asks `judge` whether that command is legal now. */
const isLegal = ({ context, event }: { context: GameContext; event: { type: string } }) => {
  const verdict = judge(tableOf(context), event);
  verdicts.set(event, verdict);
  return 'command' in verdict;
};

/**
 * The verdict a guard reached for an event, kept for the action of the same transition: a refused
 * command is then answered without being judged a second time. Taken (and forgotten) by the action.
 */
const verdicts = new WeakMap<object, ReturnType<typeof judge>>();
function verdictOn(context: GameContext, event: object): ReturnType<typeof judge> {
  const verdict = verdicts.get(event) ?? judge(tableOf(context), event);
  verdicts.delete(event);
  return verdict;
}

/** A battle's request is answered only at the step that makes it. */
const battleAt =
  (step: string) =>
  ({ context }: { context: GameContext }) =>
    context.battle?.getSnapshot().value === step;

const gameSetup = setup({
  types: {
    context: {} as GameContext,
    input: {} as GameInput,
    events: {} as Command | BattleRequest,
    emitted: {} as GameEmitted,
  },
  actors: { hologram: hologramMachine, battle: battleMachine },
  guards: {
    mayReport: isLegal,
    mayMove: isLegal,
    mayWearEmitter: isLegal,
    mayRemoveEmitter: isLegal,
    mayActivate: isLegal,
    mayEndTurn: isLegal,
    mayKill: isLegal,
    mayDestroy: isLegal,
    mayDiscard: isLegal,
    mayLeave: isLegal,
    mayCapture: isLegal,
    maySelect: isLegal,
    mayAddHoloIcon: isLegal,
    mayChangeAffiliation: isLegal,
    mayMoveShip: isLegal,
    mayAttack: isLegal,
    mayPlay: isLegal,
    mayPass: isLegal,
    mayRespond: isLegal,
    mayDecide: isLegal,
    battleIsFormingPiles: battleAt('formingPiles'),
    battleIsEngaged: battleAt('engaged'),
    battleIsDeciding: battleAt('deciding'),
    pilesHaveRunOut: battleAt('pilesRanOut'),
    battleIsDeterminingWinner: battleAt('determiningWinner'),
    battleIsInAftermath: battleAt('aftermath'),
    /** A battle the rules started without an attack (Rogue Borg, CARD-ROGUE-BORG-1) is running. */
    rogueBorgBattleStarted: ({ context }) => context.battle !== null,
  },
});

/** What a hologram actor is told, for each change the rules decided. */
function hologramEvent(change: Exclude<HologramChange, { change: 'spawn' }>) {
  switch (change.change) {
    case 'activate':
      return { type: 'ACTIVATE' as const, turn: change.turn };
    case 'deactivate':
      return { type: 'DEACTIVATE' as const, turn: change.turn };
    case 'erase':
      return { type: 'ERASE' as const };
  }
}

type Enqueue = Parameters<Parameters<typeof gameSetup.enqueueActions>[0]>[0]['enqueue'];

/**
 * Carries out what the rules resolved: the new board, the hologram actors told or spawned, the battle
 * spawned or told, and the rule events emitted in the order they happened.
 */
function apply(enqueue: Enqueue, resolution: Resolution, step: number): void {
  enqueue.assign({ board: resolution.board, random: resolution.random, step });
  for (const change of resolution.holograms) {
    if (change.change === 'spawn') {
      enqueue.assign({
        holograms: ({ context, spawn }) => ({
          ...context.holograms,
          [change.card]: spawn('hologram', {
            id: hologramActorId(change.card),
            systemId: hologramActorId(change.card),
            input: {
              card: change.card,
              owner: resolution.board.cards[change.card]!.owner,
              initial: change.initial,
              deactivatedOnTurn: change.deactivatedOnTurn,
            },
          }),
        }),
      });
    } else {
      enqueue.sendTo(({ context }) => context.holograms[change.card]!, hologramEvent(change));
    }
  }
  const battle = resolution.startBattle;
  if (battle)
    enqueue.assign({
      battle: ({ spawn }) => spawn('battle', { id: 'battle', systemId: 'battle', input: battle }),
    });
  for (const event of resolution.toBattle) enqueue.sendTo(({ context }) => context.battle!, event);
  for (const ruleEvent of resolution.events) enqueue.emit(ruleEvent);
}

/** Carries out a command the rules accepted, and counts it. */
const carryOut = gameSetup.enqueueActions(({ context, event, enqueue }) => {
  verdicts.delete(event);
  const command = event as Command;
  const step = context.step + 1;
  apply(enqueue, resolveCommand(tableOf(context), context.random, command), step);
  enqueue.emit({ type: 'accepted', command, step });
});

/** Answers a battle's request with the step of the rules it needs. */
const battleStep = (run: Parameters<typeof resolveBattleStep>[2]) =>
  gameSetup.enqueueActions(({ context, enqueue }) => {
    apply(enqueue, resolveBattleStep(tableOf(context), context.random, run), context.step);
  });

/**
 * CARD-ROGUE-BORG-1: when a Rogue Borg battle at the start of a turn is over, the Rogue Borg aboard
 * the next ship queued for that start of turn (the battle's `next`) battle their crew in turn.
 */
const startNextRogueBorgBattle = gameSetup.enqueueActions(({ context, event, enqueue }) => {
  const next = (event as unknown as { output?: BattleData }).output?.next ?? [];
  if (next.length === 0) return;
  apply(enqueue, resolveNextRogueBorgBattle(tableOf(context), context.random, next), context.step);
});

/** Answers a command the rules refuse (or an event that is no command at all). */
const reject = gameSetup.enqueueActions(({ context, event, enqueue }) => {
  const verdict = verdictOn(context, event);
  if ('rejection' in verdict) enqueue.emit(verdict.rejection);
});

/** The game statechart: the orchestrator every client embeds (`createGame` runs it; clients may run it themselves). */
export const gameMachine = gameSetup
  .extend({
    actions: {
      reject,
      reportDeactivated: carryOut,
      moveOrBeam: carryOut,
      putOnEmitter: carryOut,
      removeEmitter: carryOut,
      activateHologram: carryOut,
      passTurn: carryOut,
      killOrDeactivateInstead: carryOut,
      destroyOrDeactivateInstead: carryOut,
      discardOrErase: carryOut,
      leaveOrDeactivateInstead: carryOut,
      captureOrDeactivateInstead: carryOut,
      selectNonHologram: carryOut,
      addHoloIcon: carryOut,
      changeAffiliationMode: carryOut,
      flyStaffedShip: carryOut,
      announceAttack: carryOut,
      playOnShip: carryOut,
      startNextRogueBorgBattle,
      passPriority: carryOut,
      playResponse: carryOut,
      stunOrMortallyWound: carryOut,
      formCombatPiles: battleStep(formCombatPiles),
      announcePairing: battleStep(announcePairing),
      settleOrAwaitDecision: battleStep(awaitDecision),
      turnRestFaceUp: battleStep(announceFaceUp),
      determineWinner: battleStep(determineWinner),
      carryOutAftermath: battleStep(aftermath),
      closeBattle: gameSetup.enqueueActions(({ context, event, enqueue }) => {
        const output = (event as unknown as { output?: BattleData }).output ?? null;
        if (context.battle) enqueue.stopChild(context.battle);
        enqueue.assign({ battle: null, lastBattle: output });
      }),
    },
  })
  .createMachine({
    id: 'game',
    context: ({ input, spawn }) => ({
      board: input.board,
      customCards: input.customCards,
      random: input.random,
      step: 0,
      battle: null,
      lastBattle: null,
      holograms: Object.fromEntries(
        input.holograms.map((seed) => [
          seed.card,
          spawn('hologram', {
            id: hologramActorId(seed.card),
            systemId: hologramActorId(seed.card),
            input: seed,
          }),
        ]),
      ),
    }),
    initial: 'playing',
    states: {
      playing: {
        // Rogue Borg start battles of their own (played, or at the start of a turn): on to battling.
        always: { guard: 'rogueBorgBattleStarted', target: 'battling' },
        // Each command: carried out when the rules allow it, rejected with its clause otherwise.
        on: {
          report: [{ guard: 'mayReport', actions: 'reportDeactivated' }, { actions: 'reject' }],
          move: [{ guard: 'mayMove', actions: 'moveOrBeam' }, { actions: 'reject' }],
          wearEmitter: [{ guard: 'mayWearEmitter', actions: 'putOnEmitter' }, { actions: 'reject' }],
          removeEmitter: [{ guard: 'mayRemoveEmitter', actions: 'removeEmitter' }, { actions: 'reject' }],
          activate: [{ guard: 'mayActivate', actions: 'activateHologram' }, { actions: 'reject' }],
          endTurn: [{ guard: 'mayEndTurn', actions: 'passTurn' }, { actions: 'reject' }],
          kill: [{ guard: 'mayKill', actions: 'killOrDeactivateInstead' }, { actions: 'reject' }],
          destroy: [{ guard: 'mayDestroy', actions: 'destroyOrDeactivateInstead' }, { actions: 'reject' }],
          discard: [{ guard: 'mayDiscard', actions: 'discardOrErase' }, { actions: 'reject' }],
          leave: [{ guard: 'mayLeave', actions: 'leaveOrDeactivateInstead' }, { actions: 'reject' }],
          capture: [{ guard: 'mayCapture', actions: 'captureOrDeactivateInstead' }, { actions: 'reject' }],
          select: [{ guard: 'maySelect', actions: 'selectNonHologram' }, { actions: 'reject' }],
          addHoloIcon: [{ guard: 'mayAddHoloIcon', actions: 'addHoloIcon' }, { actions: 'reject' }],
          changeAffiliation: [
            { guard: 'mayChangeAffiliation', actions: 'changeAffiliationMode' },
            { actions: 'reject' },
          ],
          moveShip: [{ guard: 'mayMoveShip', actions: 'flyStaffedShip' }, { actions: 'reject' }],
          attack: [
            { guard: 'mayAttack', target: 'battling', actions: 'announceAttack' },
            { actions: 'reject' },
          ],
          play: [{ guard: 'mayPlay', actions: 'playOnShip' }, { actions: 'reject' }],
        },
      },
      /** BATTLE-1 to BATTLE-6: only responses, passes and decisions until the battle is over (GAME-BATTLE-1). */
      battling: {
        on: {
          pass: [{ guard: 'mayPass', actions: 'passPriority' }, { actions: 'reject' }],
          respond: [{ guard: 'mayRespond', actions: 'playResponse' }, { actions: 'reject' }],
          decide: [{ guard: 'mayDecide', actions: 'stunOrMortallyWound' }, { actions: 'reject' }],
          'battle.formPiles': { guard: 'battleIsFormingPiles', actions: 'formCombatPiles' },
          'battle.turnedOver': { guard: 'battleIsEngaged', actions: 'announcePairing' },
          'battle.awaitDecision': { guard: 'battleIsDeciding', actions: 'settleOrAwaitDecision' },
          'battle.pilesRanOut': { guard: 'pilesHaveRunOut', actions: 'turnRestFaceUp' },
          'battle.determineWinner': { guard: 'battleIsDeterminingWinner', actions: 'determineWinner' },
          'battle.aftermath': { guard: 'battleIsInAftermath', actions: 'carryOutAftermath' },
          'xstate.done.actor.battle': {
            target: 'playing',
            actions: ['closeBattle', 'startNextRogueBorgBattle'],
          },
        },
      },
    },
    on: {
      // A hologram actor that reaches `erased` is done; its parent has nothing more to do.
      'xstate.done.actor.*': {},
      // XState drops unknown events silently; the engine answers every one.
      '*': { actions: 'reject' },
    },
  });
