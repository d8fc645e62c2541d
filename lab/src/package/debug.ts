/**
 * What the lab imports as `stccg-rules/debug`: the browser-safe debug tools (statechart models and
 * pictures, trace records and the trace recorder). Stands in for the package's own `stccg-rules/debug`
 * until it is browser-safe (issue 10); then the alias in lab/vite.config.ts and lab/tsconfig.json
 * points at src/debug/index.ts and this file goes.
 */
export {
  type Chart,
  type ChartState,
  type ChartTransition,
  chartOf,
} from '../../../src/debug/chart-model.ts';
export { svgOf } from '../../../src/debug/chart-svg.ts';
export { mermaidOf } from '../../../src/debug/mermaid.ts';
export { recordTrace, type TraceRecorder } from '../../../src/debug/trace.ts';
export { parseTrace, type Trace, type TransitionTaken, traceText } from '../../../src/debug/trace-records.ts';
