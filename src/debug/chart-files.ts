import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { engineCharts } from './charts.ts';

/** The engine's statecharts written to files (Node only: the pictures themselves are in `charts.ts`). */

/** Writes `<machine>.mmd` and `<machine>.svg` for the engine's machines into a directory; returns the paths. */
export async function writeCharts(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const picture of await engineCharts()) {
    for (const [extension, content] of [
      ['mmd', picture.mermaid],
      ['svg', picture.svg],
    ] as const) {
      const path = join(dir, `${picture.chart.name}.${extension}`);
      await writeFile(path, content);
      written.push(path);
    }
  }
  return written;
}
