/**
 * stccg-rules/bot: a computer opponent (issue 26). `chooseCommand(game, player, { budgetMs, seed })`
 * chooses one of the seat's legal commands by playing each out on forks of the game, and says why in
 * a line; `botMove` sends it. Browser-safe, with no dependency beyond the engine's.
 */

export { type BotMove, botMove } from './act.ts';
export { type BotChoice, type BotOptions, chooseCommand, DEFAULT_BUDGET_MS } from './choose.ts';
