/**
 * The 0.7.0 bot (issue 26), kept as a baseline player for the strength bench (issue 30): flat
 * Monte-Carlo with successive halving over single commands and regroupings, playouts on game forks.
 * A copy of src/bot's chooser as it was at 0.7.0 (its search, plans, playouts and explanations), its
 * imports pointed at the engine; what did not change since (a move carried out: `botMove`; the score:
 * `lossesOn`, `personnelOf`) is the engine's own, not copied. Not part of the package.
 */
export { type BotMove, botMove } from '../../src/bot/act.ts';
export { type BotChoice, type BotOptions, chooseCommand, DEFAULT_BUDGET_MS } from './choose.ts';
