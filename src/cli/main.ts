import { Command, CommanderError } from 'commander';
import { DEFAULT_DEMO_TRACE, runWatchedDemo } from '../debug/watch-demo.ts';
import { register as registerCharts } from './charts.ts';
import { register as registerOdds } from './odds.ts';
import { register as registerReplay } from './replay.ts';
import { register as registerRun } from './run.ts';
import { register as registerView } from './view.ts';

/** The `stccg` program. Returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('stccg')
    .description('Star Trek CCG (First Edition) rules engine: holograms and personnel battle')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program
    .command('demo')
    .description('narrate a short game with holograms, on built-in data, each line with its clause')
    .option('--seed <n>', 'seed of the random generator', (value) => Number.parseInt(value, 10), 1)
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
        process.exitCode = 1;
      }
    });

  // Each further command lives in its own module: scenarios (run), replays, statechart pictures,
  // the trace viewer, and battle odds.
  for (const register of [registerRun, registerReplay, registerCharts, registerView, registerOdds])
    register(program);

  try {
    await program.parseAsync([...argv], { from: 'user' });
    // A command that fails sets process.exitCode (a failed scenario, a damaged file...).
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    throw error;
  }
}
