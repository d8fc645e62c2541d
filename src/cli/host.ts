import { readFileSync } from 'node:fs';
import { type Command, InvalidArgumentError } from 'commander';
import { EXIT } from './exit.ts';
import { type StopRequests, stopRequests } from './stop-requests.ts';

/**
 * `stccg host [--port N] [--store DIR | postgres://...] [--secret-file F] [--game SETUP.json]
 * [--retain TIME|ended [--export-to DIR]]`: starts a
 * host, says where it listens, and runs until SIGTERM or SIGINT (or, started through npm, its launcher's
 * end: `stop-requests.ts`), when it closes every room (the games stay in the store) and exits 0. The host's packages are optional peers of stccg-rules: where they are
 * not installed, it says which to install and exits 2.
 */

const HOST_PACKAGES = [
  '@colyseus/core@0.16',
  '@colyseus/ws-transport@0.16',
  '@colyseus/schema@3',
  'colyseus.js@0.16',
  '@electric-sql/pglite@0.5',
  'pg@8',
];

interface HostCommandOptions {
  readonly port: number;
  readonly hostname?: string;
  readonly store: string;
  readonly secretFile?: string;
  readonly grace: number;
  readonly publicUrl?: string;
  readonly game?: string;
  readonly redis?: string;
  readonly publicAddress?: string;
  readonly createTokenFile?: string;
  readonly bot: readonly string[];
  readonly checkpointEvery?: number;
  readonly retain?: Retention;
  readonly exportTo?: string;
}

/** `--retain`: how long a game in play keeps its history (ms), or `ended` (only ended games lose theirs). */
type Retention = { readonly keepMs?: number };

const UNITS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function retention(value: string): Retention {
  if (value.trim() === 'ended') return {};
  const match = /^(\d+)([smhd])$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError("'ended', or a time such as 90s, 30m, 12h, 7d");
  return { keepMs: Number(match[1]) * UNITS[match[2]!]! };
}

function port(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number > 65_535)
    throw new InvalidArgumentError('a port from 0 to 65535');
  return number;
}

function steps(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < 1 || number > 1_000_000)
    throw new InvalidArgumentError('a whole number of steps, at least 1');
  return number;
}

function seconds(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number > 86_400)
    throw new InvalidArgumentError('whole seconds, at most a day');
  return number;
}

export function register(program: Command): void {
  program
    .command('host')
    .description(
      'host games over the network (Colyseus): players join from links, every command kept in a store',
    )
    .option('--port <n>', 'the port to listen on (0: any free port)', port, 2567)
    .option('--hostname <address>', 'the address to listen on (default: every interface)')
    .option(
      '--store <dir|url>',
      'a folder for the embedded store, or a postgres:// connection string',
      './stccg-games',
    )
    .option(
      '--secret-file <file>',
      "the key that signs checkpoints (default: the store's own, made on first start)",
    )
    .option('--grace <seconds>', "how long a dropped seat's place is kept", seconds, 30)
    .option('--public-url <url>', 'the address players reach the host at (for their links)')
    .option('--game <setup.json>', 'create a game from this setup on start, and print its links')
    .option(
      '--bot <player>',
      "with --game: the computer plays this player's seat (repeatable)",
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .option(
      '--redis <url>',
      'a Redis shared by several host processes (with a postgres:// store): redis://host:6379',
    )
    .option(
      '--public-address <host:port>',
      'where clients reach this process (default with --redis: localhost:PORT)',
    )
    .option('--create-token-file <file>', 'POST /games then takes this token (Authorization: Bearer TOKEN)')
    .option(
      '--checkpoint-every <steps>',
      'a checkpoint of each game every this many steps (default 50)',
      steps,
    )
    .option(
      '--retain <time|ended>',
      "delete the history no room needs (steps before a game's second-to-last checkpoint) of ended games, and of games in play after this long (90s, 30m, 12h, 7d)",
      retention,
    )
    .option(
      '--export-to <folder>',
      'with --retain: write each ended game whole here (GAME-ID.json) before its history goes',
    )
    .addHelpText(
      'after',
      "\nCreate games with POST /games { setup, seed?, id? } (answers each seat's token and link, once).\nReplace a leaked seat's token: POST /games/ID/seats/SEAT/token (with the create token). Readiness: GET /health.\nExit codes: 0 closed on SIGTERM or SIGINT, 2 bad input or usage (a port in use, a store another host has open).",
    )
    .action(async (options: HostCommandOptions) => {
      process.exitCode = await runHost(options);
    });
}

async function runHost(options: HostCommandOptions): Promise<number> {
  // Heard from the start: a host told to stop while it starts closes once it has (its store, its lock).
  const stop = stopRequests();
  try {
    return await hostUntilStopped(options, stop);
  } finally {
    stop.dispose();
  }
}

async function hostUntilStopped(options: HostCommandOptions, stop: StopRequests): Promise<number> {
  let host: typeof import('../../host/index.ts');
  // Colyseus waits this long for another process's answer before it takes that process for dead and
  // its rooms for lost (default 2 s): set before Colyseus is loaded, which reads it once.
  process.env.COLYSEUS_PRESENCE_SHORT_TIMEOUT ??= '1000';
  try {
    host = await import('../../host/index.ts');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    process.stderr.write(
      `stccg host: the host's packages are not installed (${(error as Error).message.split('\n')[0]}).\n` +
        `Install them beside stccg-rules: npm install ${HOST_PACKAGES.join(' ')}\n`,
    );
    return EXIT.badInput;
  }
  let key: import('../index.ts').SaveKey | undefined;
  let setup: unknown;
  let createToken: string | undefined;
  try {
    if (options.exportTo && !options.retain)
      throw new Error('--export-to writes games out before retention deletes them: give --retain too');
    if (options.secretFile) key = host.keyFromFile(options.secretFile);
    if (options.createTokenFile) createToken = readFileSync(options.createTokenFile, 'utf8').trim();
    if (options.game) setup = JSON.parse(readFileSync(options.game, 'utf8'));
  } catch (error) {
    process.stderr.write(`stccg host: ${(error as Error).message}\n`);
    return EXIT.badInput;
  }
  let running: Awaited<ReturnType<typeof host.startHost>>;
  try {
    running = await host.startHost({
      port: options.port,
      store: options.store,
      graceSeconds: options.grace,
      ...(options.hostname ? { hostname: options.hostname } : {}),
      ...(options.publicUrl ? { publicUrl: options.publicUrl.replace(/\/$/, '') } : {}),
      ...(key ? { key } : {}),
      ...(options.redis ? { redis: options.redis } : {}),
      ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}),
      ...(createToken ? { createToken } : {}),
      ...(options.checkpointEvery ? { checkpointEvery: options.checkpointEvery } : {}),
      ...(options.retain
        ? { retain: { ...options.retain, ...(options.exportTo ? { exportTo: options.exportTo } : {}) } }
        : {}),
      log: (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
    });
  } catch (error) {
    process.stderr.write(`stccg host: ${(error as Error).message}\n`);
    return EXIT.badInput;
  }
  const counts = await running.store.counts().catch(() => ({ games: '?' }));
  process.stdout.write(
    `stccg host listening on ${running.url} (store ${running.store.where}: ${counts.games} games)\n` +
      `create a game: curl -X POST ${running.url}/games -H 'content-type: application/json' -d '{"setup": ...}'\n`,
  );
  if (setup !== undefined) {
    try {
      const game = await running.createGame({
        setup: (setup as { setup?: unknown }).setup ?? setup,
        ...(options.bot.length > 0 ? { bots: options.bot } : {}),
      });
      process.stdout.write(`game ${game.gameId}:\n`);
      for (const [player, { link }] of Object.entries(game.seats))
        process.stdout.write(`  ${player}: ${link}\n`);
      for (const player of game.bots) process.stdout.write(`  ${player}: the computer\n`);
      process.stdout.write(`  watch: ${game.spectate}\n`);
      process.stdout.write(`  replay (the judge's console; it shows the hands): ${game.replay.link}\n`);
    } catch (error) {
      process.stderr.write(`stccg host: the game is refused: ${(error as Error).message}\n`);
      await running.close();
      return EXIT.badInput;
    }
  }
  const why = await stop.requested;
  process.stdout.write(`stccg host: ${why}: closing (the games stay in the store)\n`);
  await running.close();
  return EXIT.ok;
}
