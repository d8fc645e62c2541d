import type { Effect } from '../../model/card-definition.ts';
import { isRecord } from '../../model/plain.ts';
import { AFFILIATIONS } from './vocabulary.ts';

/**
 * A card's `modifiers` (the community engine's scripts of its game text), read where they say what the
 * engine's effect descriptors say: a STRENGTH modifier of your personnel present (BATTLE-4, BATTLE-5),
 * with or without a "use only" condition (HOLO-AFFIL-1, HOLO-SPECIES-1). Nothing is copied: each one
 * read becomes descriptors in the engine's own words, and each one of another shape is listed with its
 * card, never guessed at.
 */

/** One modifier of a card, and what became of it. */
export interface ModifierReading {
  /** Its place in the card's `modifiers`, from 0. */
  readonly index: number;
  /** Its `type` ("addStrength", "addCunning", "gainSkill"...). */
  readonly type: string;
  /** Executed: what the descriptors say, in words. Not executed: why. */
  readonly message: string;
  readonly executed: boolean;
}

export interface ReadModifiers {
  /** The descriptors: a `use-only` (if a condition says who) first, then each `strength`. */
  readonly effects: Effect[];
  readonly readings: ModifierReading[];
}

/** Whom a STRENGTH modifier reaches, in the community engine's filter words: your personnel present. */
const YOUR_PERSONNEL_PRESENT = ['personnel', 'presentwiththiscard', 'yours'];
/** The condition's other card: one of your personnel ... of these affiliations or species. */
const YOUR_PERSONNEL = ['personnel', 'yours'];

/** Who may use the card: what a condition's terms allow. */
interface UseOnly {
  affiliations: string[];
  species: string[];
}

/**
 * A bare word of the community engine's filters that is an affiliation or a species alike (its
 * `Filters.Bajoran` is `or(Affiliation.BAJORAN, Species.BAJORAN)`, and so for the others): "Bajoran
 * use only" is for Bajorans of either kind.
 */
const AFFILIATION_OR_SPECIES: Readonly<Record<string, string>> = {
  bajoran: 'Bajoran',
  borg: 'Borg',
  cardassian: 'Cardassian',
  klingon: 'Klingon',
  romulan: 'Romulan',
};

/** "yours + (a OR b) + personnel": its terms joined by "+", outside parentheses, lowercase and sorted. */
function andTerms(filter: string): string[] | undefined {
  const terms: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= filter.length; i++) {
    const ch = filter[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (depth < 0) return undefined;
    if (i === filter.length || (ch === '+' && depth === 0)) {
      const term = filter.slice(start, i).trim();
      if (!term) return undefined;
      terms.push(term);
      start = i + 1;
    }
  }
  return depth === 0 ? terms : undefined;
}

/** A condition term "(a OR b)" or "a": who may use the card, or undefined for a word not known. */
function useOnlyOf(term: string): UseOnly | undefined {
  const inner = term.startsWith('(') && term.endsWith(')') ? term.slice(1, -1) : term;
  const found: UseOnly = { affiliations: [], species: [] };
  for (const raw of inner.split(/\s+OR\s+/)) {
    const word = raw.trim().toLowerCase();
    const affiliation = /^affiliation=(.+)$/.exec(word);
    if (affiliation) {
      const name = AFFILIATIONS[affiliation[1]!];
      if (!name) return undefined;
      found.affiliations.push(name);
    } else if (AFFILIATION_OR_SPECIES[word]) {
      found.affiliations.push(AFFILIATION_OR_SPECIES[word]);
      found.species.push(AFFILIATION_OR_SPECIES[word]);
    } else return undefined;
  }
  return found;
}

/** `yours + X + personnel` (in any order): who X allows, or why it cannot be read. */
function conditionOf(condition: unknown): UseOnly | string {
  if (!isRecord(condition) || condition.type !== 'thisCardPresentWithCard') {
    return `a condition other than "present with one of your personnel of ..." (${JSON.stringify(isRecord(condition) ? condition.type : condition)})`;
  }
  const terms =
    typeof condition.otherCardFilter === 'string' ? andTerms(condition.otherCardFilter) : undefined;
  const rest = terms?.filter((term) => !YOUR_PERSONNEL.includes(term.toLowerCase()));
  const who = rest?.length === 1 && terms?.length === 3 ? useOnlyOf(rest[0]!) : undefined;
  return (
    who ??
    `a condition on ${JSON.stringify(condition.otherCardFilter)}: only your personnel of named affiliations or species are read`
  );
}

const sameUse = (a: UseOnly | null, b: UseOnly | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reads a card's `modifiers`. Each `addStrength` of your personnel present (`yours + presentWithThisCard
 * + personnel`), `cumulative` or not (a modifier is not cumulative unless it says so), with no condition
 * or with "present with one of your personnel of these affiliations or species" ("use only"), becomes a
 * `strength` descriptor; the card's condition a `use-only`. Every other modifier is not executed, and
 * says why; so is each of several whose conditions differ (the engine's "use only" is the card's).
 */
export function readModifiers(value: unknown): ReadModifiers {
  const list = Array.isArray(value) ? value : [value];
  const readings: ModifierReading[] = [];
  const read: { index: number; type: string; strength: Effect; use: UseOnly | null }[] = [];
  list.forEach((modifier, index) => {
    const type = isRecord(modifier) && typeof modifier.type === 'string' ? modifier.type : '(no type)';
    const refuse = (why: string) => readings.push({ index, type, executed: false, message: why });
    if (!isRecord(modifier) || type !== 'addStrength') {
      refuse(`${type}: not executed (the engine reads STRENGTH modifiers, addStrength, only)`);
      return;
    }
    const known = new Set(['type', 'modifiedCards', 'amount', 'cumulative', 'ifCondition']);
    const unknown = Object.keys(modifier).filter((key) => !known.has(key));
    if (unknown.length > 0) {
      refuse(`addStrength with ${unknown.join(', ')}: not executed (not read)`);
      return;
    }
    const whom = typeof modifier.modifiedCards === 'string' ? andTerms(modifier.modifiedCards) : undefined;
    if (
      !whom ||
      whom
        .map((t) => t.toLowerCase())
        .sort()
        .join('+') !== YOUR_PERSONNEL_PRESENT.join('+')
    ) {
      const of =
        modifier.modifiedCards === undefined
          ? 'without modifiedCards'
          : `of ${JSON.stringify(modifier.modifiedCards)}`;
      refuse(`addStrength ${of}: not executed (only "yours + presentWithThisCard + personnel" is read)`);
      return;
    }
    const amount = modifier.amount;
    if (!Number.isInteger(amount) || (amount as number) < -20 || (amount as number) > 20) {
      refuse(`addStrength of ${JSON.stringify(amount)}: not executed (a whole number from -20 to 20)`);
      return;
    }
    if (modifier.cumulative !== undefined && typeof modifier.cumulative !== 'boolean') {
      refuse(`addStrength, cumulative ${JSON.stringify(modifier.cumulative)}: not executed (true or false)`);
      return;
    }
    let use: UseOnly | null = null;
    if (modifier.ifCondition !== undefined) {
      const condition = conditionOf(modifier.ifCondition);
      if (typeof condition === 'string') {
        refuse(`addStrength with ${condition}: not executed`);
        return;
      }
      use = condition;
    }
    const strength: Effect = {
      kind: 'strength',
      amount: amount as number,
      to: 'your-personnel-present',
      cumulative: modifier.cumulative === true,
    };
    read.push({ index, type, strength, use });
  });
  const use = read[0]?.use ?? null;
  const agreed = read.every((r) => sameUse(r.use, use));
  for (const r of read) {
    readings.push(
      agreed
        ? { index: r.index, type: r.type, executed: true, message: inWords(r.strength, r.use) }
        : {
            index: r.index,
            type: r.type,
            executed: false,
            message:
              'addStrength: not executed (the card has modifiers of different conditions; its "use only" is one)',
          },
    );
  }
  readings.sort((a, b) => a.index - b.index);
  if (!agreed || read.length === 0) return { effects: [], readings };
  const useOnly: Effect[] = use
    ? [
        {
          kind: 'use-only',
          ...(use.affiliations.length ? { affiliations: [...new Set(use.affiliations)] } : {}),
          ...(use.species.length ? { species: [...new Set(use.species)] } : {}),
        },
      ]
    : [];
  return { effects: [...useOnly, ...read.map((r) => r.strength)], readings };
}

function inWords(strength: Effect, use: UseOnly | null): string {
  if (strength.kind !== 'strength') return '';
  const sign = strength.amount >= 0 ? '+' : '';
  const who = use
    ? `, ${[...new Set([...use.affiliations, ...use.species])].join(' or ')} use only (${[
        use.affiliations.length ? `affiliations ${use.affiliations.join(', ')}` : '',
        use.species.length ? `species ${use.species.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')})`
    : '';
  return `addStrength: executed as STRENGTH ${sign}${strength.amount} to each of your personnel present${who}${strength.cumulative ? ', cumulative' : ''}`;
}
