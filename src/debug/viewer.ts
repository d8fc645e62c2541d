import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { allClauses } from '../model/clauses.ts';
import { xml } from './chart-svg.ts';
import { type ChartPicture, engineCharts } from './charts.ts';
import type { Trace } from './trace-records.ts';

/**
 * The trace viewer: one self-contained HTML page (its script, styles, statecharts and the trace
 * inline; nothing fetched) that steps through a trace. The page itself (`viewer/viewer.js`) works
 * out the state at every step once, when it opens, so that stepping and scrubbing only change what
 * differs from one step to the next.
 */

export interface ViewerOptions {
  /** The statecharts to light (default: the engine's four machines). */
  readonly charts?: readonly ChartPicture[];
}

/** What the page's script reads. */
export interface ViewerData {
  readonly title: string;
  readonly records: Trace['records'];
  /** Every clause's text, by id: the viewer shows the clause behind each rule event. */
  readonly clauses: Readonly<Record<string, { readonly text: string; readonly source: string }>>;
}

const asset = (name: string) => readFile(new URL(`./viewer/${name}`, import.meta.url), 'utf8');

/** The viewer page for a trace, as HTML text. */
export async function viewerHtml(trace: Trace, options: ViewerOptions = {}): Promise<string> {
  const [script, shared, own, charts] = await Promise.all([
    asset('viewer.js'),
    // The palette and the lit statecharts, shared with the rules lab; then the viewer's own styles.
    asset('statechart.css'),
    asset('viewer.css'),
    options.charts ?? engineCharts(),
  ]);
  const style = `${shared}\n${own}`;
  const data: ViewerData = {
    title: trace.header.title,
    records: trace.records,
    clauses: Object.fromEntries(allClauses().map(({ id, text, source }) => [id, { text, source }])),
  };
  const figures = charts
    .map(
      ({ chart, svg }) =>
        `<figure class="chart" data-machine="${xml(chart.machine)}" data-chart="${xml(chart.name)}">` +
        `<figcaption>${xml(chart.name)}<span class="actors"></span></figcaption>${svg}</figure>`,
    )
    .join('\n');
  const title = `stccg trace: ${trace.header.title}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${xml(title)}</title>
<style>
${style}
</style>
</head>
<body>
<header>
  <h1>${xml(title)}</h1>
  <div class="controls" role="toolbar" aria-label="steps">
    <button type="button" data-go="first" title="first step (Home)">|◀</button>
    <button type="button" data-go="previous-rule" title="previous rule event (Shift+←)">◀ rule</button>
    <button type="button" data-go="previous" title="one step back (←)">◀</button>
    <button type="button" data-go="play" title="play or pause (Space)">play</button>
    <button type="button" data-go="next" title="one step forward (→)">▶</button>
    <button type="button" data-go="next-rule" title="next rule event (Shift+→)">rule ▶</button>
    <button type="button" data-go="last" title="last step (End)">▶|</button>
    <input type="range" id="scrub" min="0" max="0" value="0" aria-label="step">
    <output id="position"></output>
  </div>
</header>
<main>
  <nav id="timeline" aria-label="timeline"><ol></ol></nav>
  <section id="charts" aria-label="statecharts">
${figures}
  </section>
  <aside>
    <section id="now" aria-label="this step">
      <h2><span class="step"></span> <small class="seq"></small> <span class="actor"></span></h2>
      <p class="summary"></p>
    </section>
    <section id="clause" aria-label="clause"></section>
    <section id="battle" aria-label="battle"></section>
    <section id="board" aria-label="board"></section>
    <details id="record"><summary>the record</summary><pre></pre></details>
  </aside>
</main>
<script type="application/json" id="trace-data">${scriptJson(data)}</script>
<script>
${script}
</script>
</body>
</html>
`;
}

/** JSON inside a script element: no `<` at all, so no `</script>` or `<!--` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Writes the viewer page for a trace (creating the directory). */
export async function writeViewer(trace: Trace, path: string, options: ViewerOptions = {}): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, await viewerHtml(trace, options));
}
