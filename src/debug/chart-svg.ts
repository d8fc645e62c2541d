// elkjs's bundled build: its main entry requires the `web-worker` package, which bundlers cannot resolve
// for a browser; the bundled build runs ELK in the page (and in Node) with nothing more.
import elkjs, {
  type ElkEdgeSection,
  type ElkExtendedEdge,
  type ElkLabel,
  type ElkNode,
} from 'elkjs/lib/elk.bundled.js';
import type { Chart, ChartState, ChartTransition } from './chart-model.ts';

/**
 * A chart as a standalone SVG. ELK (the Eclipse Layout Kernel, `elkjs`) places every state, routes
 * every transition and places its label; this module only measures text and draws what ELK returns.
 *
 * The SVG is also what the trace viewer lights: each state is a `<g class="state" data-state="<state
 * id>" data-path="<keys from the root, dotted>">`, each transition a `<g class="transition" data-from
 * data-to data-event>`, each line of a state that stands for a transition a `<text class="line"
 * data-event>`, and each state has an empty `<text class="who">` the viewer fills with the actors in it.
 */

// elkjs is CommonJS: its module object is the layout class, which also names itself `default`.
const ELK = elkjs.default;

// Text is monospace so that its width can be measured without a browser.
const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace';
const CHAR_WIDTH = { name: 7.9, line: 6.7, label: 6.7 };
const LINE_HEIGHT = 15;
const PAD = 10;
const INITIAL_SIZE = 14;

interface Measured {
  readonly state: ChartState;
  readonly width: number;
  readonly height: number;
  /** Height of the name and lines (for a compound state: above its children). */
  readonly header: number;
}

/** Lays out a chart with ELK and draws it as SVG text. */
export async function svgOf(chart: Chart): Promise<string> {
  // In Node, elkjs lays out in this thread (its "fake worker"): nothing to stop afterwards.
  const graph = await new ELK().layout(elkGraph(chart));
  return draw(chart, graph);
}

const anyStateId = (chart: Chart) => chart.root.id;
const initialId = (state: ChartState) => `${state.id}#initial`;

function measure(state: ChartState, title = state.key): Measured {
  const longest = Math.max(
    title.length * CHAR_WIDTH.name,
    ...state.lines.map((line) => line.text.length * CHAR_WIDTH.line),
  );
  const header = PAD + LINE_HEIGHT + state.lines.length * LINE_HEIGHT + PAD / 2;
  return { state, width: Math.ceil(longest + 2 * PAD), height: Math.ceil(header + PAD / 2), header };
}

/** The ELK graph: one node per state (children nested), the initial markers, `any state`, the edges. */
function elkGraph(chart: Chart): ElkNode {
  const node = (state: ChartState): ElkNode => {
    const size = measure(state);
    const initial = state.children.find((child) => child.id === state.initial);
    if (state.children.length === 0) return { id: state.id, width: size.width, height: size.height };
    return {
      id: state.id,
      layoutOptions: {
        'elk.padding': `[top=${size.header + PAD},left=${PAD * 2},bottom=${PAD * 2},right=${PAD * 2}]`,
        'elk.nodeSize.minimum': `(${size.width}, ${size.height})`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      },
      children: [
        ...(initial ? [{ id: initialId(state), width: INITIAL_SIZE, height: INITIAL_SIZE }] : []),
        ...state.children.map(node),
      ],
    };
  };
  const root = chart.root;
  const hasAnyState = root.lines.length > 0 || chart.transitions.some((t) => t.from === root.id);
  const anyState = measure(root, 'any state');
  const edges: ElkExtendedEdge[] = chart.transitions.map((transition, index) => ({
    id: `t${index}`,
    sources: [transition.from],
    targets: [transition.to],
    labels: [labelBox(transition.label)],
  }));
  const initials = statesBelow(root).filter((state) => state.initial !== null);
  for (const state of [root, ...initials]) {
    if (state.initial)
      edges.push({ id: `${initialId(state)}>`, sources: [initialId(state)], targets: [state.initial] });
  }
  const rootInitial = root.children.find((child) => child.id === root.initial);
  return {
    id: '(chart)',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.spacing.nodeNode': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '18',
      'elk.layered.spacing.nodeNodeBetweenLayers': '44',
      'elk.layered.spacing.edgeNodeBetweenLayers': '18',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      // The machine's own order: a transition back to an earlier state is the one drawn upwards.
      'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.padding': `[top=${PAD * 4},left=${PAD * 2},bottom=${PAD * 2},right=${PAD * 2}]`,
      // Every coordinate relative to the whole picture, so drawing needs no offsets.
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [
      ...(hasAnyState ? [{ id: anyStateId(chart), width: anyState.width, height: anyState.height }] : []),
      ...(rootInitial ? [{ id: initialId(root), width: INITIAL_SIZE, height: INITIAL_SIZE }] : []),
      ...root.children.map(node),
    ],
    edges,
  };
}

function labelBox(text: string): ElkLabel {
  return { text, width: Math.ceil(text.length * CHAR_WIDTH.label + 6), height: LINE_HEIGHT };
}

function statesBelow(state: ChartState): ChartState[] {
  return state.children.flatMap((child) => [child, ...statesBelow(child)]);
}

/** Every laid-out node by id (ELK returns the same tree, with coordinates). */
function positions(graph: ElkNode): Map<string, ElkNode> {
  const all = new Map<string, ElkNode>();
  const visit = (node: ElkNode) => {
    all.set(node.id, node);
    for (const child of node.children ?? []) visit(child);
  };
  visit(graph);
  return all;
}

function draw(chart: Chart, graph: ElkNode): string {
  const placed = positions(graph);
  const width = Math.ceil(graph.width ?? 0);
  const height = Math.ceil(graph.height ?? 0);
  const marker = `arrow-${chart.name}`;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="statechart" data-chart="${attr(chart.name)}" ` +
      `data-machine="${attr(chart.machine)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<style>${STYLE}</style>`,
    `<defs><marker id="${marker}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" ` +
      `orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>`,
    `<text class="chart-title" x="${PAD * 2}" y="${PAD * 2 + 4}">${xml(chart.name)} (${xml(chart.machine)})</text>`,
  ];

  // Containers first, then the transitions over them, then the simple states over the transitions'
  // ends (so that the names of the actors in a state are never crossed by a line).
  const states = statesBelow(chart.root);
  const boxes = (which: (state: ChartState) => boolean) => {
    for (const state of states.filter(which)) {
      const box = placed.get(state.id);
      if (box) out.push(stateBox(measure(state), box, state.kind));
    }
  };
  boxes((state) => state.children.length > 0);
  const edges = (graph.edges ?? []) as ElkExtendedEdge[];
  for (const edge of edges) {
    const index = edge.id.startsWith('t') ? Number(edge.id.slice(1)) : Number.NaN;
    out.push(edgeDrawing(edge, chart.transitions[index], marker));
  }
  const anyState = placed.get(anyStateId(chart));
  if (anyState) out.push(stateBox(measure(chart.root, 'any state'), anyState, 'any-state'));
  boxes((state) => state.children.length === 0);
  for (const state of [chart.root, ...states]) {
    const dot = placed.get(initialId(state));
    if (dot) {
      const r = INITIAL_SIZE / 2;
      out.push(`<circle class="initial" cx="${n((dot.x ?? 0) + r)}" cy="${n((dot.y ?? 0) + r)}" r="${r}"/>`);
    }
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function stateBox(size: Measured, box: ElkNode, kind: string): string {
  const x = box.x ?? 0;
  const y = box.y ?? 0;
  const w = box.width ?? size.width;
  const h = box.height ?? size.height;
  const state = size.state;
  const title = kind === 'any-state' ? 'any state' : state.key;
  const parts = [
    `<g class="state ${kind}" data-state="${attr(state.id)}" data-path="${attr(state.path.join('.'))}">`,
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="8"/>`,
  ];
  if (kind === 'final')
    parts.push(
      `<rect class="inner" x="${n(x + 3)}" y="${n(y + 3)}" width="${n(w - 6)}" height="${n(h - 6)}" rx="6"/>`,
    );
  parts.push(`<text class="name" x="${n(x + PAD)}" y="${n(y + PAD + 11)}">${xml(title)}</text>`);
  state.lines.forEach((line, i) => {
    const event = line.event !== undefined ? ` data-event="${attr(line.event)}"` : '';
    const ly = y + PAD + LINE_HEIGHT + (i + 1) * LINE_HEIGHT - 3;
    parts.push(`<text class="line"${event} x="${n(x + PAD)}" y="${n(ly)}">${xml(line.text)}</text>`);
  });
  parts.push(`<text class="who" x="${n(x + w)}" y="${n(y - 4)}"></text>`, '</g>');
  return parts.join('');
}

function edgeDrawing(edge: ElkExtendedEdge, transition: ChartTransition | undefined, marker: string): string {
  const path = (edge.sections ?? []).map(sectionPath).join(' ');
  const data = transition
    ? ` data-from="${attr(transition.from)}" data-to="${attr(transition.to)}" data-event="${attr(transition.event)}"`
    : '';
  const parts = [
    `<g class="${transition ? 'transition' : 'initial-edge'}"${data}>`,
    `<path d="${path}" marker-end="url(#${marker})"/>`,
  ];
  for (const label of edge.labels ?? []) {
    const x = label.x ?? 0;
    const y = label.y ?? 0;
    parts.push(
      `<rect class="label-bg" x="${n(x)}" y="${n(y)}" width="${n(label.width ?? 0)}" height="${n(label.height ?? 0)}" rx="3"/>`,
      `<text class="label" x="${n(x + 3)}" y="${n(y + 11)}">${xml(label.text ?? '')}</text>`,
    );
  }
  parts.push('</g>');
  return parts.join('');
}

function sectionPath(section: ElkEdgeSection): string {
  const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
  return points.map((point, i) => `${i === 0 ? 'M' : 'L'}${n(point.x)},${n(point.y)}`).join(' ');
}

const n = (value: number) => String(Math.round(value * 10) / 10);

/** Text content, escaped for XML. */
export function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value, escaped for XML (always written in double quotes). */
function attr(value: string): string {
  return xml(value).replace(/"/g, '&quot;');
}

const STYLE = [
  `.statechart text { font-family: ${FONT}; fill: #1f2933; }`,
  '.statechart .chart-title { font-size: 14px; font-weight: 700; fill: #52606d; }',
  '.statechart .state > rect { fill: #f5f7fa; stroke: #7b8794; stroke-width: 1.2; }',
  '.statechart .state.compound > rect, .statechart .state.parallel > rect { fill: #fbfcfd; }',
  '.statechart .state.final > rect { fill: #eef2f6; }',
  '.statechart .state.final > rect.inner { fill: none; }',
  '.statechart .state.any-state > rect { fill: #fffdf5; stroke-dasharray: 5 4; }',
  '.statechart .state .name { font-size: 13px; font-weight: 700; }',
  '.statechart .state .line { font-size: 11px; fill: #3e4c59; }',
  '.statechart .state .who { font-size: 11px; font-weight: 700; text-anchor: end; fill: #b44d12; }',
  '.statechart .initial { fill: #1f2933; }',
  '.statechart .transition path, .statechart .initial-edge path { fill: none; stroke: #52606d; stroke-width: 1.3; }',
  '.statechart .arrowhead { fill: #52606d; }',
  '.statechart .label-bg { fill: #ffffff; fill-opacity: 0.9; }',
  '.statechart .label { font-size: 11px; fill: #243b53; }',
].join(' ');
