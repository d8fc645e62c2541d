import type { CardLibrary } from '../cards/library.ts';
import { libraryFor } from '../cards/library-for.ts';
import type { AwaitedDecision, BattleData, BattleView, BattleViewData } from '../model/battle.ts';
import type { Board, CardId, PlayerId } from '../model/board.ts';
import type { CardDefinitionInput } from '../model/card-definition.ts';
import { type BattleState, battleData } from '../rules/battle/sequence.ts';
import type { RandomState } from '../rules/random.ts';
import type { HologramView, Table } from '../rules/table.ts';

/**
 * A state: everything a game is at one step, as plain data, with no actor in it. What the kernel
 * plays on, and what moves between the two drivers (`gameStateOf(game)`, `gameAt(state)`): the
 * statecharts' context and their children's snapshots, laid flat.
 */
export interface GameState {
  readonly board: Board;
  /** The client's own card definitions for this game (the built-in library is not copied here). */
  readonly customCards: readonly CardDefinitionInput[];
  /** The seeded generator's state: every random choice comes from here. */
  readonly random: RandomState;
  /** How many commands have been carried out (GAME-STEP-1). */
  readonly step: number;
  /** Each holographic card in play, or erased, by id: what its hologram actor would hold. */
  readonly holograms: Readonly<Record<CardId, HologramRecord>>;
  /** The battle running now (BATTLE-1 to BATTLE-6), if any: its step and context. */
  readonly battle: BattleState | null;
  /** The decision the battle's pairing awaits now (BATTLE-4a/b/c); null when none is awaited. */
  readonly awaitedDecision: AwaitedDecision | null;
  /** The last battle's record (piles, pairings, totals, winner, kill), once it is over. */
  readonly lastBattle: BattleData | null;
}

/** A hologram as its actor holds it: its state, the turn it last deactivated, its owner, how it entered play. */
export interface HologramRecord extends HologramView {
  readonly owner: PlayerId;
  readonly enteredAs: 'active' | 'deactivated';
}

/**
 * A battle's data as the rules read it, with the decision the game awaits: kept for the last data and
 * decision (a pass changes only the window, and keeps the data and its view). One entry rather than a
 * WeakMap: a search makes a new data for every command that changes it, and a WeakMap's entries cost
 * the collector more than this costs to make again.
 */
let lastData: BattleData | undefined;
let lastViewData: BattleViewData | undefined;

function battleViewOf(battle: BattleState, decision: AwaitedDecision | null): BattleView {
  let data = battle.data === lastData ? lastViewData : undefined;
  if (!data || data.decision !== decision) {
    // A copy made field by field (`battleData`: a spread of a record this size takes V8's slow path).
    const copy = battleData(battle.data) as BattleData & { decision: AwaitedDecision | null };
    copy.decision = decision;
    data = copy;
    lastData = battle.data;
    lastViewData = data;
  }
  const window = battle.window;
  return {
    data,
    step: battle.step,
    window: window ? { kind: window.kind, priority: window.priority, passes: window.passes } : null,
  };
}

/**
 * The rules' view of a state: the same `Table` the statecharts offer the rules. A class rather than
 * an object of closures: one is made for every state, so for every command.
 */
class PositionTable implements Table {
  readonly board: Board;
  readonly library: CardLibrary;
  readonly step: number;
  private readonly state: GameState;
  private view: BattleView | undefined | null = null;

  constructor(state: GameState) {
    this.state = state;
    this.board = state.board;
    this.library = libraryFor(state.customCards);
    this.step = state.step;
  }

  hologram(card: CardId): HologramView | undefined {
    const holograms = this.state.holograms;
    return Object.hasOwn(holograms, card) ? holograms[card] : undefined;
  }

  battle(): BattleView | undefined {
    if (this.view === null) {
      const { battle, awaitedDecision } = this.state;
      this.view = battle ? battleViewOf(battle, awaitedDecision) : undefined;
    }
    return this.view;
  }
}

/**
 * The last state asked for, and its table: a command asks for its state's table many times in a
 * row, and hardly ever for an older one (a new table then reads the same state alike). No WeakMap:
 * a search makes a state per command, and a WeakMap's entries cost the collector more than a table.
 */
let lastState: GameState | undefined;
let lastTable: Table | undefined;

/** The rules' view of a state. */
export function tableAt(state: GameState): Table {
  if (state === lastState) return lastTable!;
  const table = new PositionTable(state);
  lastState = state;
  lastTable = table;
  return table;
}
