import type { Chart, ChartState } from './chart-model.ts';

/**
 * A chart as Mermaid `stateDiagram-v2` text: the states (nested as in the machine), `[*]` for the
 * initial and final states, the transitions with their labels, and the lines inside each state as
 * state descriptions. Mermaid wants plain ids, so each state is named by its path, shown by its key.
 */
export function mermaidOf(chart: Chart): string {
  const out: string[] = ['---', `title: ${chart.name}`, '---', 'stateDiagram-v2', '  direction TB'];
  const ids = new Map<string, string>();
  const name = (state: ChartState) => ids.get(state.id) ?? state.id;
  nameStates(chart.root, ids);

  const hasAnyState = chart.root.lines.length > 0 || chart.transitions.some((t) => t.from === chart.root.id);
  if (hasAnyState) {
    out.push(`  classDef anyState stroke-dasharray: 4 4`);
    out.push(`  state "any state" as ${name(chart.root)}`);
    out.push(`  class ${name(chart.root)} anyState`);
    for (const line of chart.root.lines) out.push(`  ${name(chart.root)} : ${text(line.text)}`);
  }
  writeChildren(chart.root, '  ', out, name);
  for (const transition of chart.transitions) {
    const from = ids.get(transition.from) ?? transition.from;
    const to = ids.get(transition.to) ?? transition.to;
    out.push(`  ${from} --> ${to} : ${text(transition.label)}`);
  }
  return `${out.join('\n')}\n`;
}

/** The states of a compound state, with their initial and final markers, nested blocks and lines. */
function writeChildren(
  parent: ChartState,
  indent: string,
  out: string[],
  name: (state: ChartState) => string,
): void {
  const initial = parent.children.find((child) => child.id === parent.initial);
  if (initial) out.push(`${indent}[*] --> ${name(initial)}`);
  for (const [index, child] of parent.children.entries()) {
    // The regions of a parallel state run together: Mermaid separates them with `--`.
    if (parent.kind === 'parallel' && index > 0) out.push(`${indent}--`);
    if (child.key !== name(child)) out.push(`${indent}state "${text(child.key)}" as ${name(child)}`);
    if (child.children.length > 0) {
      out.push(`${indent}state ${name(child)} {`);
      writeChildren(child, `${indent}  `, out, name);
      out.push(`${indent}}`);
    }
    for (const line of child.lines) out.push(`${indent}${name(child)} : ${text(line.text)}`);
    if (child.kind === 'final') out.push(`${indent}${name(child)} --> [*]`);
  }
}

/** Mermaid ids: the state's path below the root, made of word characters; unique within the chart. */
function nameStates(root: ChartState, ids: Map<string, string>): void {
  const used = new Set<string>();
  const visit = (state: ChartState, path: readonly string[]) => {
    let id = path.length === 0 ? `${plain(root.key)}_any` : path.map(plain).join('__');
    while (used.has(id)) id = `${id}_`;
    used.add(id);
    ids.set(state.id, id);
    for (const child of state.children) visit(child, [...path, child.key]);
  };
  visit(root, []);
}

const plain = (key: string) => key.replace(/\W/g, '_') || '_';

/**
 * Text Mermaid reads as it is: no statement separators, comments, braces or quotes; no colon (it
 * separates a state from its description) and no angle brackets (Mermaid may take them for HTML).
 */
const text = (value: string) =>
  value
    .replace(/[;#{}"]/g, ' ')
    .replace(/:/g, '﹕')
    .replace(/</g, '‹')
    .replace(/>/g, '›');
