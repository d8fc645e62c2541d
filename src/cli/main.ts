import { Command, CommanderError } from 'commander';
import { runDemo } from '../demo/demo.ts';

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

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    throw error;
  }
}
