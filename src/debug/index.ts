/**
 * `stccg-rules/debug`: visual debugging of rule flows, browser-safe (no `node:` module): recording a
 * game as a trace (JSON Lines text), the statecharts as chart models, Mermaid text and SVG text.
 * Writing traces and charts to files, the trace viewer page, serving it and Stately's inspector are
 * Node-only: `stccg-rules/node`.
 */
export { type Chart, type ChartLine, type ChartState, type ChartTransition, chartOf } from './chart-model.ts';
export { svgOf } from './chart-svg.ts';
export { type ChartPicture, ENGINE_MACHINES, engineCharts, pictureOf } from './charts.ts';
export { mermaidOf } from './mermaid.ts';
export { type RecordOptions, recordGame, recordTrace, type TraceRecorder } from './trace.ts';
export {
  type AcceptedRecord,
  type ActorRecord,
  type CompactEvent,
  type EventRecord,
  type MicrostepRecord,
  parseTrace,
  type RejectedRecord,
  type RuleRecord,
  type SnapshotRecord,
  TRACE_FORMAT,
  TRACE_VERSION,
  type Trace,
  TraceFormatError,
  type TraceHeader,
  type TraceRecord,
  type TransitionTaken,
  traceText,
} from './trace-records.ts';
