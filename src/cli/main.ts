import { Command, CommanderError } from 'commander';
import { runDemo } from '../demo/demo.ts';
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
    .action((options: { seed: number }) => {
      runDemo((line) => process.stdout.write(`${line}\n`), options.seed);
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
