import type { CardId } from '../model/board.ts';
import type { CardDefinition, Effect } from '../model/card-definition.ts';
import type { ClauseId } from '../model/clauses.ts';
import { definitionOf, instance, isHolographic, label } from './cards.ts';
import type { Table } from './table.ts';

/** Gameplay species and affiliation, and who may use a card that asks for either. */

/** Characteristics that name a species (the card data lists species among the characteristics). */
const SPECIES_WORDS = new Set([
  'Android',
  'Soong-type android',
  'Bajoran',
  'Borg',
  'Cardassian',
  'Ferengi',
  'Hirogen',
  'Hologram',
  'Human',
  "Jem'Hadar",
  'Klingon',
  'Romulan',
  'Vulcan',
]);

const HOLOGRAM_SPECIES: readonly string[] = ['Hologram'];

/**
 * HOLO-SPECIES-1: the gameplay species of every holographic personnel is "hologram", whatever its
 * appearance or lore, including a personnel whose Holo icon was added by another card (Data with
 * Holoprogram: 221B Baker Street). Other personnel have the species their card names.
 */
export function gameplaySpecies(table: Table, id: CardId): readonly string[] {
  if (isHolographic(table, id)) return HOLOGRAM_SPECIES;
  return definitionOf(table, id).characteristics.filter((c) => SPECIES_WORDS.has(c));
}

/** `gameplaySpecies`, for reading only: a non-hologram's species are the ones kept for its definition. */
function speciesOf(table: Table, id: CardId): readonly string[] {
  if (isHolographic(table, id)) return HOLOGRAM_SPECIES;
  return printedSpecies(definitionOf(table, id));
}

// A definition's species and "use only" restrictions, found once: definitions never change, and STRENGTH
// asks them of every personnel that might use a phaser, at every pairing.
const speciesByDefinition = new WeakMap<CardDefinition, readonly string[]>();

/** The species a card's characteristics name, kept frozen (only this module reads them). */
function printedSpecies(definition: CardDefinition): readonly string[] {
  let species = speciesByDefinition.get(definition);
  if (!species) {
    species = Object.freeze(definition.characteristics.filter((c) => SPECIES_WORDS.has(c)));
    speciesByDefinition.set(definition, species);
  }
  return species;
}

/**
 * Whether a hologram would be of one of these species but for HOLO-SPECIES-1: by its card (Data, given
 * a Holo icon, is an android by his) or by its lore (Sumek appears Vulcan). Where it would, the clause
 * is why it may not use a card that asks for that species; where not, the card's own requirement is.
 */
export function appearsOfSpecies(table: Table, id: CardId, species: readonly string[]): boolean {
  if (!isHolographic(table, id)) return false;
  const definition = definitionOf(table, id);
  const wanted = new Set(species.map((s) => s.toLowerCase()));
  return [...printedSpecies(definition), ...(definition.loreSpecies ? [definition.loreSpecies] : [])].some(
    (s) => wanted.has(s.toLowerCase()),
  );
}

export function hasSpecies(table: Table, id: CardId, species: string): boolean {
  const wanted = species.toLowerCase();
  return speciesOf(table, id).some((s) => s.toLowerCase() === wanted);
}

/**
 * The affiliation a card has now: its current mode for a multi-affiliation card (Iden, Bajoran/Hirogen),
 * its printed affiliation otherwise. HOLO-AFFIL-1: holograms have affiliations like anyone else.
 */
export function affiliationOf(table: Table, id: CardId): string | undefined {
  const card = instance(table, id);
  return card.affiliationMode ?? definitionOf(table, id).affiliations[0];
}

/** Whether a personnel may use a card, and the clause that says so. */
export interface UseVerdict {
  readonly allowed: boolean;
  readonly clause: ClauseId;
  readonly reason: string;
}

type UseOnly = Extract<Effect, { kind: 'use-only' }>;

const useOnlyByDefinition = new WeakMap<CardDefinition, readonly UseOnly[]>();

function useOnlyOf(definition: CardDefinition): readonly UseOnly[] {
  let restrictions = useOnlyByDefinition.get(definition);
  if (!restrictions) {
    restrictions = Object.freeze(definition.effects.filter((e): e is UseOnly => e.kind === 'use-only'));
    useOnlyByDefinition.set(definition, restrictions);
  }
  return restrictions;
}

/** The first "use only" restriction the personnel meets, and by what (its affiliation or its species). */
function restrictionMet(
  restrictions: readonly UseOnly[],
  affiliation: string | undefined,
  species: readonly string[],
): { readonly restriction: UseOnly; readonly by: 'affiliation' | 'species' } | undefined {
  for (const restriction of restrictions) {
    if (restriction.affiliations?.some((a) => a === affiliation)) return { restriction, by: 'affiliation' };
    if (restriction.species?.some((s) => species.some((mine) => mine.toLowerCase() === s.toLowerCase()))) {
      return { restriction, by: 'species' };
    }
  }
  return undefined;
}

/**
 * May this personnel use that card? The same answer as `mayUse(...).allowed`, without composing the
 * reason: STRENGTH asks it for every modifier with a "use only" restriction, at every pairing.
 */
export function mayUseCard(table: Table, personnel: CardId, cardName: string): boolean {
  const restrictions = useOnlyOf(table.library.get(cardName));
  if (restrictions.length === 0) return true;
  return (
    restrictionMet(restrictions, affiliationOf(table, personnel), speciesOf(table, personnel)) !== undefined
  );
}

/**
 * May this personnel use that card? Reads the card's "use only" descriptor: an affiliation (in the
 * personnel's current mode, HOLO-AFFIL-1) or a gameplay species (HOLO-SPECIES-1).
 */
export function mayUse(table: Table, personnel: CardId, cardName: string): UseVerdict {
  const user = label(table, personnel);
  const restrictions = useOnlyOf(table.library.get(cardName));
  if (restrictions.length === 0) {
    return { allowed: true, clause: 'HOLO-NORMAL-1', reason: `${cardName} has no "use only" restriction` };
  }
  const affiliation = affiliationOf(table, personnel);
  const species = speciesOf(table, personnel);
  const met = restrictionMet(restrictions, affiliation, species);
  if (met?.by === 'affiliation') {
    return {
      allowed: true,
      clause: 'HOLO-AFFIL-1',
      reason: `${user} is ${affiliation}, and ${cardName} is for ${(met.restriction.affiliations ?? []).join(' or ')} use`,
    };
  }
  if (met?.by === 'species') {
    return {
      allowed: true,
      clause: 'HOLO-SPECIES-1',
      reason: `${user} is of gameplay species ${species.join('/')}, which ${cardName} allows`,
    };
  }
  const r = restrictions[0]!;
  if (r.species && r.species.length > 0) {
    return {
      allowed: false,
      clause: 'HOLO-SPECIES-1',
      reason: `HOLO-SPECIES-1: ${user} is of gameplay species ${species.join('/') || 'none'}, and ${cardName} needs ${r.species.join(' or ')}`,
    };
  }
  return {
    allowed: false,
    clause: 'HOLO-AFFIL-1',
    reason: `HOLO-AFFIL-1: ${user} is ${affiliation ?? 'of no affiliation'} now, and ${cardName} is for ${(r.affiliations ?? []).join(' or ')} use only`,
  };
}
