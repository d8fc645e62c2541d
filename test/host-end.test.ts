/**
 * A game marked ended by its creator (`POST /games/:id/end`, `host.endGame`): the engine knows no end of a
 * game but one where no seat has a command left, so whoever created a game says when it is over. Only
 * with the host's create token; from then on a public game's replay is open to anyone, and retention
 * (`--retain ended`) may prune its history.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedGame, type Host, startHost } from '../host/index.ts';
import { BOARDING } from './support/boarding.ts';
import { embeddedStoreFolder } from './support/stores.ts';

const CREATE_TOKEN = 'a create token of the tests, long enough';
let host: Host;
let game: CreatedGame;

beforeAll(async () => {
  host = await startHost({
    port: 0,
    hostname: '127.0.0.1',
    store: embeddedStoreFolder(),
    createToken: CREATE_TOKEN,
  });
  game = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed, replays: 'public' });
}, 60_000);

afterAll(async () => {
  await host?.close();
});

const post = (path: string, token?: string) =>
  fetch(`${host.url}${path}`, {
    method: 'POST',
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

describe('a game marked ended by its creator', () => {
  it('only with the create token (401 without, 404 for an unknown game); then its public replay is open, and the store has it ended', async () => {
    const replay = () => fetch(`${host.url}/games/${game.gameId}/replay`);
    expect((await replay()).status).toBe(403);
    expect((await post(`/games/${game.gameId}/end`)).status).toBe(401);
    expect((await post(`/games/${game.gameId}/end`, 'not the token')).status).toBe(401);
    expect((await post('/games/no-such-game/end', CREATE_TOKEN)).status).toBe(404);
    expect(await host.store.replayRule(game.gameId)).toMatchObject({ ended: false });
    const ended = await post(`/games/${game.gameId}/end`, CREATE_TOKEN);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ gameId: game.gameId, ended: true });
    expect(await host.store.replayRule(game.gameId)).toMatchObject({ ended: true });
    expect((await replay()).status).toBe(200);
    expect(await host.endGame('no-such-game')).toBe(false);
  });
});
