import type { Board, CardId, CardInstance } from './board.ts';
import { markImmutable } from './freeze.ts';

/**
 * How the board's cards record is kept, so that a command costs what it changes rather than what the
 * board holds. A small board's record is a plain frozen object, copied by each command that changes
 * it (see SHARED_FROM). Past that size, to clients `board.cards` is still what its type says, a
 * read-only record of cards by id (it reads, lists, serialises, compares and prints like one, and
 * refuses every write; only `structuredClone` refuses it, as it does any proxy); inside, the cards of a
 * game sit in one array in the record's key order, each card at a slot that never changes (a game's
 * cards are fixed by its setup), and a command's new record shares everything but that array of
 * pointers with the one before: copying 640 pointers is a memcpy, copying a 640-key object is
 * rehashing it (87 µs), and freezing a copy is another pass over every key.
 */

/** What a record reads from: the slots are shared by every record of a game, the array is its own. */
interface Store {
  readonly ids: readonly CardId[];
  readonly slots: ReadonlyMap<CardId, number>;
  cards: CardInstance[];
  /** The array has been handed out (by `cardList`): a write must copy it first. */
  lent: boolean;
}

const stores = new WeakMap<object, Store>();

type Cards = Board['cards'];

/**
 * How Node's `util.inspect` (and so `console.log`) shows a record: it looks at a proxy's target, not
 * through its traps, so the target answers with the cards as a plain object. (A symbol of the global
 * registry: no import of `node:util`, the record stays browser-safe.)
 */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');
/** Where a record's target keeps its store (a symbol no one else has: `record[STORE]` is unreachable). */
const STORE = Symbol('store');

/** A record's target: its store, and how it shows in Node's inspect. */
class Target {
  readonly [STORE]: Store;
  constructor(store: Store) {
    this[STORE] = store;
  }
  [INSPECT](): Record<CardId, CardInstance> {
    const store = this[STORE];
    return Object.fromEntries(store.ids.map((id, slot) => [id, store.cards[slot]!]));
  }
}

const descriptor = (value: CardInstance): PropertyDescriptor => ({
  value,
  writable: false,
  enumerable: true,
  configurable: true,
});

/** One handler for every record: every read answered from its target's store, every write refused. */
const READ_ONLY: ProxyHandler<Target> = {
  get(target, key, receiver) {
    if (typeof key === 'string') {
      const store = target[STORE];
      const slot = store.slots.get(key);
      if (slot !== undefined) return store.cards[slot];
      // Not a card: what any object has (its prototype's), as a plain record would answer.
      return key in Object.prototype ? Reflect.get(Object.prototype, key, receiver) : undefined;
    }
    // Its own symbols (Node's inspect calls the target's method with the record as `this`).
    return key === INSPECT || key === STORE
      ? Reflect.get(target, key, receiver)
      : Reflect.get(Object.prototype, key, receiver);
  },
  has(target, key) {
    return (typeof key === 'string' && target[STORE].slots.has(key)) || key in Object.prototype;
  },
  ownKeys(target) {
    return [...target[STORE].ids];
  },
  getOwnPropertyDescriptor(target, key) {
    const store = target[STORE];
    const slot = typeof key === 'string' ? store.slots.get(key) : undefined;
    return slot === undefined ? undefined : descriptor(store.cards[slot]!);
  },
  getPrototypeOf: () => Object.prototype,
  set: () => false,
  deleteProperty: () => false,
  defineProperty: () => false,
  setPrototypeOf: () => false,
  preventExtensions: () => false,
};

/** The record clients see: a read-only view of the store (a write is a TypeError in strict code). */
function recordOf(store: Store): Cards {
  const record = new Proxy(new Target(store), READ_ONLY) as unknown as Cards;
  stores.set(record, store);
  markImmutable(record);
  return record;
}

/**
 * A copy of a plain record that the engine keeps for itself and never writes (the kernel's, see
 * `src/game/kernel-bridge.ts`): unfrozen, for V8 copies a frozen record several times slower than
 * another, and every command that changes a card copies its record; given a revision, so that what
 * is read from it (STRENGTH) may be kept, as for a frozen one.
 */
export function unfrozenCopy(cards: Cards): Cards {
  const copy = { ...cards };
  revisions.set(copy, { n: 0 });
  return copy;
}

/** Whether a record is a shared one (a large board's read-only view over its store), not a plain object. */
export function isSharedRecord(cards: Cards): boolean {
  return stores.has(cards);
}

/** Every card of a record, in its key order: for looking through them all without a look per key. */
export function cardList(cards: Cards): readonly CardInstance[] {
  const store = stores.get(cards);
  if (store) {
    store.lent = true;
    return store.cards;
  }
  // A plain record: small (see SHARED_FROM), read once while it is the one asked for (a command asks
  // for its board's list many times in a row; a record never changes once made).
  if (cards !== lastPlainCards) {
    lastPlainCards = cards;
    lastPlainList = Object.values(cards);
  }
  return lastPlainList;
}

let lastPlainCards: Cards | undefined;
let lastPlainList: readonly CardInstance[] = [];

/** Plain copies of shared records, made once per record (a record never changes once made). */
const plainCopies = new WeakMap<object, Cards>();

/**
 * The record as a plain frozen object, for what must not meet a proxy: `structuredClone`,
 * `postMessage` to a worker, a client's own deep copy. A small board's record is already plain; a
 * shared one is copied once (O(cards), only when asked; commands never ask).
 */
export function plainCards(cards: Cards): Cards {
  if (!stores.has(cards)) return cards;
  let plain = plainCopies.get(cards);
  if (!plain) {
    plain = Object.freeze(Object.fromEntries(cardList(cards).map((card) => [card.id, card]))) as Cards;
    plainCopies.set(cards, plain);
  }
  return plain;
}

/** The board with plain cards, one copy per board (a board never changes once made). */
const plainBoardCopies = new WeakMap<Board, Board>();

/**
 * The board as plain data, whatever its size (its cards record as `plainCards` gives it): what a client
 * reads (`game.board()`) and what a persisted snapshot holds, so that `structuredClone`, `postMessage`
 * and IndexedDB take them. The board itself when its record is plain already.
 */
export function plainBoard(board: Board): Board {
  const cards = plainCards(board.cards);
  if (cards === board.cards) return board;
  let plain = plainBoardCopies.get(board);
  if (!plain) {
    plain = Object.freeze({ ...board, cards });
    plainBoardCopies.set(board, plain);
  }
  return plain;
}

/**
 * How many writes each record made by `draftOf` has taken: a record is written only by the command
 * that drafts it, and only until that command freezes it, so (record, revision) names one state of
 * the cards for good. What is worked out from the cards alone (STRENGTH) may be kept under it.
 */
const revisions = new WeakMap<object, { n: number }>();

/**
 * The record's revision (see `revisions`): 0 for a frozen record no command drafted (set up or
 * restored, and frozen deeply by `deepFreeze`, cards and all). Undefined for a record that could change
 * unseen (a plain object, not frozen, that `draftOf` did not make, as a test may build by hand):
 * nothing read from it may be kept.
 */
export function revisionOf(cards: Cards): number | undefined {
  const revision = revisions.get(cards);
  if (revision) return revision.n;
  return Object.isFrozen(cards) ? 0 : undefined;
}

/** A card's place in its record's key order (the order in which `Object.keys` lists them). */
export function slotOf(cards: Cards, id: CardId): number | undefined {
  const store = stores.get(cards);
  if (store) return store.slots.get(id);
  const index = Object.keys(cards).indexOf(id);
  return index < 0 ? undefined : index;
}

/** A record being written by one command: `cards` reads every write at once. */
export interface CardsDraft {
  readonly cards: Cards;
  /** Replaces the card of that id (which the record must hold). */
  set(card: CardInstance): void;
}

/**
 * Up to this many cards, a record stays a plain object, copied whole by each command: copying a few
 * dozen keys costs less than reading every card through the read-only view would over a battle.
 * (Measured: a 29-card battle ran about a tenth slower through the view; a 640-key copy is 87 µs.)
 */
export const SHARED_FROM = 64;

/**
 * A record like `cards` that one command may write to, sharing every card it does not replace with
 * `cards` (and, past SHARED_FROM cards, everything else too). Only its own writes change it, and only
 * until the command is done with it (and freezes what it made, `deepFreeze`).
 */
export function draftOf(cards: Cards): CardsDraft {
  const from = stores.get(cards);
  // Its size from its list (read once per record, and read again by most commands anyway).
  if (!from && cardList(cards).length <= SHARED_FROM) {
    const plain: Record<CardId, CardInstance> = { ...cards };
    const revision = { n: 0 };
    revisions.set(plain, revision);
    return {
      cards: plain,
      set(card) {
        if (!Object.hasOwn(plain, card.id)) throw new Error(`no card ${card.id} in this game`);
        plain[card.id] = card;
        revision.n++;
        // Written: its list, if read already, is read again.
        if (lastPlainCards === plain) lastPlainCards = undefined;
      },
    };
  }
  let store: Store;
  if (from) {
    store = { ids: from.ids, slots: from.slots, cards: from.cards.slice(), lent: false };
  } else {
    // A plain record (set up or restored): its slots are found once, for every record after it.
    const ids = Object.keys(cards);
    store = {
      ids,
      slots: new Map(ids.map((id, slot) => [id, slot])),
      cards: ids.map((id) => cards[id]!),
      lent: false,
    };
  }
  const record = recordOf(store);
  const revision = { n: 0 };
  revisions.set(record, revision);
  return {
    cards: record,
    set(card) {
      const slot = store.slots.get(card.id);
      if (slot === undefined) throw new Error(`no card ${card.id} in this game`);
      if (store.lent) {
        // Whoever holds the list keeps the one they were given.
        store.cards = store.cards.slice();
        store.lent = false;
      }
      store.cards[slot] = card;
      revision.n++;
    },
  };
}
