import type { CardDefinitionInput } from '../../model/card-definition.ts';
import type { CardImport, ImportNote } from './import.ts';

/** An import told in lines (`stccg cards import`), and the card file it writes. */

const counted = (counts: Partial<Record<string, number>>) =>
  Object.entries(counts)
    .sort(([a, x], [b, y]) => (y ?? 0) - (x ?? 0) || a.localeCompare(b))
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');

const total = (counts: Partial<Record<string, number>>) =>
  Object.values(counts).reduce((sum: number, n) => sum + (n ?? 0), 0);

/** "set101.hjson:12: Worf (101_251) persona: ..." */
export function noteLine(note: ImportNote): string {
  const card = note.card ? ` ${note.card}${note.blueprint ? ` (${note.blueprint})` : ''}` : '';
  const field = note.field ? ` ${note.field}` : '';
  return `${note.file}:${note.line}:${card}${field}${card || field ? ':' : ''} ${note.message}`;
}

/** How many notes there are for each field (or "the card"), most first: why cards or fields were left out. */
export function byField(notes: readonly ImportNote[]): string {
  const counts: Record<string, number> = {};
  for (const note of notes) counts[note.field ?? 'the card'] = (counts[note.field ?? 'the card'] ?? 0) + 1;
  return counted(counts);
}

/** The import in lines: counts first, then every note with its file and line. */
export function importInText(result: CardImport): string[] {
  const lines = [
    `read ${result.files} file${result.files === 1 ? '' : 's'}: imported ${total(result.imported)} cards${
      total(result.imported) > 0 ? ` (${counted(result.imported)})` : ''
    }`,
  ];
  if (total(result.leftOut) > 0) lines.push(`left out, of types not asked for: ${counted(result.leftOut)}`);
  const section = (title: string, notes: readonly ImportNote[], summary = '') => {
    if (notes.length === 0) return;
    lines.push('', `${title} (${notes.length})${summary ? `: ${summary}` : ''}`);
    for (const note of notes) lines.push(`  ${noteLine(note)}`);
  };
  section('files refused', result.refusedFiles);
  section('cards refused', result.refusedCards, byField(result.refusedCards));
  section('fields not imported', result.unmapped, byField(result.unmapped));
  section('named after their set', result.renamed);
  section('commented out, not read', result.commentedOut);
  section('modifiers executed, as effect descriptors', result.executedModifiers);
  section('modifiers not executed', result.unsupportedModifiers);
  return lines;
}

/**
 * A card file's text: `{ "about"?, "cards": [...] }`, one card field a line, short lists on one line,
 * as the project's formatter (biome) writes JSON, so that a written file reads as it is checked in.
 */
export function cardFileText(cards: readonly CardDefinitionInput[], about?: string): string {
  const body = cards.map((card) => cardText(card, '    ')).join(',\n');
  const head = about === undefined ? '' : `  "about": ${JSON.stringify(about)},\n`;
  return `{\n${head}  "cards": [\n${body}\n  ]\n}\n`;
}

const LINE_WIDTH = 110;

function cardText(card: CardDefinitionInput, indent: string): string {
  const fields = Object.entries(card).map(([key, value]) => {
    const start = `${indent}  ${JSON.stringify(key)}: `;
    return `${start}${valueText(value, start.length, `${indent}  `)}`;
  });
  return `${indent}{\n${fields.join(',\n')}\n${indent}}`;
}

/** A value on one line where it fits (objects in lists as `{ "name": "Honor" }`), else a list one item a line. */
function valueText(value: unknown, column: number, indent: string): string {
  const inline = inlineText(value);
  if (!Array.isArray(value) || column + inline.length + 1 <= LINE_WIDTH) return inline;
  return `[\n${value.map((item) => `${indent}  ${inlineText(item)}`).join(',\n')}\n${indent}]`;
}

function inlineText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inlineText(v)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}
