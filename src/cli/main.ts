import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { DEFAULT_DEMO_TRACE, runWatchedDemo } from '../debug/watch-demo.ts';
import { register as registerCharts } from './charts.ts';
import { EXIT } from './exit.ts';
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

/** The package's version, from its package.json (found upwards: `src/cli` in a clone, `dist/src/cli` built). */
export function packageVersion(): string {
  for (let url = new URL('.', import.meta.url); url.pathname !== '/'; url = new URL('..', url)) {
    try {
      const json = JSON.parse(readFileSync(new URL('package.json', url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (json.name === 'stccg-rules' && json.version) return json.version;
    } catch {
      // No package.json at this level: look one up.
    }
  }
  return 'unknown';
}

/**
 * The `stccg` program. Returns the exit code: 0 success, 1 a ruling or check failed, 2 bad input or
 * usage (docs/cli.md).
 */
export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('stccg')
    .description('Star Trek CCG (First Edition) rules engine: holograms and personnel battle')
    .version(packageVersion(), '-V, --version', 'print the version')
    .addHelpText(
      'after',
      '\nExit codes: 0 success, 1 a ruling or check failed, 2 bad input or usage (docs/cli.md).',
    )
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
        process.exitCode = EXIT.badInput;
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
    // Help and --version asked for exit 0; a usage error (no command, an unknown command or option,
    // a bad option value) is bad input: 2.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.badInput;
    throw error;
  }
}
