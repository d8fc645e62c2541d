/**
 * `stccg-rules/scenario`: scenarios (rulings that run), browser-safe. Check a scenario given as text
 * (JSON or YAML) or as an object, run it on a fresh game, and read the results step by step or as text.
 * Reading scenario files and folders is Node-only: `loadScenario` and `runPaths` in `stccg-rules/node`.
 *
 *   const result = runScenarioData(JSON.parse(text), 'my-ruling.json');
 *   result.status; // 'passed' | 'failed' | 'malformed'
 */
export { type Difference, sameData } from './expectations.ts';
export {
  checkScenario,
  type Loaded,
  parseScenario,
  SCENARIO_EXTENSIONS,
  type ScenarioError,
} from './load.ts';
export { type Report, reportInText } from './report.ts';
export {
  type RunOptions,
  type RunSummary,
  runScenario,
  runScenarioData,
  type ScenarioResult,
  type StepResult,
  type StepStatus,
  summarise,
} from './runner.ts';
export {
  type BattleExpectation,
  type CardExpectation,
  type DoStep,
  type EventMatcher,
  type Expectation,
  type ExpectStep,
  type LastBattleExpectation,
  type PairingExpectation,
  type RejectStep,
  type Scenario,
  type Step,
  type StepKind,
  scenarioJsonSchema,
  scenarioSchema,
} from './schema.ts';
export { commandInWords, positionInSetupWords } from './words.ts';
