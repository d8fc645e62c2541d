/**
 * `stccg-rules/cards/import`: the importer of the community engine's First Edition card files (JSON, or
 * HJSON through the `hjson` package) into the engine's card definitions: facts, and STRENGTH modifiers
 * as effect descriptors. It reads texts, not paths (Node's `readBlueprintFiles`, in `stccg-rules/node`,
 * reads paths). In a browser: the `hjson` package asks for Node's `os` module, which it does without
 * (vite gives it an empty module; with esbuild or webpack, map `os` to nothing: docs/cards.md).
 */
export {
  type BlueprintFile,
  type CardImport,
  CardImportError,
  type ImportNote,
  type ImportOptions,
  importCards,
} from './import.ts';
export { cardFileText, importInText } from './report.ts';
