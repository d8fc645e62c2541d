/**
 * The host (stccg-rules/host) in this process, played through Colyseus's own client (colyseus.js) as a
 * web page or a bot would: two seats play the boarding party through a battle, a spectator watches,
 * every seat acts only as itself (GAME-SEAT-1), hears only what it may (GAME-VIEW-1), and gets back its
 * place and what it missed after a drop. The embedded store in a temporary folder.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedGame, type Host, startHost } from '../host/index.ts';
import { CLOSE_REPLACED, CLOSE_UNKNOWN_FRAME } from '../host/protocol.ts';
import { type Command, createGame } from '../src/index.ts';
import { BOARDING, boardingReference, playBoarding, sit } from './support/boarding.ts';
import { SeatClient } from './support/host-client.ts';
import { embeddedStoreFolder } from './support/stores.ts';
import { sendAny } from './table.ts';

let host: Host;
let dir: string;
const clients: SeatClient[] = [];

async function seats(created: CreatedGame) {
  const alice = await sit(host.url, created, 'alice');
  const bob = await sit(host.url, created, 'bob');
  clients.push(alice, bob);
  return { alice, bob };
}

const play = playBoarding;
const reference = boardingReference;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stccg-host-'));
  host = await startHost({ port: 0, store: embeddedStoreFolder(), graceSeconds: 1, checkpointEvery: 4 });
});

afterAll(async () => {
  for (const client of clients) await client.leave();
  await host?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two people, one game, over the network', () => {
  it('GAME-SEAT-1, GAME-VIEW-1: two seats play the boarding party through a battle; every payload and event is the game’s own', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice, bob } = await seats(created);
    const watcher = await SeatClient.join(host.url, { gameId: created.gameId });
    clients.push(watcher);
    await play({ alice, bob }, 0, BOARDING.log.length);
    const game = reference(BOARDING.log.length);
    await watcher.until(() => watcher.step === game.step(), 'the spectator at the last step');
    expect(alice.payload).toEqual(game.seat('alice').payload());
    expect(bob.payload).toEqual(game.seat('bob').payload());
    expect(watcher.payload).toEqual(game.spectator().payload());
    // Each heard every step's events, once, in order: the game's own.
    const told = game.eventsSince(0);
    for (const seat of [alice, bob, watcher]) {
      expect(seat.heard.map((step) => step.step)).toEqual(told.map((step) => step.step));
      expect(seat.events()).toEqual(told.flatMap((step) => step.events));
      expect(seat.failures).toEqual([]);
    }
    // Every step committed, with a checkpoint every 4.
    const stored = await host.store.loadGame(created.gameId);
    expect(stored?.checkpoint.step).toBe(12);
    expect(stored?.steps.map((step) => step.step)).toEqual([13, 14, 15]);
  });

  it('GAME-SEAT-1: a command in the other player’s name is refused, and the game does not move', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice, bob } = await seats(created);
    const answer = await bob.send(BOARDING.log[0]); // Alice's attack, from Bob's seat
    expect(answer).toMatchObject({ ok: false, rejection: { code: 'not-your-seat', clause: 'GAME-SEAT-1' } });
    const { player: _alice, ...unnamed } = BOARDING.log[0] as Command & { player: string };
    expect(await bob.send(unnamed)).toMatchObject({ ok: false, rejection: { code: 'not-your-turn' } });
    expect(alice.step).toBe(0);
    expect((await host.store.loadGame(created.gameId))?.steps).toEqual([]);
    // The same command from Alice's seat, without her name: hers.
    expect(await alice.send(unnamed)).toMatchObject({ ok: true, step: 1 });
  });

  it('a spectator sees the public view (no hand) and sends nothing', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const watcher = await SeatClient.join(host.url, { gameId: created.gameId });
    clients.push(watcher);
    expect(watcher.payload?.player).toBeNull();
    expect(watcher.payload?.legal).toEqual([]);
    expect(Object.values(watcher.payload!.view.cards).some((card) => card.at.in === 'hand')).toBe(false);
    expect(await watcher.send(BOARDING.log[0])).toMatchObject({
      ok: false,
      rejection: { code: 'not-your-seat' },
    });
  });

  it('a wrong token, an unknown seat, a token without a seat and an unknown game are refused at the door', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const attempts = [
      { gameId: created.gameId, seat: 'alice', token: created.seats.bob!.token },
      { gameId: created.gameId, seat: 'alice', token: 'x'.repeat(43) },
      { gameId: created.gameId, seat: 'carol', token: created.seats.bob!.token },
      { gameId: created.gameId, token: created.seats.bob!.token },
      { gameId: created.gameId, seat: 'alice' },
      { gameId: 'no-such-game' },
      { gameId: '../etc' },
      { gameId: created.gameId, seat: 'alice', token: created.seats.alice!.token, extra: 1 },
    ];
    for (const options of attempts)
      await expect(SeatClient.join(host.url, options), JSON.stringify(options)).rejects.toThrow();
    await expect(SeatClient.join(host.url, attempts[0]!)).rejects.toThrow(/does not claim seat "alice"/);
    await expect(SeatClient.join(host.url, attempts[5]!)).rejects.toThrow(/no game "no-such-game"/);
  });

  it('a bad setup is refused to its creator with the SetupError’s message; tokens are given once and never stored', async () => {
    const response = await fetch(`${host.url}/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ setup: { players: ['alice'] } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('bad-setup');
    expect(body.message).toMatch(/players/);
    const junk = await fetch(`${host.url}/games`, { method: 'POST', body: '{not json' });
    expect(junk.status).toBe(400);
    const made = await fetch(`${host.url}/games`, {
      method: 'POST',
      body: JSON.stringify({ setup: BOARDING.setup, id: 'table-one' }),
    });
    expect(made.status).toBe(201);
    const created = (await made.json()) as CreatedGame;
    expect(created.gameId).toBe('table-one');
    expect(created.seats.alice!.link).toMatch(/\/play#game=table-one&seat=alice&token=/);
    const again = await fetch(`${host.url}/games`, {
      method: 'POST',
      body: JSON.stringify({ setup: BOARDING.setup, id: 'table-one' }),
    });
    expect(again.status).toBe(409);
    const stored = await host.store.loadGame('table-one');
    expect(JSON.stringify(stored)).not.toContain(created.seats.alice!.token);
  });
});

describe('reconnecting', () => {
  it('a seat dropped during the other’s moves gets its place back, and exactly the events it missed', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice, bob } = await seats(created);
    await play({ alice, bob }, 0, 3);
    const token = bob.room.reconnectionToken;
    const seen = bob.step;
    bob.drop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Alice plays on while Bob is away: both her passes and the pairing they open.
    await play({ alice, bob: alice }, 3, 4);
    const back = await bob.client.reconnect(token);
    bob.listen(back);
    await bob.until(() => bob.step === 4, 'the payload after the reconnection');
    const game = reference(4);
    expect(bob.payload).toEqual(game.seat('bob').payload());
    expect(bob.heard.filter((step) => step.step > seen)).toEqual(game.seat('bob').eventsSince(seen));
  });

  it('after the grace period, the token still claims the seat, and `since` brings what was missed', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice, bob } = await seats(created);
    await play({ alice, bob }, 0, 2);
    bob.drop();
    await play({ alice, bob: alice }, 2, 4);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // past the grace period (1 s)
    await expect(bob.client.reconnect(bob.room.reconnectionToken)).rejects.toThrow();
    const again = await SeatClient.join(host.url, {
      gameId: created.gameId,
      seat: 'bob',
      token: created.seats.bob!.token,
      since: 2,
    });
    clients.push(again);
    const game = reference(4);
    expect(again.payload).toEqual(game.seat('bob').payload());
    expect(again.heard).toEqual(game.seat('bob').eventsSince(2));
  });

  it('a room whose every client left is rebuilt from the store (checkpoint and steps), at the same step with the same views', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice, bob } = await seats(created);
    await play({ alice, bob }, 0, 7);
    const before = { alice: alice.payload, bob: bob.payload };
    await alice.leave();
    await bob.leave();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await seats(created);
    expect(again.alice.payload).toEqual(before.alice);
    expect(again.bob.payload).toEqual(before.bob);
    await play(again, 7, BOARDING.log.length);
    expect(again.alice.payload).toEqual(reference(BOARDING.log.length).seat('alice').payload());
  });

  it('GAME-VIEW-1: a room rebuilt from a checkpoint tells a late joiner the steps before it from the store, filtered for its seat', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice, bob } = await seats(created);
    await play({ alice, bob }, 0, 7);
    await alice.leave();
    await bob.leave();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The rebuilt game starts from a checkpoint (every 4 steps): steps 1 to 4 are the store's to tell.
    const watcher = await SeatClient.join(host.url, { gameId: created.gameId, since: 0 });
    clients.push(watcher);
    const told = reference(7).spectator().eventsSince(0);
    expect(told.length).toBe(7);
    expect(watcher.heard).toEqual(told);
  });
});

describe('messages the host refuses, changing nothing', () => {
  it('a message of no known type, a command of the wrong shape, and one too large are refused', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice } = await seats(created);
    alice.room.send('teleport', { to: 'bridge' });
    await alice.until(() => alice.refusals.length === 1, 'the refusal');
    expect(alice.refusals[0]).toMatchObject({ type: 'teleport', code: 'malformed' });
    alice.room.send('command', { id: 'a', command: 'attack' });
    alice.room.send('command', { id: 'b', command: { type: 'endTurn', note: 'x'.repeat(20_000) } });
    await alice.until(() => alice.answers.has('a') && alice.answers.has('b'), 'the answers');
    expect(alice.answers.get('a')).toMatchObject({ ok: false, refused: { code: 'malformed' } });
    expect(alice.answers.get('b')).toMatchObject({ ok: false, refused: { code: 'too-large' } });
    expect(alice.step).toBe(0);
  });

  it('a flood beyond the budget is refused (flood) and dropped, changing nothing', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice } = await seats(created);
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // a full budget
    for (let i = 0; i < 100; i++) alice.room.send('command', { id: `f${i}`, command: { type: 'pass' } });
    await alice.until(() => alice.answers.size >= 100, 'an answer to each');
    const flooded = [...alice.answers.values()].filter((answer) => !answer.ok && 'refused' in answer);
    expect(flooded.length).toBeGreaterThan(40);
    expect(flooded[0]).toMatchObject({ refused: { code: 'flood' } });
    expect(alice.step).toBe(0);
  });
});

describe('the example client (examples/host-client)', () => {
  it('plays the boarding party’s battle on a host, each command from its seat, to the battle’s end', async () => {
    const { playBoardingParty } = await import('../examples/host-client/client.ts');
    const lines: string[] = [];
    const { step, payloads } = await playBoardingParty(host.url, (line) => lines.push(line));
    expect(step).toBeGreaterThan(5);
    expect(payloads.alice!.view.battle).toBeNull();
    expect(payloads.alice!.view.turn).toEqual(payloads.bob!.view.turn);
    expect(lines.some((line) => /bob hears: BATTLE-6: the battle is over/.test(line))).toBe(true);
  });
});

describe('one room a game, and each seat its own payload', () => {
  it('a second room for an open game is refused (a `create` with its id), so the players are never split between two copies', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice, bob } = await seats(created);
    const { Client } = await import('colyseus.js');
    await expect(
      new Client(host.url.replace(/^http/, 'ws')).create('game', { gameId: created.gameId }),
    ).rejects.toThrow(/is open here already/);
    await play({ alice, bob }, 0, 2);
    const late = await SeatClient.join(host.url, { gameId: created.gameId });
    clients.push(late);
    expect(late.step).toBe(2);
  });

  it('GAME-VIEW-1: a spectator never gets the patch of a player named "null"', async () => {
    const setup = JSON.parse(
      JSON.stringify(BOARDING.setup).replaceAll('"alice"', '"null"'),
    ) as typeof BOARDING.setup;
    const created = await host.createGame({ setup, seed: BOARDING.seed });
    const player = await SeatClient.join(host.url, {
      gameId: created.gameId,
      seat: 'null',
      token: created.seats.null!.token,
    });
    const watcher = await SeatClient.join(host.url, { gameId: created.gameId });
    clients.push(player, watcher);
    const attack = { ...BOARDING.log[0]!, player: 'null' } as Command;
    expect(await player.send(attack)).toMatchObject({ ok: true });
    await watcher.until(() => watcher.step === 1, 'step 1 at the spectator');
    expect(watcher.payload?.legal).toEqual([]);
    expect(watcher.payload?.player).toBeNull();
    const game = createGame(setup, { seed: BOARDING.seed });
    sendAny(game, attack);
    expect(watcher.payload).toEqual(game.spectator().payload());
  });

  it('a join that says it saw a step the game has not reached is welcomed at the game’s step', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const seat = await SeatClient.join(host.url, {
      gameId: created.gameId,
      seat: 'bob',
      token: created.seats.bob!.token,
      since: 2 ** 40,
    });
    clients.push(seat);
    expect(seat.step).toBe(0);
    expect(seat.heard).toEqual([]);
  });
});

describe('a seat the computer plays', () => {
  it('a game with bob played by the bot: Alice attacks, the bot answers for Bob in the battle, explaining each choice, to the battle’s end', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed, bots: ['bob'] });
    expect(created.bots).toEqual(['bob']);
    expect(Object.keys(created.seats)).toEqual(['alice']);
    // No token claims the computer's seat.
    await expect(
      SeatClient.join(host.url, { gameId: created.gameId, seat: 'bob', token: 'x'.repeat(43) }),
    ).rejects.toThrow(/does not claim seat "bob"/);
    const alice = await sit(host.url, created, 'alice');
    clients.push(alice);
    expect(await alice.send(BOARDING.log[0])).toMatchObject({ ok: true });
    // Alice plays what she is offered (the strongest outcome, else a pass) whenever the game awaits her.
    for (let turn = 0; turn < 60 && alice.payload!.view.battle !== null; turn++) {
      await alice.until(
        () => alice.payload!.legal.length > 0 || alice.payload!.view.battle === null,
        'her turn to act',
      );
      if (alice.payload!.view.battle === null) break;
      const legal = alice.payload!.legal;
      const command =
        legal.find((c) => c.type === 'decide' && c.outcome === 'mortally-wound') ??
        legal.find((c) => c.type === 'decide' && c.outcome === 'stun') ??
        legal.find((c) => c.type === 'pass') ??
        legal[0]!;
      expect(await alice.send(command)).toMatchObject({ ok: true });
    }
    expect(alice.payload!.view.battle).toBeNull();
    expect(alice.events().some((event) => event.kind === 'battle-over')).toBe(true);
    expect(alice.bots.length).toBeGreaterThan(0);
    expect(alice.bots.every((bot) => bot.player === 'bob' && bot.explanation.length > 5)).toBe(true);
    // Every step the bot played is Bob's, and in the store.
    const stored = await host.store.loadGame(created.gameId);
    expect(stored!.checkpoint.step + stored!.steps.length).toBe(alice.step);
  });
});

describe('one connection a seat, and frames of no kind', () => {
  /** The close code a client's connection ends with. */
  const closeOf = (seat: SeatClient) => new Promise<number>((resolve) => seat.room.onLeave(resolve));

  it('GAME-SEAT-1: a second join with the seat’s token closes the first (4101), whose reconnection token then brings it back no more; the second plays', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const first = await sit(host.url, created, 'alice');
    const closed = closeOf(first);
    const second = await sit(host.url, created, 'alice');
    clients.push(first, second);
    expect(await closed).toBe(CLOSE_REPLACED);
    await expect(first.client.reconnect(first.room.reconnectionToken)).rejects.toThrow();
    expect(await second.send(BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
  });

  it('a seat dropped within its grace period and joined again with its token: the dropped connection’s kept place is given up', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const { alice, bob } = await seats(created);
    const token = bob.room.reconnectionToken;
    bob.drop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await sit(host.url, created, 'bob');
    clients.push(again);
    await expect(bob.client.reconnect(token)).rejects.toThrow();
    expect(await alice.send(BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
    await again.until(() => again.step === 1, 'step 1 at the new connection');
  });

  it('a frame whose first byte is none of the protocol’s closes its connection (4103), with no place kept; the game goes on', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const alice = await sit(host.url, created, 'alice');
    clients.push(alice);
    const closed = closeOf(alice);
    (
      alice.room.connection as unknown as { transport: { ws: { send(data: Uint8Array): void } } }
    ).transport.ws.send(new Uint8Array([99, 1, 2, 3]));
    expect(await closed).toBe(CLOSE_UNKNOWN_FRAME);
    await expect(alice.client.reconnect(alice.room.reconnectionToken)).rejects.toThrow();
    const again = await sit(host.url, created, 'alice');
    clients.push(again);
    expect(await again.send(BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
  });
});
