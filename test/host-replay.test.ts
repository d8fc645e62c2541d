import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinSeat, type RemoteSeat } from '../client/index.ts';
import type { CreatedGame } from '../host/create-game.ts';
import { type ExportedGame, type GameStore, type Host, openEmbeddedStore, startHost } from '../host/index.ts';
import type { Replay } from '../host/replay.ts';
import { type PlayerCommand, replayGame } from '../src/index.ts';
import { BOARDING, boardingReference } from './support/boarding.ts';
import { embeddedStoreFolder } from './support/stores.ts';

/**
 * A game's replay (`GET /games/:id/replay`, host/replay.ts): who may have it (the replay token; a public
 * game's once it has ended), what it holds (the origin and every step, each with the seal it chains to,
 * across the host's checkpoints), the stretch asked (`from`, `to`), and a journal changed in the store
 * refused rather than served.
 */

let host: Host;
let url: string;
let created: CreatedGame;
const seats: RemoteSeat[] = [];
/** What the store's export gives, changed by a test (a row edited behind the host's back). */
/** The built lab the host serves: a folder of one page. */
let lab: string;
let tamper: ((game: ExportedGame) => ExportedGame) | undefined;
/** How many times the host read a game's whole journal. */
let exports = 0;

beforeAll(async () => {
  const inner = await openEmbeddedStore(embeddedStoreFolder());
  const store: GameStore = Object.assign(Object.create(inner) as GameStore, {
    async exportGame(id: string) {
      exports++;
      const game = await inner.exportGame(id);
      return game && tamper ? tamper(game) : game;
    },
  });
  // A checkpoint every four steps: the chain runs on through three of them.
  // A built lab of one page, which the host serves at /lab/.
  lab = mkdtempSync(join(tmpdir(), 'stccg-lab-'));
  mkdirSync(join(lab, 'assets'));
  writeFileSync(join(lab, 'index.html'), '<!doctype html><title>the lab</title>');
  host = await startHost({ port: 0, hostname: '127.0.0.1', store, checkpointEvery: 4, lab });
  created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
  url = new URL(created.spectate).origin;
  for (const player of ['alice', 'bob']) seats.push(await joinSeat(created.seats[player]!.link));
  for (const command of BOARDING.log) {
    const seat = seats.find((s) => s.player === command.player)!;
    expect(await seat.send(command as PlayerCommand)).toMatchObject({ ok: true });
  }
}, 60_000);

afterAll(async () => {
  for (const seat of seats) await seat.leave();
  await host?.close();
  rmSync(lab, { recursive: true, force: true });
});

const replay = (query: string, game = created.gameId) => fetch(`${url}/games/${game}/replay${query}`);
const token = () => `?token=${created.replay.token}`;

describe('a game’s replay', () => {
  it('holds the origin and every step, each chained to the seal before it or to a checkpoint’s', async () => {
    const answer = await replay(token());
    expect(answer.status).toBe(200);
    const whole = (await answer.json()) as Replay;
    expect(whole).toMatchObject({ format: 'stccg-rules/replay', gameId: created.gameId, start: 0, last: 15 });
    expect(whole.steps.map((step) => step.step)).toEqual(BOARDING.log.map((_, i) => i + 1));
    expect(Object.keys(whole.checkpointSeals)).toEqual(['0', '4', '8', '12']);
    for (const [i, step] of whole.steps.entries())
      expect(step.previous).toBe(whole.checkpointSeals[step.step - 1] ?? whole.steps[i - 1]!.mac);
    // The origin and the commands are the game: replayed, the host's board.
    const again = replayGame(
      whole.origin,
      whole.steps.map((step) => step.command),
    );
    expect(again.board()).toEqual(boardingReference().board());
    again.stop();
  });

  it('gives the stretch asked: the steps after `from` up to `to`, the checkpoint only from the start', async () => {
    const stretch = (await (await replay(`${token()}&from=6&to=9`)).json()) as Replay;
    expect(stretch.steps.map((step) => step.step)).toEqual([7, 8, 9]);
    expect(stretch.checkpoint).toBeUndefined();
    expect(stretch.checkpointSeals).toEqual({ 8: expect.any(String) });
    expect(stretch.steps[2]!.previous).toBe(stretch.checkpointSeals[8]);
    const late = (await (await replay(`${token()}&from=40`)).json()) as Replay;
    expect(late.steps).toEqual([]);
    expect((await replay(`${token()}&from=-1`)).status).toBe(400);
    expect((await replay(`${token()}&to=two`)).status).toBe(400);
  });

  it('takes the token in the query or as a bearer, and answers any page (CORS)', async () => {
    const bearer = await fetch(`${url}/games/${created.gameId}/replay`, {
      headers: { authorization: `Bearer ${created.replay.token}` },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${url}/games/${created.gameId}/replay`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization');
    // A seat's token is no replay token.
    expect((await replay(`?token=${created.seats.alice!.token}`)).status).toBe(403);
  });

  it('a game whose early history retention pruned, its pruning checkpoint since given up: replayed from its earliest checkpoint held', async () => {
    // As the store holds it after a sweep pruned up to step 4 and two checkpoints came since.
    tamper = (game) => ({
      ...game,
      checkpoints: game.checkpoints.filter((checkpoint) => checkpoint.step >= 8),
      steps: game.steps.filter((step) => step.step > 4),
    });
    try {
      const answer = await replay(token());
      expect(answer.status).toBe(200);
      const pruned = (await answer.json()) as Replay;
      expect(pruned).toMatchObject({ start: 8, last: 15 });
      expect(pruned.steps.map((step) => step.step)).toEqual([9, 10, 11, 12, 13, 14, 15]);
    } finally {
      tamper = undefined;
    }
  });

  it('a public game still in play: refused without its token before its journal is read', async () => {
    const open = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed, replays: 'public' });
    const before = exports;
    expect((await replay('', open.gameId)).status).toBe(403);
    expect(exports).toBe(before);
    expect((await replay(`?token=${open.replay.token}`, open.gameId)).status).toBe(200);
  });

  it('a game recorded without a replay token is replayed by no one', async () => {
    const game = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed, id: 'old-game' });
    const checkpoint = (await host.store.exportGame(game.gameId))!.checkpoints[0]!;
    await host.store.createGame({ id: 'older-game', seats: { alice: 'x', bob: 'y' }, checkpoint });
    expect(await host.store.replayRule('older-game')).toEqual({
      replays: 'token',
      tokenHash: '',
      ended: false,
    });
    expect((await replay('?token=', 'older-game')).status).toBe(403);
    expect((await replay(token(), 'older-game')).status).toBe(403);
  });

  it('refuses a journal changed in the store (a step’s events, a step dropped, the checkpoint)', async () => {
    const refused = async (change: (game: ExportedGame) => ExportedGame) => {
      tamper = change;
      try {
        const answer = await replay(token());
        return { status: answer.status, body: (await answer.json()) as { error: string; message: string } };
      } finally {
        tamper = undefined;
      }
    };
    const changedEvents = await refused((game) => ({
      ...game,
      steps: game.steps.map((step) => (step.step === 3 ? { ...step, events: [] } : step)),
    }));
    expect(changedEvents).toEqual({
      status: 500,
      body: { error: 'damaged', message: 'step 3 has been changed since it was stored' },
    });
    const dropped = await refused((game) => ({
      ...game,
      steps: game.steps.filter((step) => step.step !== 6),
    }));
    expect(dropped.body.message).toBe('its steps do not run on from step 0 (step 7 follows)');
    const forged = await refused((game) => ({
      ...game,
      checkpoints: game.checkpoints.map((checkpoint, i) =>
        i === 0
          ? {
              ...checkpoint,
              save: checkpoint.save.replace(`"seed":${BOARDING.seed}`, `"seed":${BOARDING.seed + 1}`),
            }
          : checkpoint,
      ),
    }));
    expect(forged.status).toBe(500);
    expect(forged.body.message).toMatch(/^its checkpoint of step 8: /);
    // Untouched, it is served again.
    expect((await replay(token())).status).toBe(200);
  });

  it('the host serves the built lab at /lab/ (the page of a replay link), and nothing beside it', async () => {
    const page = await fetch(`${url}/lab/`);
    expect([page.status, await page.text()]).toEqual([200, '<!doctype html><title>the lab</title>']);
    const bare = await fetch(`${url}/lab`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([301, 'lab/']);
    expect((await fetch(`${url}/lab/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
    expect((await fetch(`${url}/lab/assets`)).status).toBe(404);
  });
});
