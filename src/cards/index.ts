/**
 * `stccg-rules/cards`: real cards. The card pool (the facts of the First Edition personnel, ships and
 * equipment of the community's online engine), loaded on demand by name (`loadCards`); battles of two
 * lists of card names (`cardListsBattle`, for `battleOdds`); and the importer of the community engine's
 * card files (`importCards`), which reads texts, so it runs in browsers as in Node. Nothing here is part
 * of the core entry: a page that only plays does not carry the pool.
 */

export {
  CARD_LISTS_PLAYERS,
  type CardLists,
  type CardListsBattle,
  cardListsBattle,
  cardListsScenario,
  isCardListsFile,
} from '../odds/card-lists.ts';
export {
  type BlueprintFile,
  type CardImport,
  CardImportError,
  type ImportNote,
  type ImportOptions,
  importCards,
} from './import/import.ts';
export { cardFileText, importInText } from './import/report.ts';
export { CardPoolError, loadCards, poolCardNames } from './pool/load.ts';
export { nearestNames } from './pool/nearest.ts';
