/**
 * `stccg host` as a process of its own, killed: a host killed with SIGKILL in the middle of a battle,
 * right after it answered a command, and started again on the same store, gives the players back the
 * same game at the same step with the same views, and no accepted command is lost. Also: SIGTERM closes
 * it cleanly (exit 0), and a second host on the same embedded store is refused (exit 2).
 */

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BOARDING, boardingReference, createBoarding, playBoarding, sit } from './support/boarding.ts';
import { hostProcess } from './support/host-processes.ts';
import { freePort } from './support/servers.ts';
import { embeddedStoreFolder } from './support/stores.ts';

const ROOT = new URL('..', import.meta.url).pathname;

describe('a host killed with SIGKILL', () => {
  it('comes back from its store: the same game, at the same step, with the same views; no accepted command lost', async () => {
    const store = embeddedStoreFolder();
    const first = await hostProcess(['--store', store, '--grace', '1']);
    const game = await createBoarding(first.url);
    let players = { alice: await sit(first.url, game, 'alice'), bob: await sit(first.url, game, 'bob') };
    // Into the battle: the first pairing engaged, its window open.
    const middle = 7;
    await playBoarding(players, 0, middle - 1);
    // The last command before the kill: killed the moment its answer arrives.
    const last = BOARDING.log[middle - 1]!;
    const sender = players[last.player as 'alice' | 'bob'];
    sender.room.onMessage('answer', (answer: { ok: boolean }) => {
      if (answer.ok) first.child.kill('SIGKILL');
    });
    sender.room.send('command', { id: 'last', command: last });
    expect((await first.exited()).signal).toBe('SIGKILL');
    const views = { alice: players.alice.payload, bob: players.bob.payload };
    const seen = { alice: players.alice.step, bob: players.bob.step };

    const second = await hostProcess(['--store', store, '--grace', '1'], first.port);
    players = {
      alice: await sit(second.url, game, 'alice', seen.alice),
      bob: await sit(second.url, game, 'bob', seen.bob),
    };
    // The command answered just before the kill was committed: the game is at its step.
    const reference = boardingReference(middle);
    expect(players.alice.step).toBe(middle);
    expect(players.alice.payload).toEqual(reference.seat('alice').payload());
    expect(players.bob.payload).toEqual(reference.seat('bob').payload());
    // Whoever had not seen the last step before the kill hears it now; the other, nothing again.
    for (const seat of ['alice', 'bob'] as const) {
      if (seen[seat] === middle) expect(views[seat]).toEqual(players[seat].payload);
      expect(players[seat].heard.map((step) => step.step)).toEqual(seen[seat] < middle ? [middle] : []);
    }
    // Play goes on to the end of the battle and the turn.
    await playBoarding(players, middle, BOARDING.log.length);
    expect(players.alice.payload).toEqual(boardingReference().seat('alice').payload());
    for (const player of Object.values(players)) await player.leave();
    second.child.kill('SIGTERM');
    expect(await second.exited()).toEqual({ code: 0, signal: null });
    expect(second.output()).toContain('closing (the games stay in the store)');
  }, 120_000);

  it('a second host on the same embedded store is refused (exit 2), naming the process that has it', async () => {
    const store = embeddedStoreFolder();
    const first = await hostProcess(['--store', store]);
    const second = spawn(
      process.execPath,
      ['bin/stccg-dev.mjs', 'host', '--port', String(await freePort()), '--store', store],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let errors = '';
    second.stderr!.on('data', (chunk) => (errors += chunk));
    const exit = await new Promise((resolve) =>
      second.once('exit', (code, signal) => resolve({ code, signal })),
    );
    expect(exit).toEqual({ code: 2, signal: null });
    expect(errors).toContain(`open in another process (pid ${first.child.pid})`);
    first.child.kill('SIGTERM');
    expect((await first.exited()).code).toBe(0);
  }, 120_000);
});
