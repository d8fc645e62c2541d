import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Vitest's global setup for the host's tests on real servers: a PostgreSQL and a Redis of their own, on
 * loopback, started here from Debian's packages (`postgresql`, `redis-server`, which `.ci/run` installs)
 * and stopped when the run ends; or the servers named by STCCG_POSTGRES_URL and STCCG_REDIS_URL. Where
 * neither is to be had, their tests say so in one line and skip; where STCCG_REQUIRE_SERVERS=1 (CI),
 * that fails the run instead: CI never skips them.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL connection string for the tests' own use, or '' where there is none. */
    postgresUrl: string;
    /** A Redis URL for the tests' own use, or '' where there is none. */
    redisUrl: string;
  }
}

const REQUIRED = process.env.STCCG_REQUIRE_SERVERS === '1';

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

async function startPostgres(): Promise<{ url: string; stop: () => void } | undefined> {
  if (process.env.STCCG_POSTGRES_URL) return { url: process.env.STCCG_POSTGRES_URL, stop: () => {} };
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
    'fsync=off',
  ]);
  const child: ChildProcess = spawn(postgres, args, { stdio: 'ignore' });
  const [isReady, readyArgs] = asPostgres(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]);
  await waitFor(() => {
    try {
      execFileSync(isReady, readyArgs, { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  }, 'PostgreSQL');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      child.kill('SIGINT');
      setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500).unref();
    },
  };
}

async function startRedis(): Promise<{ url: string; stop: () => void } | undefined> {
  if (process.env.STCCG_REDIS_URL) return { url: process.env.STCCG_REDIS_URL, stop: () => {} };
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
  if (!binary) return undefined;
  const port = await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const cli = ['/usr/bin/redis-cli', '/usr/local/bin/redis-cli'].find((path) => existsSync(path));
  await waitFor(() => {
    if (!cli) return true;
    try {
      return execFileSync(cli, ['-p', String(port), 'ping'], { encoding: 'utf8' }).trim() === 'PONG';
    } catch {
      return false;
    }
  }, 'Redis');
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

export default async function servers(project: TestProject): Promise<() => void> {
  const postgres = await startPostgres();
  const redis = await startRedis();
  const missing = [
    !postgres && 'PostgreSQL (Debian: apt-get install postgresql, or set STCCG_POSTGRES_URL)',
    !redis && 'Redis (Debian: apt-get install redis-server, or set STCCG_REDIS_URL)',
  ].filter(Boolean);
  if (missing.length > 0) {
    const notice = `Tests on real servers skipped: no ${missing.join(' and no ')}.`;
    if (REQUIRED) throw new Error(`STCCG_REQUIRE_SERVERS=1, but ${notice}`);
    process.stdout.write(`\n${notice}\n\n`);
  }
  project.provide('postgresUrl', postgres?.url ?? '');
  project.provide('redisUrl', redis?.url ?? '');
  return () => {
    postgres?.stop();
    redis?.stop();
  };
}
