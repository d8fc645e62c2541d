import { type ActorRefFrom, assign, type DoneActorEvent, enqueueActions, setup } from 'xstate';
import type { AwaitedDecision, BattleData, BattleInput } from '../src/model/battle.ts';
import type { Board, CardId, PlayerId } from '../src/model/board.ts';
import type { CardDefinitionInput } from '../src/model/card-definition.ts';
import { plainBoard } from '../src/model/card-record.ts';
import {
  type Command,
  type HostEffect,
  type HostEffectType,
  type PlayerCommand,
  type PlayerCommandType,
  responseOf,
} from '../src/model/commands.ts';
import type { Rejection, RuleEvent } from '../src/model/events.ts';
import { copyPlain } from '../src/model/plain.ts';
import { battleOfAttack } from '../src/rules/commands/battle.ts';
import { judge, resolveCommand, resolveNextRogueBorgBattle } from '../src/rules/commands/index.ts';
import { hologramEventOf, type Resolution } from '../src/rules/draft.ts';
import type { RandomState } from '../src/rules/random.ts';
import { battleMachine } from './battle.machine.ts';
import { effectOf, gate, judgedByGate, sealChild, startFinished, told } from './game-gate.ts';
import { tableOf } from './game-table.ts';
import { hologramMachine } from './hologram.machine.ts';

/**
 * The game actor: the orchestrator and the one source of truth for the board. It spawns one hologram
 * actor per holographic card in play and tells each what the rules decided; while a personnel battle
 * runs, it spawns the battle actor (which runs its own response windows) and tells it what the rules
 * decided at each step that needs the board (carried out with the pass that closes the window before it). Every command is judged by the rules (`src/rules/`);
 * a legal one is carried out, anything else (illegal, malformed, unknown) is answered by the input gate
 * (`game-gate.ts`) with an emitted rejection that cites its clause, and the state does not change.
 *
 *   playing ─attack─▶ battling ─(battle over)─▶ playing
 *
 * Two doors: players' commands are events of their own types (`endTurn`, `attack`, `pass`, ...); host
 * effects (what a card did: kill, destroy, ...) come as one event type, `{ type: 'effect', effect }`.
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
  /**
   * The decision the battle's pairing awaits now (BATTLE-4a/b/c: whose, and what the rules allow), which
   * a `decide` command is judged against; null when none is awaited.
   */
  readonly awaitedDecision: AwaitedDecision | null;
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

/**
 * The game machine's input: a checked setup made ready to run. Made by `gameInput(setup, { seed })`
 * (which checks the setup and throws `SetupError`); the machine refuses any other input.
 */
export interface GameInput {
  readonly board: Board;
  readonly customCards: readonly CardDefinitionInput[];
  readonly random: RandomState;
  readonly holograms: readonly HologramSeed[];
}

/** The inputs `gameInput` made: the machine starts from nothing else. */
const checkedInputs = new WeakSet<object>();

/** Marks an input as checked (for `gameInput` only). */
export function markCheckedInput(input: GameInput): GameInput {
  checkedInputs.add(input);
  return input;
}

function isGameInput(input: unknown): input is GameInput {
  return typeof input === 'object' && input !== null && checkedInputs.has(input);
}

/** A host effect on the raw actor: what a card or dilemma did, told by the host (never by a player). */
export interface EffectEvent {
  readonly type: 'effect';
  readonly effect: HostEffect;
}

/**
 * What the game actor takes from outside: players' commands, and host effects in their own event type.
 * (Everything else, XState's own `xstate.*` events included, is refused by the gate with a `rejected`
 * event.)
 */
export type GameEvent = PlayerCommand | EffectEvent;

/** XState's event from inside when the battle actor is done: its output is the battle's record. */
type BattleDone = DoneActorEvent<BattleData, 'battle'>;

/** XState's event from inside when a hologram actor is done (erased). */
type ChildDone = DoneActorEvent<unknown, `hologram:${string}`>;

/** Sent after every command carried out, after its rule events. */
export interface AcceptedEvent {
  readonly type: 'accepted';
  /** The command as carried out (a host effect as the effect itself), as the game's log keeps it. */
  readonly command: Command;
  readonly step: number;
}

export type GameEmitted = RuleEvent | Rejection | AcceptedEvent;

/** The actor id of a card's hologram actor; also its systemId, unique in the game's actor system. */
export function hologramActorId(card: CardId): string {
  return `hologram:${card}`;
}

/**
 * The rules decide: every `may…` guard asks `judge` whether that command is legal now. Guards are pure
 * (they read the snapshot and the event, nothing else), so `snapshot.can(command)` tells the truth.
 */
const isLegal =
  (type: PlayerCommandType) =>
  ({ context, event }: { context: GameContext; event: { type: string } }) =>
    event.type === type && accepts(context, event);

/**
 * Whether the rules accept an event, read as the gate reads it: as plain data (an `undefined` field is
 * no field), so that `can()` and the answer to the same object agree.
 */
function accepts(context: GameContext, event: unknown): boolean {
  if (judgedByGate(event)) return true;
  const plain = copyPlain(event);
  return plain.ok && 'command' in judge(tableOf(context), plain.value);
}

/** A host effect of one type, legal now (`{ type: 'effect', effect }`). */
const isLegalEffect =
  (type: HostEffectType) =>
  ({ context, event }: { context: GameContext; event: { type: string } }) => {
    const effect = effectOf(event) as EffectEvent['effect'] | undefined;
    return effect?.type === type && accepts(context, effect);
  };

const gameSetup = setup({
  types: {
    context: {} as GameContext,
    // Optional in the type, so that `createActor(gameMachine, { snapshot })` restores without one; a
    // fresh start without `gameInput(...)` is refused with a clear error. (`void`, not `undefined`:
    // XState's setup would drop an `undefined` from the type it infers, and require the input.)
    // biome-ignore lint/suspicious/noConfusingVoidType: see above.
    input: {} as GameInput | void,
    events: {} as GameEvent | BattleDone | ChildDone,
    emitted: {} as GameEmitted,
  },
  // Sealed: a client's event sent straight to a child goes to the game's door and is answered there.
  actors: { hologram: sealChild(hologramMachine), battle: sealChild(battleMachine) },
  actions: {
    /** BATTLE-1: spawns the battle actor, by name (`battle`), for the forces the rules put in it. */
    startBattle: assign({
      battle: ({ spawn }, input: BattleInput) => spawn('battle', { id: 'battle', systemId: 'battle', input }),
    }),
  },
  guards: {
    mayReport: isLegal('report'),
    mayMove: isLegal('move'),
    mayWearEmitter: isLegal('wearEmitter'),
    mayRemoveEmitter: isLegal('removeEmitter'),
    mayActivate: isLegal('activate'),
    mayEndTurn: isLegal('endTurn'),
    mayKill: isLegalEffect('kill'),
    mayDestroy: isLegalEffect('destroy'),
    mayDiscard: isLegalEffect('discard'),
    mayLeave: isLegalEffect('leave'),
    mayCapture: isLegalEffect('capture'),
    maySelect: isLegalEffect('select'),
    mayAddHoloIcon: isLegalEffect('addHoloIcon'),
    mayChangeAffiliation: isLegal('changeAffiliation'),
    mayMoveShip: isLegal('moveShip'),
    mayAttack: isLegal('attack'),
    mayPass: isLegal('pass'),
    mayRespond: isLegal('respond'),
    mayDecide: isLegal('decide'),
    mayPlay: isLegal('play'),
    /** A card's effect played as a response in the battle's open window (`response: { card, window }`). */
    mayRespondWithEffect: ({ context, event }) => {
      const effect = effectOf(event) as EffectEvent['effect'] | undefined;
      return effect !== undefined && responseOf(effect) !== undefined && accepts(context, effect);
    },
    /** The battle actor has reached its final state (XState's done event, from inside only). */
    battleIsOver: ({ context }) => context.battle?.getSnapshot().status === 'done',
    /** A battle the rules started without an attack (Rogue Borg, CARD-ROGUE-BORG-1) is running. */
    rogueBorgBattleStarted: ({ context }) => context.battle !== null,
  },
});

type Enqueue = Parameters<Parameters<typeof gameSetup.enqueueActions>[0]>[0]['enqueue'];

/**
 * Carries out what the rules resolved: the new board, the hologram actors told or spawned, the battle
 * spawned or told, and the rule events emitted in the order they happened.
 */
function apply(enqueue: Enqueue, resolution: Resolution, step: number): void {
  const { board, random, awaitedDecision } = resolution;
  enqueue.assign(
    awaitedDecision === undefined ? { board, random, step } : { board, random, step, awaitedDecision },
  );
  for (const change of resolution.holograms) {
    const event = hologramEventOf(change, resolution.board);
    if (event.type === 'SPAWN') {
      enqueue.assign({
        holograms: ({ context, spawn }) => ({
          ...context.holograms,
          [change.card]: spawn('hologram', {
            id: hologramActorId(change.card),
            systemId: hologramActorId(change.card),
            input: event.input,
          }),
        }),
      });
    } else {
      // The event the rules' draft already ran through the hologram chart (`hologramAfter`).
      enqueue.sendTo(({ context }) => context.holograms[change.card]!, told(event));
    }
  }
  // A battle the rules start without an attack (Rogue Borg, CARD-ROGUE-BORG-1); an attack starts its
  // battle by the `startBattle` action on its own transition.
  if (resolution.startBattle) enqueue({ type: 'startBattle', params: resolution.startBattle });
  for (const event of resolution.toBattle) enqueue.sendTo(({ context }) => context.battle!, told(event));
  for (const ruleEvent of resolution.events) enqueue.emit(ruleEvent);
}

/** Carries out a command (or host effect) the rules accepted, and counts it. */
const carryOut = enqueueActions(
  ({ context, enqueue }: { context: GameContext; enqueue: Enqueue }, command: Command) => {
    const step = context.step + 1;
    apply(enqueue, resolveCommand(tableOf(context), context.random, command), step);
    enqueue.emit({ type: 'accepted', command, step });
  },
);

/** The command a transition carries out: a player's command is the event itself. */
const theCommand = ({ event }: { event: PlayerCommand }): Command => event;
/** The command a host effect's transition carries out: the effect the event carries. */
const theEffect = ({ event }: { event: EffectEvent }): Command => event.effect;

/**
 * CARD-ROGUE-BORG-1: when a Rogue Borg battle at the start of a turn is over, the Rogue Borg aboard
 * the next ship queued for that start of turn (the battle's `next`) battle their crew in turn.
 */
const startNextRogueBorgBattle = enqueueActions(
  (
    { context, enqueue }: { context: GameContext; enqueue: Enqueue },
    { next }: { next: readonly CardId[] },
  ) => {
    if (next.length === 0) return;
    apply(enqueue, resolveNextRogueBorgBattle(tableOf(context), context.random, next), context.step);
  },
);

/**
 * The game statechart, before its input gate (see `game-gate.ts`): a transition for each command the
 * rules allow, and none for what they refuse.
 */
const gameChart = gameSetup
  .extend({
    actions: {
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
      declineToRespond: carryOut,
      playResponse: carryOut,
      playEffectResponse: carryOut,
      stunOrMortallyWound: carryOut,
      // The battle's record is its output, read from the battle actor itself (a done event carries it too).
      closeBattle: gameSetup.enqueueActions(({ context, enqueue }) => {
        const output = context.battle?.getSnapshot().output ?? null;
        if (context.battle) enqueue.stopChild(context.battle);
        enqueue.assign({ battle: null, lastBattle: output, awaitedDecision: null });
      }),
    },
  })
  .createMachine({
    id: 'game',
    context: ({ input, spawn }) => {
      if (!isGameInput(input)) {
        throw new TypeError(
          "the game machine's input is made by gameInput(setup, { seed }) (or restore it with { snapshot })",
        );
      }
      return {
        board: input.board,
        customCards: input.customCards,
        random: input.random,
        step: 0,
        battle: null,
        awaitedDecision: null,
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
      };
    },
    initial: 'playing',
    states: {
      playing: {
        // Rogue Borg start battles of their own (played, or at the start of a turn): on to battling.
        always: { guard: 'rogueBorgBattleStarted', target: 'battling' },
        // Each command: a transition only when the rules allow it (the gate answers the rest).
        on: {
          report: { guard: 'mayReport', actions: { type: 'reportDeactivated', params: theCommand } },
          move: { guard: 'mayMove', actions: { type: 'moveOrBeam', params: theCommand } },
          wearEmitter: { guard: 'mayWearEmitter', actions: { type: 'putOnEmitter', params: theCommand } },
          removeEmitter: {
            guard: 'mayRemoveEmitter',
            actions: { type: 'removeEmitter', params: theCommand },
          },
          activate: { guard: 'mayActivate', actions: { type: 'activateHologram', params: theCommand } },
          endTurn: { guard: 'mayEndTurn', actions: { type: 'passTurn', params: theCommand } },
          // Host effects (what a card or dilemma did): the host's door, never a player's.
          effect: [
            { guard: 'mayKill', actions: { type: 'killOrDeactivateInstead', params: theEffect } },
            { guard: 'mayDestroy', actions: { type: 'destroyOrDeactivateInstead', params: theEffect } },
            { guard: 'mayDiscard', actions: { type: 'discardOrErase', params: theEffect } },
            { guard: 'mayLeave', actions: { type: 'leaveOrDeactivateInstead', params: theEffect } },
            { guard: 'mayCapture', actions: { type: 'captureOrDeactivateInstead', params: theEffect } },
            { guard: 'maySelect', actions: { type: 'selectNonHologram', params: theEffect } },
            { guard: 'mayAddHoloIcon', actions: { type: 'addHoloIcon', params: theEffect } },
          ],
          play: { guard: 'mayPlay', actions: { type: 'playOnShip', params: theCommand } },
          changeAffiliation: {
            guard: 'mayChangeAffiliation',
            actions: { type: 'changeAffiliationMode', params: theCommand },
          },
          moveShip: { guard: 'mayMoveShip', actions: { type: 'flyStaffedShip', params: theCommand } },
          attack: {
            guard: 'mayAttack',
            target: 'battling',
            actions: [
              { type: 'announceAttack', params: theCommand },
              {
                type: 'startBattle',
                params: ({ context, event }) => battleOfAttack(tableOf(context), event),
              },
            ],
          },
        },
      },
      /** BATTLE-1 to BATTLE-6: only responses, passes and decisions until the battle is over (GAME-BATTLE-1). */
      battling: {
        on: {
          pass: { guard: 'mayPass', actions: { type: 'declineToRespond', params: theCommand } },
          respond: { guard: 'mayRespond', actions: { type: 'playResponse', params: theCommand } },
          // A card's effect as a response, through the host's door (issue 15).
          effect: {
            guard: 'mayRespondWithEffect',
            actions: { type: 'playEffectResponse', params: theEffect },
          },
          decide: { guard: 'mayDecide', actions: { type: 'stunOrMortallyWound', params: theCommand } },
          'xstate.done.actor.battle': {
            guard: 'battleIsOver',
            target: 'playing',
            actions: [
              'closeBattle',
              { type: 'startNextRogueBorgBattle', params: ({ event }) => ({ next: event.output.next }) },
            ],
          },
        },
      },
    },
    on: {
      // A hologram actor that reaches `erased` is done; its parent has nothing more to do.
      'xstate.done.actor.*': {},
    },
  });

/**
 * A persisted game snapshot with its board as plain data: a large board's cards record is a read-only
 * proxy inside the engine (`card-record.ts`), which `structuredClone`, `postMessage` and IndexedDB
 * refuse; what a client persists must take them, whether it asks `game.persistedSnapshot()` or the raw
 * actor's `getPersistedSnapshot()`.
 */
function withPlainBoard<P extends { context?: unknown }>(persisted: P): P {
  const board = (persisted.context as { board?: Board } | undefined)?.board;
  if (!board) return persisted;
  const plain = plainBoard(board);
  return plain === board
    ? persisted
    : { ...persisted, context: { ...(persisted.context as object), board: plain } };
}

/**
 * A game restored from a snapshot taken as its battle ended (by a listener or subscriber of the command
 * that ended it), before the game closed the battle: XState starts only active children, so the done
 * battle is started here, which tells the game it is done, and the game closes it as it would have
 * (the done event waits in the game's mailbox until the game runs). Nothing for any other snapshot.
 */
function closeBattleSavedAsItEnded(snapshot: { context: unknown }): void {
  const battle = (snapshot.context as GameContext | undefined)?.battle;
  if (battle?.getSnapshot().status === 'done') startFinished(battle);
}

/**
 * The game statechart with its input gate: the orchestrator every client embeds (`createGame` runs
 * it; clients may run it themselves with `createActor(gameMachine, { input: gameInput(setup, { seed }) })`
 * or `{ snapshot }`). What the rules refuse has no transition (so `snapshot.can(command)` is false),
 * and the gate answers it with an emitted `rejected` event: no input is ever dropped silently.
 */
export const gameMachine = gate(gameChart, {
  tableOf: (snapshot) => tableOf(snapshot.context as GameContext),
  stepOf: (snapshot) => (snapshot.context as GameContext).step,
  persisted: withPlainBoard,
  started: closeBattleSavedAsItEnded,
});
