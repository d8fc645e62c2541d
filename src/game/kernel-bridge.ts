import type { Snapshot } from 'xstate';
import { hologramActorId } from '../../machines/game.machine.ts';
import { Kernel, type KernelOptions, type KernelPolicy } from '../kernel/kernel.ts';
import type { GameState, HologramRecord } from '../kernel/state.ts';
import { type BattleStep, battleDataOf } from '../model/battle.ts';
import type { Board, CardId, PlayerId } from '../model/board.ts';
import { isSharedRecord, plainBoard, unfrozenCopy } from '../model/card-record.ts';
import type { Command, PlayerCommand } from '../model/commands.ts';
import type { HologramState } from '../model/events.ts';
import { type BattleContext, contextOf } from '../rules/battle/sequence.ts';
import { Game, type GameOptions, type GameOrigin, idFromOrigin, ownSnapshot } from './game.ts';
import type { Policy } from './policies.ts';
import { viewFor } from './view.ts';

/**
 * GAME-KERNEL-2. Between the two drivers: a game's state into the kernel, and a kernel's state back into a
 * game. Lossless both ways: `gameAt(gameStateOf(game), ...)` is the game `restoreGame(saveGame(game))`
 * gives, and a kernel's state played on in a game answers as the kernel would.
 */

/** The actor references a game's context holds, as far as the state reads them. */
interface ChildReader {
  getSnapshot(): { value: unknown; context: unknown };
}

/** A game's state now: its context and its children's snapshots, laid flat, as plain data. */
export function gameStateOf(game: Game): GameState {
  const context = game.actor.getSnapshot().context;
  const holograms: Record<CardId, HologramRecord> = {};
  for (const [card, ref] of Object.entries(context.holograms as Record<string, ChildReader>)) {
    const snapshot = ref.getSnapshot();
    const held = snapshot.context as Omit<HologramRecord, 'state'>;
    holograms[card] = {
      state: snapshot.value as HologramState,
      deactivatedOnTurn: held.deactivatedOnTurn,
      owner: held.owner,
      enteredAs: held.enteredAs,
    };
  }
  const battle = context.battle as ChildReader | null;
  const battleSnapshot = battle?.getSnapshot();
  return {
    board: unfrozenBoard(context.board),
    customCards: context.customCards,
    random: context.random,
    step: context.step,
    holograms,
    battle: battleSnapshot
      ? {
          step: battleSnapshot.value as BattleStep,
          data: battleDataOf(battleSnapshot.context as BattleContext),
          window: (battleSnapshot.context as BattleContext).window,
        }
      : null,
    awaitedDecision: context.awaitedDecision,
    lastBattle: context.lastBattle,
  };
}

/**
 * A game's board as the kernel's own: its cards record copied once, unfrozen (V8 copies a frozen record
 * several times slower than another, and the kernel's commands copy the record whenever a card changes).
 * A large board's record is shared already (its cards are kept in a store, see `card-record.ts`).
 */
function unfrozenBoard(board: Board): Board {
  return Object.isFrozen(board.cards) && !isSharedRecord(board.cards)
    ? { ...board, cards: unfrozenCopy(board.cards) }
    : board;
}

/**
 * The players' policies as the kernel takes them: a built-in one as it is; a client's function sees
 * what a game's policy sees (what awaits, the legal commands, the player's view).
 */
export function kernelPolicies(policies: Readonly<Record<PlayerId, Policy>>): Record<PlayerId, KernelPolicy> {
  return Object.fromEntries(
    Object.entries(policies).map(([player, policy]): [PlayerId, KernelPolicy] => [
      player,
      typeof policy === 'function'
        ? (situation) =>
            policy({
              awaiting: situation.awaiting,
              get legal() {
                return situation.legal as PlayerCommand[];
              },
              get view() {
                return viewFor(situation.table, player, situation.table.step);
              },
            })
        : policy,
    ]),
  );
}

/** A kernel at a game's state now (the game is left as it was). */
export function kernelOf(game: Game, options: KernelOptions = {}): Kernel {
  return new Kernel(gameStateOf(game), options);
}

const reference = (id: string) => ({ xstate$$type: 1, id });

/**
 * The game statechart's persisted snapshot of a state: what `saveGame` holds of a game at that
 * state (its context with actor references, and each child's snapshot).
 */
export function persistedSnapshotOf(state: GameState): Snapshot<unknown> {
  const children: Record<string, unknown> = {};
  const holograms: Record<string, unknown> = {};
  for (const [card, record] of Object.entries(state.holograms)) {
    const id = hologramActorId(card);
    holograms[card] = reference(id);
    children[id] = {
      snapshot: {
        status: record.state === 'erased' ? 'done' : 'active',
        value: record.state,
        historyValue: {},
        context: {
          card,
          owner: record.owner,
          deactivatedOnTurn: record.deactivatedOnTurn,
          enteredAs: record.enteredAs,
        },
        children: {},
      },
      src: 'hologram',
      systemId: id,
    };
  }
  if (state.battle) {
    children.battle = {
      snapshot: {
        status: state.battle.step === 'over' ? 'done' : 'active',
        value: state.battle.step,
        historyValue: {},
        context: contextOf(state.battle),
        children: {},
      },
      src: 'battle',
      systemId: 'battle',
    };
  }
  const snapshot = {
    status: 'active',
    value: state.battle ? 'battling' : 'playing',
    historyValue: {},
    context: {
      board: plainBoard(state.board),
      customCards: state.customCards,
      random: state.random,
      step: state.step,
      battle: state.battle ? reference('battle') : null,
      awaitedDecision: state.awaitedDecision,
      lastBattle: state.lastBattle,
      holograms,
    },
    children,
  };
  return JSON.parse(JSON.stringify(snapshot)) as Snapshot<unknown>;
}

/** Where the game at a state comes from, for its saves and replays. */
export interface GameAtOptions extends Pick<GameOptions, 'policies' | 'history'> {
  /** Its origin (setup, seed, cards): the game's whose state it is. */
  readonly origin: GameOrigin;
  /** The commands from the origin (after `logStart`) to the state. Default: none. */
  readonly log?: readonly Command[];
  readonly logStart?: number;
  readonly id?: string;
}

/**
 * A game at a kernel's state: the statecharts take over where the kernel is, and play on alike.
 * Its save equals that of the game the state was taken from.
 */
export function gameAt(state: GameState, options: GameAtOptions): Game {
  const log = options.log ?? [];
  const logStart = options.logStart ?? state.step - log.length;
  return new Game(
    options.origin,
    {
      ...(options.policies ? { policies: options.policies } : {}),
      ...(options.history !== undefined ? { history: options.history } : {}),
    },
    {
      snapshot: ownSnapshot(persistedSnapshotOf(state)),
      log,
      logStart,
      id: options.id ?? idFromOrigin(options.origin),
    },
  );
}
