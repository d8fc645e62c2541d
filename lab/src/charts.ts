import { battleMachine, gameMachine, hologramMachine, responseWindowMachine } from 'stccg-rules';
import { type Chart, chartOf, svgOf } from 'stccg-rules/debug';
import type { AnyStateMachine } from 'xstate';

/**
 * The engine's four statecharts, drawn from the machines themselves: the game, each hologram, the
 * battle, each response window. Each is read from its machine at once (`chartOf`) and laid out by ELK,
 * in the page, the first time it is shown (the layout is the costly part), then kept.
 */

export interface EngineChart {
  /** The machine's id (`responseWindow`): live actors name their machine by it. */
  readonly machine: string;
  readonly title: string;
  readonly chart: Chart;
}

const MACHINES: ReadonlyArray<readonly [name: string, title: string, machine: AnyStateMachine]> = [
  ['game', 'Game', gameMachine],
  ['hologram', 'Holograms', hologramMachine],
  ['battle', 'Battle', battleMachine],
  ['response-window', 'Response window', responseWindowMachine],
];

let charts: EngineChart[] | null = null;
const pictures = new Map<string, Promise<string>>();

export function engineCharts(): readonly EngineChart[] {
  charts ??= MACHINES.map(([name, title, machine]) => {
    const chart = chartOf(name, machine);
    return { machine: chart.machine, title, chart };
  });
  return charts;
}

/** A chart's SVG, laid out once. */
export function pictureOf(chart: EngineChart): Promise<string> {
  let picture = pictures.get(chart.machine);
  if (!picture) {
    picture = svgOf(chart.chart);
    pictures.set(chart.machine, picture);
  }
  return picture;
}
