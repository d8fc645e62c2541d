/**
 * The client's kit (stccg-rules/client) against a host started in this process, on the embedded store:
 * two seats play the boarding party through it, each answer settled once its step's update has come; a
 * connection cut comes back (to its room within the grace period, by a join with `since` after it) with
 * the payload a fresh seat gets; a spectator watches; rejections and refusals come typed.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterClose, passing } from '../client/close-codes.ts';
import { CloseCode, JoinFailed, JoinRefusal, joinSeat, type RemoteSeat } from '../client/index.ts';
import { PayloadKeeper } from '../client/payload-keeper.ts';
import { type Host, startHost } from '../host/index.ts';
import { type PlayerCommand, payloadPatch, type SeatPayload, type StepEvents } from '../src/index.ts';
import { BOARDING, boardingReference } from './support/boarding.ts';
import { sendAny } from './support/doors.ts';
import { embeddedStoreFolder } from './support/stores.ts';
import { TcpProxy } from './support/tcp-proxy.ts';

let host: Host;
const seats: RemoteSeat[] = [];

beforeAll(async () => {
  host = await startHost({ port: 0, hostname: '127.0.0.1', store: embeddedStoreFolder(), graceSeconds: 1 });
}, 60_000);

afterAll(async () => {
  for (const seat of seats) await seat.leave();
  await host?.close();
});

/** A game of the boarding party, and its seats' links. */
async function boarding() {
  return host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
}

/** Joins, and leaves at the end. */
async function join(...args: Parameters<typeof joinSeat>): Promise<RemoteSeat> {
  const seat = await joinSeat(...args);
  seats.push(seat);
  return seat;
}

/** Everything a seat hears, by step. */
function hearing(seat: RemoteSeat): StepEvents[] {
  const heard: StepEvents[] = [];
  seat.on('events', (steps) => heard.push(...steps));
  return heard;
}

/** Resolves when the seat's connection is told to be in `state`. */
function told(seat: RemoteSeat, state: 'connected' | 'reconnecting'): Promise<void> {
  return new Promise((resolve) => {
    const stop = seat.on('connection', (now) => {
      if (now !== state) return;
      stop();
      resolve();
    });
  });
}

/** Plays the boarding party's commands `from` to `to`, each from its player's seat; every answer accepted. */
async function play(players: Record<string, RemoteSeat>, from: number, to: number): Promise<void> {
  for (const command of BOARDING.log.slice(from, to)) {
    const seat = players[command.player]!;
    const answer = await seat.send(command as PlayerCommand);
    expect(answer, JSON.stringify(command)).toEqual({ ok: true, step: expect.any(Number) });
    // Settled once the update of its step has come: the sender's payload is there already.
    if (answer.ok) expect(seat.payload.step).toBe(answer.step);
  }
}

describe('the client’s kit', () => {
  it('two seats joined from their links play the boarding party; each answer settles after its update; payloads and events are the game’s own', async () => {
    const created = await boarding();
    const alice = await join(created.seats.alice!.link);
    const bob = await join(created.seats.bob!.link);
    expect([alice.player, bob.player, alice.game]).toEqual(['alice', 'bob', created.gameId]);
    const heard = { alice: hearing(alice), bob: hearing(bob) };
    const bots: unknown[] = [];
    alice.on('bot', (message) => bots.push(message));
    await play({ alice, bob }, 0, BOARDING.log.length);
    const game = boardingReference();
    await bob.waitFor((payload) => payload.step === game.step(), { timeoutMs: 5000 });
    expect(alice.payload).toEqual(game.seat('alice').payload());
    expect(bob.payload).toEqual(game.seat('bob').payload());
    const told = game.eventsSince(0);
    expect(heard.alice).toEqual(told);
    expect(heard.bob).toEqual(told);
    expect(bots).toEqual([]);
  });

  it('the rules’ rejections and the host’s refusals are answered, typed, and change nothing', async () => {
    const created = await boarding();
    const alice = await join(created.seats.alice!.link);
    const bob = await join({
      url: host.url,
      game: created.gameId,
      seat: 'bob',
      token: created.seats.bob!.token,
    });
    // Alice's attack from Bob's seat: the rules refuse it (GAME-SEAT-1).
    const answer = await bob.send(BOARDING.log[0] as PlayerCommand);
    expect(answer).toMatchObject({ ok: false, rejection: { code: 'not-your-seat', clause: 'GAME-SEAT-1' } });
    if (!answer.ok && 'rejection' in answer) expect(answer.rejection.message).toMatch(/alice/);
    // No command at all: the host refuses it unjudged.
    expect(await alice.send('attack' as unknown as PlayerCommand)).toMatchObject({
      ok: false,
      refused: { code: 'malformed' },
    });
    expect([alice.payload.step, bob.payload.step]).toEqual([0, 0]);
  });

  it('a spectator watches from the spectate link: the public view, every step, and no command', async () => {
    const created = await boarding();
    const watcher = await join(created.spectate);
    expect(watcher.player).toBeNull();
    expect(watcher.payload.legal).toEqual([]);
    const heard = hearing(watcher);
    const alice = await join(created.seats.alice!.link);
    const bob = await join(created.seats.bob!.link);
    await play({ alice, bob }, 0, 4);
    await watcher.waitFor((payload) => payload.step === 4, { timeoutMs: 5000 });
    const game = boardingReference(4);
    expect(watcher.payload).toEqual(game.spectator().payload());
    expect(heard).toEqual(game.spectator().eventsSince(0));
    expect(await watcher.send(BOARDING.log[4] as PlayerCommand)).toMatchObject({
      ok: false,
      rejection: { code: 'not-your-seat' },
    });
  });

  it('a join refused at the door fails with its code: 4403 for a wrong token and an unknown seat alike, 4404 for no game', async () => {
    const created = await boarding();
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: JoinFailed) => (error instanceof JoinFailed ? error.code : error),
      );
    const at = { url: host.url, game: created.gameId };
    expect(await refusal(joinSeat({ ...at, seat: 'alice', token: created.seats.bob!.token }))).toBe(
      JoinRefusal.seat,
    );
    expect(await refusal(joinSeat({ ...at, seat: 'carol', token: created.seats.bob!.token }))).toBe(4403);
    expect(await refusal(joinSeat({ ...at, game: 'no-such-game' }))).toBe(JoinRefusal.noGame);
    expect(await refusal(joinSeat({ ...at, seat: 'alice' }))).toBe(4403);
    expect(await refusal(joinSeat({ ...at, game: '../etc' }))).toBe(JoinRefusal.options);
    // A host that is not there: no code, at once (a first join does not wait for one).
    expect(await refusal(joinSeat({ url: 'http://127.0.0.1:9', game: created.gameId }))).toBeUndefined();
    expect(() => joinSeat(`${host.url}/play`)).toThrow(/names no game/);
  });

  describe('a connection cut', () => {
    let proxy: TcpProxy;
    beforeAll(async () => {
      proxy = await TcpProxy.to(host.url);
    });
    afterAll(async () => {
      // The seats first: a proxy closed under them would have them come back through it.
      for (const seat of seats) await seat.leave();
      await proxy?.close();
    });

    it('within the grace period: the seat comes back to its room, with the payload a fresh seat gets; a command sent meanwhile is carried out once it is back', async () => {
      const created = await boarding();
      const alice = await join(created.seats.alice!.link);
      const bob = await join({
        url: `http://127.0.0.1:${proxy.port}`,
        game: created.gameId,
        seat: 'bob',
        token: created.seats.bob!.token,
      });
      const heard = hearing(bob);
      const states: string[] = [];
      bob.on('connection', (state) => states.push(state));
      await play({ alice, bob }, 0, 4);
      proxy.drop();
      await told(bob, 'reconnecting');
      // Held while the connection is away, sent once it is back, answered after its update.
      const answer = await bob.send(BOARDING.log[4] as PlayerCommand);
      expect(answer).toEqual({ ok: true, step: 5 });
      expect(bob.payload.step).toBe(5);
      expect(states).toEqual(['reconnecting', 'connected']);
      expect(bob.payload).toEqual(boardingReference(5).seat('bob').payload());
      expect(heard).toEqual(boardingReference(5).seat('bob').eventsSince(0));
      // A fresh seat gets the same payload; the seat it takes over is closed, and stays so.
      const closed = new Promise((resolve) => bob.on('closed', resolve));
      const fresh = await join(created.seats.bob!.link);
      expect(fresh.payload).toEqual(bob.payload);
      expect(await closed).toMatchObject({ code: CloseCode.replaced });
      expect(bob.connected).toBe(false);
      await play({ alice, bob: fresh }, 5, BOARDING.log.length);
    });

    it('after the grace period: the seat joins again with its token and the step it last saw, and hears exactly what it missed', async () => {
      const created = await boarding();
      const alice = await join(created.seats.alice!.link);
      const bob = await join(
        {
          url: `http://127.0.0.1:${proxy.port}`,
          game: created.gameId,
          seat: 'bob',
          token: created.seats.bob!.token,
        },
        { patienceMs: 20_000 },
      );
      const heard = hearing(bob);
      await play({ alice, bob }, 0, 3);
      // The connection reset, and the way back held past the grace period (1 s): the reconnection is
      // refused as expired, and the seat joins again.
      proxy.drop();
      proxy.cut();
      await told(bob, 'reconnecting');
      await play({ alice }, 3, 4);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      proxy.heal();
      await bob.waitFor((payload) => payload.step === 4, { timeoutMs: 10_000 });
      expect(bob.connected).toBe(true);
      expect(bob.payload).toEqual(boardingReference(4).seat('bob').payload());
      expect(heard).toEqual(boardingReference(4).seat('bob').eventsSince(0));
      await play({ alice, bob }, 4, BOARDING.log.length);
    });
  });

  it('each close code leads where it should: back to the room after a drop, a join again after the host’s end of a room, a stop where the seat was taken or its token replaced', () => {
    expect([1000, 1006, 1009].map(afterClose)).toEqual(['reconnect', 'reconnect', 'reconnect']);
    expect([CloseCode.left, CloseCode.moved, CloseCode.unavailable, 4002].map(afterClose)).toEqual([
      'rejoin',
      'rejoin',
      'rejoin',
      'rejoin',
    ]);
    expect([CloseCode.replaced, CloseCode.revoked, CloseCode.unknownFrame].map(afterClose)).toEqual([
      'stop',
      'stop',
      'stop',
    ]);
    // Refusals that pass are tried again; a refusal of the seat or the game never is.
    const passes = Object.values(JoinRefusal).filter((code) => passing(code, false));
    expect(passes.sort()).toEqual([4213, 4409, 4503]);
    expect([passing(undefined, false), passing(undefined, true)]).toEqual([false, true]);
  });

  it('the payload keeper: patches applied from their own step, each step told once and in order, the whole payload asked after a failed patch or a gap', () => {
    const game = boardingReference(0);
    const seat = game.seat('bob');
    const at: SeatPayload[] = [seat.payload()];
    for (const command of BOARDING.log.slice(0, 6)) {
      sendAny(game, command);
      at.push(seat.payload());
    }
    const steps = (from: number, to: number) => seat.eventsSince(from).filter((step) => step.step <= to);
    const update = (from: number, to: number) => ({
      from,
      to,
      patch: payloadPatch(at[from]!, at[to]!),
      steps: steps(from, to),
    });
    const keeper = new PayloadKeeper();
    expect(keeper.whole({ gameId: 'g', seat: 'bob', payload: at[1]!, steps: [] })).toMatchObject({
      payload: at[1],
      steps: [],
      ask: false,
    });
    expect(keeper.update(update(1, 2))).toEqual({
      payload: at[2],
      steps: steps(1, 2),
      truncated: false,
      ask: false,
    });
    // A patch made from another step: nothing applied, the whole payload asked since the last told.
    expect(keeper.update(update(3, 4))).toEqual({ steps: [], truncated: false, ask: true });
    expect(keeper.ask()).toEqual({ since: 2 });
    expect(keeper.update(update(2, 3))).toEqual({ steps: [], truncated: false, ask: false }); // waits for it
    expect(keeper.whole({ payload: at[4]!, steps: steps(2, 4) })).toMatchObject({
      steps: steps(2, 4),
      ask: false,
    });
    // Steps told already are not told again; steps after a gap wait for a sync, unless the reply says it
    // carries only the latest ones (truncated).
    expect(keeper.whole({ payload: at[4]!, steps: steps(0, 4) }).steps).toEqual([]);
    expect(keeper.whole({ payload: at[6]!, steps: steps(5, 6) })).toMatchObject({ steps: [], ask: true });
    expect(keeper.whole({ payload: at[6]!, steps: steps(5, 6), truncated: true }).steps).toEqual(steps(5, 6));
    expect(keeper.heard).toBe(6);
  });

  it('leave() closes the seat: told once, with Colyseus’s code for leaving; a command after it is answered, not sent', async () => {
    const created = await boarding();
    const alice = await join(created.seats.alice!.link);
    const closed: Array<{ code: number }> = [];
    alice.on('closed', (why) => closed.push(why));
    await alice.leave();
    expect(closed).toEqual([{ code: CloseCode.left, reason: expect.any(String) }]);
    expect(await alice.send(BOARDING.log[0] as PlayerCommand)).toMatchObject({
      ok: false,
      refused: { code: 'unavailable' },
    });
  });
});
