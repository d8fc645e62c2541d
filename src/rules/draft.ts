import type { CardLibrary } from '../cards/library.ts';
import type { BattleEvent, BattleInput, BattleView } from '../model/battle.ts';
import { type Board, type CardId, type CardInstance, NO_STATUSES, type Position } from '../model/board.ts';
import { type CardsDraft, draftOf } from '../model/card-record.ts';
import type { RuleEvent } from '../model/events.ts';
import { deepFreeze } from '../model/freeze.ts';
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
  private readonly changed = new Map<CardId, CardInstance>();
  private readonly changedOrder: CardId[] = [];
  private readonly holo = new Map<CardId, HologramView>();
  readonly events: RuleEvent[] = [];
  readonly changes: HologramChange[] = [];
  readonly toBattle: BattleEvent[] = [];
  startBattle: BattleInput | null = null;

  constructor(table: Table, random: RandomState) {
    this.base = table;
    this.board = table.board;
    this.library = table.library;
    this.step = table.step;
    this.random = random;
  }

  hologram(card: CardId): HologramView | undefined {
    return this.holo.get(card) ?? this.base.hologram(card);
  }

  battle(): BattleView | undefined {
    return this.base.battle();
  }

  /** Something the battle actor must be told once this resolution is carried out. */
  tellBattle(event: BattleEvent): void {
    this.toBattle.push(event);
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
    const next = { ...card, ...patch };
    this.cards.set(next);
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

  /** Records a hologram change, and makes it visible to the rest of this command's resolution. */
  changeHologram(change: HologramChange): void {
    this.changes.push(change);
    const before = this.hologram(change.card);
    switch (change.change) {
      case 'spawn':
        this.holo.set(change.card, { state: change.initial, deactivatedOnTurn: change.deactivatedOnTurn });
        break;
      case 'activate':
        this.holo.set(change.card, { state: 'active', deactivatedOnTurn: before?.deactivatedOnTurn ?? null });
        break;
      case 'deactivate':
        this.holo.set(change.card, { state: 'deactivated', deactivatedOnTurn: change.turn });
        break;
      case 'erase':
        this.holo.set(change.card, { state: 'erased', deactivatedOnTurn: before?.deactivatedOnTurn ?? null });
        break;
    }
  }

  record(event: RuleEvent): void {
    this.events.push(event);
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
    deepFreeze(this.board);
    for (const card of this.changed.values()) deepFreeze(card);
    return {
      board: this.board,
      random: this.random,
      events: this.events,
      holograms: this.changes,
      startBattle: this.startBattle,
      toBattle: this.toBattle,
    };
  }
}
