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

interface PoolFile {
  readonly about: string;
  readonly cards: readonly CardDefinitionInput[];
}

let loading: Promise<ReadonlyMap<string, CardDefinitionInput>> | undefined;

/** The pool by name, read once (a bundler makes `pool.json` a chunk of its own, fetched on first use). */
function poolByName(): Promise<ReadonlyMap<string, CardDefinitionInput>> {
  loading ??= import('./pool.json', { with: { type: 'json' } }).then((module) => {
    const file = module.default as unknown as PoolFile;
    return new Map(file.cards.map((card) => [card.name, card]));
  });
  return loading;
}

/** Every card name in the pool, sorted. */
export async function poolCardNames(): Promise<string[]> {
  return [...(await poolByName()).keys()].sort();
}

/**
 * The card definitions of these pool cards, in the order asked (each once), ready for
 * `createGame(setup, { cards: await loadCards(['Worf', 'Kargan']) })`. A card of the engine's own library
 * keeps its effect descriptors: a pool card of the same name takes them (and its lore), with the pool's
 * facts. Each call returns the caller's own copies.
 *
 * Rejects with `CardPoolError` for a name not in the pool (naming it and the nearest names), and with
 * `TypeError` when `names` is not a list of strings.
 */
export async function loadCards(names: readonly string[]): Promise<CardDefinitionInput[]> {
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new TypeError('loadCards takes a list of card names (strings)');
  }
  const pool = await poolByName();
  const unknown = [...new Set(names.filter((name) => !pool.has(name)))];
  if (unknown.length > 0) {
    throw new CardPoolError(unknownNamesMessage(unknown, [...pool.keys()], 'the card pool'), unknown);
  }
  return [...new Set(names)].map((name) => withDescriptors(pool.get(name)!));
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
