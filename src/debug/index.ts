/**
 * Visual debugging of rule flows, offline: traces of a game (JSON Lines), pictures of the
 * statecharts (Mermaid text and SVG), the trace viewer (one self-contained HTML page), and, for
 * users with a connection, Stately's inspector.
 */
export { type Chart, type ChartLine, type ChartState, type ChartTransition, chartOf } from './chart-model.ts';
export { svgOf } from './chart-svg.ts';
export { type ChartPicture, ENGINE_MACHINES, engineCharts, pictureOf, writeCharts } from './charts.ts';
export { mermaidOf } from './mermaid.ts';
export { type Served, serveFile } from './serve.ts';
export { connectStately, type StatelyConnection, type StatelyOptions } from './stately.ts';
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
export { type ViewerData, type ViewerOptions, viewerHtml, writeViewer } from './viewer.ts';
