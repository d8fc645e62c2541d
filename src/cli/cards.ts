import { writeFileSync } from 'node:fs';
import { type Command, InvalidArgumentError } from 'commander';
import { readBlueprintFiles } from '../cards/import/files.ts';
import { type CardImport, importCards } from '../cards/import/import.ts';
import { cardFileText, importInText } from '../cards/import/report.ts';
import { CARD_TYPES, type CardType } from '../model/card-definition.ts';
import { EXIT } from './exit.ts';

/**
 * `stccg cards import PATH... [-o FILE] [--type TYPE ...] [--about TEXT] [--strict] [--json]`: reads the
 * community engine's First Edition blueprint files (files, or folders of `.json` and `.hjson` files) and
 * imports their cards' facts as the engine's card definitions (src/cards/import). Prints what it imported,
 * refused and left out, each with its file and line; `-o` writes the definitions as a card file
 * (`{ "about", "cards" }`), usable as `createGame(setup, { cards })`.
 *
 * Exit codes: 0; 1 with `--strict` when a card was refused, a field left out or a modifier not
 * executed; 2 when a path cannot be read, a file is refused (not JSON or HJSON, not First Edition, no
 * cards) or the output cannot be written. The readable files are imported, and the output written, whatever the others.
 */

export interface CardsImportOptions {
  readonly out?: string;
  /** The types to import (none given: every type). */
  readonly type?: readonly CardType[];
  readonly about?: string;
  readonly strict?: boolean;
  readonly json?: boolean;
}

export interface CardsOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** A card type as the option names it: "Personnel", or "personnel". */
function cardType(value: string, previous: readonly CardType[] = []): CardType[] {
  const type = CARD_TYPES.find((t) => t.toLowerCase() === value.trim().toLowerCase());
  if (!type) throw new InvalidArgumentError(`a card type (${CARD_TYPES.join(', ')})`);
  return [...previous, type];
}

export function register(program: Command): void {
  const cards = program
    .command('cards')
    .description(
      "card definitions from elsewhere: 'cards import PATH...' reads the community's 1E card files",
    );
  cards
    .command('import')
    .description(
      "import the community engine's First Edition card files (JSON, HJSON) as card definitions, facts only",
    )
    .argument('<paths...>', 'blueprint files, or folders of .json and .hjson files')
    .option('-o, --out <file>', 'write the definitions to this card file ({ "about", "cards" })')
    .option('--type <type>', 'import only this card type (repeatable; default: every type)', cardType)
    .option('--about <text>', 'a line saying where the cards come from, written into the card file')
    .option('--strict', 'exit 1 when a card is refused, a field left out or a modifier not executed')
    .option('--json', 'print the import as JSON (the cards too, without -o)')
    .action((paths: string[], options: CardsImportOptions) => {
      process.exitCode = cardsImport(paths, options, {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      });
    });
}

/** Runs the import; returns the exit code. */
export function cardsImport(
  paths: readonly string[],
  options: CardsImportOptions,
  output: CardsOutput,
): number {
  const { files, unreadable } = readBlueprintFiles(paths);
  for (const path of unreadable) output.err(`stccg cards import: ${path.path}: cannot read: ${path.message}`);
  if (files.length === 0 && unreadable.length === 0) {
    output.err(`stccg cards import: no .json or .hjson file in ${paths.join(', ')}`);
  }
  const result: CardImport = importCards(files, options.type?.length ? { types: options.type } : {});
  for (const file of result.refusedFiles) {
    output.err(`stccg cards import: ${file.file}:${file.line}: ${file.message}`);
  }
  if (options.out !== undefined) {
    try {
      writeFileSync(options.out, cardFileText(result.cards, options.about));
    } catch (error) {
      output.err(`stccg cards import: ${options.out}: cannot write: ${(error as Error).message}`);
      return EXIT.badInput;
    }
  }
  if (options.json) {
    const { cards, ...report } = result;
    output.out(
      JSON.stringify(
        { ...report, ...(options.out === undefined ? { cards } : { written: options.out }) },
        null,
        2,
      ),
    );
  } else {
    for (const line of importInText(result)) output.out(line);
    if (options.out !== undefined)
      output.out(`\nwrote ${result.cards.length} card definitions to ${options.out}`);
  }
  if (unreadable.length > 0 || result.refusedFiles.length > 0 || files.length === 0) return EXIT.badInput;
  const leftOut = result.refusedCards.length + result.unmapped.length + result.unsupportedModifiers.length;
  if (options.strict && leftOut > 0) return EXIT.failed;
  return EXIT.ok;
}
