import { libraryFor } from '../src/cards/library-for.ts';
import {
  type AwaitedDecision,
  type BattleData,
  type BattleStep,
  type BattleView,
  type BattleViewData,
  battleDataOf,
} from '../src/model/battle.ts';
import type { Board, CardId } from '../src/model/board.ts';
import type { CardDefinitionInput } from '../src/model/card-definition.ts';
import type { BattleWindow } from '../src/model/commands.ts';
import type { HologramState } from '../src/model/events.ts';
import { deepFreeze } from '../src/model/freeze.ts';
import { Recent } from '../src/model/recent.ts';
import type { HologramView, Table } from '../src/rules/table.ts';

/**
 * The adapter between the actors and the rules: how a game actor's context (and its children's
 * snapshots) reads as a `Table`. It lives beside the machines because it knows XState's snapshot shape.
 */

/** What the game actor's context offers the rules: the board, the client's cards, and the hologram actors. */
export interface TableSource {
  readonly board: Board;
  readonly customCards: readonly CardDefinitionInput[];
  readonly holograms: Readonly<Record<CardId, HologramReader>>;
  readonly battle: BattleReader | null;
  /** The decision the battle's pairing awaits, which the game holds (null for none). */
  readonly awaitedDecision: AwaitedDecision | null;
  readonly step: number;
}

/** The part of a battle actor the rules read: its snapshot, with the response window open at its step. */
export interface BattleReader {
  getSnapshot(): {
    value: unknown;
    context: BattleData & {
      window: { readonly kind: BattleWindow; readonly priority: string; readonly passes: number } | null;
    };
  };
}

/** The part of a hologram actor the rules read: its snapshot. */
export interface HologramReader {
  getSnapshot(): { value: unknown; context: { deactivatedOnTurn: number | null } };
}

/**
 * How many snapshots' tables and battle views are kept. A command asks for its snapshot's table and
 * battle view several times, and for the next snapshot's right after; a few more keep a few games
 * answering in turn (a server's, a test's) from the cache. Held strongly: a game dropped by its client
 * stays alive until eight newer snapshots push it out.
 */
const RECENT_SNAPSHOTS = 8;

/**
 * The battle as the rules read it: its step, its data without its open window (the view gives the
 * window on its own) and with the decision the game awaits, and the window. Made once per battle
 * snapshot and decision (a snapshot never changes: each transition makes a new one), and frozen, data
 * and all: the rules, the gate, the guards and the policies read it several times per command, and
 * `game.table()` hands it to clients. Kept for the last few snapshots (see `Recent`).
 */
const battleViews = new Recent<object, BattleView>(RECENT_SNAPSHOTS);

function battleViewOf(
  snapshot: ReturnType<BattleReader['getSnapshot']>,
  decision: AwaitedDecision | null,
): BattleView {
  let view = battleViews.get(snapshot);
  if (!view || view.data.decision !== decision) {
    const window = snapshot.context.window;
    view = Object.freeze({
      data: dataOf(snapshot.context, decision),
      step: snapshot.value as BattleStep,
      window: window
        ? Object.freeze({ kind: window.kind, priority: window.priority, passes: window.passes })
        : null,
    });
    battleViews.set(snapshot, view);
  }
  return view;
}

/**
 * The data of the last battle view made, kept while it is the same: most of a battle's events change
 * only its window (a pass), and its data is then the very data of the view before. Otherwise only
 * what changed is frozen (the rest was, with the data before).
 */
let lastData: BattleViewData | null = null;

function dataOf(
  context: BattleData & { readonly window: unknown },
  decision: AwaitedDecision | null,
): BattleViewData {
  const previous = lastData?.decision === decision ? lastData : null;
  let same = previous !== null;
  for (const key of Object.keys(context)) {
    if (key === 'window') continue;
    const value = context[key as keyof BattleData];
    if (previous && value === previous[key as keyof BattleData]) continue;
    same = false;
    deepFreeze(value);
  }
  if (same && previous) return previous;
  const data: BattleData & { decision?: AwaitedDecision | null } = battleDataOf(context);
  data.decision = deepFreeze(decision);
  lastData = Object.freeze(data as BattleViewData);
  return lastData;
}

/** A hologram as the rules read it, once per hologram snapshot. */
const hologramViews = new WeakMap<object, HologramView>();

function hologramViewOf(snapshot: ReturnType<HologramReader['getSnapshot']>): HologramView {
  let view = hologramViews.get(snapshot);
  if (!view) {
    view = Object.freeze({
      state: snapshot.value as HologramState,
      deactivatedOnTurn: snapshot.context.deactivatedOnTurn,
    });
    hologramViews.set(snapshot, view);
  }
  return view;
}

/** The rules' view of a game actor's context. Hologram states are read from the hologram actors. */
export function tableOf(source: TableSource): Table {
  let table = tables.get(source);
  if (!table) {
    table = tableOver(source);
    tables.set(source, table);
  }
  return table;
}

/**
 * One table per game context: a context never changes (each transition makes a new one), and the table
 * reads the hologram and battle actors live, as a new table would; the guards, the gate, the rules and
 * the policies all ask for it, several times per command. Kept for the last few contexts (see `Recent`):
 * a context asked for again after that (another game's, a client's old snapshot) gets a new table.
 */
const tables = new Recent<TableSource, Table>(RECENT_SNAPSHOTS);

function tableOver(source: TableSource): Table {
  return {
    board: source.board,
    library: libraryFor(source.customCards),
    step: source.step,
    hologram(card: CardId): HologramView | undefined {
      const ref = Object.hasOwn(source.holograms, card) ? source.holograms[card] : undefined;
      if (!ref) return undefined;
      return hologramViewOf(ref.getSnapshot());
    },
    battle(): BattleView | undefined {
      return source.battle ? battleViewOf(source.battle.getSnapshot(), source.awaitedDecision) : undefined;
    },
  };
}
