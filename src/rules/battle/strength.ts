import type { CardLibrary } from '../../cards/library.ts';
import type { CardId, CardInstance } from '../../model/board.ts';
import type { CardDefinition, Effect } from '../../model/card-definition.ts';
import { cardList, revisionOf } from '../../model/card-record.ts';
import type { HologramState } from '../../model/events.ts';
import { definitionOf, hasEffect, instance, isHolographic, isPersonnel, label } from '../cards.ts';
import { isInStasis } from '../holograms.ts';
import { hasSpecies, mayUseCard } from '../species.ts';
import type { Table } from '../table.ts';
import { isInPlay, type Spot, spotOf } from '../where.ts';

/** STRENGTH with its modifiers (BATTLE-4, BATTLE-5), and who takes part in a battle at all (BATTLE-0). */

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

/** A card that says "use only": its modifier works only with a personnel present allowed to use it. */
function isRestricted(definition: CardDefinition): boolean {
  return definition.effects.some((e) => e.kind === 'use-only');
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
 * card it reaches.
 *
 * A reading is kept for its cards record (see `readingFor`): a battle asks the same STRENGTHs when a
 * pairing is turned over, when its decision is awaited and at the totals, mostly of a board that has
 * not changed in between. What it reads besides the cards and the library is the hologram states
 * (their actors own them, not the board): it notes each one it reads, and serves another table only
 * where every one of them is the same (`holdsFor`). It is bound to the table it reads only while it is
 * asked (`bind`), so a kept reading holds no game alive.
 */
class StrengthReading {
  private table: Table | null = null;
  readonly library: CardLibrary;
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
  /** Each card's spot as a key (`spotKey`), null where it is nowhere (in a hand, on the table). */
  private readonly spots = new Map<CardId, string | null>();
  /** Totals already worked out, by card. */
  private readonly totals = new Map<CardId, number>();
  /** Every hologram state this reading has read, by card (undefined: the card has no hologram actor). */
  private readonly holograms = new Map<CardId, HologramState | undefined>();

  constructor(
    table: Table,
    /** The cards it reads, in the record's order (`cardList`): kept, to tell whether it holds for others. */
    private readonly cards: readonly CardInstance[],
  ) {
    this.table = table;
    this.library = table.library;
    let order = 0;
    for (const card of cards) {
      const effects = strengthEffectsOf(table.library.get(card.card));
      if (effects.length === 0) continue;
      const key = effects.some((effect) => PRESENT_ONLY.has(effect.to)) ? this.spotKeyOf(card.id) : null;
      for (const effect of effects) {
        const sameAs = effect.cumulative ? null : `${effect.to}:${effect.amount}:${card.owner}`;
        const source: ModifierSource = { card, effect, order: order++, sameAs };
        if (!PRESENT_ONLY.has(effect.to)) this.anywhere.push(source);
        else if (key !== null) {
          // Nowhere (in a hand, on the table), it is present with no one and reaches no one.
          if (isSummed(effect))
            this.ownSummed.set(card.id, (this.ownSummed.get(card.id) ?? 0) + effect.amount);
          const by = isSummed(effect) ? this.summed : this.present;
          const here = by.get(key);
          if (here) here.push(source);
          else by.set(key, [source]);
        }
      }
    }
  }

  /**
   * Whether these cards (a record's `cardList`) are, for STRENGTH, the ones this reading read: the same
   * cards in the same order, each the same or changed only in what STRENGTH never reads (stunned,
   * mortally wounded, stopped: a pairing's outcome changes no one's STRENGTH, BATTLE-5).
   */
  describes(cards: readonly CardInstance[]): boolean {
    const mine = this.cards;
    if (mine === cards) return true;
    if (mine.length !== cards.length) return false;
    for (let i = 0; i < cards.length; i++) {
      if (!sameForStrength(mine[i]!, cards[i]!)) return false;
    }
    return true;
  }

  /** Whether what this reading has read of the holograms is what `table` says of them now. */
  holdsFor(table: Table): boolean {
    for (const [id, state] of this.holograms) {
      if (table.hologram(id)?.state !== state) return false;
    }
    return true;
  }

  /** Reads from `table` from now until `unbind` (the table must not change meanwhile). */
  bind(table: Table): void {
    this.table = table;
  }

  unbind(): void {
    this.table = null;
  }

  private get bound(): Table {
    const table = this.table;
    if (!table) throw new Error('a STRENGTH reading used while bound to no table');
    return table;
  }

  /** HOLO-EXIST-2: `isDisabled`, noting the hologram state it reads. */
  private isDisabled(id: CardId): boolean {
    if (instance(this.bound, id).status.disabled) return true;
    let state: HologramState | undefined;
    if (this.holograms.has(id)) state = this.holograms.get(id);
    else {
      state = this.bound.hologram(id)?.state;
      this.holograms.set(id, state);
    }
    return state === 'deactivated';
  }

  /** The card's spot as a key: cards are present with each other when their keys are equal. */
  private spotKeyOf(id: CardId): string | null {
    let key = this.spots.get(id);
    if (key === undefined) {
      const spot = spotOf(this.bound, id);
      key = spot ? spotKey(spot) : null;
      this.spots.set(id, key);
    }
    return key;
  }

  /** `arePresent`: both somewhere, and in the same spot. */
  private arePresent(a: CardId, b: CardId): boolean {
    const here = this.spotKeyOf(a);
    return here !== null && here === this.spotKeyOf(b);
  }

  /** The card's own STRENGTH: printed, or for a Rogue Borg the number of Rogue Borg present, not in stasis (CARD-ROGUE-BORG-1). */
  private ownStrength(id: CardId): number {
    const table = this.bound;
    if (isRogueBorg(table, id)) return this.rogueBorgPresent(id);
    return definitionOf(table, id).strength;
  }

  private rogueBorgPresent(id: CardId): number {
    const table = this.bound;
    let borg = 0;
    for (const card of this.cards) {
      // Those in stasis (Vulcan Nerve Pinch) are out of the battle: they do not make the others stronger.
      if (isRogueBorg(table, card.id) && this.arePresent(card.id, id) && !isInStasis(table, card.id)) borg++;
    }
    return borg;
  }

  private ownPart(id: CardId): StrengthPart {
    if (isRogueBorg(this.bound, id)) {
      const borg = this.rogueBorgPresent(id);
      return { source: id, amount: borg, why: `${borg} Rogue Borg present: STRENGTH ${borg} each` };
    }
    return { source: id, amount: definitionOf(this.bound, id).strength, why: 'printed STRENGTH' };
  }

  private reaches(effect: StrengthEffect, source: CardId, target: CardId): boolean {
    const table = this.bound;
    const owner = table.board.cards[source]!.owner;
    const card = table.board.cards[target]!;
    switch (effect.to) {
      case 'your-personnel-present':
        return card.owner === owner && source !== target && this.arePresent(source, target);
      case 'your-non-holographic-universal':
        return card.owner === owner && !isHolographic(table, target) && definitionOf(table, target).universal;
      case 'other-bajorans-present':
        // Shakaar Edon: other Bajorans present, his own side's or not (a ruling the card data records).
        return source !== target && hasSpecies(table, target, 'Bajoran') && this.arePresent(source, target);
    }
  }

  /**
   * Whether a card's modifier works now: it is in play, not a deactivated hologram (HOLO-EXIST-2: a
   * deactivated equipment may not be used in any way), not disabled or in stasis, and where it says
   * "use only", one of its owner's personnel present may use it.
   */
  private sourceWorks(source: CardId): boolean {
    let works = this.works.get(source);
    if (works === undefined) {
      const table = this.bound;
      if (!isInPlay(table, source) || this.isDisabled(source) || isInStasis(table, source)) works = false;
      else {
        const definition = definitionOf(table, source);
        works = !isRestricted(definition) || this.userPresent(source, definition);
      }
      this.works.set(source, works);
    }
    return works;
  }

  /** Is one of the source's owner's personnel present, not disabled, allowed to use it ("use only")? */
  private userPresent(source: CardId, definition: CardDefinition): boolean {
    const where = this.spotKeyOf(source);
    // Nowhere (in a hand, on the table): no one is present with it.
    if (where === null) return false;
    const table = this.bound;
    const owner = table.board.cards[source]!.owner;
    // Ids never hold a NUL character, so the key is unambiguous whatever the card's name.
    const key = `${owner}\0${where}\0${definition.name}`;
    let present = this.users.get(key);
    if (present === undefined) {
      present = false;
      for (const card of this.cards) {
        if (
          card.owner === owner &&
          isPersonnel(table, card.id) &&
          this.spotKeyOf(card.id) === where &&
          !this.isDisabled(card.id) &&
          mayUseCard(table, card.id, definition.name)
        ) {
          present = true;
          break;
        }
      }
      this.users.set(key, present);
    }
    return present;
  }

  /**
   * Each modifier that reaches the card and works, a non-cumulative one once (BATTLE-4, BATTLE-5), in
   * the board's order: those that may reach it anywhere, and `present` (those of its spot). Calls
   * `visit` with each, and answers `start` with each amount added to it in that order.
   */
  private eachModifier(
    id: CardId,
    present: readonly ModifierSource[],
    start: number,
    visit?: (source: CardInstance, effect: StrengthEffect) => void,
  ): number {
    const anywhere = this.anywhere;
    let counted: Set<string> | undefined;
    let sum = start;
    // Both lists are in the board's order; merged, they are counted in it, as one list of all would be.
    for (let i = 0, j = 0; i < anywhere.length || j < present.length; ) {
      const source =
        j >= present.length || (i < anywhere.length && anywhere[i]!.order < present[j]!.order)
          ? anywhere[i++]!
          : present[j++]!;
      const { card, effect, sameAs } = source;
      if (sameAs !== null && counted?.has(sameAs)) continue;
      if (!this.reaches(effect, card.id, id) || !this.sourceWorks(card.id)) continue;
      if (sameAs !== null) {
        // A second copy (Lower Decks, Lower Decks (Voyager)) adds nothing more.
        counted ??= new Set();
        counted.add(sameAs);
      }
      sum += effect.amount;
      visit?.(card, effect);
    }
    return sum;
  }

  /** What the summed modifiers at the spot add to a card of this owner there: those that work, but its own. */
  private summedFor(id: CardId, key: string): number {
    const sources = this.summed.get(key);
    if (!sources) return 0;
    const owner = this.bound.board.cards[id]!.owner;
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
    const table = this.bound;
    const parts: StrengthPart[] = [this.ownPart(id)];
    const key = this.spotKeyOf(id);
    const here = key !== null ? [...(this.present.get(key) ?? []), ...(this.summed.get(key) ?? [])] : [];
    here.sort((a, b) => a.order - b.order);
    const thisBattle = table.board.cards[id]!.status.strengthThisBattle;
    if (thisBattle)
      parts.push({ source: id, amount: thisBattle, why: 'until the end of the battle (a response)' });
    this.eachModifier(id, here, 0, (source, effect) => {
      parts.push({ source: source.id, amount: effect.amount, why: `${label(table, source.id)}` });
    });
    return { card: id, total: parts.reduce((sum, part) => sum + part.amount, 0), parts };
  }

  /** `strengthOf(id).total`, without naming the parts: the battle asks it at every step. */
  totalOf(id: CardId): number {
    let total = this.totals.get(id);
    if (total === undefined) {
      const key = this.spotKeyOf(id);
      // A response's STRENGTH change until the end of the battle (issue 15), kept on the card's status.
      total = this.eachModifier(
        id,
        (key !== null && this.present.get(key)) || NONE,
        this.ownStrength(id) +
          (instance(this.bound, id).status.strengthThisBattle ?? 0) +
          (key !== null ? this.summedFor(id, key) : 0),
      );
      this.totals.set(id, total);
    }
    return total;
  }
}

/**
 * Whether STRENGTH reads the two (versions of a) card alike. Everything `StrengthReading` reads of a
 * card is here: which card it is (its definition: printed STRENGTH, icons, species, effects), its owner,
 * where it is (what it is present with, whether it is in play), the icons added to it, its affiliation
 * mode ("use only"), and the statuses disabled, in stasis and its STRENGTH until the end of the battle.
 * A reading must read nothing else of a card without adding it here. Positions and added icons are
 * compared by identity (a status change keeps them): a false "changed" only costs a new reading.
 */
function sameForStrength(a: CardInstance, b: CardInstance): boolean {
  if (a === b) return true;
  return (
    a.id === b.id &&
    a.card === b.card &&
    a.owner === b.owner &&
    a.at === b.at &&
    a.addedIcons === b.addedIcons &&
    a.affiliationMode === b.affiliationMode &&
    a.status.disabled === b.status.disabled &&
    a.status.inStasisUntilEndOfTurn === b.status.inStasisUntilEndOfTurn &&
    a.status.strengthThisBattle === b.status.strengthThisBattle
  );
}

/** A reading kept for a cards record, at the record's revision it was last found to hold at. */
interface Kept {
  readonly reading: StrengthReading;
  readonly revision: number;
}

/**
 * Readings kept by cards record (see `StrengthReading`): a record with a revision (`revisionOf`) is one
 * state of the cards for as long as its revision stays the same. Kept weakly: a record no longer held
 * takes its reading with it.
 */
const kept = new WeakMap<object, Kept>();

/**
 * The latest reading made or kept for each library (one per game, but for games of the built-in cards
 * only, which share theirs): the battle's next board is mostly the last one with a card stunned or
 * mortally wounded, which changes no STRENGTH, so the last reading often holds for it.
 */
const latest = new WeakMap<CardLibrary, StrengthReading>();

/** A reading of the table, bound to it: one kept for its cards (or the last one) where it still holds, or a new one. */
function readingFor(table: Table): StrengthReading {
  const cards = table.board.cards;
  const revision = revisionOf(cards);
  // A record that may change unseen: read afresh each time, and keep nothing.
  if (revision === undefined) return new StrengthReading(table, cardList(cards));
  const library = table.library;
  const mine = kept.get(cards);
  let reading: StrengthReading | undefined;
  if (
    mine &&
    mine.revision === revision &&
    mine.reading.library === library &&
    mine.reading.holdsFor(table)
  ) {
    reading = mine.reading;
  } else {
    const list = cardList(cards);
    // This record's reading before its latest writes, or the latest one: where the cards are alike for STRENGTH.
    for (const candidate of [mine?.reading, latest.get(library)]) {
      if (
        candidate &&
        candidate.library === library &&
        candidate.describes(list) &&
        candidate.holdsFor(table)
      ) {
        reading = candidate;
        break;
      }
    }
    reading ??= new StrengthReading(table, list);
    kept.set(cards, { reading, revision });
  }
  latest.set(library, reading);
  reading.bind(table);
  return reading;
}

/** The card's STRENGTH now, with every modifier that reaches it. Stunned sources still modify (BATTLE-5). */
export function strengthOf(table: Table, id: CardId): Strength {
  const reading = readingFor(table);
  try {
    return reading.strengthOf(id);
  } finally {
    reading.unbind();
  }
}

/** The STRENGTH totals of several cards (a pairing, a side), in order: `strengthOf(table, id).total` each. */
export function strengthTotals(table: Table, ids: readonly CardId[]): number[] {
  const reading = readingFor(table);
  try {
    const totals: number[] = [];
    for (const id of ids) totals.push(reading.totalOf(id));
    return totals;
  } finally {
    reading.unbind();
  }
}
