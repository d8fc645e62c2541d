import { type ActorRefFrom, setup } from 'xstate';
import type { Board, CardId, PlayerId } from '../src/model/board.ts';
import type { CardDefinitionInput } from '../src/model/card-definition.ts';
import type { Command } from '../src/model/commands.ts';
import type { Rejection, RuleEvent } from '../src/model/events.ts';
import { judge, resolveCommand } from '../src/rules/commands/index.ts';
import type { HologramChange } from '../src/rules/draft.ts';
import { tableOf } from '../src/rules/game-table.ts';
import type { RandomState } from '../src/rules/random.ts';
import { hologramMachine } from './hologram.machine.ts';

/**
 * The game actor: the orchestrator and the one source of truth for the board. It spawns one hologram
 * actor per holographic card in play and tells each what the rules decided. Every command is judged
 * by the rules (`src/rules/`); a legal one is carried out, anything else (illegal, malformed, unknown)
 * is answered with an emitted rejection that cites its clause, and the state does not change.
 *
 * Emitted to outside listeners (`actor.on(...)`): `rule` events (what happened and why), `rejected`
 * (why not), and `accepted` (the command and its step number) after each command carried out.
 */

export type HologramActor = ActorRefFrom<typeof hologramMachine>;

export interface GameContext {
  readonly board: Board;
  /** The client's own card definitions for this game (the built-in library is not copied here). */
  readonly customCards: readonly CardDefinitionInput[];
  /** The seeded generator's state: every random choice comes from here. */
  readonly random: RandomState;
  /** The hologram actors, by card id. Their states are theirs; the board does not repeat them. */
  readonly holograms: Readonly<Record<CardId, HologramActor>>;
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
const isLegal = ({ context, event }: { context: GameContext; event: { type: string } }) =>
  'command' in judge(tableOf(context), event);

const gameSetup = setup({
  types: {
    context: {} as GameContext,
    input: {} as GameInput,
    events: {} as Command,
    emitted: {} as GameEmitted,
  },
  actors: { hologram: hologramMachine },
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

/**
 * Carries out a command the rules accepted: the new board, the hologram actors told or spawned, the
 * rule events emitted in the order they happened.
 */
const carryOut = gameSetup.enqueueActions(({ context, event, enqueue }) => {
  const command = event as Command;
  const resolution = resolveCommand(tableOf(context), context.random, command);
  const step = context.step + 1;
  enqueue.assign({ board: resolution.board, random: resolution.random, step });
  for (const change of resolution.holograms) {
    if (change.change === 'spawn') {
      enqueue.assign({
        holograms: ({ context: current, spawn }) => ({
          ...current.holograms,
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
      enqueue.sendTo(({ context: current }) => current.holograms[change.card]!, hologramEvent(change));
    }
  }
  for (const ruleEvent of resolution.events) enqueue.emit(ruleEvent);
  enqueue.emit({ type: 'accepted', command, step });
});

/** Answers a command the rules refuse (or an event that is no command at all). */
const reject = gameSetup.enqueueActions(({ context, event, enqueue }) => {
  const verdict = judge(tableOf(context), event);
  if ('rejection' in verdict) enqueue.emit(verdict.rejection);
});

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
    },
  })
  .createMachine({
    id: 'game',
    context: ({ input, spawn }) => ({
      board: input.board,
      customCards: input.customCards,
      random: input.random,
      step: 0,
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
