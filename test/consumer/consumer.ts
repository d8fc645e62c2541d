// A client's TypeScript, checked under strict and exactOptionalPropertyTypes (tsconfig.*.json).
import {
  type BattleStep,
  type BattleWindow,
  type CommandResult,
  createGame,
  type Game,
  type GameOptions,
  type PairingOutcome,
  type PlayerView,
  restoreGame,
  type SavedGame,
  SaveError,
  type Setup,
  saveGame,
} from 'stccg-rules';
import { chartOf, ENGINE_MACHINES, mermaidOf, recordGame, type Trace, traceText } from 'stccg-rules/debug';
import { loadScenario, runPaths, writeTrace } from 'stccg-rules/node';
import { type RunSummary, runScenarioData, type ScenarioResult, summarise } from 'stccg-rules/scenario';

const setup: Setup = {
  players: ['alice', 'bob'],
  locations: [{ id: 'ligos', name: 'Ligos VII' }],
  cards: [{ id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } }],
};
const options: GameOptions = { seed: 7 };
const game: Game = createGame(setup, options);
const result: CommandResult = game.send({ type: 'endTurn', player: 'alice' });
export const why: string = result.ok
  ? result.events.map((event) => event.clause).join(', ')
  : result.rejection.code;
export const view: PlayerView = game.view('alice');
// A card table reads the battle and the events as the engine's own types, with no cast.
export const step: BattleStep | undefined = view.battle?.step;
export const outcomes: PairingOutcome[] = (view.battle?.pairings ?? []).map((pairing) => pairing.outcome);
const awaiting = game.awaiting();
export const window: BattleWindow | null = awaiting?.for === 'response' ? awaiting.window : null;
export const windows: BattleWindow[] = result.ok
  ? result.events.flatMap((event) => (event.kind === 'passed' ? [event.window] : []))
  : [];
const saved: SavedGame = saveGame(game);
try {
  restoreGame(saved, { verify: 'replay' }).stop();
} catch (error) {
  if (error instanceof SaveError) console.error(error.reason);
}
const { recorder } = recordGame(setup, { seed: 1, title: 'typed' });
const trace: Trace = recorder.trace();
export const text: string = traceText(trace) + mermaidOf(chartOf('game', ENGINE_MACHINES[0]![1]));
const scenario: ScenarioResult = runScenarioData({ title: 'x' });
export const summary: RunSummary = summarise([scenario]);
export const node = [loadScenario, runPaths, writeTrace] as const;
export const ruleMessages: string[] = [];
game.actor.on('rule', (event) => ruleMessages.push(event.message));
