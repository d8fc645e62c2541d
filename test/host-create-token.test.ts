/**
 * The host's create token (`startHost({ createToken })`, `--create-token-file`): who may create games
 * over HTTP. A host of its own, for Colyseus keeps one a process.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Host, startHost } from '../host/index.ts';
import { BOARDING } from './support/boarding.ts';
import { embeddedStoreFolder } from './support/stores.ts';

let host: Host;

beforeAll(async () => {
  host = await startHost({ port: 0, store: embeddedStoreFolder(), createToken: 'open-sesame' });
});

afterAll(async () => {
  await host?.close();
});

const post = (authorization?: string) =>
  fetch(`${host.url}/games`, {
    method: 'POST',
    headers: authorization === undefined ? {} : { authorization },
    body: JSON.stringify({ setup: BOARDING.setup }),
  });

it('with a create token, POST /games takes exactly `Bearer TOKEN`: a missing, wrong, longer or shorter one is 401 and makes no game', async () => {
  for (const wrong of [
    undefined,
    'Bearer open',
    'Bearer open-sesame!',
    'open-sesame',
    'Bearer OPEN-SESAME',
  ]) {
    const refused = await post(wrong);
    expect(refused.status, String(wrong)).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('unauthorized');
  }
  expect((await host.store.counts()).games).toBe(0);
  const made = await post('Bearer open-sesame');
  expect(made.status).toBe(201);
  expect((await host.store.counts()).games).toBe(1);
});
