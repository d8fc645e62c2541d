import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { DEFAULT_DEMO_TRACE, runWatchedDemo } from '../debug/watch-demo.ts';
import { register as registerCharts } from './charts.ts';
import { register as registerOdds } from './odds.ts';
import { register as registerReplay } from './replay.ts';
import { register as registerRun } from './run.ts';
import { register as registerView } from './view.ts';

/** A seed given on the command line: a whole number the engine accepts, or a clear refusal. */
export function parseSeed(value: string): number {
  const seed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(seed) || seed > 0xffff_ffff) {
    throw new InvalidArgumentError('a seed is a whole number from 0 to 4294967295');
  }
  return seed;
}

/** The `stccg` program. Returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('stccg')
    .description('Star Trek CCG (First Edition) rules engine: holograms and personnel battle')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

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
