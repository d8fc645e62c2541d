import {
  type CardDefinitionInput,
  type CardType,
  cardDefinitionSchema,
  type Effect,
  HOLO_ICON,
  type Skill,
} from '../../model/card-definition.ts';
import { isRecord } from '../../model/plain.ts';
import { characteristicsInLore } from './lore.ts';
import { type ModifierReading, readModifiers } from './modifiers.ts';
import { readSkillBox } from './skills.ts';
import {
  AFFILIATIONS,
  CARD_TYPES_BY_WORD,
  CHARACTERISTICS,
  CLASSIFICATIONS,
  GAME_TEXT,
  GENDERS,
  HOLOGRAM_SPECIES,
  ICONS,
  NOT_FACTS,
  QUADRANT_ICONS,
  SPECIAL_EQUIPMENT,
  SPECIES,
  UNIVERSAL_BY_UNIQUENESS,
} from './vocabulary.ts';

/** One card of a blueprint file turned into a card definition: its facts, and what could not be mapped. */

/** The set a file holds: its id ("101") and name ("Premiere"). */
export interface BlueprintSet {
  readonly id: string | undefined;
  readonly name: string | undefined;
}

/** A field the card is imported without (or with part of it left out), and why. */
export interface FieldNote {
  readonly field: string;
  readonly message: string;
}

export type MappedBlueprint =
  | {
      readonly ok: true;
      readonly definition: CardDefinitionInput;
      readonly blueprint: string | undefined;
      readonly notes: readonly FieldNote[];
      /** Each of its `modifiers`: executed (as effect descriptors), or not, and why. */
      readonly modifiers: readonly ModifierReading[];
    }
  | {
      readonly ok: false;
      readonly title: string | undefined;
      readonly blueprint: string | undefined;
      /** The field the refusal is about, for its line (undefined: the card as a whole). */
      readonly field: string | undefined;
      readonly reason: string;
    };

/** "a,b" or ["a", "b"]: the words of a list field, trimmed and lowercase. */
function wordsOf(value: unknown): string[] | undefined {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!items?.every((item) => typeof item === 'string')) return undefined;
  return (items as string[]).map((item) => item.trim().toLowerCase()).filter((item) => item !== '');
}

const ATTRIBUTES = ['integrity', 'cunning', 'strength', 'range', 'weapons', 'shields'] as const;
type Attribute = (typeof ATTRIBUTES)[number];

/** The attributes a card of this type must have, whole numbers, or it is refused. */
const REQUIRED: Partial<Record<CardType, readonly Attribute[]>> = {
  Personnel: ['integrity', 'cunning', 'strength'],
  Ship: ['range', 'weapons', 'shields'],
};

const BLUEPRINT_ID = /^(\d+)_(\d+)$/;

/** What the mapping has found so far, field by field. */
interface Facts {
  affiliations?: string[];
  classification?: string;
  icons: string[];
  staffing?: string[];
  characteristics: string[];
  skills?: Skill[];
  attributes: Partial<Record<Attribute, number>>;
  universal?: boolean;
  number?: string;
  holographic: boolean;
  /** Effect descriptors read from the card's `modifiers` (its STRENGTH modifiers). */
  effects: Effect[];
  modifiers: ModifierReading[];
}

/** Maps one element of a file's `cards` array; refuses it when it is no card or lacks what its type needs. */
export function mapBlueprint(card: unknown, set: BlueprintSet): MappedBlueprint {
  if (!isRecord(card)) {
    return { ok: false, title: undefined, blueprint: undefined, field: undefined, reason: 'not an object' };
  }
  const blueprint = typeof card.blueprintId === 'string' ? card.blueprintId : undefined;
  const refuse = (field: string | undefined, reason: string, title?: string): MappedBlueprint => ({
    ok: false,
    title,
    blueprint,
    field,
    reason,
  });
  const title = typeof card.title === 'string' ? card.title.trim() : '';
  if (!title) return refuse('title', 'no title');
  const type = typeof card.type === 'string' ? CARD_TYPES_BY_WORD[card.type.trim().toLowerCase()] : undefined;
  if (!type) {
    return refuse(
      'type',
      card.type === undefined ? 'no type' : `unknown type ${JSON.stringify(card.type)}`,
      title,
    );
  }
  const notes: FieldNote[] = [];
  const facts: Facts = {
    icons: [],
    characteristics: [],
    attributes: {},
    holographic: false,
    effects: [],
    modifiers: [],
  };
  for (const [field, value] of Object.entries(card)) {
    if (field === 'title' || field === 'type' || NOT_FACTS.has(field)) continue;
    const note = readField(field, value, facts, set);
    if (note) notes.push({ field, message: note });
  }
  // After the species: the lore names a Soong-type android only for an android.
  facts.characteristics.push(...characteristicsInLore(card.lore, facts.characteristics));
  if (facts.holographic && !facts.icons.includes(HOLO_ICON)) facts.icons.push(HOLO_ICON);
  const missing = (REQUIRED[type] ?? []).filter((attribute) => facts.attributes[attribute] === undefined);
  if (missing.length > 0) {
    const why =
      card['java-blueprint'] === true
        ? " (its facts are in the community engine's Java code)"
        : type === 'Personnel' && facts.attributes.range !== undefined
          ? " (it gives RANGE, WEAPONS and SHIELDS, a ship's attributes)"
          : '';
    return refuse(
      missing[0],
      `a ${type.toLowerCase()} without ${missing.map((a) => a.toUpperCase()).join(', ')} as a whole number${why}`,
      title,
    );
  }
  if (card.blueprintId === undefined)
    notes.push({ field: 'blueprintId', message: 'no blueprintId: no number' });
  if (type === 'Personnel' && card['skill-box'] === undefined) {
    const why = card['java-blueprint'] === true ? ": its skills are in the community engine's Java code" : '';
    notes.push({ field: 'skill-box', message: `no skill box: imported without skills${why}` });
  }
  const definition = definitionOf(title, type, facts, set);
  const checked = cardDefinitionSchema.safeParse(definition);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    return refuse(
      field || undefined,
      `not a valid card definition: ${[field, ...issue.path.slice(1).map(String)].filter(Boolean).join('.')}: ${issue.message}`,
      title,
    );
  }
  return { ok: true, definition, blueprint, notes, modifiers: facts.modifiers };
}

/** The definition, its fields in the order docs/cards.md lists them; empty lists left out. */
function definitionOf(name: string, type: CardType, facts: Facts, set: BlueprintSet): CardDefinitionInput {
  const { attributes } = facts;
  return {
    name,
    type,
    ...(facts.affiliations?.length ? { affiliation: facts.affiliations.join('/') } : {}),
    ...(facts.classification ? { classification: facts.classification } : {}),
    ...Object.fromEntries(
      ATTRIBUTES.filter((a) => attributes[a] !== undefined).map((a) => [a, attributes[a]]),
    ),
    ...(facts.universal !== undefined ? { universal: facts.universal } : {}),
    ...(facts.icons.length ? { icons: facts.icons } : {}),
    ...(facts.staffing?.length ? { staffing: facts.staffing } : {}),
    ...(facts.characteristics.length ? { characteristics: facts.characteristics } : {}),
    ...(facts.skills?.length
      ? {
          skills: facts.skills.map((s) =>
            s.level === 1 ? { name: s.name } : { name: s.name, level: s.level },
          ),
        }
      : {}),
    ...(set.name ? { set: set.name } : {}),
    ...(facts.number ? { number: facts.number } : {}),
    ...(facts.effects.length ? { effects: facts.effects } : {}),
  };
}

/** Adds one field's facts; returns a note where the field, or part of it, is not imported. */
function readField(field: string, value: unknown, facts: Facts, set: BlueprintSet): string | undefined {
  if (GAME_TEXT.has(field)) return `game text (${field}) is not imported`;
  if ((ATTRIBUTES as readonly string[]).includes(field)) {
    if (Number.isInteger(value)) facts.attributes[field as Attribute] = value as number;
    else return `${field} ${JSON.stringify(value)} is not a whole number`;
    return undefined;
  }
  switch (field) {
    case 'blueprintId':
      return readBlueprintId(value, facts, set);
    case 'affiliation':
      return readAll(value, AFFILIATIONS, 'affiliation', (found) => {
        facts.affiliations = found;
      });
    case 'classification': {
      const classification = typeof value === 'string' ? value.trim().toUpperCase() : '';
      if (!CLASSIFICATIONS.has(classification)) return `classification ${JSON.stringify(value)} is not known`;
      facts.classification = classification;
      return undefined;
    }
    case 'icons':
      return readEach(value, field, (word) => {
        if (word === 'holographic') facts.holographic = true;
        const icon = ICONS[word];
        if (icon && !facts.icons.includes(icon)) facts.icons.push(icon);
        return icon !== undefined;
      });
    case 'quadrant':
      return readEach(value, field, (word) => {
        const icon = QUADRANT_ICONS[word];
        if (icon && !facts.icons.includes(icon)) facts.icons.push(icon);
        return icon !== undefined;
      });
    case 'staffing':
      return readAll(value, ICONS, 'staffing icon', (found) => {
        facts.staffing = found;
      });
    case 'species':
      return readEach(value, field, (word) => {
        if (word === HOLOGRAM_SPECIES) facts.holographic = true;
        return addCharacteristic(facts, SPECIES[word]);
      });
    case 'gender':
      return readEach(value, field, (word) => addCharacteristic(facts, GENDERS[word]));
    case 'characteristic':
      return readEach(value, field, (word) => addCharacteristic(facts, CHARACTERISTICS[word]));
    case 'uniqueness': {
      const universal = typeof value === 'string' ? UNIVERSAL_BY_UNIQUENESS[value.trim()] : undefined;
      if (universal === undefined) return `uniqueness ${JSON.stringify(value)} is not known`;
      facts.universal = universal;
      return undefined;
    }
    case 'skill-box': {
      const box = readSkillBox(value);
      facts.skills = box.skills;
      return box.leftOut.length > 0 ? `skill box: ${box.leftOut.join('; ')}` : undefined;
    }
    case 'gametext':
      return readSpecialEquipment(value, facts);
    case 'modifiers': {
      // Each modifier is told of on its own (executed or not), not as a field left out.
      const read = readModifiers(value);
      facts.effects.push(...read.effects);
      facts.modifiers.push(...read.readings);
      return undefined;
    }
    default:
      return `${field} has no field in the engine's card definitions`;
  }
}

function addCharacteristic(facts: Facts, characteristic: string | undefined): boolean {
  if (characteristic === undefined) return false;
  if (!facts.characteristics.includes(characteristic)) facts.characteristics.push(characteristic);
  return true;
}

/** A list field whose words are each a fact of their own: the known ones are kept, the others noted. */
function readEach(value: unknown, field: string, add: (word: string) => boolean): string | undefined {
  const words = wordsOf(value);
  if (!words) return `${field} ${JSON.stringify(value)} is not a word or a list of words`;
  const unknown = words.filter((word) => !add(word));
  return unknown.length > 0
    ? `${field} ${unknown.map((w) => JSON.stringify(w)).join(', ')}: not known`
    : undefined;
}

/**
 * A list field that is one fact (the modes of a multi-affiliation card, a ship's staffing): all of it is
 * known, or none of it is imported.
 */
function readAll(
  value: unknown,
  table: Readonly<Record<string, string>>,
  what: string,
  set: (found: string[]) => void,
): string | undefined {
  const words = wordsOf(value);
  if (!words || words.length === 0)
    return `${what} ${JSON.stringify(value)} is not a word or a list of words`;
  const unknown = words.filter((word) => !Object.hasOwn(table, word));
  if (unknown.length > 0) {
    return `${what} ${unknown.map((w) => JSON.stringify(w)).join(', ')} not known: left out whole (${words.join(', ')})`;
  }
  set(words.map((word) => table[word]!));
  return undefined;
}

/** "101_012": the card's number in its set (12), where the set is the file's. */
function readBlueprintId(value: unknown, facts: Facts, set: BlueprintSet): string | undefined {
  const match = typeof value === 'string' ? BLUEPRINT_ID.exec(value.trim()) : null;
  if (!match) return `blueprintId ${JSON.stringify(value)} is not SET_NUMBER: no number`;
  if (set.id !== undefined && match[1] !== set.id) {
    return `blueprintId ${value as string} is not of the file's set ${set.id}: no number`;
  }
  facts.number = String(Number(match[2]));
  return undefined;
}

/**
 * A ship's game text, where it lists its special equipment ("Holodeck, Tractor Beam"): each is a
 * characteristic the engine reads (a Holodeck lets holograms aboard). Any other text is not imported.
 */
function readSpecialEquipment(value: unknown, facts: Facts): string | undefined {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!items?.every((item) => typeof item === 'string')) return 'game text (gametext) is not imported';
  const other = (items as string[]).map((item) => item.trim()).filter((item) => item !== '');
  const rest = other.filter((item) => !(SPECIAL_EQUIPMENT.has(item) && addCharacteristic(facts, item)));
  return rest.length > 0 ? 'game text (gametext) other than special equipment is not imported' : undefined;
}
