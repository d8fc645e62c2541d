import type { CardId, CardInstance } from '../../model/board.ts';
import type { CardDefinition, Effect } from '../../model/card-definition.ts';
import { cardList } from '../../model/card-record.ts';
import { definitionOf, hasEffect, isHolographic, isPersonnel, label } from '../cards.ts';
import { isDisabled, isInStasis } from '../holograms.ts';
import { hasSpecies, mayUseCard } from '../species.ts';
import type { Table } from '../table.ts';
import { arePresent, isInPlay, type Spot, spotOf } from '../where.ts';

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
    const borg = cardList(table.board.cards).filter(
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
  return cardList(table.board.cards).some(
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

/** A card in play with a STRENGTH modifier, and one of its modifiers. */
interface ModifierSource {
  readonly card: CardInstance;
  readonly effect: StrengthEffect;
  /** Its place among every card's modifiers, in the board's order: the order they are counted in. */
  readonly order: number;
  /** What a second copy must match to add nothing more (non-cumulative modifiers, BATTLE-4). */
  readonly sameAs: string | null;
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

/** Modifiers that reach only cards present with their source: looked for only where the card is. */
const PRESENT_ONLY: ReadonlySet<StrengthEffect['to']> = new Set([
  'your-personnel-present',
  'other-bajorans-present',
]);

const NONE: readonly ModifierSource[] = [];

/** Cumulative modifiers of "your personnel present": a total needs only their sum (see `summedFor`). */
const isSummed = (effect: StrengthEffect) => effect.to === 'your-personnel-present' && effect.cumulative;

/** A spot as a key (ids never hold a NUL character, so the key is unambiguous). */
const spotKey = (spot: Spot) => ('aboard' in spot ? `aboard\0${spot.aboard}` : `planet\0${spot.planet}`);

/**
 * STRENGTHs read from one state of the table: the cards with modifiers are found once, indexed by
 * where they are (a modifier that reaches only cards present is looked for only where the card is, so
 * a card's STRENGTH costs what is with it, not what is on the board), and whether each source's modifier
 * works (which may look for a personnel allowed to use it) is asked once per source rather than once per
 * card it reaches. The table must not change while it is used.
 */
class StrengthReading {
  /** Modifiers that may reach a card anywhere. */
  private readonly anywhere: ModifierSource[] = [];
  /** Modifiers that reach only cards present with them, by their source's spot (but the summed ones). */
  private readonly present = new Map<string, ModifierSource[]>();
  /**
   * Cumulative modifiers of "your personnel present" (phasers, disruptors), by their source's spot:
   * a total needs only their sum, by owner, found once per spot (a hundred phasers with an Away Team
   * add up once, not once per personnel).
   */
  private readonly summed = new Map<string, ModifierSource[]>();
  private readonly sums = new Map<string, number>();
  /** What each summed source would add to its own owner's personnel (never to itself). */
  private readonly ownSummed = new Map<CardId, number>();
  private readonly works = new Map<CardId, boolean>();
  /**
   * Whether a user is present, by owner, spot and card name: the answer is the same for every copy
   * there (eight phasers with one Away Team need one search, not eight).
   */
  private readonly users = new Map<string, boolean>();

  constructor(private readonly table: Table) {
    let order = 0;
    for (const card of cardList(table.board.cards)) {
      const effects = strengthEffectsOf(table.library.get(card.card));
      if (effects.length === 0) continue;
      const spot = effects.some((effect) => PRESENT_ONLY.has(effect.to)) ? spotOf(table, card.id) : undefined;
      for (const effect of effects) {
        const sameAs = effect.cumulative ? null : `${effect.to}:${effect.amount}:${card.owner}`;
        const source: ModifierSource = { card, effect, order: order++, sameAs };
        if (!PRESENT_ONLY.has(effect.to)) this.anywhere.push(source);
        else if (spot) {
          // Nowhere (in a hand, on the table), it is present with no one and reaches no one.
          if (isSummed(effect))
            this.ownSummed.set(card.id, (this.ownSummed.get(card.id) ?? 0) + effect.amount);
          const by = isSummed(effect) ? this.summed : this.present;
          const key = spotKey(spot);
          const here = by.get(key);
          if (here) here.push(source);
          else by.set(key, [source]);
        }
      }
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

  /**
   * Each modifier that reaches the card and works, a non-cumulative one once (BATTLE-4, BATTLE-5), in
   * the board's order: those that may reach it anywhere, and `present` (those of its spot).
   */
  private eachModifier(
    id: CardId,
    present: readonly ModifierSource[],
    visit: (source: CardInstance, effect: StrengthEffect) => void,
  ): void {
    const anywhere = this.anywhere;
    let counted: Set<string> | undefined;
    // Both lists are in the board's order; merged, they are counted in it, as one list of all would be.
    for (let i = 0, j = 0; i < anywhere.length || j < present.length; ) {
      const source =
        j >= present.length || (i < anywhere.length && anywhere[i]!.order < present[j]!.order)
          ? anywhere[i++]!
          : present[j++]!;
      const { card, effect, sameAs } = source;
      if (sameAs !== null && counted?.has(sameAs)) continue;
      if (!reaches(this.table, effect, card.id, id) || !this.sourceWorks(card.id)) continue;
      if (sameAs !== null) {
        // A second copy (Lower Decks, Lower Decks (Voyager)) adds nothing more.
        counted ??= new Set();
        counted.add(sameAs);
      }
      visit(card, effect);
    }
  }

  /** What the summed modifiers at the spot add to a card of this owner there: those that work, but its own. */
  private summedFor(id: CardId, key: string): number {
    const sources = this.summed.get(key);
    if (!sources) return 0;
    const owner = this.table.board.cards[id]!.owner;
    const sumKey = `${owner}\0${key}`;
    let sum = this.sums.get(sumKey);
    if (sum === undefined) {
      sum = 0;
      for (const { card, effect } of sources) {
        if (card.owner === owner && this.sourceWorks(card.id)) sum += effect.amount;
      }
      this.sums.set(sumKey, sum);
    }
    // "Your personnel present": never the card itself.
    const own = this.ownSummed.get(id);
    return own !== undefined && this.sourceWorks(id) ? sum - own : sum;
  }

  strengthOf(id: CardId): Strength {
    const parts: StrengthPart[] = [ownStrength(this.table, id)];
    const spot = spotOf(this.table, id);
    const key = spot && spotKey(spot);
    const here = key ? [...(this.present.get(key) ?? []), ...(this.summed.get(key) ?? [])] : [];
    here.sort((a, b) => a.order - b.order);
    const thisBattle = this.table.board.cards[id]!.status.strengthThisBattle;
    if (thisBattle)
      parts.push({ source: id, amount: thisBattle, why: 'until the end of the battle (a response)' });
    this.eachModifier(id, here, (source, effect) => {
      parts.push({ source: source.id, amount: effect.amount, why: `${label(this.table, source.id)}` });
    });
    return { card: id, total: parts.reduce((sum, part) => sum + part.amount, 0), parts };
  }

  /** `strengthOf(id).total`, without naming the parts: the battle asks it at every step. */
  totalOf(id: CardId): number {
    const spot = spotOf(this.table, id);
    const key = spot && spotKey(spot);
    // A response's STRENGTH change until the end of the battle (issue 15), kept on the card's status.
    let total =
      ownStrength(this.table, id).amount +
      (this.table.board.cards[id]!.status.strengthThisBattle ?? 0) +
      (key ? this.summedFor(id, key) : 0);
    this.eachModifier(id, (key && this.present.get(key)) || NONE, (_source, effect) => {
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
