/**
 * `stccg host` as a process of its own, killed: a host killed with SIGKILL in the middle of a battle,
 * right after it answered a command, and started again on the same store, gives the players back the
 * same game at the same step with the same views, and no accepted command is lost. Also: SIGTERM closes
 * it cleanly (exit 0), and a second host on the same embedded store is refused (exit 2).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreatedGame } from '../host/index.ts';
import { type Command, createGame } from '../src/index.ts';
import { SeatClient } from './support/host-client.ts';
import { freePort } from './support/servers.ts';
import { embeddedStoreFolder } from './support/stores.ts';
import { sendAny } from './table.ts';

const BOARDING = JSON.parse(
  readFileSync(new URL('../examples/replays/boarding-party.json', import.meta.url), 'utf8'),
) as { setup: unknown; seed: number; log: Command[] };

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'stccg-restart-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** `stccg host` from the sources, as a child process; resolves once it says where it listens. */
function startHost(port: number, store: string): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(
    process.execPath,
    ['bin/stccg-dev.mjs', 'host', '--port', String(port), '--store', store, '--grace', '1'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host did not start: ${output}`)), 60_000);
    const check = () => {
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited (${code}): ${output}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe('a host killed with SIGKILL', () => {
  it('comes back from its store: the same game, at the same step, with the same views; no accepted command lost', async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const store = embeddedStoreFolder();
    const first = await startHost(port, store);
    const response = await fetch(`${url}/games`, {
      method: 'POST',
      body: JSON.stringify({ setup: BOARDING.setup, seed: BOARDING.seed }),
    });
    const created = (await response.json()) as CreatedGame;
    const sit = (seat: 'alice' | 'bob', since?: number) =>
      SeatClient.join(url, {
        gameId: created.gameId,
        seat,
        token: created.seats[seat]!.token,
        ...(since === undefined ? {} : { since }),
      });
    let players = { alice: await sit('alice'), bob: await sit('bob') };
    // Into the battle: the first pairing engaged, its window open.
    const middle = 7;
    for (const command of BOARDING.log.slice(0, middle - 1))
      expect(await players[command.player as 'alice' | 'bob'].send(command)).toMatchObject({ ok: true });
    // The last command before the kill: killed the moment its answer arrives.
    const last = BOARDING.log[middle - 1]!;
    const sender = players[last.player as 'alice' | 'bob'];
    const killed = exited(first.child);
    sender.room.onMessage('answer', (answer: { ok: boolean }) => {
      if (answer.ok) first.child.kill('SIGKILL');
    });
    sender.room.send('command', { id: 'last', command: last });
    expect((await killed).signal).toBe('SIGKILL');
    const views = { alice: players.alice.payload, bob: players.bob.payload };
    const stepsSeen = { alice: players.alice.step, bob: players.bob.step };

    const started = performance.now();
    const second = await startHost(port, store);
    players = { alice: await sit('alice', stepsSeen.alice), bob: await sit('bob', stepsSeen.bob) };
    const resumed = performance.now() - started;
    // The command answered just before the kill was committed: the game is at its step.
    const reference = createGame(BOARDING.setup, { seed: BOARDING.seed });
    for (const command of BOARDING.log.slice(0, middle)) expect(sendAny(reference, command).ok).toBe(true);
    expect(players.alice.step).toBe(middle);
    expect(players.alice.payload).toEqual(reference.seat('alice').payload());
    expect(players.bob.payload).toEqual(reference.seat('bob').payload());
    // Whoever had not seen the last step before the kill hears it now; the other, nothing again.
    for (const seat of ['alice', 'bob'] as const) {
      if (stepsSeen[seat] === middle) expect(views[seat]).toEqual(players[seat].payload);
      expect(players[seat].heard.map((step) => step.step)).toEqual(stepsSeen[seat] < middle ? [middle] : []);
    }
    expect(resumed).toBeLessThan(30_000);
    // Play goes on to the end of the battle and the turn.
    for (const command of BOARDING.log.slice(middle))
      expect(await players[command.player as 'alice' | 'bob'].send(command)).toMatchObject({ ok: true });
    for (const command of BOARDING.log.slice(middle)) sendAny(reference, command);
    await players.alice.until(() => players.alice.step === BOARDING.log.length, 'the last step');
    expect(players.alice.payload).toEqual(reference.seat('alice').payload());
    for (const player of Object.values(players)) await player.leave();
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toEqual({ code: 0, signal: null });
    expect(second.output()).toContain('closing (the games stay in the store)');
  }, 120_000);

  it('a second host on the same embedded store is refused (exit 2), naming the process that has it', async () => {
    const store = embeddedStoreFolder();
    const first = await startHost(await freePort(), store);
    const second = spawn(
      process.execPath,
      ['bin/stccg-dev.mjs', 'host', '--port', String(await freePort()), '--store', store],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(second);
    let errors = '';
    second.stderr!.on('data', (chunk) => (errors += chunk));
    expect(await exited(second)).toEqual({ code: 2, signal: null });
    expect(errors).toContain(`open in another process (pid ${first.child.pid})`);
    first.child.kill('SIGTERM');
    expect((await exited(first.child)).code).toBe(0);
  }, 120_000);
});
