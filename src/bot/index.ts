/**
 * stccg-rules/bot: a computer opponent (issues 26 and 30). `chooseCommand(game, player, { budgetMs,
 * seed })` plans its whole turn by an information-set tree search on kernel forks of the game, chooses
 * the turn's first command among the seat's legal ones, and says why in a line; `botMove` sends it.
 * Browser-safe, with no dependency beyond the engine's.
 */

export { type BotMove, botMove } from './act.ts';
export { type BotChoice, type BotOptions, chooseCommand, DEFAULT_BUDGET_MS } from './choose.ts';
