import type { Command } from 'commander';
import { writeCharts } from '../debug/chart-files.ts';
import { EXIT } from './exit.ts';

/** Where `stccg charts` writes when given no directory. */
export const DEFAULT_CHARTS_DIR = 'out/charts';

/**
 * Adds `stccg charts [--out DIR] [--json]`: each machine's statechart as Mermaid text and as SVG. Exit
 * code 0, or 2 when the directory cannot be written.
 */
export function register(program: Command): void {
  program
    .command('charts')
    .description('write the statecharts (game, hologram, battle, response window) as Mermaid text and SVG')
    .option('--out <dir>', 'the directory to write <machine>.mmd and <machine>.svg into', DEFAULT_CHARTS_DIR)
    .option('--json', 'print the files written as JSON ({ "written": [...] })')
    .action(async (options: { out: string; json?: boolean }) => {
      try {
        const written = await writeCharts(options.out);
        if (options.json) process.stdout.write(`${JSON.stringify({ written }, null, 2)}\n`);
        else for (const path of written) process.stdout.write(`${path}\n`);
      } catch (error) {
        process.stderr.write(`stccg charts: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = EXIT.badInput;
      }
    });
}
