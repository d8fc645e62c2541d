import { parse as parseHjson } from 'hjson';
import {
  CARD_TYPES,
  type CardDefinitionInput,
  type CardType,
  cardDefinitionSchema,
} from '../../model/card-definition.ts';
import { isRecord } from '../../model/plain.ts';
import { type BlueprintSet, mapBlueprint } from './blueprint.ts';
import { type FileLayout, layoutOf } from './layout.ts';
import { namePrintings, type Printing } from './names.ts';
import { CARD_TYPES_BY_WORD } from './vocabulary.ts';

/**
 * `importCards`: the community engine's First Edition blueprint files (JSON, or HJSON with comments
 * and cards commented out) turned into the engine's card definitions, facts only (name, type,
 * affiliations, classification, icons, skills, species and characteristics, attributes, uniqueness,
 * set and number), and the STRENGTH modifiers the engine executes, as its effect descriptors. Nothing
 * is guessed: a file that does not parse, a card that cannot be mapped, a field left out and a
 * modifier not executed are each reported with the file and line. It reads texts, not paths, so it runs in
 * a browser as in Node (`readBlueprintFiles` reads paths, in `stccg-rules/node`).
 */

/** A blueprint file: its name (for the notes) and its text. */
export interface BlueprintFile {
  readonly name: string;
  readonly text: string;
}

export interface ImportOptions {
  /** The card types to import (default: every type); cards of the others are counted in `leftOut`. */
  readonly types?: readonly CardType[];
}

/** Something about a file or one of its cards, where it is. */
export interface ImportNote {
  readonly file: string;
  /** The line (from 1) of the card, or of its field where the note is about one. */
  readonly line: number;
  /** The card's title, for a note about a card. */
  readonly card?: string;
  /** Its blueprint id ("101_012"). */
  readonly blueprint?: string;
  /** The field the note is about ("icons"). */
  readonly field?: string;
  readonly message: string;
}

/** What an import read, made and left. */
export interface CardImport {
  /** The card definitions, a printing's set and number ordering them; every one valid by the card schema. */
  readonly cards: CardDefinitionInput[];
  /** How many files were read (refused ones included). */
  readonly files: number;
  /** The cards imported, by type. */
  readonly imported: Partial<Record<CardType, number>>;
  /** Cards of a type not asked for (`types`), by type: not read further. */
  readonly leftOut: Partial<Record<CardType, number>>;
  /** Files not read: not HJSON or JSON (with the parser's line), not First Edition, or with no `cards`. */
  readonly refusedFiles: readonly ImportNote[];
  /** Cards not imported: no title, an unknown type, a personnel or ship without its attributes, an invalid definition. */
  readonly refusedCards: readonly ImportNote[];
  /** Fields a card is imported without (game text, a word the vocabulary does not know...). */
  readonly unmapped: readonly ImportNote[];
  /** Later printings of a title, named after their set ("Data (The Next Generation)"). */
  readonly renamed: readonly ImportNote[];
  /** Cards written inside comments: not cards, and not imported. */
  readonly commentedOut: readonly ImportNote[];
  /**
   * The cards' `modifiers` the engine executes: each STRENGTH modifier of your personnel present
   * (`field` "modifiers[0]"), read into effect descriptors (`strength`, and `use-only` for its condition).
   */
  readonly executedModifiers: readonly ImportNote[];
  /** Every other modifier, with its card and why it is not executed (CUNNING, skills, other filters...). */
  readonly unsupportedModifiers: readonly ImportNote[];
}

/** A call to `importCards` that cannot be carried out: files that are not `{ name, text }`, an unknown type. */
export class CardImportError extends TypeError {
  override readonly name = 'CardImportError';
}

const FIRST_EDITION = 'First Edition';

/** A printing found in a file, with where it is. */
interface Found extends Printing {
  readonly file: string;
  readonly line: number;
  readonly blueprint: string | undefined;
}

/**
 * Imports the First Edition cards of blueprint files. A malformed file is refused (at the parser's line)
 * and the others are still read. Throws `CardImportError` only for arguments of the wrong shape.
 */
export function importCards(files: readonly BlueprintFile[], options: ImportOptions = {}): CardImport {
  const asked = checkedTypes(files, options);
  const found: Found[] = [];
  const notes = {
    refusedFiles: [] as ImportNote[],
    refusedCards: [] as ImportNote[],
    unmapped: [] as ImportNote[],
    commentedOut: [] as ImportNote[],
    executedModifiers: [] as ImportNote[],
    unsupportedModifiers: [] as ImportNote[],
  };
  const leftOut: Partial<Record<CardType, number>> = {};
  for (const file of files) readFile(file, asked, found, notes, leftOut);

  const cards: CardDefinitionInput[] = [];
  const imported: Partial<Record<CardType, number>> = {};
  const renamed: ImportNote[] = [];
  for (const { printing, definition, renamed: isRenamed } of namePrintings(found)) {
    const where = at(printing.file, printing.line, printing.definition.name, printing.blueprint);
    // A name lengthened after its set may no longer be a valid name (120 characters at most).
    const checked = cardDefinitionSchema.safeParse(definition);
    if (!checked.success) {
      notes.refusedCards.push({
        ...where,
        message: `named "${definition.name}" after its set, not a valid card definition: ${checked.error.issues[0]!.message}`,
      });
      continue;
    }
    if (isRenamed)
      renamed.push({ ...where, message: `named "${definition.name}": an earlier printing has the title` });
    cards.push(definition);
    imported[definition.type] = (imported[definition.type] ?? 0) + 1;
  }
  return { cards, files: files.length, imported, leftOut, ...notes, renamed };
}

function at(file: string, line: number, card?: string, blueprint?: string) {
  return { file, line, ...(card !== undefined ? { card } : {}), ...(blueprint ? { blueprint } : {}) };
}

function checkedTypes(files: readonly BlueprintFile[], options: ImportOptions): ReadonlySet<CardType> {
  if (
    !Array.isArray(files) ||
    !files.every((f) => isRecord(f) && typeof f.name === 'string' && typeof f.text === 'string')
  ) {
    throw new CardImportError('importCards takes a list of files, each { name, text } (strings)');
  }
  if (!isRecord(options)) throw new CardImportError('importCards takes options { types }');
  const unknownOption = Object.keys(options).find((key) => key !== 'types');
  if (unknownOption)
    throw new CardImportError(`importCards has no option "${unknownOption}" (it takes types)`);
  const types = options.types ?? CARD_TYPES;
  if (!Array.isArray(types)) throw new CardImportError('types is a list of card types');
  const unknown = types.find((type) => !(CARD_TYPES as readonly string[]).includes(type));
  if (unknown !== undefined) {
    throw new CardImportError(
      `unknown card type ${JSON.stringify(unknown)} (the types are ${CARD_TYPES.join(', ')})`,
    );
  }
  return new Set(types);
}

/** "... at line 12,5 >>> ...": the line and column the HJSON parser stopped at. */
const PARSER_POSITION = /\s+at line (\d+),(\d+)(?:\s+>>>[\s\S]*)?$/;

function readFile(
  file: BlueprintFile,
  asked: ReadonlySet<CardType>,
  found: Found[],
  notes: {
    refusedFiles: ImportNote[];
    refusedCards: ImportNote[];
    unmapped: ImportNote[];
    commentedOut: ImportNote[];
    executedModifiers: ImportNote[];
    unsupportedModifiers: ImportNote[];
  },
  leftOut: Partial<Record<CardType, number>>,
): void {
  const refuseFile = (line: number, message: string) =>
    notes.refusedFiles.push({ file: file.name, line, message });
  if (file.text.trim() === '') {
    refuseFile(1, 'an empty file, not a blueprint file');
    return;
  }
  let data: unknown;
  try {
    data = parseHjson(file.text);
  } catch (error) {
    const message = String((error as Error).message ?? error);
    const position = PARSER_POSITION.exec(message);
    const line = position ? Number(position[1]) : 1;
    const column = position ? `, column ${position[2]}` : '';
    refuseFile(line, `not JSON or HJSON (line ${line}${column}): ${message.replace(PARSER_POSITION, '')}`);
    return;
  }
  const layout: FileLayout = layoutOf(file.text);
  if (!isRecord(data)) {
    refuseFile(1, 'not a blueprint file: its root is not an object with "cards"');
    return;
  }
  const keyLine = (key: string) => layout.keys.get(key) ?? 1;
  if (data.gameType !== FIRST_EDITION) {
    refuseFile(
      keyLine('gameType'),
      data.gameType === undefined
        ? 'no gameType: First Edition cards only'
        : `gameType ${JSON.stringify(data.gameType)}: First Edition cards only`,
    );
    return;
  }
  if (!Array.isArray(data.cards)) {
    refuseFile(keyLine('cards'), 'not a blueprint file: no "cards" list');
    return;
  }
  const set: BlueprintSet = {
    id: typeof data.setId === 'string' || typeof data.setId === 'number' ? String(data.setId) : undefined,
    name: typeof data.setName === 'string' && data.setName.trim() ? data.setName.trim() : undefined,
  };
  if (!set.name) {
    notes.unmapped.push({
      file: file.name,
      line: keyLine('setName'),
      field: 'setName',
      message: 'no setName: its cards are imported without their set',
    });
  }
  for (const commented of layout.commentedOut) {
    notes.commentedOut.push({
      file: file.name,
      line: commented.line,
      card: commented.title,
      message: 'commented out',
    });
  }
  const cardsLine = keyLine('cards');
  data.cards.forEach((card, index) => {
    const place = layout.cards[index];
    const line = place?.line ?? cardsLine;
    const lineOf = (field: string | undefined) => (field && place?.keys.get(field)) || line;
    const type =
      isRecord(card) && typeof card.type === 'string'
        ? CARD_TYPES_BY_WORD[card.type.trim().toLowerCase()]
        : undefined;
    if (type && !asked.has(type)) {
      leftOut[type] = (leftOut[type] ?? 0) + 1;
      return;
    }
    const mapped = mapBlueprint(card, set);
    if (!mapped.ok) {
      notes.refusedCards.push({
        ...at(file.name, lineOf(mapped.field), mapped.title, mapped.blueprint),
        ...(mapped.field ? { field: mapped.field } : {}),
        message: mapped.reason,
      });
      return;
    }
    const { definition, blueprint } = mapped;
    for (const note of mapped.notes) {
      notes.unmapped.push({
        ...at(file.name, lineOf(note.field), definition.name, blueprint),
        field: note.field,
        message: note.message,
      });
    }
    for (const modifier of mapped.modifiers) {
      (modifier.executed ? notes.executedModifiers : notes.unsupportedModifiers).push({
        ...at(file.name, lineOf('modifiers'), definition.name, blueprint),
        field: `modifiers[${modifier.index}]`,
        message: modifier.message,
      });
    }
    found.push({
      definition,
      setOrder: orderOf(set.id),
      numberOrder: orderOf(definition.number),
      file: file.name,
      line,
      blueprint,
    });
  });
}

/** A set id or card number, as a number to order printings by (unknown ones last). */
function orderOf(value: string | undefined): number {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) ? number : Number.POSITIVE_INFINITY;
}
