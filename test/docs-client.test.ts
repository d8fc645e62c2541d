/**
 * The manual's complete client (docs/host.md, "Writing a client") runs as written: against a host in
 * this process, with the links of a game it creates in place of the snippet's two (what `POST /games`
 * would give), and the kit from its sources in place of the package's entry. It plays the boarding
 * party's battle to its end, and says what each seat hears.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Host, startHost } from '../host/index.ts';
import { BOARDING } from './support/boarding.ts';
import { embeddedStoreFolder } from './support/stores.ts';

const ROOT = resolve(import.meta.dirname, '..');
const page = readFileSync(join(ROOT, 'docs', 'host.md'), 'utf8');
const snippet = /## Writing a client: `stccg-rules\/client`[\s\S]*?```ts\n([\s\S]*?)```/.exec(page)![1]!;

let host: Host;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stccg-docs-client-'));
  host = await startHost({ port: 0, hostname: '127.0.0.1', store: embeddedStoreFolder() });
}, 60_000);

afterAll(async () => {
  await host?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the manual’s client (docs/host.md)', () => {
  it('is at most 30 lines, and names its links as variables to fill in', () => {
    expect(snippet.trimEnd().split('\n').length).toBeLessThanOrEqual(30);
    expect(snippet).toMatch(/^const aliceLink = '[^']*';$/m);
    expect(snippet).toMatch(/^const bobLink = '[^']*';$/m);
  });

  it('plays a game’s battle to its end as written, both seats hearing every step', async () => {
    const created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    const kit = pathToFileURL(join(ROOT, 'client', 'index.ts')).href;
    const program = snippet
      .replace("from 'stccg-rules/client'", `from '${kit}'`)
      .replace(/^const aliceLink = '[^']*';$/m, `const aliceLink = '${created.seats.alice!.link}';`)
      .replace(/^const bobLink = '[^']*';$/m, `const bobLink = '${created.seats.bob!.link}';`);
    const file = join(dir, 'client.ts');
    writeFileSync(file, `${program}\nexport {};\n`);
    const said: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void said.push(String(line)));
    try {
      await import(pathToFileURL(file).href);
    } finally {
      log.mockRestore();
    }
    const end = /^the battle is over at step (\d+)$/.exec(said.at(-1) ?? '');
    expect(end, said.join('\n')).not.toBeNull();
    expect(Number(end![1])).toBeGreaterThan(5);
    // Each seat heard every step of the battle, in order, to its end.
    const steps = Array.from({ length: Number(end![1]) }, (_, i) => i + 1);
    for (const player of ['alice', 'bob']) {
      const heard = said.filter((line) => line.startsWith(`${player} hears at step `));
      expect(new Set(heard.map((line) => Number(/at step (\d+)/.exec(line)![1])))).toEqual(new Set(steps));
      expect(heard.at(-1)).toMatch(/BATTLE-6: the battle is over; alice won$/);
    }
  });
});
