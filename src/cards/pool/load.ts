import type { CardDefinitionInput } from '../../model/card-definition.ts';
import { BUILT_IN_EFFECTS, BUILT_IN_LORE } from '../descriptors.ts';
import { unknownNamesMessage } from './nearest.ts';

/**
 * The card pool: the facts of the First Edition personnel, ships and equipment of the community
 * engine's card files, imported by `stccg cards import` into `pool.json` (docs/cards.md says how, and
 * credits the source). It is loaded on demand, by name: the engine's core never imports it, so a page
 * that only plays stays as small as it was.
 */

/** A name asked of the pool that it does not hold; the message names it and the nearest names. */
export class CardPoolError extends Error {
  override readonly name = 'CardPoolError';
  constructor(
    message: string,
    /** The names not in the pool. */
    readonly unknown: readonly string[],
  ) {
    super(message);
  }
}

/** The pool file's shape: `pool.json`, as the importer writes it. */
export interface PoolFile {
  readonly about: string;
  readonly cards: readonly CardDefinitionInput[];
}

/**
 * The card pool, loaded: its cards by name, asked synchronously (a scenario's game is made at once).
 * `loadPool()` fetches it; in Node, `readPool()` (`read.ts`) reads it from disk.
 */
export class CardPool {
  private readonly byName: ReadonlyMap<string, CardDefinitionInput>;

  constructor(file: PoolFile) {
    this.byName = new Map(file.cards.map((card) => [card.name, card]));
  }

  /** Whether the pool holds a card of that name. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Every card name in the pool, sorted. */
  names(): string[] {
    return [...this.byName.keys()].sort();
  }

  /**
   * The card definitions of these pool cards, in the order asked (each once), as `loadCards` gives them.
   * Throws `CardPoolError` for a name not in the pool (naming it and the nearest names), and `TypeError`
   * when `names` is not a list of strings.
   */
  cards(names: readonly string[]): CardDefinitionInput[] {
    if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
      throw new TypeError("a pool's cards are asked by a list of card names (strings)");
    }
    const unknown = [...new Set(names.filter((name) => !this.byName.has(name)))];
    if (unknown.length > 0) {
      throw new CardPoolError(
        unknownNamesMessage(unknown, [...this.byName.keys()], 'the card pool'),
        unknown,
      );
    }
    return [...new Set(names)].map((name) => withDescriptors(this.byName.get(name)!));
  }
}

let loading: Promise<CardPool> | undefined;

/**
 * The card pool, read once (a bundler makes `pool.json` a chunk of its own, fetched on first use): for
 * a caller that then asks it synchronously, as `runScenario`'s `pool` option does.
 */
export function loadPool(): Promise<CardPool> {
  loading ??= import('./pool.json', { with: { type: 'json' } }).then(
    (module) => new CardPool(module.default as unknown as PoolFile),
  );
  return loading;
}

/** Every card name in the pool, sorted. */
export async function poolCardNames(): Promise<string[]> {
  return (await loadPool()).names();
}

/**
 * The card definitions of these pool cards, in the order asked (each once), ready for
 * `createGame(setup, { cards: await loadCards(['Worf', 'Kargan']) })`. A card of the engine's own library
 * keeps its effect descriptors: a pool card of the same name takes them (and its lore), with the pool's
 * facts. A pool card the library does not know keeps the descriptors the importer read from its
 * STRENGTH modifiers (Bajoran Phaser). Each call returns the caller's own copies.
 *
 * Rejects with `CardPoolError` for a name not in the pool (naming it and the nearest names), and with
 * `TypeError` when `names` is not a list of strings.
 */
export async function loadCards(names: readonly string[]): Promise<CardDefinitionInput[]> {
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new TypeError('loadCards takes a list of card names (strings)');
  }
  return (await loadPool()).cards(names);
}

/** A pool card with the library's descriptors for its name, as a fresh copy. */
function withDescriptors(card: CardDefinitionInput): CardDefinitionInput {
  const effects = BUILT_IN_EFFECTS[card.name];
  const lore = BUILT_IN_LORE[card.name];
  const copy = structuredClone(card) as CardDefinitionInput & Record<string, unknown>;
  if (effects) copy.effects = structuredClone(effects) as CardDefinitionInput['effects'];
  if (lore) copy.lore = { ...lore };
  return copy;
}
