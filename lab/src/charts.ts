import { battleMachine, gameMachine, hologramMachine, responseWindowMachine } from 'stccg-rules';
import { type Chart, chartOf, svgOf } from 'stccg-rules/debug';
import type { AnyStateMachine } from 'xstate';

/**
 * The engine's four statecharts, drawn from the machines themselves (ELK lays them out, in the page),
 * once per page: the game, each hologram, the battle, each response window.
 */

export interface DrawnChart {
  /** The machine's id (`responseWindow`): live actors name their machine by it. */
  readonly machine: string;
  readonly title: string;
  readonly chart: Chart;
  readonly svg: string;
}

const MACHINES: ReadonlyArray<readonly [name: string, title: string, machine: AnyStateMachine]> = [
  ['game', 'Game', gameMachine],
  ['hologram', 'Holograms', hologramMachine],
  ['battle', 'Battle', battleMachine],
  ['response-window', 'Response window', responseWindowMachine],
];

let drawn: Promise<DrawnChart[]> | null = null;

export function engineCharts(): Promise<DrawnChart[]> {
  drawn ??= Promise.all(
    MACHINES.map(async ([name, title, machine]) => {
      const chart = chartOf(name, machine);
      return { machine: chart.machine, title, chart, svg: await svgOf(chart) };
    }),
  );
  return drawn;
}
