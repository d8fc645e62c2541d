import { CardLibrary } from '../cards/library.ts';
import { CardPoolError, loadCards, poolCardNames } from '../cards/pool/load.ts';
import { unknownNamesMessage } from '../cards/pool/nearest.ts';
import { type CardDefinitionInput, HOLO_ICON } from '../model/card-definition.ts';
import type { CommandOf } from '../model/commands.ts';
import { isRecord } from '../model/plain.ts';
import type { Setup } from '../model/setup.ts';
import { OddsError, type OddsScenario, policyNamed } from './odds.ts';

/**
 * A battle from two lists of card names: the attacker's and the defender's personnel (and equipment)
 * at one place, by name, from the card pool or the engine's library. What `stccg odds` reads as
 *
 *   { "place": "Qo'noS", "attackers": ["Worf", "Kargan"], "defenders": ["Data", "Tasha Yar"] }
 *
 * Alice attacks (it is her turn) and Bob defends, on the planet's surface, or aboard Bob's ship with
 * `"place": { "aboard": "I.K.S. Bortas" }` (BATTLE-1: an Away Team, or a crew).
 */

/** The two lists, and where they meet. */
export interface CardLists {
  /** A planet's name (the battle is on its surface), or `{ planet }`, or `{ aboard }`: the defender's ship, by card name. */
  readonly place: string | { readonly planet: string } | { readonly aboard: string };
  readonly attackers: readonly string[];
  readonly defenders: readonly string[];
}

/** The players of a battle of card lists: the attacker, whose turn it is, and the defender. */
export const CARD_LISTS_PLAYERS = ['alice', 'bob'] as const;

/** What a battle of card lists is played from: the setup, the attack, and the pool cards it names. */
export interface CardListsBattle {
  readonly setup: Setup;
  readonly attack: CommandOf<'attack'>;
  /** The pool's definitions of the cards named (`createGame`'s and `battleOdds`' `cards`). */
  readonly cards: CardDefinitionInput[];
}

const LIST_KEYS = ['place', 'attackers', 'defenders'];
const MAX_LIST = 100;

/** Whether an odds file holds card lists (`attackers`, `defenders`) rather than a setup. */
export function isCardListsFile(json: unknown): boolean {
  return (
    isRecord(json) &&
    !Object.hasOwn(json, 'setup') &&
    (Object.hasOwn(json, 'attackers') || Object.hasOwn(json, 'defenders'))
  );
}

/** An odds file of card lists: `{ place, attackers, defenders, policies? }`. Throws `OddsError`. */
export function cardListsScenario(json: unknown): {
  readonly lists: CardLists;
  readonly policies: OddsScenario['policies'];
} {
  if (!isRecord(json))
    throw new OddsError('card lists are a JSON object: { "place", "attackers", "defenders" }');
  const { policies, ...rest } = json;
  const lists = checkedLists(rest);
  if (policies === undefined) return { lists, policies: undefined };
  if (!isRecord(policies)) {
    throw new OddsError('"policies" maps players to policy names: { "alice": "strongest", "bob": "pass" }');
  }
  const named = Object.entries(policies).map(([player, name]) => {
    if (typeof name !== 'string')
      throw new OddsError(`the policy of "${player}" must be a name ("strongest" or "pass")`);
    return [player, policyNamed(name)] as const;
  });
  return { lists, policies: Object.fromEntries(named) };
}

/** The lists checked for their shape (names are checked against the pool by `cardListsBattle`). Throws `OddsError`. */
export function checkedLists(json: unknown): CardLists {
  if (!isRecord(json))
    throw new OddsError('card lists are a JSON object: { "place", "attackers", "defenders" }');
  const unknown = Object.keys(json).find((key) => !LIST_KEYS.includes(key));
  if (unknown !== undefined) {
    throw new OddsError(
      `unknown key "${unknown}" (card lists have "place", "attackers", "defenders" and "policies")`,
    );
  }
  const { place, attackers, defenders } = json;
  return {
    place: checkedPlace(place),
    attackers: checkedNames(attackers, 'attackers'),
    defenders: checkedNames(defenders, 'defenders'),
  };
}

function checkedNames(value: unknown, key: string): string[] {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > MAX_LIST ||
    !value.every((n) => typeof n === 'string' && n.trim() !== '')
  ) {
    throw new OddsError(`"${key}" is a list of 1 to ${MAX_LIST} card names`);
  }
  return value.map((name: string) => name.trim());
}

function checkedPlace(value: unknown): CardLists['place'] {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (isRecord(value) && Object.keys(value).length === 1) {
    if (typeof value.planet === 'string' && value.planet.trim() !== '')
      return { planet: value.planet.trim() };
    if (typeof value.aboard === 'string' && value.aboard.trim() !== '')
      return { aboard: value.aboard.trim() };
  }
  throw new OddsError(
    '"place" is a planet\'s name, { "planet": NAME } or { "aboard": SHIP } (a ship card\'s name)',
  );
}

/**
 * The setup, attack and pool cards of a battle of card lists. Each name is a card of the pool (its
 * facts, with the library's descriptors for a card the library has) or, failing that, of the engine's
 * library. Rejects with `OddsError` for a name in neither (naming it and the nearest names), a card that
 * cannot take part (a personnel battle has personnel and their equipment), or a place that is no ship.
 */
export async function cardListsBattle(given: CardLists): Promise<CardListsBattle> {
  const lists = checkedLists(given);
  const aboard = typeof lists.place === 'object' && 'aboard' in lists.place ? lists.place.aboard : undefined;
  const named = [...lists.attackers, ...lists.defenders, ...(aboard ? [aboard] : [])];
  const library = CardLibrary.builtIn();
  const inPool = new Set(await poolCardNames());
  const unknown = [...new Set(named.filter((name) => !inPool.has(name) && !library.has(name)))];
  if (unknown.length > 0) {
    throw new OddsError(
      unknownNamesMessage(unknown, [...inPool, ...library.names()], 'the card pool or the library'),
    );
  }
  const cards = await loadCards(named.filter((name) => inPool.has(name)));
  const definitions = new Map(cards.map((card) => [card.name, card]));
  const facts = (name: string) => {
    const card = definitions.get(name);
    if (card) return { type: card.type, icons: card.icons ?? [] };
    const built = library.get(name);
    return { type: built.type, icons: built.icons };
  };
  for (const name of [...lists.attackers, ...lists.defenders]) {
    const { type } = facts(name);
    if (type !== 'Personnel' && type !== 'Equipment') {
      throw new OddsError(
        `${name} is ${type === 'Ship' ? 'a Ship: name it as the place, { "aboard": NAME }' : `a card of type ${type}`}; the lists name personnel and equipment`,
      );
    }
  }
  if (aboard && facts(aboard).type !== 'Ship') throw new OddsError(`the place ${aboard} is not a Ship`);

  const [attacker, defender] = CARD_LISTS_PLAYERS;
  const ids = new Set<string>();
  const locationName = aboard ? 'Space' : placeName(lists.place);
  const location = { id: idFor(locationName, ids), name: locationName };
  const shipId = aboard ? idFor(aboard, ids) : undefined;
  const where = shipId ? { aboard: shipId } : { planet: location.id };
  const member = (owner: string) => (name: string) => ({
    id: idFor(name, ids),
    card: name,
    owner,
    at: where,
    ...(facts(name).icons.includes(HOLO_ICON) ? { hologram: 'active' as const } : {}),
  });
  const setup: Setup = {
    players: [attacker, defender],
    turn: { player: attacker, number: 1 },
    locations: [location],
    cards: [
      ...(shipId ? [{ id: shipId, card: aboard!, owner: defender, at: { space: location.id } }] : []),
      ...lists.attackers.map(member(attacker)),
      ...lists.defenders.map(member(defender)),
    ],
  };
  return { setup, attack: { type: 'attack', player: attacker, attackers: where, defenders: where }, cards };
}

/**
 * The definitions of the pool cards an odds file's `pool` names (its setup names them by card), for
 * `createGame`'s and `battleOdds`' `cards`. Rejects with `OddsError` for a name the pool does not hold,
 * naming it and the nearest names.
 */
export async function oddsPoolCards(names: readonly string[] | undefined): Promise<CardDefinitionInput[]> {
  if (!names || names.length === 0) return [];
  try {
    return await loadCards(names);
  } catch (error) {
    if (error instanceof CardPoolError) throw new OddsError(`"pool": ${error.message}`);
    throw error;
  }
}

function placeName(place: CardLists['place']): string {
  return typeof place === 'string' ? place : 'planet' in place ? place.planet : place.aboard;
}

const PROTOTYPE_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** A card's or place's id from its name ("Jean-Luc Picard" → jean-luc-picard), -2, -3... for a repeat. */
function idFor(name: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56) || 'card';
  let id = PROTOTYPE_NAMES.has(base) ? `${base}-1` : base;
  for (let copy = 2; taken.has(id); copy++) id = `${base}-${copy}`;
  taken.add(id);
  return id;
}
