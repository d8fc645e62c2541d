/**
 * The host's door (issue 31): a `POST /games` body over the limit is answered 413 with JSON (not a
 * connection reset); a seat's token is replaced with the host's create token, and the old one claims the
 * seat no more, in a room open here or in another process; `/health` answers 200 only while the store
 * answers (503 naming what failed, within a bounded time); `stccg host` closes on SIGTERM, whether started
 * as the bin or through npm (which signals only the shell it runs the bin in), freeing its port and its
 * store's lock.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { join } from 'node:path';
import { matchMaker } from '@colyseus/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Readiness } from '../host/health.ts';
import { answerHttp } from '../host/http.ts';
import { type CreatedGame, type GameStore, type Host, StoreError, startHost } from '../host/index.ts';
import { CLOSE_REVOKED } from '../host/protocol.ts';
import { openEmbeddedStore } from '../host/store/embedded-store.ts';
import { freePort } from '../scripts/local-servers.ts';
import { BOARDING } from './support/boarding.ts';
import { SeatClient } from './support/host-client.ts';
import { freshDatabase, hostProcess, retrying } from './support/host-processes.ts';
import { embeddedStoreFolder } from './support/stores.ts';
import { tempFolder } from './support/temp.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const TOKEN = 'door-keeper';
const BEARER = { authorization: `Bearer ${TOKEN}` };

let host: Host;
/** What the store's `ping` does: answer, hang, or fail. */
let ping: 'answers' | 'hangs' | 'fails' = 'answers';
const clients: SeatClient[] = [];

beforeAll(async () => {
  const inner = await openEmbeddedStore(embeddedStoreFolder());
  const store: GameStore = Object.assign(Object.create(inner) as GameStore, {
    ping: () =>
      ping === 'hangs'
        ? new Promise<void>(() => {})
        : ping === 'fails'
          ? Promise.reject(new StoreError('the store is unavailable: connection refused', 'unavailable'))
          : inner.ping(),
  });
  host = await startHost({ port: 0, store, createToken: TOKEN, graceSeconds: 1 });
});

afterAll(async () => {
  for (const client of clients) await client.leave();
  await host?.close();
});

async function createBoarding(options: { bots?: string[] } = {}): Promise<CreatedGame> {
  const response = await fetch(`${host.url}/games`, {
    method: 'POST',
    headers: BEARER,
    body: JSON.stringify({ setup: BOARDING.setup, seed: BOARDING.seed, ...options }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedGame;
}

function rotate(gameId: string, seat: string, headers: Record<string, string> = BEARER) {
  return fetch(`${host.url}/games/${encodeURIComponent(gameId)}/seats/${encodeURIComponent(seat)}/token`, {
    method: 'POST',
    headers,
  });
}

async function sitAt(gameId: string, seat: string, token: string): Promise<SeatClient> {
  const client = await SeatClient.join(host.url, { gameId, seat, token });
  clients.push(client);
  return client;
}

/** Resolves with the close code once the host closes the connection; fails after 10 s. */
function closed(client: SeatClient): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the connection was not closed within 10 s')), 10_000);
    client.room.onLeave((code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('POST /games: a body over 256 KB', () => {
  it('declared too long (content-length): 413 with JSON, and the host answers on', async () => {
    const response = await fetch(`${host.url}/games`, {
      method: 'POST',
      headers: BEARER,
      body: JSON.stringify({ setup: 'x'.repeat(300 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'too-large' });
    expect((await fetch(`${host.url}/health`)).status).toBe(200);
  });

  it('streamed with no length, 4 MB of it: 413 with JSON as it passes the limit, not a reset', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 4 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${host.url}/games`, {
      method: 'POST',
      headers: BEARER,
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toMatchObject({
      error: 'too-large',
      message: expect.stringContaining('262144'),
    });
    expect((await createBoarding()).gameId).toBeTruthy();
  });
});

describe('GET /health', () => {
  it('200 while the store answers (no Redis: none)', async () => {
    const response = await fetch(`${host.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, store: 'ok', redis: 'none' });
  });

  it('503 naming the store where it fails, and, where it hangs, within a second or so', async () => {
    try {
      ping = 'fails';
      let response = await fetch(`${host.url}/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        ok: false,
        store: 'failed',
        redis: 'none',
        message: expect.stringContaining('connection refused'),
      });
      ping = 'hangs';
      const asked = performance.now();
      response = await fetch(`${host.url}/health`);
      expect(performance.now() - asked).toBeLessThan(3_000);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        ok: false,
        store: 'failed',
        message: expect.stringContaining('did not answer within'),
      });
    } finally {
      ping = 'answers';
    }
    expect((await fetch(`${host.url}/health`)).status).toBe(200);
  });

  it('503 while the host starts (before it listens with its store open) and once it is closing', async () => {
    const readiness = new Readiness(host.store);
    expect(await readiness.check()).toMatchObject({ ok: false, host: 'starting' });
    readiness.opened();
    expect(await readiness.check()).toMatchObject({ ok: true, store: 'ok' });
    readiness.closing();
    expect(await readiness.check()).toMatchObject({ ok: false, host: 'closing' });
  });
});

describe("POST /games/:id/seats/:seat/token: a seat's token replaced", () => {
  it('takes the create token: none or a wrong one is 401, and the seat keeps its token', async () => {
    const game = await createBoarding();
    expect((await rotate(game.gameId, 'alice', {})).status).toBe(401);
    expect((await rotate(game.gameId, 'alice', { authorization: 'Bearer door' })).status).toBe(401);
    // A seat's own token proves nothing here: it is what leaks.
    expect(
      (await rotate(game.gameId, 'alice', { authorization: `Bearer ${game.seats.alice!.token}` })).status,
    ).toBe(401);
    (await sitAt(game.gameId, 'alice', game.seats.alice!.token)).leave();
  });

  it('404 for an unknown game, an unknown seat and the computer’s seat', async () => {
    const game = await createBoarding({ bots: ['bob'] });
    for (const [gameId, seat] of [
      ['gNoSuchGameHere0', 'alice'],
      [game.gameId, 'carol'],
      [game.gameId, 'bob'],
    ] as const) {
      const response = await rotate(gameId, seat);
      expect(response.status, `${gameId} ${seat}`).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not-found' });
    }
  });

  it('answers the new token and link once; the old token claims the seat no more, the new one does', async () => {
    const game = await createBoarding();
    const response = await rotate(game.gameId, 'alice');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const rotated = (await response.json()) as { gameId: string; seat: string; token: string; link: string };
    expect(rotated).toMatchObject({ gameId: game.gameId, seat: 'alice' });
    expect(rotated.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.token).not.toBe(game.seats.alice!.token);
    expect(rotated.link).toBe(
      `${host.url}/play#game=${encodeURIComponent(game.gameId)}&seat=alice&token=${rotated.token}`,
    );
    await expect(sitAt(game.gameId, 'alice', game.seats.alice!.token)).rejects.toThrow(/does not claim/);
    const alice = await sitAt(game.gameId, 'alice', rotated.token);
    expect(alice.payload?.step).toBe(0);
    // Bob's seat is untouched.
    await sitAt(game.gameId, 'bob', game.seats.bob!.token);
  });

  it('in a room open here: the old token’s connection is closed, and the old token refused from then on', async () => {
    const game = await createBoarding();
    const alice = await sitAt(game.gameId, 'alice', game.seats.alice!.token);
    const bob = await sitAt(game.gameId, 'bob', game.seats.bob!.token);
    const aliceClosed = closed(alice);
    const response = await rotate(game.gameId, 'alice');
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    expect(await aliceClosed).toBe(CLOSE_REVOKED);
    await expect(sitAt(game.gameId, 'alice', game.seats.alice!.token)).rejects.toThrow(/does not claim/);
    const back = await sitAt(game.gameId, 'alice', token);
    expect(back.room.roomId).toBe(bob.room.roomId);
    expect(await back.send(BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
  });

  it('from another process (its word through the presence): the room open here is told', async () => {
    const game = await createBoarding();
    const alice = await sitAt(game.gameId, 'alice', game.seats.alice!.token);
    const aliceClosed = closed(alice);
    // What another host does as it rotates alice's token: the store first, then its word to the others.
    expect(await host.store.replaceSeatToken(game.gameId, 'alice', 'f'.repeat(64))).toBe(true);
    await matchMaker.presence.publish('stccg:seat-revoked', {
      gameId: game.gameId,
      seat: 'alice',
      from: 'another-host',
    });
    expect(await aliceClosed).toBe(CLOSE_REVOKED);
    await expect(sitAt(game.gameId, 'alice', game.seats.alice!.token)).rejects.toThrow(/does not claim/);
  });
});

const POSTGRES = inject('postgresUrl');
const REDIS = inject('redisUrl');

describe.runIf(POSTGRES !== '' && REDIS !== '')('two host processes on one PostgreSQL and one Redis', () => {
  it('a seat rotated through one process: the room the other holds closes the old token’s connection', async () => {
    const store = await freshDatabase(POSTGRES);
    const tokenFile = join(tempFolder('door'), 'create-token');
    writeFileSync(tokenFile, `${TOKEN}\n`);
    const options = ['--store', store, '--redis', REDIS, '--create-token-file', tokenFile];
    const [a, b] = await Promise.all([hostProcess(options), hostProcess(options)]);
    try {
      for (const one of [a, b]) {
        const health = await fetch(`${one.url}/health`);
        expect(await health.json()).toEqual({ ok: true, store: 'ok', redis: 'ok' });
      }
      const created = await fetch(`${a.url}/games`, {
        method: 'POST',
        headers: BEARER,
        body: JSON.stringify({ setup: BOARDING.setup, seed: BOARDING.seed }),
      });
      const game = (await created.json()) as CreatedGame;
      // Alice plays in A's room; her token is replaced through B.
      const alice = await SeatClient.join(a.url, {
        gameId: game.gameId,
        seat: 'alice',
        token: game.seats.alice!.token,
      });
      clients.push(alice);
      const aliceClosed = closed(alice);
      const rotated = await fetch(`${b.url}/games/${game.gameId}/seats/alice/token`, {
        method: 'POST',
        headers: BEARER,
      });
      expect(rotated.status).toBe(200);
      const { token } = (await rotated.json()) as { token: string };
      expect(await aliceClosed).toBe(CLOSE_REVOKED);
      await expect(
        SeatClient.join(b.url, { gameId: game.gameId, seat: 'alice', token: game.seats.alice!.token }),
      ).rejects.toThrow(/does not claim/);
      const back = await retrying(() =>
        SeatClient.join(b.url, { gameId: game.gameId, seat: 'alice', token }),
      );
      clients.push(back);
      expect(await back.send(BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
    } finally {
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect((await a.exited()).code).toBe(0);
      expect((await b.exited()).code).toBe(0);
    }
  }, 150_000);
});

describe('the routes without a create token', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const door = {
      create: () => Promise.reject(new Error('not here')),
      rotate: () => Promise.reject(new Error('never asked')),
      end: () => Promise.reject(new Error('never asked')),
      health: () => Promise.resolve({ ok: true }),
      createTokenHash: undefined,
    };
    server = createServer((req, res) => void answerHttp(req, res, door));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('rotate no seat: 403, whatever token is given (the seat’s own is what leaks)', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything' }] as Record<string, string>[]) {
      const response = await fetch(`${url}/games/g1/seats/alice/token`, { method: 'POST', headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'forbidden' });
    }
  });
});

describe('`stccg host` stopped by a signal', () => {
  /** Whether a port is free to listen on again. */
  function portFree(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const probe = createTcpServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, () => probe.close(() => resolve(true)));
    });
  }

  it('SIGTERM to the bin: it closes, exits 0, frees its port and gives its store’s lock up', async () => {
    const store = embeddedStoreFolder();
    const running = await hostProcess(['--store', store]);
    expect(existsSync(join(store, 'host.lock'))).toBe(true);
    running.child.kill('SIGTERM');
    expect(await running.exited()).toEqual({ code: 0, signal: null });
    expect(running.output()).toContain('SIGTERM: closing (the games stay in the store)');
    expect(await portFree(running.port)).toBe(true);
    expect(existsSync(join(store, 'host.lock'))).toBe(false);
  }, 90_000);

  it('SIGTERM while it starts: it closes once started, and exits 0 with its lock given up', async () => {
    const store = embeddedStoreFolder();
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['bin/stccg-dev.mjs', 'host', '--port', String(port), '--store', store],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = exitOf(child);
    try {
      // Signalled as soon as its store's lock shows it is opening the store: before it listens.
      await until(() => existsSync(join(store, 'host.lock')), 60_000);
      child.kill('SIGTERM');
      expect(await within30s(exited, () => `the host did not exit: ${output}`)).toEqual({
        code: 0,
        signal: null,
      });
      expect(output).toContain('SIGTERM: closing');
      expect(existsSync(join(store, 'host.lock'))).toBe(false);
      expect(await portFree(port)).toBe(true);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 90_000);

  it('through npm (`npm exec`, as `npx stccg host` runs it): SIGTERM to npm reaches the host, which closes', async () => {
    const store = embeddedStoreFolder();
    const port = await freePort();
    // npm runs the bin in `sh -c`, and forwards SIGTERM to that shell alone.
    const npm = spawn(
      'npm',
      ['exec', '--no', '--', 'node', 'bin/stccg-dev.mjs', 'host', '--port', String(port), '--store', store],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    // The host writes to the pipe npm gave it: the pipe closes once the host itself has exited.
    const hostGone = new Promise<void>((resolve) => npm.stdout.once('close', () => resolve()));
    try {
      await until(() => output.includes('listening on'), 60_000);
      npm.kill('SIGTERM');
      await within30s(hostGone, () => `the host did not close: ${output}`);
      expect(output).toContain('its launcher (npm) gone: closing (the games stay in the store)');
      expect(existsSync(join(store, 'host.lock'))).toBe(false);
      expect(await portFree(port)).toBe(true);
    } finally {
      // Whatever failed, nothing is left running: npm, its shell and the host are one process group.
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // all gone already
      }
    }
  }, 90_000);
});

async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** What `promise` resolves with; fails where it has not within 30 s (so that the test cleans up). */
function within30s<T>(promise: Promise<T>, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what())), 30_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
