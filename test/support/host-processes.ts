import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll } from 'vitest';
import { freePort } from '../../scripts/local-servers.ts';

/**
 * `stccg host` processes for the tests that need several (or one to kill): each started from the
 * sources as a child process, on a port of its own, stopped when the test file ends.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export interface HostProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
  output(): string;
  /** Resolves with the exit code and signal once the process has exited. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `stccg host` with these options (and `--port`); resolves once it says where it listens. */
export async function hostProcess(options: readonly string[], port?: number): Promise<HostProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['bin/stccg-dev.mjs', 'host', '--port', String(chosen), ...options], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host did not start: ${output}`)), 60_000);
    child.stdout!.on('data', () => {
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exit.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the host exited (${code}): ${output}`));
    });
  });
  return { child, url: `http://localhost:${chosen}`, port: chosen, output: () => output, exited: () => exit };
}

/** A database of its own on a PostgreSQL server, dropped when the test file ends. */
export async function freshDatabase(url: string): Promise<string> {
  const name = `stccg_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  afterAll(async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect().catch(() => {});
    await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await cleanup.end().catch(() => {});
  });
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Tries `attempt` until it resolves (every `every` ms), for at most `ms`: what a client does after a failover. */
export async function retrying<T>(attempt: () => Promise<T>, ms = 30_000, every = 150): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, every));
    }
  }
}
