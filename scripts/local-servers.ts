import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL and a Redis of one's own, on loopback, for the host's tests and benchmarks: the servers
 * named by STCCG_POSTGRES_URL and STCCG_REDIS_URL, or else started here from Debian's packages
 * (`postgresql`, `redis-server`) in a temporary folder, and stopped by `stop`. Undefined where neither.
 */

/** A free port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Debian's PostgreSQL server binaries (`/usr/lib/postgresql/VERSION/bin`), the newest, if installed. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

/** Runs a PostgreSQL program as the `postgres` user where this is root (PostgreSQL refuses root). */
function asPostgres(program: string, args: readonly string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, [...args]];
}

async function waitFor(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start within ${ms / 1000} s`);
}

/** A server of one's own: where it is, and how to stop it for a while (its data kept) or for good. */
export interface LocalServer {
  readonly url: string;
  /** Stops it for good (and removes its folder). */
  stop(): Promise<void> | void;
  /** Stops it, keeping its data and port, as a crash or an operator would (only for servers started here). */
  pause?(): Promise<void>;
  /** Starts it again where it was paused. */
  resume?(): Promise<void>;
}

/** A process of its own group (`runuser` passes no signal on: a stop goes to the whole group). */
function spawnGroup(command: string, args: readonly string[]): ChildProcess {
  return spawn(command, [...args], { stdio: 'ignore', detached: true });
}

/** Sends a signal to a process's group, and waits for the process to exit. */
function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid!, signal);
  });
}

/**
 * A PostgreSQL: the shared one named by STCCG_POSTGRES_URL (unless `shared: false`), or one started
 * here. Its fsync is off for tests (they test commits, not disks), on with `durable` (a benchmark's
 * figures are a production server's).
 */
export async function startPostgres(
  options: { shared?: boolean; durable?: boolean } = {},
): Promise<LocalServer | undefined> {
  if (process.env.STCCG_POSTGRES_URL && options.shared !== false)
    return { url: process.env.STCCG_POSTGRES_URL, stop: () => {} };
  const bin = postgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'stccg-pg-'));
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'])),
      Number(execFileSync('id', ['-g', 'postgres'])),
    );
  const data = join(dir, 'data');
  const [initdb, initArgs] = asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [postgres, args] = asPostgres(join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `fsync=${options.durable ? 'on' : 'off'}`,
    '-c',
    'max_connections=200',
  ]);
  const [isReady, readyArgs] = asPostgres(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]);
  let child = spawnGroup(postgres, args);
  const check = () =>
    waitFor(() => {
      try {
        execFileSync(isReady, readyArgs, { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    }, 'PostgreSQL');
  // One that does not come up is stopped, and its folder removed: nothing left running behind a failure.
  const ready = async () => {
    try {
      await check();
    } catch (error) {
      await ended(child, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  };
  await ready();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // PostgreSQL's fast shutdown, then its folder removed once it has exited.
    async stop() {
      await ended(child, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
    pause: () => ended(child, 'SIGINT'),
    async resume() {
      child = spawnGroup(postgres, args);
      await ready();
    },
  };
}

export async function startRedis(options: { shared?: boolean } = {}): Promise<LocalServer | undefined> {
  if (process.env.STCCG_REDIS_URL && options.shared !== false)
    return { url: process.env.STCCG_REDIS_URL, stop: () => {} };
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
  if (!binary) return undefined;
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const cli = ['/usr/bin/redis-cli', '/usr/local/bin/redis-cli'].find((path) => existsSync(path));
  const check = () =>
    waitFor(() => {
      if (!cli) return true;
      try {
        const answer = execFileSync(cli, ['-p', String(port), 'ping'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        return answer.trim() === 'PONG';
      } catch {
        return false;
      }
    }, 'Redis');
  let child = spawnGroup(binary, args);
  const ready = async () => {
    try {
      await check();
    } catch (error) {
      await ended(child, 'SIGKILL');
      throw error;
    }
  };
  await ready();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => ended(child, 'SIGTERM'),
    // Killed, as a crash would: it forgets everything (it keeps nothing on disk).
    pause: () => ended(child, 'SIGKILL'),
    async resume() {
      child = spawnGroup(binary, args);
      await ready();
    },
  };
}
