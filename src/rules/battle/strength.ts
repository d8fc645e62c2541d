import type { CardId, CardInstance } from '../../model/board.ts';
import type { CardDefinition, Effect } from '../../model/card-definition.ts';
import { definitionOf, hasEffect, isHolographic, isPersonnel, label } from '../cards.ts';
import { isDisabled, isInStasis } from '../holograms.ts';
import { hasSpecies, mayUseCard } from '../species.ts';
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

/** The card's own STRENGTH: printed, or for a Rogue Borg the number of Rogue Borg present, not in stasis (CARD-ROGUE-BORG-1). */
function ownStrength(table: Table, id: CardId): StrengthPart {
  if (isRogueBorg(table, id)) {
    const spot = spotOf(table, id);
    const borg = Object.values(table.board.cards).filter(
      // Those in stasis (Vulcan Nerve Pinch) are out of the battle: they do not make the others stronger.
      (card) =>
        isRogueBorg(table, card.id) && spot && arePresent(table, card.id, id) && !isInStasis(table, card.id),
    ).length;
    return { source: id, amount: borg, why: `${borg} Rogue Borg present: STRENGTH ${borg} each` };
  }
  return { source: id, amount: definitionOf(table, id).strength, why: 'printed STRENGTH' };
}

/**
 * Whether a card's modifier works now: it is in play, not a deactivated hologram (HOLO-EXIST-2: a
 * deactivated equipment may not be used in any way), not disabled or in stasis, and where it says
 * "use only", one of its owner's personnel present may use it. `userPresent` answers the last part.
 */
function modifierWorks(
  table: Table,
  source: CardId,
  userPresent: (source: CardId, definition: CardDefinition) => boolean,
): boolean {
  if (!isInPlay(table, source) || isDisabled(table, source) || isInStasis(table, source)) return false;
  const definition = definitionOf(table, source);
  const restricted = definition.effects.some((e) => e.kind === 'use-only');
  return !restricted || userPresent(source, definition);
}

/** Is one of the source's owner's personnel present, not disabled, allowed to use it ("use only")? */
function anyUserPresent(table: Table, source: CardId, definition: CardDefinition): boolean {
  const owner = table.board.cards[source]!.owner;
  return Object.values(table.board.cards).some(
    (card) =>
      card.owner === owner &&
      isPersonnel(table, card.id) &&
      !isDisabled(table, card.id) &&
      arePresent(table, card.id, source) &&
      mayUseCard(table, card.id, definition.name),
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

/** A card in play with a STRENGTH modifier, and its modifiers. */
interface ModifierSource {
  readonly card: CardInstance;
  readonly effects: readonly StrengthEffect[];
}

// A definition's STRENGTH modifiers, found once: definitions never change, and most cards have none.
const strengthEffectsByDefinition = new WeakMap<CardDefinition, readonly StrengthEffect[]>();

function strengthEffectsOf(definition: CardDefinition): readonly StrengthEffect[] {
  let effects = strengthEffectsByDefinition.get(definition);
  if (!effects) {
    effects = definition.effects.filter((e): e is StrengthEffect => e.kind === 'strength');
    strengthEffectsByDefinition.set(definition, effects);
  }
  return effects;
}

/**
 * STRENGTHs read from one state of the table: the cards with modifiers are found once, and whether
 * each source's modifier works (which may scan every card for a personnel allowed to use it) is asked
 * once per source rather than once per card it reaches. The table must not change while it is used.
 */
class StrengthReading {
  private readonly sources: ModifierSource[] = [];
  private readonly works = new Map<CardId, boolean>();
  /**
   * Whether a user is present, by owner, spot and card name: the answer is the same for every copy
   * there (eight phasers with one Away Team need one search, not eight).
   */
  private readonly users = new Map<string, boolean>();

  constructor(private readonly table: Table) {
    for (const card of Object.values(table.board.cards)) {
      const effects = strengthEffectsOf(table.library.get(card.card));
      if (effects.length > 0) this.sources.push({ card, effects });
    }
  }

  private sourceWorks(source: CardId): boolean {
    let works = this.works.get(source);
    if (works === undefined) {
      works = modifierWorks(this.table, source, (id, definition) => this.userPresent(id, definition));
      this.works.set(source, works);
    }
    return works;
  }

  private userPresent(source: CardId, definition: CardDefinition): boolean {
    const spot = spotOf(this.table, source);
    // Nowhere (in a hand, on the table): no one is present with it.
    if (!spot) return false;
    const where = 'aboard' in spot ? `aboard:${spot.aboard}` : `planet:${spot.planet}`;
    // Ids never hold a NUL character, so the key is unambiguous whatever the card's name.
    const key = `${this.table.board.cards[source]!.owner}\0${where}\0${definition.name}`;
    let present = this.users.get(key);
    if (present === undefined) {
      present = anyUserPresent(this.table, source, definition);
      this.users.set(key, present);
    }
    return present;
  }

  /** Each modifier that reaches the card and works, a non-cumulative one once (BATTLE-4, BATTLE-5). */
  private eachModifier(id: CardId, visit: (source: CardInstance, effect: StrengthEffect) => void): void {
    let counted: Set<string> | undefined;
    for (const { card: source, effects } of this.sources) {
      for (const effect of effects) {
        if (!reaches(this.table, effect, source.id, id) || !this.sourceWorks(source.id)) continue;
        if (!effect.cumulative) {
          // A second copy (Lower Decks, Lower Decks (Voyager)) adds nothing more.
          const key = `${effect.to}:${effect.amount}:${source.owner}`;
          counted ??= new Set();
          if (counted.has(key)) continue;
          counted.add(key);
        }
        visit(source, effect);
      }
    }
  }

  strengthOf(id: CardId): Strength {
    const parts: StrengthPart[] = [ownStrength(this.table, id)];
    const thisBattle = this.table.board.cards[id]!.status.strengthThisBattle;
    if (thisBattle)
      parts.push({ source: id, amount: thisBattle, why: 'until the end of the battle (a response)' });
    this.eachModifier(id, (source, effect) => {
      parts.push({ source: source.id, amount: effect.amount, why: `${label(this.table, source.id)}` });
    });
    return { card: id, total: parts.reduce((sum, part) => sum + part.amount, 0), parts };
  }

  /** `strengthOf(id).total`, without naming the parts: the battle asks it at every step. */
  totalOf(id: CardId): number {
    // A response's STRENGTH change until the end of the battle (issue 15), kept on the card's status.
    let total =
      ownStrength(this.table, id).amount + (this.table.board.cards[id]!.status.strengthThisBattle ?? 0);
    this.eachModifier(id, (_source, effect) => {
      total += effect.amount;
    });
    return total;
  }
}

/** The card's STRENGTH now, with every modifier that reaches it. Stunned sources still modify (BATTLE-5). */
export function strengthOf(table: Table, id: CardId): Strength {
  return new StrengthReading(table).strengthOf(id);
}

/** The STRENGTH totals of several cards (a pairing, a side), in order: `strengthOf(table, id).total` each. */
export function strengthTotals(table: Table, ids: readonly CardId[]): number[] {
  const reading = new StrengthReading(table);
  return ids.map((id) => reading.totalOf(id));
}
