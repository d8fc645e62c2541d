import type { CardId } from '../model/board.ts';
import { definitionOf, instance, isHolographic, label } from './cards.ts';
import type { ClauseId } from './clauses.ts';
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

export function hasSpecies(table: Table, id: CardId, species: string): boolean {
  const wanted = species.toLowerCase();
  return gameplaySpecies(table, id).some((s) => s.toLowerCase() === wanted);
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

/**
 * May this personnel use that card? Reads the card's "use only" descriptor: an affiliation (in the
 * personnel's current mode, HOLO-AFFIL-1) or a gameplay species (HOLO-SPECIES-1).
 */
export function mayUse(table: Table, personnel: CardId, cardName: string): UseVerdict {
  const user = label(table, personnel);
  const card = table.library.get(cardName);
  const restrictions = card.effects.filter((e) => e.kind === 'use-only');
  if (restrictions.length === 0) {
    return { allowed: true, clause: 'HOLO-NORMAL-1', reason: `${cardName} has no "use only" restriction` };
  }
  const affiliation = affiliationOf(table, personnel);
  const species = gameplaySpecies(table, personnel);
  for (const r of restrictions) {
    if (r.affiliations?.some((a) => a === affiliation)) {
      return {
        allowed: true,
        clause: 'HOLO-AFFIL-1',
        reason: `${user} is ${affiliation}, and ${cardName} is for ${r.affiliations.join(' or ')} use`,
      };
    }
    if (r.species?.some((s) => species.some((mine) => mine.toLowerCase() === s.toLowerCase()))) {
      return {
        allowed: true,
        clause: 'HOLO-SPECIES-1',
        reason: `${user} is of gameplay species ${species.join('/')}, which ${cardName} allows`,
      };
    }
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
