import type { CardId } from '../../model/board.ts';
import type { Effect } from '../../model/card-definition.ts';
import { definitionOf, hasEffect, isHolographic, isPersonnel, label } from '../cards.ts';
import { isDisabled, isInStasis } from '../holograms.ts';
import { hasSpecies, mayUse } from '../species.ts';
import type { Table } from '../table.ts';
import { arePresent, isInPlay, spotOf } from '../where.ts';

/** STRENGTH with its modifiers (BATTLE-4, BATTLE-5), and who takes part in a battle at all (BATTLE-0). */

/** BATTLE-0: personnel, or Rogue Borg ("personnel" means "personnel or Rogue Borg" in battle). */
export function isCombatant(table: Table, id: CardId): boolean {
  return isPersonnel(table, id) || hasEffect(table, id, 'rogue-borg');
}

export function isRogueBorg(table: Table, id: CardId): boolean {
  return hasEffect(table, id, 'rogue-borg');
}

/** One part of a card's STRENGTH: its own, or a modifier from a card. */
export interface StrengthPart {
  readonly source: CardId;
  readonly amount: number;
  readonly why: string;
}

export interface Strength {
  readonly card: CardId;
  readonly total: number;
  /** Its own STRENGTH first, then each modifier. */
  readonly parts: readonly StrengthPart[];
}

type StrengthEffect = Extract<Effect, { kind: 'strength' }>;

/** The card's own STRENGTH: printed, or for a Rogue Borg the number of Rogue Borg present (BATTLE-0). */
function ownStrength(table: Table, id: CardId): StrengthPart {
  if (isRogueBorg(table, id)) {
    const spot = spotOf(table, id);
    const borg = Object.values(table.board.cards).filter(
      (card) => isRogueBorg(table, card.id) && spot && arePresent(table, card.id, id),
    ).length;
    return { source: id, amount: borg, why: `${borg} Rogue Borg present: STRENGTH ${borg} each` };
  }
  return { source: id, amount: definitionOf(table, id).strength, why: 'printed STRENGTH' };
}

/**
 * Whether a card's modifier works now: it is in play, not a deactivated hologram (HOLO-EXIST-2: a
 * deactivated equipment may not be used in any way), not disabled or in stasis, and where it says
 * "use only", one of its owner's personnel present may use it.
 */
function modifierWorks(table: Table, source: CardId): boolean {
  if (!isInPlay(table, source) || isDisabled(table, source) || isInStasis(table, source)) return false;
  const restricted = definitionOf(table, source).effects.some((e) => e.kind === 'use-only');
  if (!restricted) return true;
  const owner = table.board.cards[source]!.owner;
  return Object.values(table.board.cards).some(
    (card) =>
      card.owner === owner &&
      isPersonnel(table, card.id) &&
      !isDisabled(table, card.id) &&
      arePresent(table, card.id, source) &&
      mayUse(table, card.id, definitionOf(table, source).name).allowed,
  );
}

function reaches(table: Table, effect: StrengthEffect, source: CardId, target: CardId): boolean {
  const owner = table.board.cards[source]!.owner;
  const card = table.board.cards[target]!;
  switch (effect.to) {
    case 'your-personnel-present':
      return card.owner === owner && source !== target && arePresent(table, source, target);
    case 'your-non-holographic-universal':
      return card.owner === owner && !isHolographic(table, target) && definitionOf(table, target).universal;
    case 'other-bajorans-present':
      // Shakaar Edon: other Bajorans present, his own side's or not (a ruling the card data records).
      return source !== target && hasSpecies(table, target, 'Bajoran') && arePresent(table, source, target);
  }
}

/** The card's STRENGTH now, with every modifier that reaches it. Stunned sources still modify (BATTLE-5). */
export function strengthOf(table: Table, id: CardId): Strength {
  const parts: StrengthPart[] = [ownStrength(table, id)];
  const counted = new Set<string>();
  for (const source of Object.values(table.board.cards)) {
    const effects = table.library.get(source.card).effects;
    for (const effect of effects) {
      if (effect.kind !== 'strength') continue;
      if (!reaches(table, effect, source.id, id) || !modifierWorks(table, source.id)) continue;
      if (!effect.cumulative) {
        // A second copy (Lower Decks, Lower Decks (Voyager)) adds nothing more.
        const key = `${effect.to}:${effect.amount}:${source.owner}`;
        if (counted.has(key)) continue;
        counted.add(key);
      }
      parts.push({ source: source.id, amount: effect.amount, why: `${label(table, source.id)}` });
    }
  }
  return { card: id, total: parts.reduce((sum, part) => sum + part.amount, 0), parts };
}
