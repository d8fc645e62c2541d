/**
 * A game's session (host/session.ts) without Colyseus: connections that record what they are sent and
 * patch their payloads as a client does, and an embedded store a test can hold back, fail or tamper
 * with. What the host promises of play is checked here, where no transport stands between: each seat
 * acts only as itself (GAME-SEAT-1) and hears only what it may (GAME-VIEW-1); a step is committed before
 * anyone hears of it; a journal that is not the game's is never played; a host that may have lost its
 * game serves nothing from memory; one connection a seat; a revoked token plays no more.
 */

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalProblem } from '../host/journal.ts';
import { type LeasedRoom, LeaseKeeper } from '../host/lease-keeper.ts';
import {
  type AnswerMessage,
  CLOSE_MOVED,
  CLOSE_REPLACED,
  CLOSE_REVOKED,
  CLOSE_UNAVAILABLE,
  type HostMessages,
  JoinRefused,
  REFUSED_DAMAGED,
  REFUSED_ELSEWHERE,
  REFUSED_NO_GAME,
  REFUSED_OPTIONS,
  REFUSED_SEAT,
  REFUSED_UNAVAILABLE,
} from '../host/protocol.ts';
import { BOT_SEAT, GameSession, type SessionConnection, type SessionContext } from '../host/session.ts';
import { openEmbeddedStore } from '../host/store/embedded-store.ts';
import {
  type GameStore,
  type Lease,
  type LoadedGame,
  type StoredStep,
  StoreError,
} from '../host/store/store.ts';
import { newSeatToken, tokenHash } from '../host/tokens.ts';
import {
  applyPayloadPatch,
  type Command,
  createGame,
  createSaveKey,
  type SavedGame,
  type SeatPayload,
  type StepEvents,
  saveGame,
} from '../src/index.ts';
import { BOARDING, boardingReference } from './support/boarding.ts';
import { embeddedStoreFolder } from './support/stores.ts';

/** A connection as a client holds one: every message kept, its payload patched as updates come. */
class Connection implements SessionConnection {
  readonly sent: Array<{ type: keyof HostMessages; message: unknown }> = [];
  payload: SeatPayload | undefined;
  /** The steps it heard, in order, each once. */
  readonly heard: StepEvents[] = [];
  /** Patches that did not apply (there should be none). */
  readonly failures: string[] = [];
  closed: { code: number; reason: string } | undefined;
  private nextId = 1;

  send<T extends keyof HostMessages>(type: T, message: HostMessages[T]): void {
    this.sent.push({ type, message });
    const m = message as Partial<HostMessages['welcome'] & HostMessages['update']>;
    if (type === 'welcome' || type === 'sync') this.payload = m.payload;
    if (type === 'update') {
      try {
        const payload = this.payload;
        if (!payload || payload.step !== m.from)
          throw new Error(`a patch from ${m.from} to ${payload?.step}`);
        this.payload = applyPayloadPatch(payload, m.patch!);
      } catch (error) {
        this.failures.push((error as Error).message);
      }
    }
    for (const step of m.steps ?? []) if (step.step > (this.heard.at(-1)?.step ?? 0)) this.heard.push(step);
  }

  close(code: number, reason: string): void {
    this.closed ??= { code, reason };
  }

  of<T extends keyof HostMessages>(type: T): HostMessages[T][] {
    return this.sent.filter((sent) => sent.type === type).map((sent) => sent.message as HostMessages[T]);
  }

  get answers(): AnswerMessage[] {
    return this.of('answer');
  }

  /** A command sent through the session, and the work it caused done: its answer. */
  async command(session: GameSession, command: unknown): Promise<AnswerMessage | undefined> {
    const id = this.nextId++;
    await session.command(this, { id, command });
    return this.answers.find((answer) => answer.id === id);
  }
}

/** The embedded store, whose commits and loads a test can hold back, fail or tamper with. */
const control = {
  /** Every call fails as a store that is down does. */
  failing: false,
  /** While set, every commit waits for it. */
  hold: undefined as Promise<void> | undefined,
  tamper: undefined as ((loaded: LoadedGame) => LoadedGame) | undefined,
  /** Reads of past steps fail (the rest of the store answers). */
  stepsFailing: false,
  /** Runs once, after the next load has read the store and before it returns. */
  afterLoad: undefined as (() => Promise<void>) | undefined,
  /** Runs once, before the next claim. */
  beforeClaim: undefined as ((gameId: string) => Promise<void>) | undefined,
};
let store: GameStore;
let inner: GameStore;

beforeAll(async () => {
  inner = await openEmbeddedStore(embeddedStoreFolder());
  const down = () =>
    Promise.reject(new StoreError('the store is unavailable: connection refused', 'unavailable'));
  store = Object.assign(Object.create(inner) as GameStore, {
    async appendSteps(...args: Parameters<GameStore['appendSteps']>) {
      if (control.failing) return down();
      await control.hold;
      await inner.appendSteps(...args);
    },
    async loadGame(id: string) {
      if (control.failing) return down();
      const loaded = await inner.loadGame(id);
      const afterLoad = control.afterLoad;
      control.afterLoad = undefined;
      await afterLoad?.();
      return loaded && control.tamper ? control.tamper(loaded) : loaded;
    },
    async claim(gameId: string, lease: Lease) {
      const beforeClaim = control.beforeClaim;
      control.beforeClaim = undefined;
      await beforeClaim?.(gameId);
      return inner.claim(gameId, lease);
    },
    async stepsSince(...args: Parameters<GameStore['stepsSince']>) {
      if (control.failing || control.stepsFailing) return down();
      return inner.stepsSince(...args);
    },
    async renew(lease: Lease) {
      if (control.failing) return down();
      return inner.renew(lease);
    },
  });
}, 60_000);

afterAll(async () => {
  await inner?.close();
});

const key = createSaveKey('session-test');
let hosts = 0;

/** A host's context for sessions, its own owner, and its lease keeper telling these sessions of losses. */
function hostContext(
  options: {
    ttlMs?: number;
    checkpointEvery?: number;
    history?: number;
    leases?: SessionContext['leases'];
  } = {},
) {
  const lease = { owner: `host-${++hosts}`, ttlMs: options.ttlMs ?? 60_000 };
  const sessions = new Map<string, LeasedRoom>();
  const lines: string[] = [];
  const context: SessionContext = {
    store,
    key,
    keys: [key],
    checkpointEvery: options.checkpointEvery ?? 50,
    history: options.history ?? 256,
    log: (line) => lines.push(line),
    botBudgetMs: 20,
    lease,
    leases: options.leases ?? new LeaseKeeper(store, lease, sessions),
  };
  /** A session of this host, told by its lease keeper if it loses its game. */
  const open = async (gameId: string) => {
    const session = await GameSession.open(context, gameId);
    sessions.set(gameId, session);
    return session;
  };
  return { context, open, lines };
}

let games = 0;

/** The boarding party recorded in the store as a host creates it: its id and each seat's token. */
async function boardingGame(bots: readonly string[] = []) {
  const gameId = `session-${++games}`;
  const game = createGame(BOARDING.setup, { seed: BOARDING.seed, id: gameId });
  const tokens: Record<string, string> = { alice: newSeatToken(), bob: newSeatToken() };
  await store.createGame({
    id: gameId,
    seats: Object.fromEntries(
      ['alice', 'bob'].map((player) => [
        player,
        bots.includes(player) ? BOT_SEAT : tokenHash(tokens[player]!),
      ]),
    ),
    checkpoint: { step: 0, save: JSON.stringify(saveGame(game, { key, log: false })) },
  });
  game.stop();
  return { gameId, tokens };
}

/** A seat (or, without one, a spectator) let in and welcomed. */
async function sit(
  session: GameSession,
  game: { gameId: string; tokens: Record<string, string> },
  seat?: 'alice' | 'bob',
  since?: number,
): Promise<Connection> {
  const connection = new Connection();
  const admission = await session.admit({
    gameId: game.gameId,
    ...(seat ? { seat, token: game.tokens[seat] } : {}),
    ...(since === undefined ? {} : { since }),
  });
  await session.join(connection, admission);
  return connection;
}

/** What a join is refused with: its code. */
async function refusal(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(JoinRefused);
    return (error as JoinRefused).code;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a game played through its session, no transport between', () => {
  it('GAME-SEAT-1, GAME-VIEW-1: two seats and a spectator play the boarding party; each payload, patched step by step, is the game’s own, and each hears every step once', async () => {
    const host = hostContext();
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const players = { alice: await sit(session, game, 'alice'), bob: await sit(session, game, 'bob') };
    const watcher = await sit(session, game);
    // Alice's attack from Bob's seat: his door refuses it, and nothing moves (GAME-SEAT-1).
    expect(await players.bob.command(session, BOARDING.log[0])).toMatchObject({
      ok: false,
      rejection: { code: 'not-your-seat', clause: 'GAME-SEAT-1' },
    });
    for (const command of BOARDING.log)
      expect(await players[command.player as 'alice' | 'bob'].command(session, command)).toMatchObject({
        ok: true,
      });
    const reference = boardingReference();
    expect(players.alice.payload).toEqual(reference.seat('alice').payload());
    expect(players.bob.payload).toEqual(reference.seat('bob').payload());
    expect(watcher.payload).toEqual(reference.spectator().payload());
    const doors = {
      alice: reference.seat('alice'),
      bob: reference.seat('bob'),
      watcher: reference.spectator(),
    };
    for (const [who, connection] of Object.entries({ ...players, watcher })) {
      expect(connection.failures).toEqual([]);
      expect(connection.heard).toEqual(doors[who as keyof typeof doors].eventsSince(0));
      // Every step after its welcome came as a patch, never the whole payload again.
      expect(connection.of('update').length).toBe(BOARDING.log.length);
      expect(connection.of('sync')).toEqual([]);
    }
    await session.close();
  });

  it('GAME-VIEW-1: a join with `since` is welcomed with what its seat may hear of the steps after it', async () => {
    const host = hostContext();
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const alice = await sit(session, game, 'alice');
    const bob = await sit(session, game, 'bob');
    for (const command of BOARDING.log.slice(0, 4))
      await (command.player === 'alice' ? alice : bob).command(session, command);
    const late = await sit(session, game, 'bob', 1);
    expect(late.of('welcome')[0]!.steps).toEqual(boardingReference(4).seat('bob').eventsSince(1));
    await session.close();
  });
});

describe('committed before anyone is told', () => {
  it('a command whose commit the store holds back is answered, and told to the other seat, only once it is committed', async () => {
    const host = hostContext();
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const alice = await sit(session, game, 'alice');
    const bob = await sit(session, game, 'bob');
    let release!: () => void;
    control.hold = new Promise((resolve) => (release = resolve));
    const sent = alice.command(session, BOARDING.log[0]);
    await sleep(200);
    // Judged, not committed: no answer, no update.
    expect(alice.answers).toEqual([]);
    expect(bob.of('update')).toEqual([]);
    control.hold = undefined;
    release();
    expect(await sent).toMatchObject({ ok: true, step: 1 });
    expect(bob.payload?.step).toBe(1);
    await session.close();
  });

  it('a commit the store fails: answered `unavailable`, never ok; no one told; the game rebuilt from the store, and the command, sent again, carried out once', async () => {
    const host = hostContext();
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const alice = await sit(session, game, 'alice');
    const bob = await sit(session, game, 'bob');
    control.failing = true;
    try {
      expect(await alice.command(session, BOARDING.log[0])).toMatchObject({
        ok: false,
        refused: { code: 'unavailable' },
      });
    } finally {
      control.failing = false;
    }
    expect(alice.answers.some((answer) => answer.ok)).toBe(false);
    expect(bob.of('update')).toEqual([]);
    expect((await store.loadGame(game.gameId))?.steps).toEqual([]);
    // The store back: the game is rebuilt from it (at step 0), and the attack goes through.
    expect(await alice.command(session, BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
    expect(bob.payload).toEqual(boardingReference(1).seat('bob').payload());
    expect((await store.loadGame(game.gameId))?.steps.map((step) => step.step)).toEqual([1]);
    await session.close();
  });

  it('a checkpoint every N steps: the store holds the latest and the steps after it, and a session opened from them is at the same step with the same views', async () => {
    const host = hostContext({ checkpointEvery: 4 });
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const players = { alice: await sit(session, game, 'alice'), bob: await sit(session, game, 'bob') };
    for (const command of BOARDING.log.slice(0, 7))
      expect(await players[command.player as 'alice' | 'bob'].command(session, command)).toMatchObject({
        ok: true,
      });
    const stored = await store.loadGame(game.gameId);
    expect(stored?.checkpoint.step).toBe(4);
    expect(stored?.steps.map((step) => step.step)).toEqual([5, 6, 7]);
    await session.close();
    const again = await host.open(game.gameId);
    const bob = await sit(again, game, 'bob');
    expect(bob.payload).toEqual(players.bob.payload);
    await again.close();
  });
});

describe('the journal, checked before it is played', () => {
  it('a step changed in the store, a step taken out or an unsealed step: the game is not opened (4500), never played', async () => {
    const host = hostContext();
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const alice = await sit(session, game, 'alice');
    const bob = await sit(session, game, 'bob');
    for (const command of BOARDING.log.slice(0, 6))
      await (command.player === 'alice' ? alice : bob).command(session, command);
    await session.close();
    const forgeries: Array<[(loaded: LoadedGame) => LoadedGame, RegExp]> = [
      [
        (loaded) => ({
          ...loaded,
          steps: loaded.steps.map((step) =>
            step.command.type === 'decide'
              ? ({ ...step, command: { ...step.command, outcome: 'none' } } as StoredStep)
              : step,
          ),
        }),
        /step 6 has been changed since it was stored/,
      ],
      [(loaded) => ({ ...loaded, steps: loaded.steps.filter((step) => step.step !== 3) }), /do not run on/],
      [(loaded) => ({ ...loaded, steps: loaded.steps.map((step) => ({ ...step, mac: '' })) }), /not sealed/],
    ];
    try {
      for (const [tamper, why] of forgeries) {
        control.tamper = tamper;
        const opening = host.open(game.gameId);
        await expect(opening).rejects.toThrow(why);
        expect(await refusal(opening)).toBe(REFUSED_DAMAGED);
      }
    } finally {
      control.tamper = undefined;
    }
    const again = await host.open(game.gameId);
    expect((await sit(again, game, 'alice')).payload?.step).toBe(6);
    await again.close();
  });

  it('a checkpoint of another game, or of another step, is not this game’s journal', () => {
    const checkpoint = { id: 'other', logStart: 0 } as unknown as SavedGame;
    expect(journalProblem('mine', [key], checkpoint, 0, [])).toMatch(/checkpoint is of another game/);
    expect(journalProblem('other', [key], checkpoint, 4, [])).toMatch(/checkpoint of step 4 holds step 0/);
  });
});

describe('a seat the computer plays', () => {
  it('Alice attacks; the bot answers for Bob as the battle awaits him, each move committed and explained to every connection before its update', async () => {
    const host = hostContext();
    const game = await boardingGame(['bob']);
    const session = await host.open(game.gameId);
    // No token claims the computer's seat.
    expect(await refusal(session.admit({ gameId: game.gameId, seat: 'bob', token: 'x'.repeat(43) }))).toBe(
      REFUSED_SEAT,
    );
    const alice = await sit(session, game, 'alice');
    const watcher = await sit(session, game);
    expect(await alice.command(session, BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
    const bots = alice.of('bot');
    expect(bots.length).toBeGreaterThan(0);
    expect(bots.every((bot) => bot.player === 'bob' && bot.explanation.length > 5)).toBe(true);
    expect(watcher.of('bot')).toEqual(bots);
    // Each bot message comes before the update of its step.
    const firstBot = alice.sent.findIndex((sent) => sent.type === 'bot');
    const itsUpdate = alice.sent.findIndex(
      (sent) => sent.type === 'update' && (sent.message as HostMessages['update']).to === bots[0]!.step,
    );
    expect(firstBot).toBeLessThan(itsUpdate);
    const stored = await store.loadGame(game.gameId);
    expect(stored!.checkpoint.step + stored!.steps.length).toBe(alice.payload!.step);
    expect(
      stored!.steps.slice(1).every((step) => (step.command as Command & { player: string }).player === 'bob'),
    ).toBe(true);
    expect(alice.failures).toEqual([]);
    await session.close();
  });
});

describe('fenced reads: nothing served from memory that another host may have carried on', () => {
  it('a host stalled past its lease, whose game another host took meanwhile: no welcome, no judgement, no sync; every connection closed (4100), and the game never committed here again', async () => {
    const host = hostContext({ ttlMs: 400 });
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const alice = await sit(session, game, 'alice');
    expect(await alice.command(session, BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
    // The stall: no heartbeat for longer than the lease, and another host takes the game over.
    await sleep(500);
    expect(host.context.leases.fresh()).toBe(false);
    expect(await store.claim(game.gameId, { owner: 'host-elsewhere', ttlMs: 60_000 })).toBe(true);
    // Bob's join passed the door (a token is no view), but is never welcomed.
    const bob = new Connection();
    await session.join(
      bob,
      await session.admit({ gameId: game.gameId, seat: 'bob', token: game.tokens.bob }),
    );
    expect(bob.of('welcome')).toEqual([]);
    expect(bob.closed?.code).toBe(CLOSE_MOVED);
    expect(alice.closed?.code).toBe(CLOSE_MOVED);
    // Alice's pass and her sync, sent as her connection closes: neither judged nor answered from memory.
    const before = alice.sent.length;
    await alice.command(session, BOARDING.log[1]);
    await session.sync(alice, { since: 0 });
    expect(alice.sent.length).toBe(before);
    expect((await store.loadGame(game.gameId))?.steps.map((step) => step.step)).toEqual([1]);
    expect(host.lines.some((line) => /another host holds it now/.test(line))).toBe(true);
    await session.close();
  });

  it('a step the old owner committed between a new host’s read of the game and its claim is not lost: the new host reads again once the game is its own', async () => {
    const first = hostContext();
    const game = await boardingGame();
    const old = await first.open(game.gameId);
    const alice = await sit(old, game, 'alice');
    const second = hostContext();
    // As the second host reads the game, the first (its lease about to lapse) commits Alice's attack;
    // then its lease lapses, and the second host's claim takes the game.
    control.afterLoad = async () => {
      expect(await alice.command(old, BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
    };
    control.beforeClaim = (gameId) => inner.release(gameId, first.context.lease.owner);
    const taken = await second.open(game.gameId);
    const bob = await sit(taken, game, 'bob');
    expect(bob.payload).toEqual(boardingReference(1).seat('bob').payload());
    expect(await bob.command(taken, BOARDING.log[1])).toMatchObject({ ok: true, step: 2 });
    await taken.close();
    await old.close();
  });

  it('a host whose lease lapsed, with no one taking its game: a renewal confirms it, and the join is served', async () => {
    const host = hostContext({ ttlMs: 400 });
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    await sleep(500);
    expect(host.context.leases.fresh()).toBe(false);
    const alice = await sit(session, game, 'alice');
    expect(alice.payload?.step).toBe(0);
    expect(host.context.leases.fresh()).toBe(true);
    await session.close();
  });

  it('a host that cannot confirm its lease (a renewal unanswered, the lease not yet lapsed) serves nothing from memory: a join refused and closed (4503), a command and a sync refused', async () => {
    // A lease keeper whose renewals the store does not answer: never fresh, until it is.
    let fresh = true;
    const beats: number[] = [];
    const host = hostContext({
      leases: { fresh: () => fresh, beat: async () => void beats.push(1), confirmed: () => {} },
    });
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const alice = await sit(session, game, 'alice');
    fresh = false;
    const bob = new Connection();
    await session.join(
      bob,
      await session.admit({ gameId: game.gameId, seat: 'bob', token: game.tokens.bob }),
    );
    expect(bob.of('welcome')).toEqual([]);
    expect(bob.of('refused')).toMatchObject([{ type: 'join', code: 'unavailable' }]);
    expect(bob.closed?.code).toBe(CLOSE_UNAVAILABLE);
    expect(await alice.command(session, BOARDING.log[0])).toMatchObject({
      ok: false,
      refused: { code: 'unavailable', message: expect.stringMatching(/cannot confirm/) },
    });
    await session.sync(alice, {});
    expect(alice.of('sync')).toEqual([]);
    expect(alice.of('refused')).toMatchObject([{ type: 'sync', code: 'unavailable' }]);
    // Each asked for a renewal first.
    expect(beats.length).toBe(3);
    expect((await store.loadGame(game.gameId))?.steps).toEqual([]);
    // Renewed: served again.
    fresh = true;
    expect(await alice.command(session, BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
    await session.close();
  });

  it('a host cut off from its store past its lease fences itself: every connection closed (4100), nothing served', async () => {
    const host = hostContext({ ttlMs: 400 });
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const alice = await sit(session, game, 'alice');
    await sleep(500);
    control.failing = true;
    try {
      const bob = new Connection();
      await session.join(
        bob,
        await session.admit({ gameId: game.gameId, seat: 'bob', token: game.tokens.bob }),
      );
      expect(bob.of('welcome')).toEqual([]);
      expect(bob.closed?.code).toBe(CLOSE_MOVED);
      expect(alice.closed?.code).toBe(CLOSE_MOVED);
    } finally {
      control.failing = false;
    }
    await session.close();
  });
});

describe('one connection a seat, and a token revoked', () => {
  it('GAME-SEAT-1: a second join with the seat’s token replaces the first, closed with 4101; the first sends nothing more; spectators are many', async () => {
    const host = hostContext();
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const first = await sit(session, game, 'alice');
    const watchers = [await sit(session, game), await sit(session, game)];
    const second = await sit(session, game, 'alice');
    expect(first.closed?.code).toBe(CLOSE_REPLACED);
    expect(second.closed).toBeUndefined();
    expect(second.payload?.step).toBe(0);
    expect(await first.command(session, BOARDING.log[0])).toBeUndefined();
    expect(await second.command(session, BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
    expect(first.of('update')).toEqual([]);
    for (const watcher of watchers) {
      expect(watcher.closed).toBeUndefined();
      expect(watcher.payload?.step).toBe(1);
    }
    // A connection dropped and kept for its reconnection is replaced too: its place goes.
    session.away(second);
    const third = await sit(session, game, 'alice');
    expect(second.closed?.code).toBe(CLOSE_REPLACED);
    expect(session.back(second)).toBe(false);
    expect(third.payload?.step).toBe(1);
    await session.close();
  });

  it('GAME-SEAT-1: two joins of one seat waiting in the queue together: the later stays, whichever is reached first; the earlier closes (4101)', async () => {
    const host = hostContext();
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const bob = await sit(session, game, 'bob');
    // Bob's command, its commit held: the queue is busy while Alice's page joins, and joins again.
    let release!: () => void;
    control.hold = new Promise((resolve) => (release = resolve));
    const sent = bob.command(session, { type: 'pass', player: 'bob', step: 0 });
    const admission = () => session.admit({ gameId: game.gameId, seat: 'alice', token: game.tokens.alice });
    const older = new Connection();
    const newer = new Connection();
    const joins = [session.join(older, await admission()), session.join(newer, await admission())];
    control.hold = undefined;
    release();
    await sent;
    await Promise.all(joins);
    expect(older.closed?.code).toBe(CLOSE_REPLACED);
    expect(older.of('welcome')).toEqual([]);
    expect(newer.closed).toBeUndefined();
    expect(newer.of('welcome')).toHaveLength(1);
    await session.close();
  });

  it('a join whose missed steps the store cannot give is refused and closed (4503), never left open unwelcomed', async () => {
    const host = hostContext({ history: 2 });
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const alice = await sit(session, game, 'alice');
    const bob = await sit(session, game, 'bob');
    for (const command of BOARDING.log.slice(0, 6))
      await (command.player === 'alice' ? alice : bob).command(session, command);
    control.stepsFailing = true;
    try {
      const back = await sit(session, game, 'bob', 0);
      expect(back.of('welcome')).toEqual([]);
      expect(back.closed?.code).toBe(CLOSE_UNAVAILABLE);
    } finally {
      control.stepsFailing = false;
    }
    const again = await sit(session, game, 'bob', 0);
    expect(again.of('welcome')).toHaveLength(1);
    await session.close();
  });

  it('a seat’s token changed: its connections close (4102), the old token is refused at the door (4403), a join let in before the change is not welcomed; the new token and the other seat play on', async () => {
    const host = hostContext();
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const alice = await sit(session, game, 'alice');
    const bob = await sit(session, game, 'bob');
    const admittedBefore = await session.admit({
      gameId: game.gameId,
      seat: 'alice',
      token: game.tokens.alice,
    });
    // The store's hash replaced (as a rotation does), then the session told.
    const token = newSeatToken();
    control.tamper = (loaded) => ({ ...loaded, seats: { ...loaded.seats, alice: tokenHash(token) } });
    try {
      await session.seatRevoked('alice');
      expect(alice.closed?.code).toBe(CLOSE_REVOKED);
      expect(bob.closed).toBeUndefined();
      expect(
        await refusal(session.admit({ gameId: game.gameId, seat: 'alice', token: game.tokens.alice })),
      ).toBe(REFUSED_SEAT);
      const late = new Connection();
      await session.join(late, admittedBefore);
      expect(late.of('welcome')).toEqual([]);
      expect(late.closed?.code).toBe(CLOSE_REVOKED);
      const again = await sit(session, { ...game, tokens: { ...game.tokens, alice: token } }, 'alice');
      expect(await again.command(session, BOARDING.log[0])).toMatchObject({ ok: true, step: 1 });
      expect(bob.payload?.step).toBe(1);
    } finally {
      control.tamper = undefined;
    }
    await session.close();
  });
});

describe('refused at the door, with the codes a transport passes on', () => {
  it('4400 (options not of the protocol), 4403 (an unknown seat and a wrong token alike), 4404 (no such game), 4409 (another host holds it), 4503 (the store down)', async () => {
    const host = hostContext();
    const game = await boardingGame();
    const session = await host.open(game.gameId);
    const admit = (options: unknown) => refusal(session.admit(options));
    expect(await admit({ gameId: game.gameId, seat: 'alice', token: game.tokens.alice, extra: 1 })).toBe(
      REFUSED_OPTIONS,
    );
    expect(await admit({ gameId: game.gameId, token: game.tokens.alice })).toBe(REFUSED_OPTIONS);
    expect(await admit({ gameId: game.gameId, seat: 'alice', token: game.tokens.bob })).toBe(REFUSED_SEAT);
    expect(await admit({ gameId: game.gameId, seat: 'carol', token: game.tokens.bob })).toBe(REFUSED_SEAT);
    expect(await admit({ gameId: game.gameId, seat: 'alice' })).toBe(REFUSED_SEAT);
    await session.close();
    expect(await refusal(host.open('no-such-game'))).toBe(REFUSED_NO_GAME);
    const other = await boardingGame();
    expect(await store.claim(other.gameId, { owner: 'host-elsewhere', ttlMs: 60_000 })).toBe(true);
    expect(await refusal(host.open(other.gameId))).toBe(REFUSED_ELSEWHERE);
    control.failing = true;
    try {
      expect(await refusal(host.open(game.gameId))).toBe(REFUSED_UNAVAILABLE);
    } finally {
      control.failing = false;
    }
  });
});

describe('the session stands without a transport', () => {
  it('host/session.ts imports no Colyseus, by no path', () => {
    const root = resolve(import.meta.dirname, '..');
    const seen = new Set<string>();
    const colyseus: string[] = [];
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [, specifier] of code.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        if (specifier!.startsWith('@colyseus') || specifier!.startsWith('colyseus')) colyseus.push(file);
        else if (specifier!.startsWith('./') && file.startsWith(join(root, 'host')))
          walk(resolve(dirname(file), specifier!));
      }
    };
    walk(join(root, 'host/session.ts'));
    expect(seen.size).toBeGreaterThan(4);
    expect(colyseus).toEqual([]);
  });
});
