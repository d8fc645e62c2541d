/**
 * `stccg-rules/cards`: real cards. The card pool (the facts of the First Edition personnel, ships and
 * equipment of the community's online engine), loaded on demand by name (`loadCards`), and battles of
 * two lists of card names (`cardListsBattle`, for `battleOdds`). Browser-safe, and no part of the core
 * entry: a page that only plays does not carry the pool, and one that loads cards fetches the pool the
 * first time it asks. The importer that made the pool is `stccg-rules/cards/import`.
 */

export {
  CARD_LISTS_PLAYERS,
  type CardLists,
  type CardListsBattle,
  cardListsBattle,
  cardListsScenario,
  isCardListsFile,
} from '../odds/card-lists.ts';
export { CardPool, CardPoolError, loadCards, loadPool, type PoolFile, poolCardNames } from './pool/load.ts';
export { nearestNames } from './pool/nearest.ts';
