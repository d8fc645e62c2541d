/**
 * The 0.7.0 bot (issue 26), kept as a baseline player for the strength bench (issue 30): flat
 * Monte-Carlo with successive halving over single commands and regroupings, playouts on game forks.
 * A copy of src/bot as it was at 0.7.0, its imports pointed at the engine; not part of the package.
 */
export { type BotMove, botMove } from './act.ts';
export { type BotChoice, type BotOptions, chooseCommand, DEFAULT_BUDGET_MS } from './choose.ts';
