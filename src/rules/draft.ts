import type { CardLibrary } from '../cards/library.ts';
import type { AwaitedDecision, BattleEvent, BattleInput, BattleView } from '../model/battle.ts';
import {
  type Board,
  type CardId,
  type CardInstance,
  NO_STATUSES,
  type Position,
  type Statuses,
} from '../model/board.ts';
import { type CardsDraft, draftOf } from '../model/card-record.ts';
import type { ClauseId } from '../model/clauses.ts';
import type { RuleEvent } from '../model/events.ts';
import { deepFreeze } from '../model/freeze.ts';
import { type HologramChangeEvent, hologramAfter } from './hologram-life.ts';
import { drawInt, type RandomState } from './random.ts';
import type { HologramView, Table } from './table.ts';

/** A change a hologram actor must make; the orchestrator turns each into an event to that actor. */
export type HologramChange =
  | {
      readonly change: 'spawn';
      readonly card: CardId;
      readonly initial: 'active' | 'deactivated';
      readonly deactivatedOnTurn: number | null;
    }
  | { readonly change: 'activate'; readonly card: CardId; readonly turn: number }
  | { readonly change: 'deactivate'; readonly card: CardId; readonly turn: number }
  | { readonly change: 'erase'; readonly card: CardId };

/** A rule event's own fields, beyond its type, kind, clause and message. */
export type RuleFields<K extends RuleEvent['kind']> = Omit<
  Extract<RuleEvent, { kind: K }>,
  'type' | 'kind' | 'clause' | 'message'
>;

/** What a hologram actor is told for a change (its spawn: the input it is spawned with). */
export function hologramEventOf(change: HologramChange, board: Board): HologramChangeEvent {
  switch (change.change) {
    case 'spawn':
      return {
        type: 'SPAWN',
        input: {
          card: change.card,
          owner: board.cards[change.card]!.owner,
          initial: change.initial,
          deactivatedOnTurn: change.deactivatedOnTurn,
        },
      };
    case 'activate':
      return { type: 'ACTIVATE', turn: change.turn };
    case 'deactivate':
      return { type: 'DEACTIVATE', turn: change.turn };
    case 'erase':
      return { type: 'ERASE' };
  }
}

/** What a command resolved to: the next board, what happened, and what the hologram actors must do. */
export interface Resolution {
  readonly board: Board;
  readonly random: RandomState;
  readonly events: readonly RuleEvent[];
  readonly holograms: readonly HologramChange[];
  /** A battle announced by this command (BATTLE-1): the battle actor's input. */
  readonly startBattle: BattleInput | null;
  /** What the running battle actor must be told, in order. */
  readonly toBattle: readonly BattleEvent[];
  /** The decision the game awaits now, where this resolution changed it (undefined: unchanged). */
  readonly awaitedDecision?: AwaitedDecision | null;
}

/** The changes of a command that changed no card (shared: never written, for a first change makes its own). */
const NOTHING_CHANGED: CardId[] = [];

/**
 * How a command is resolved: for the engine of record, every rule event recorded and what the command
 * made frozen (clients hold it); for a search (the kernel without events), neither.
 */
export interface DraftOptions {
  /** Record no rule events (no one reads them: a search, an odds run). Default false. */
  readonly quiet?: boolean;
  /** Leave the new board and cards unfrozen (the kernel's own data, which no client holds). Default false. */
  readonly unfrozen?: boolean;
}

/**
 * The working copy a command resolves on: it reads like a `Table`, copies the board on first write,
 * records hologram changes (and sees them at once, so later steps of the same command do), and
 * collects the rule events in order.
 */
export class Draft implements Table {
  board: Board;
  readonly library: CardLibrary;
  readonly step: number;
  random: RandomState;
  private readonly base: Table;
  private cards: CardsDraft | null = null;
  /** The cards this command replaced, by id; and their ids in the order it first changed them. */
  // Made on the first change: most of a battle's commands (a pass) change no card and no hologram.
  private changed: Map<CardId, CardInstance> | null = null;
  private changedOrder: CardId[] = NOTHING_CHANGED;
  private holo: Map<CardId, HologramView> | null = null;
  readonly events: RuleEvent[] = [];
  readonly changes: HologramChange[] = [];
  readonly toBattle: BattleEvent[] = [];
  startBattle: BattleInput | null = null;
  private awaited: AwaitedDecision | null | undefined = undefined;
  private readonly quiet: boolean;
  private readonly unfrozen: boolean;

  constructor(table: Table, random: RandomState, options: DraftOptions = {}) {
    this.quiet = options.quiet === true;
    this.unfrozen = options.unfrozen === true;
    this.base = table;
    this.board = table.board;
    this.library = table.library;
    this.step = table.step;
    this.random = random;
  }

  hologram(card: CardId): HologramView | undefined {
    return this.holo?.get(card) ?? this.base.hologram(card);
  }

  battle(): BattleView | undefined {
    return this.base.battle();
  }

  /** Something the battle actor must be told once this resolution is carried out. */
  tellBattle(event: BattleEvent): void {
    this.toBattle.push(event);
  }

  /**
   * The decision the game awaits from now on (BATTLE-4a/b/c), or null once the pairing is decided: the
   * game holds it, and judges a `decide` command against it.
   */
  awaitDecision(decision: AwaitedDecision | null): void {
    this.awaited = decision;
  }

  /**
   * Replaces part of a card. The first write of a command starts a new cards record that shares every
   * card but those it replaces with the board before (see `card-record.ts`).
   */
  updateCard(id: CardId, patch: Partial<Omit<CardInstance, 'id'>>): void {
    const card = this.board.cards[id];
    if (!card) throw new Error(`no card ${id} in this game`);
    if (!this.cards) {
      this.cards = draftOf(this.board.cards);
      this.board = { ...this.board, cards: this.cards.cards };
    }
    // Every field named, in the order a card is set up with: a spread of a card takes V8's slow path
    // (cards come in many shapes), and a card changes at most commands.
    const next: CardInstance = {
      id: card.id,
      card: patch.card ?? card.card,
      owner: patch.owner ?? card.owner,
      at: patch.at ?? card.at,
      status: patch.status ?? card.status,
      addedIcons: patch.addedIcons ?? card.addedIcons,
      affiliationMode: patch.affiliationMode !== undefined ? patch.affiliationMode : card.affiliationMode,
    };
    this.cards.set(next);
    if (!this.changed) {
      this.changed = new Map();
      this.changedOrder = [];
    }
    if (!this.changed.has(id)) this.changedOrder.push(id);
    this.changed.set(id, next);
  }

  /** The cards this command has changed so far, in the order it first changed them (from the `from`th on). */
  changedCards(from = 0): readonly CardId[] {
    return from === 0 ? this.changedOrder : this.changedOrder.slice(from);
  }

  /** How many cards this command has changed so far. */
  changedCount(): number {
    return this.changedOrder.length;
  }

  /** The card as it was before this command. */
  before(id: CardId): CardInstance | undefined {
    return this.base.board.cards[id];
  }

  place(id: CardId, at: Position): void {
    this.updateCard(id, { at });
  }

  /** Puts a card on top of its owner's discard pile, clearing its statuses. */
  toDiscardPile(id: CardId): void {
    const order = this.board.nextDiscard;
    this.updateBoard({ nextDiscard: order + 1 });
    this.updateCard(id, {
      at: { in: 'discard', order },
      status: NO_STATUSES,
    });
  }

  updateBoard(patch: Partial<Omit<Board, 'cards'>>): void {
    this.board = { ...this.board, ...patch };
  }

  /**
   * Records a hologram change, and makes it visible to the rest of this command's resolution: the
   * hologram's state after it is worked out by its life in the rules (`hologramAfter`), which the
   * hologram chart's guards read too, from the event its actor will be told.
   */
  changeHologram(change: HologramChange): void {
    this.changes.push(change);
    this.holo ??= new Map();
    this.holo.set(
      change.card,
      hologramAfter(this.hologram(change.card), hologramEventOf(change, this.board)),
    );
  }

  record(event: RuleEvent): void {
    if (this.quiet) return;
    this.events.push(event);
  }

  /**
   * Records a rule event of this kind: what happened, under the clause that made it happen. Its message
   * is the clause, then `text` (`rule('stopped', 'BATTLE-6', { card }, 'Data survives and is stopped')`
   * says "BATTLE-6: Data survives and is stopped"), so no message repeats its clause by hand. A text
   * worked out from the board is given as a function: a quiet draft (a search's) never works it out.
   */
  rule<K extends RuleEvent['kind']>(
    kind: K,
    clause: ClauseId,
    fields: RuleFields<K>,
    text: string | (() => string),
  ): void {
    if (this.quiet) return;
    const said = typeof text === 'function' ? text() : text;
    this.record({ type: 'rule', kind, clause, ...fields, message: `${clause}: ${said}` } as RuleEvent);
  }

  /** Sets some of a card's statuses (stunned, mortally wounded, stopped, ...), keeping the others. */
  setStatus(id: CardId, statuses: Partial<Statuses>): void {
    const card = this.board.cards[id];
    if (!card) throw new Error(`no card ${id} in this game`);
    const was = card.status;
    const status: { -readonly [S in keyof Statuses]: Statuses[S] } = {
      stopped: statuses.stopped ?? was.stopped,
      disabled: statuses.disabled ?? was.disabled,
      inStasisUntilEndOfTurn:
        statuses.inStasisUntilEndOfTurn !== undefined
          ? statuses.inStasisUntilEndOfTurn
          : was.inStasisUntilEndOfTurn,
      stunned: statuses.stunned ?? was.stunned,
      mortallyWounded: statuses.mortallyWounded ?? was.mortallyWounded,
    };
    if ('strengthThisBattle' in statuses || 'strengthThisBattle' in was)
      status.strengthThisBattle =
        'strengthThisBattle' in statuses ? statuses.strengthThisBattle : was.strengthThisBattle;
    this.updateCard(id, { status });
  }

  /** A whole number from min to max, from the game's seeded generator. */
  randomInt(min: number, max: number): number {
    const [value, next] = drawInt(this.random, min, max);
    this.random = next;
    return value;
  }

  resolution(): Resolution {
    // Only the objects this command made are not frozen yet: the board, and the cards it replaced
    // (deepFreeze stops at frozen objects, and leaves the read-only cards record as it is).
    if (!this.unfrozen) {
      deepFreeze(this.board);
      if (this.changed) for (const card of this.changed.values()) deepFreeze(card);
    }
    return {
      board: this.board,
      random: this.random,
      events: this.events,
      holograms: this.changes,
      startBattle: this.startBattle,
      toBattle: this.toBattle,
      ...(this.awaited !== undefined ? { awaitedDecision: this.awaited } : {}),
    };
  }
}
