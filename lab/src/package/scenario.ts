/**
 * What the lab imports as `stccg-rules/scenario`: reading and running scenario files from text or
 * objects (browser-safe parts of src/scenario). Stands in for the package's `stccg-rules/scenario`
 * until it exists (issue 10); then the alias in lab/vite.config.ts and lab/tsconfig.json points there.
 */
export { type Loaded, parseScenario, type ScenarioError } from '../../../src/scenario/load.ts';
export { runScenario, type ScenarioResult, type StepResult } from '../../../src/scenario/runner.ts';
export type { Scenario } from '../../../src/scenario/schema.ts';
export { commandInWords, positionInSetupWords } from '../../../src/scenario/words.ts';
