/**
 * The host against arbitrary input: 5,000 messages drawn by fast-check (any type, any body: junk,
 * commands of every type with fields of every kind, huge and deeply nested ones), then raw bytes that are
 * no message at all, from a seat that has nothing to play and from a spectator. The host answers each,
 * never crashes, and nothing changes: no step is carried out or stored.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CreatedGame, type Host, startHost } from '../host/index.ts';
import { COMMAND_TYPES, createGame } from '../src/index.ts';
import { BOARDING } from './support/boarding.ts';
import { SeatClient } from './support/host-client.ts';
import { embeddedStoreFolder } from './support/stores.ts';

let host: Host;
let dir: string;
let created: CreatedGame;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stccg-fuzz-'));
  // A budget no fuzz reaches: every message is judged, none dropped as a flood.
  host = await startHost({ port: 0, store: embeddedStoreFolder(), budget: { burst: 1e9, perSecond: 1e9 } });
  created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
}, 60_000);

afterAll(async () => {
  await host?.close();
  rmSync(dir, { recursive: true, force: true });
});

const anyId = fc.oneof(fc.string({ maxLength: 70 }), fc.integer(), fc.constant(null), fc.double());
const idLike = fc.constantFrom(
  'alice',
  'bob',
  'data',
  'doctor',
  'buruk',
  'enterprise',
  'qonos',
  '__proto__',
  '',
);
/** A command-shaped object: a known type, fields of the right names with values of any kind. */
const commandLike = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...COMMAND_TYPES), fc.string({ maxLength: 20 })),
    player: fc.oneof(idLike, fc.anything()),
    step: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string()),
    card: fc.oneof(idLike, fc.anything()),
    cards: fc.array(fc.oneof(idLike, fc.anything()), { maxLength: 5 }),
    to: fc.oneof(fc.record({ aboard: idLike }), fc.record({ planet: idLike }), fc.anything()),
    outcome: fc.oneof(fc.constantFrom('stun', 'mortally-wound', 'none'), fc.anything()),
    hologram: idLike,
    by: fc.oneof(idLike, fc.string()),
  },
  { requiredKeys: ['type'] },
);
const deep = fc.nat({ max: 3000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
});
/** Alice's legal commands at step 0 (her attack, her moves...): from Bob's seat, each must be refused. */
const ALICE_LEGAL = (() => {
  const game = createGame(BOARDING.setup, { seed: BOARDING.seed });
  const legal = game.seat('alice').payload().legal;
  game.stop();
  return legal;
})();

const body = fc.oneof(
  { weight: 2, arbitrary: fc.record({ id: anyId, command: fc.constantFrom(...ALICE_LEGAL) }) },
  { weight: 4, arbitrary: fc.record({ id: anyId, command: commandLike }, { requiredKeys: ['command'] }) },
  { weight: 2, arbitrary: fc.record({ id: anyId, command: fc.anything() }) },
  { weight: 2, arbitrary: fc.anything() },
  { weight: 1, arbitrary: fc.record({ since: fc.oneof(fc.integer(), fc.double(), fc.string()) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      id: fc.nat(),
      command: fc.record({
        type: fc.constant('move'),
        note: fc.string({ minLength: 17_000, maxLength: 20_000 }),
      }),
    }),
  },
  { weight: 1, arbitrary: deep },
);
const messageType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('command') },
  { weight: 1, arbitrary: fc.constant('sync') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.nat({ max: 255 }) },
);

it('GAME-INPUT-1, GAME-SEAT-1: 5,000 arbitrary messages: each answered, the host never crashes, and nothing changes', async () => {
  // Drawn before the game's room opens: drawing them holds this process (the host's too) for seconds,
  // a stall past the host's lease, after which it would fence itself and close a room open meanwhile.
  const messages = fc.sample(fc.tuple(messageType, body, fc.boolean()), { numRuns: 6_000, seed: 42 });
  const bob = await SeatClient.join(host.url, {
    gameId: created.gameId,
    seat: 'bob',
    token: created.seats.bob!.token,
  });
  const watcher = await SeatClient.join(host.url, { gameId: created.gameId });
  // Bob has nothing to play at step 0 (Alice's turn, no battle): no message of his can be a legal command.
  expect(bob.payload?.legal).toEqual([]);
  let sent = 0;
  for (const [type, message, fromWatcher] of messages) {
    if (sent === 5_000) break;
    const client = fromWatcher ? watcher : bob;
    try {
      client.room.send(type as string, message);
    } catch {
      continue; // the client itself could not encode it (a symbol, say): nothing reached the host
    }
    sent++;
    if (sent % 250 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Every message is answered (an answer, a refusal, or a sync), in order: the last one last.
  bob.room.send('command', { id: 'last', command: { type: 'endTurn' } });
  await bob.until(() => bob.answers.has('last'), 'the answer after the fuzz', 60_000);
  await watcher.until(() => bob.replies + watcher.replies === sent + 1, 'every reply', 10_000);
  expect(bob.answers.get('last')).toMatchObject({ ok: false, rejection: { code: 'not-your-turn' } });
  expect(sent).toBe(5_000);
  expect(bob.replies + watcher.replies).toBe(sent + 1);
  // Nothing changed: no step carried out or stored, and Alice still plays from step 0.
  expect(bob.step).toBe(0);
  expect((await host.store.loadGame(created.gameId))?.steps).toEqual([]);
  const alice = await SeatClient.join(host.url, {
    gameId: created.gameId,
    seat: 'alice',
    token: created.seats.alice!.token,
  });
  expect(await alice.send(BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
  for (const client of [alice, bob, watcher]) await client.leave();
}, 120_000);

it('raw bytes that are no message: the connection may be closed, the host goes on', async () => {
  const samples = fc.sample(fc.uint8Array({ minLength: 0, maxLength: 300 }), { numRuns: 300, seed: 7 });
  let seat = await SeatClient.join(host.url, { gameId: created.gameId });
  for (const bytes of samples) {
    const ws = (seat.room.connection as unknown as { transport: { ws: WebSocket & { readyState: number } } })
      .transport.ws;
    if (ws.readyState !== 1) seat = await SeatClient.join(host.url, { gameId: created.gameId });
    // Protocol bytes the server knows (13: a room message), then anything.
    const frame = new Uint8Array([13, ...bytes]);
    (
      seat.room.connection as unknown as { transport: { ws: { send(data: Uint8Array): void } } }
    ).transport.ws.send(bytes.length % 2 ? frame : bytes);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const health = await fetch(`${host.url}/health`);
  expect(await health.json()).toMatchObject({ ok: true });
  const after = await SeatClient.join(host.url, { gameId: created.gameId });
  expect(after.step).toBe(1);
  await after.leave();
  await seat.leave();
}, 60_000);

it('GAME-INPUT-1: 500 arbitrary join options: each refused or joined as what it claims, the host unharmed', async () => {
  const options = fc.sample(
    fc.oneof(
      fc.anything(),
      fc.record(
        {
          gameId: fc.oneof(fc.constant(created.gameId), fc.string({ maxLength: 80 }), fc.anything()),
          seat: fc.oneof(fc.constantFrom('alice', 'bob', 'carol', ''), fc.anything()),
          token: fc.oneof(
            fc.constant(created.seats.alice!.token),
            fc.string({ maxLength: 200 }),
            fc.anything(),
          ),
          since: fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 53), fc.anything()),
          extra: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    ),
    { numRuns: 500, seed: 11 },
  );
  const { Client } = await import('colyseus.js');
  const client = new Client(host.url.replace(/^http/, 'ws'));
  let joined = 0;
  for (const option of options) {
    try {
      const room = await client.joinOrCreate('game', option as object);
      joined++;
      await room.leave(true);
    } catch {
      // Refused at the door: fine.
    }
  }
  expect(joined).toBeLessThan(options.length);
  const health = await fetch(`${host.url}/health`);
  expect(await health.json()).toMatchObject({ ok: true });
  const watcher = await SeatClient.join(host.url, { gameId: created.gameId });
  expect(watcher.step).toBe(1);
  await watcher.leave();
}, 120_000);
