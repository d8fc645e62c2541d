import type { Board, CardId, CardInstance } from './board.ts';
import { markImmutable } from './freeze.ts';

/**
 * How the board's cards record is kept, so that a command costs what it changes rather than what the
 * board holds. To clients `board.cards` is what its type says, a read-only record of cards by id (it
 * reads, lists, serialises and compares like one, and refuses every write); inside, the cards of a
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
/** For records that are plain objects (a new or restored game's): their cards as a list, found once. */
const plainLists = new WeakMap<object, readonly CardInstance[]>();

type Cards = Board['cards'];

const descriptor = (value: CardInstance): PropertyDescriptor => ({
  value,
  writable: false,
  enumerable: true,
  configurable: true,
});

/**
 * How Node's `util.inspect` (and so `console.log`) shows a record: it looks at a proxy's target, not
 * through its traps, so the target answers with the cards as a plain object. (A symbol of the global
 * registry: no import of `node:util`, the record stays browser-safe.)
 */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The record clients see: every read answered from the store, every write refused (a TypeError in strict code). */
function recordOf(store: Store): Cards {
  const target = {};
  Object.defineProperty(target, INSPECT, {
    value: () => Object.fromEntries(store.ids.map((id, slot) => [id, store.cards[slot]])),
    configurable: true,
  });
  const record = new Proxy(target, {
    get(t, key, receiver) {
      if (typeof key === 'string') {
        const slot = store.slots.get(key);
        if (slot !== undefined) return store.cards[slot];
      }
      return Reflect.get(t, key, receiver);
    },
    has(t, key) {
      return (typeof key === 'string' && store.slots.has(key)) || Reflect.has(t, key);
    },
    ownKeys() {
      return [...store.ids];
    },
    getOwnPropertyDescriptor(_t, key) {
      const slot = typeof key === 'string' ? store.slots.get(key) : undefined;
      return slot === undefined ? undefined : descriptor(store.cards[slot]!);
    },
    set: () => false,
    deleteProperty: () => false,
    defineProperty: () => false,
    setPrototypeOf: () => false,
    preventExtensions: () => false,
  }) as Cards;
  stores.set(record, store);
  markImmutable(record);
  return record;
}

/** Every card of a record, in its key order: for looking through them all without a look per key. */
export function cardList(cards: Cards): readonly CardInstance[] {
  const store = stores.get(cards);
  if (store) {
    store.lent = true;
    return store.cards;
  }
  let list = plainLists.get(cards);
  if (!list) {
    list = Object.values(cards);
    plainLists.set(cards, list);
  }
  return list;
}

/** A card's place in its record's key order (the order in which `Object.keys` lists them). */
export function slotOf(cards: Cards, id: CardId): number | undefined {
  const store = stores.get(cards);
  if (store) return store.slots.get(id);
  const index = Object.keys(cards).indexOf(id);
  return index < 0 ? undefined : index;
}

/** A record being written by one command: `cards` reads every write at once; `done` seals it. */
export interface CardsDraft {
  readonly cards: Cards;
  /** Replaces the card of that id (which the record must hold). */
  set(card: CardInstance): void;
}

/**
 * A record like `cards` that one command may write to, sharing every card it does not replace (and
 * the slots) with `cards`. Only its own writes change it, and only until the command is done with it.
 */
export function draftOf(cards: Cards): CardsDraft {
  const from = stores.get(cards);
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
  return {
    cards: recordOf(store),
    set(card) {
      const slot = store.slots.get(card.id);
      if (slot === undefined) throw new Error(`no card ${card.id} in this game`);
      if (store.lent) {
        // Whoever holds the list keeps the one they were given.
        store.cards = store.cards.slice();
        store.lent = false;
      }
      store.cards[slot] = card;
    },
  };
}
