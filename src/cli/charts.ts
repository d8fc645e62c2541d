import type { Command } from 'commander';
import { writeCharts } from '../debug/charts.ts';

/** Where `stccg charts` writes when given no directory. */
export const DEFAULT_CHARTS_DIR = 'out/charts';

/** Adds `stccg charts [--out DIR]`: each machine's statechart as Mermaid text and as SVG. */
export function register(program: Command): void {
  program
    .command('charts')
    .description('write the statecharts (game, hologram, battle, response window) as Mermaid text and SVG')
    .option('--out <dir>', 'the directory to write <machine>.mmd and <machine>.svg into', DEFAULT_CHARTS_DIR)
    .action(async (options: { out: string }) => {
      try {
        for (const path of await writeCharts(options.out)) process.stdout.write(`${path}\n`);
      } catch (error) {
        process.stderr.write(`stccg charts: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      }
    });
}
