import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { EXIT } from './exit.ts';

export { parseSeed } from './seed.ts';

/**
 * The commands, each in its own module, loaded only when it runs (or its help is asked for): so that
 * `stccg --help` and `stccg --version` load no more than commander, and each command only what it
 * needs. `args` and `description` are what the program's own help lists.
 */
export const COMMANDS: ReadonlyArray<{
  readonly name: string;
  readonly args: string;
  readonly description: string;
  readonly load: () => Promise<{ register(program: Command): void }>;
}> = [
  {
    name: 'demo',
    args: '',
    description: 'narrate a short game with holograms, on built-in data, each line with its clause',
    load: () => import('./demo.ts'),
  },
  {
    name: 'run',
    args: '<paths...>',
    description: 'run scenario files (rulings that run): each step passes, or shows expected against actual',
    load: () => import('./run.ts'),
  },
  {
    name: 'replay',
    args: '<log>',
    description: 'replay a game from its setup, seed and command log (a save, or { setup, seed, log })',
    load: () => import('./replay.ts'),
  },
  {
    name: 'charts',
    args: '',
    description: 'write the statecharts (game, hologram, battle, response window) as Mermaid text and SVG',
    load: () => import('./charts.ts'),
  },
  {
    name: 'view',
    args: '<trace>',
    description:
      'write the trace viewer: one self-contained HTML page (statecharts, timeline, board, clauses)',
    load: () => import('./view.ts'),
  },
  {
    name: 'cards',
    args: '',
    description:
      "card definitions from elsewhere: 'cards import PATH...' reads the community's 1E card files",
    load: () => import('./cards.ts'),
  },
  {
    name: 'host',
    args: '',
    description:
      'host games over the network (Colyseus): players join from links, every command kept in a store',
    load: () => import('./host.ts'),
  },
  {
    name: 'play',
    args: '<setup>',
    description:
      'play a game on the terminal against the computer: your commands numbered, its choices explained',
    load: () => import('./play.ts'),
  },
  {
    name: 'odds',
    args: '<setup>',
    description: 'play a battle many times from independent seeds: the chances of each outcome, with 95% CIs',
    load: () => import('./odds.ts'),
  },
];

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

/** The peer dependency every command but the help needs: the client's own copy of XState. */
const PEER = 'xstate';

/**
 * A command's module, or the exit code of bad usage when a peer dependency it needs is missing: said in
 * two lines, not a stack trace. npm 7 and later install `xstate` with the package (a required peer);
 * `--omit=peer`, or an install by another tool, may still leave it out.
 */
async function loadCommand(
  command: (typeof COMMANDS)[number],
): Promise<{ register(program: Command): void } | number> {
  try {
    return await command.load();
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== 'ERR_MODULE_NOT_FOUND' || !message.includes(`'${PEER}'`)) throw error;
    process.stderr.write(
      `stccg ${command.name}: needs ${PEER}, a peer dependency of stccg-rules, and it is not installed.\n` +
        `Install it beside the package: npm install ${PEER}@^5.24.0\n`,
    );
    return EXIT.badInput;
  }
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

  // The command that runs (`stccg CMD ...` or `stccg help CMD`) is loaded whole; the others are listed.
  const chosen = argv[0] === 'help' ? argv[1] : argv[0];
  for (const command of COMMANDS) {
    if (command.name === chosen) {
      const loaded = await loadCommand(command);
      if (typeof loaded === 'number') return loaded;
      loaded.register(program);
    } else {
      const listed = program.command(command.name).description(command.description);
      if (command.args) listed.arguments(command.args);
    }
  }

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
