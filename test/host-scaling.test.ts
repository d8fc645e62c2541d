/**
 * Several host processes, one service, on real servers (a PostgreSQL and a Redis of the tests' own,
 * test/support/servers.ts): a client may ask any process for a game and is sent to the one that holds it;
 * one process at a time accepts a game's commands (a lease in PostgreSQL); a host killed with SIGKILL
 * mid-battle is taken over by another, and the players go on from the same step; a Redis restarted is
 * recovered from; while PostgreSQL is down, commands are refused as unavailable, never acknowledged and
 * then lost, and play goes on when it is back.
 */

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LocalServer, startPostgres, startRedis } from '../scripts/local-servers.ts';
import { BOARDING, boardingReference, createBoarding, playBoarding, sit } from './support/boarding.ts';
import { SeatClient } from './support/host-client.ts';
import { freshDatabase, hostProcess, retrying } from './support/host-processes.ts';

const POSTGRES = inject('postgresUrl');
const REDIS = inject('redisUrl');
const servers = POSTGRES !== '' && REDIS !== '';

const play = playBoarding;
const reference = boardingReference;

describe.runIf(servers)('two host processes on one PostgreSQL and one Redis', () => {
  let store: string;
  beforeAll(async () => {
    store = await freshDatabase(POSTGRES);
  });

  it('a client asks either process for a game and plays in the one room that holds it', async () => {
    const a = await hostProcess(['--store', store, '--redis', REDIS]);
    const b = await hostProcess(['--store', store, '--redis', REDIS]);
    const game = await createBoarding(a.url);
    // Alice asks A, Bob asks B: one room, wherever it is.
    const players = { alice: await sit(a.url, game, 'alice'), bob: await sit(b.url, game, 'bob') };
    await play(players, 0, 6);
    expect(players.bob.payload).toEqual(reference(6).seat('bob').payload());
    expect(players.alice.room.roomId).toBe(players.bob.room.roomId);
    for (const seat of Object.values(players)) await seat.leave();
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect((await a.exited()).code).toBe(0);
    expect((await b.exited()).code).toBe(0);
  }, 120_000);

  it('failover: the process holding a game is killed mid-battle; the other takes it over, and play goes on from the same step', async () => {
    const a = await hostProcess(['--store', store, '--redis', REDIS]);
    const b = await hostProcess(['--store', store, '--redis', REDIS]);
    const game = await createBoarding(a.url);
    let players = { alice: await sit(a.url, game, 'alice'), bob: await sit(a.url, game, 'bob') };
    await play(players, 0, 7);
    const views = { alice: players.alice.payload, bob: players.bob.payload };
    // Which process holds the room: the one that dies.
    const owner = roomProcess(players.alice);
    const [victim, survivor] = owner === String(b.port) ? [b, a] : [a, b];
    const killed = performance.now();
    victim.child.kill('SIGKILL');
    expect((await victim.exited()).signal).toBe('SIGKILL');
    // The players come back through the process that lives, with their tokens and the step they saw.
    players = {
      alice: await retrying(() => sit(survivor.url, game, 'alice', 7)),
      bob: await retrying(() => sit(survivor.url, game, 'bob', 7)),
    };
    const resumed = performance.now() - killed;
    expect(players.alice.payload).toEqual(views.alice);
    expect(players.bob.payload).toEqual(views.bob);
    await play(players, 7, BOARDING.log.length);
    expect(players.alice.payload).toEqual(reference(BOARDING.log.length).seat('alice').payload());
    process.stdout.write(`failover: play resumed ${Math.round(resumed)} ms after the kill\n`);
    for (const seat of Object.values(players)) await seat.leave();
    survivor.child.kill('SIGTERM');
    await survivor.exited();
  }, 120_000);
});

/** The port of the process a client's room is on (its connection's URL names it). */
function roomProcess(seat: SeatClient): string {
  const url = (seat.room.connection.transport as unknown as { ws: { url: string } }).ws.url;
  return new URL(url).port;
}

describe.runIf(servers)('one owner per game', () => {
  it('two processes race to open one game 100 times (no Redis: each would open a room of its own): never do both accept a command', async () => {
    const store = await freshDatabase(POSTGRES);
    const a = await hostProcess(['--store', store]);
    const b = await hostProcess(['--store', store]);
    let both = 0;
    let one = 0;
    for (let i = 0; i < 100; i++) {
      const game = await createBoarding(a.url);
      const attack = BOARDING.log[0]!;
      // Alice's two connections, one to each process, at once; each sends her attack.
      const tries = await Promise.allSettled(
        [a, b].map(async (host) => {
          const alice = await sit(host.url, game, 'alice');
          const answer = await alice.send(attack);
          await alice.leave();
          return answer.ok;
        }),
      );
      const accepted = tries.filter((t) => t.status === 'fulfilled' && t.value).length;
      if (accepted === 2) both++;
      if (accepted === 1) one++;
    }
    expect(both).toBe(0);
    expect(one).toBeGreaterThan(90);
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    await a.exited();
    await b.exited();
  }, 300_000);
});

describe.runIf(servers)('faults of the shared servers', () => {
  let redis: LocalServer | undefined;
  let postgres: LocalServer | undefined;
  beforeAll(async () => {
    redis = await startRedis({ shared: false });
    postgres = await startPostgres({ shared: false });
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
    await postgres?.stop();
  });

  it('Redis restarted: the hosts recover, the game goes on, and a newcomer finds it again', async () => {
    const a = await hostProcess(['--store', postgres!.url, '--redis', redis!.url]);
    const b = await hostProcess(['--store', postgres!.url, '--redis', redis!.url]);
    const game = await createBoarding(a.url);
    const players = { alice: await sit(a.url, game, 'alice'), bob: await sit(b.url, game, 'bob') };
    await play(players, 0, 4);
    await redis!.pause!();
    await redis!.resume!();
    // The players' rooms never needed Redis to play.
    await play(players, 4, 8);
    // A spectator asking either process finds the game's room once its host has listed it again.
    const watcher = await retrying(() => SeatClient.join(b.url, { gameId: game.gameId }), 20_000, 250);
    expect(watcher.payload).toEqual(reference(8).spectator().payload());
    for (const seat of [...Object.values(players), watcher]) await seat.leave();
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    await a.exited();
    await b.exited();
  }, 120_000);

  it('PostgreSQL stopped: commands are refused as unavailable, never acknowledged and then lost; play goes on when it is back', async () => {
    const host = await hostProcess(['--store', postgres!.url]);
    const game = await createBoarding(host.url);
    const players = { alice: await sit(host.url, game, 'alice'), bob: await sit(host.url, game, 'bob') };
    await play(players, 0, 3);
    await postgres!.pause!();
    const down = await players.alice.send(BOARDING.log[3]);
    expect(down).toMatchObject({ ok: false, refused: { code: 'unavailable' } });
    expect(await players.alice.send(BOARDING.log[3])).toMatchObject({
      ok: false,
      refused: { code: 'unavailable' },
    });
    expect(players.bob.step).toBe(3);
    await postgres!.resume!();
    // Back: the same command is carried out (once), and the game goes on.
    const back = await retrying(async () => {
      const answer = await players.alice.send(BOARDING.log[3]);
      if (!answer.ok) throw new Error(JSON.stringify(answer));
      return answer;
    });
    expect(back).toMatchObject({ ok: true, step: 4 });
    await players.bob.until(() => players.bob.step === 4, 'step 4');
    await play(players, 4, BOARDING.log.length);
    expect(players.bob.payload).toEqual(reference(BOARDING.log.length).seat('bob').payload());
    for (const seat of Object.values(players)) await seat.leave();
    host.child.kill('SIGTERM');
    expect((await host.exited()).code).toBe(0);
  }, 120_000);
});
