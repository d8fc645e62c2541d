import type { Command } from 'commander';
import { EXIT } from './exit.ts';
import { parseSeed } from './seed.ts';
import { DEFAULT_DEMO_TRACE, runWatchedDemo } from './watch-demo.ts';

/**
 * Adds `stccg demo [--seed N] [--trace [FILE]] [--stately]`: the narrated demo. Exit code 0, or 2 (a
 * bad seed, a trace that cannot be written).
 */
export function register(program: Command): void {
  program
    .command('demo')
    .description('narrate a short game with holograms, on built-in data, each line with its clause')
    .option('--seed <n>', 'seed of the random generator (0 to 4294967295)', parseSeed, 1)
    .option('--trace [file]', `record the battle as a JSON Lines trace (default ${DEFAULT_DEMO_TRACE})`)
    .option('--stately', "also send the battle to Stately's inspector (needs a connection to stately.ai)")
    .action(async (options: { seed: number; trace?: string | boolean; stately?: boolean }) => {
      try {
        await runWatchedDemo(options, {
          write: (line) => process.stdout.write(`${line}\n`),
          note: (line) => process.stderr.write(`${line}\n`),
        });
      } catch (error) {
        process.stderr.write(`stccg demo: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = EXIT.badInput;
      }
    });
}
