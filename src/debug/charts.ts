import type { AnyStateMachine } from 'xstate';
import { battleMachine } from '../../machines/battle.machine.ts';
import { gameMachine } from '../../machines/game.machine.ts';
import { hologramMachine } from '../../machines/hologram.machine.ts';
import { responseWindowMachine } from '../../machines/response-window.machine.ts';
import { type Chart, chartOf } from './chart-model.ts';
import { svgOf } from './chart-svg.ts';
import { mermaidOf } from './mermaid.ts';

/**
 * The engine's statecharts as pictures: Mermaid text and SVG, drawn from the four machines
 * themselves (the game, each hologram, the battle, each response window). Browser-safe: writing them
 * to files is `writeCharts` in `chart-files.ts` (Node).
 */

/** The engine's machines, by the file name of their pictures. */
export const ENGINE_MACHINES: ReadonlyArray<readonly [name: string, machine: AnyStateMachine]> = [
  ['game', gameMachine],
  ['hologram', hologramMachine],
  ['battle', battleMachine],
  ['response-window', responseWindowMachine],
];

/** A machine's chart drawn both ways. */
export interface ChartPicture {
  readonly chart: Chart;
  readonly mermaid: string;
  readonly svg: string;
}

/** Draws one machine. */
export async function pictureOf(name: string, machine: AnyStateMachine): Promise<ChartPicture> {
  const chart = chartOf(name, machine);
  return { chart, mermaid: mermaidOf(chart), svg: await svgOf(chart) };
}

/** Draws the engine's four machines. */
export async function engineCharts(): Promise<ChartPicture[]> {
  return Promise.all(ENGINE_MACHINES.map(([name, machine]) => pictureOf(name, machine)));
}
