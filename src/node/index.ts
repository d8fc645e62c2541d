/**
 * `stccg-rules/node`: the Node-only tools (they use the file system, a local server, worker threads).
 * Scenario files and folders; traces and statecharts written to files; the trace viewer page, served;
 * Stately's inspector; battle odds on every core (`parallelBattleOdds`); card files read from paths for
 * the card importer (`readBlueprintFiles`, for `stccg-rules/cards/import`); the card pool read at once
 * (`readPool`, for `runScenario`'s `pool`). Everything here builds on the
 * browser-safe entries (`stccg-rules`, `stccg-rules/debug`, `stccg-rules/scenario`).
 */
export { readBlueprintFiles, type UnreadablePath } from '../cards/import/files.ts';
export { readPool } from '../cards/pool/read.ts';
export { writeCharts } from '../debug/chart-files.ts';
export { type Served, serveFile } from '../debug/serve.ts';
export { connectStately, type StatelyConnection, type StatelyOptions } from '../debug/stately.ts';
export { writeTrace } from '../debug/trace-files.ts';
export { type ViewerData, type ViewerOptions, viewerHtml, writeViewer } from '../debug/viewer.ts';
export {
  BATTLES_PER_DEFAULT_WORKER,
  type ParallelOddsOptions,
  parallelBattleOdds,
} from '../odds/parallel.ts';
export { loadScenario, type RunPathsOptions, runPaths, scenarioFiles } from '../scenario/files.ts';
