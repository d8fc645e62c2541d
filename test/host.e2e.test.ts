/**
 * Two people, two browsers, one game: the host's play page (`/play`) in two Chromium pages, each joined
 * as one seat from the link the host gave its creator. Alice reports a hologram and activates it, then
 * attacks; both pages play the battle by clicking what they are offered, until it is over. Each page
 * shows only what its seat may see (GAME-VIEW-1), and both end on the same table.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedGame, type Host, startHost } from '../host/index.ts';
import { writeClientBundle } from '../scripts/client-bundle.mjs';
import type { Setup } from '../src/index.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.ts';
import { embeddedStoreFolder } from './support/stores.ts';
import { TcpProxy } from './support/tcp-proxy.ts';

const BOARDING = JSON.parse(
  readFileSync(new URL('../examples/replays/boarding-party.json', import.meta.url), 'utf8'),
) as { setup: Setup; seed: number };

/** The boarding party, with a hologram in Alice's hand and an ensign aboard her Enterprise to activate it. */
const SETUP: Setup = {
  ...BOARDING.setup,
  cards: [
    ...BOARDING.setup.cards,
    { id: 'emh', card: 'E.M.H. Program', owner: 'alice', at: 'hand' },
    { id: 'crusher', card: 'Starfleet Ensign', owner: 'alice', at: { aboard: 'enterprise' } },
  ],
};

describe.skipIf(!CHROMIUM)('the host’s play page in two Chromium pages', () => {
  let dir: string;
  let host: Host;
  let browser: Browser;
  let created: CreatedGame;
  const problems: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stccg-e2e-'));
    // The page joins with the client's kit, served as one browser file built from the sources.
    await writeClientBundle();
    host = await startHost({
      port: 0,
      hostname: '127.0.0.1',
      store: embeddedStoreFolder(),
      publicUrl: undefined,
    });
    created = await host.createGame({ setup: SETUP, seed: BOARDING.seed });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(link: string, origin = host.url): Promise<Page> {
    const context = await browser.newContext();
    // Nothing but the host answers.
    await context.route('**/*', (route) =>
      route.request().url().startsWith(origin) ? route.continue() : route.abort(),
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(link.replace(host.url, host.url));
    await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
    return page;
  }

  const stepOf = async (page: Page) => Number(await page.locator('body').getAttribute('data-step'));
  const until = async (page: Page, step: number) =>
    page.waitForFunction((n) => Number(document.body.dataset.step) >= n, step);
  const click = async (page: Page, name: RegExp) => {
    const step = await stepOf(page);
    await page.getByRole('button', { name }).first().click();
    await until(page, step + 1);
  };

  it('GAME-SEAT-1, GAME-VIEW-1, HOLO-ACT-1/2, BATTLE-1..6: a hologram and a battle, played by clicking in two browsers', async () => {
    const alice = await open(created.seats.alice!.link);
    const bob = await open(created.seats.bob!.link);
    // Alice's hand is hers: Bob's page shows no E.M.H. until it is reported.
    await expect(alice.locator('[data-card="emh"]').count()).resolves.toBe(1);
    await expect(bob.locator('[data-card="emh"]').count()).resolves.toBe(0);
    await click(alice, /^Report E\.M\.H\. Program \[emh\] aboard U\.S\.S\. Enterprise/);
    await until(bob, 1);
    await expect(bob.locator('[data-card="emh"]').textContent()).resolves.toContain('deactivated');
    await click(alice, /^Activate E\.M\.H\. Program \[emh\] with Starfleet Ensign \[crusher\]/);
    await until(bob, 2);
    await expect(bob.locator('[data-card="emh"]').textContent()).resolves.toContain('active');
    await expect(bob.locator('#events li[data-kind="activated"]').count()).resolves.toBe(1);
    // The attack aboard the Buruk; then whoever is offered a command plays one, until the battle ends.
    await click(alice, /^Attack: aboard I\.K\.S\. Buruk \[buruk\] against aboard I\.K\.S\. Buruk/);
    for (let turn = 0; turn < 40; turn++) {
      const over = await alice.locator('#events li[data-kind="battle-over"]').count();
      if (over > 0) break;
      let played = false;
      for (const page of [alice, bob]) {
        const decide = page.getByRole('button', { name: /^Decide: (mortally-wound|stun)/ });
        const pass = page.getByRole('button', { name: /^Pass$/ });
        if ((await decide.count()) > 0) await click(page, /^Decide: (mortally-wound|stun)/);
        else if ((await pass.count()) > 0) await click(page, /^Pass$/);
        else continue;
        played = true;
        break;
      }
      if (!played) await alice.waitForTimeout(50);
    }
    const last = await stepOf(alice);
    await until(bob, last);
    for (const page of [alice, bob]) {
      await expect(page.locator('#events li[data-kind="battle-over"]').count()).resolves.toBe(1);
      await expect(page.locator('#events li[data-kind="totals"]').count()).resolves.toBe(1);
    }
    // Both heard the same events, in the same order.
    const told = (page: Page) => page.locator('#events li').allTextContents();
    expect(await told(bob)).toEqual(await told(alice));
    expect((await told(alice)).some((line) => line.startsWith('BATTLE-5a'))).toBe(true);
    await alice.screenshot({ path: 'out/host-play.png', fullPage: true });
    expect(problems).toEqual([]);
  }, 120_000);

  it('a page whose connection is cut comes back by itself (the client’s kit), and draws the step it missed', async () => {
    const game = await host.createGame({ setup: SETUP, seed: BOARDING.seed });
    // Bob's page through a proxy that can cut its connection, as a network would.
    const proxy = await TcpProxy.to(host.url);
    try {
      const through = `http://127.0.0.1:${proxy.port}`;
      const alice = await open(game.seats.alice!.link);
      const bob = await open(game.seats.bob!.link.replace(host.url, through), through);
      // Cut while Alice reports her hologram: Bob's page gets back to its seat after it.
      proxy.drop();
      proxy.cut();
      await bob.getByRole('status').filter({ hasText: 'reconnecting' }).waitFor();
      await click(alice, /^Report E\.M\.H\. Program \[emh\] aboard U\.S\.S\. Enterprise/);
      proxy.heal();
      await bob.getByRole('status').filter({ hasText: 'Reconnected' }).waitFor();
      await until(bob, 1);
      await expect(bob.locator('[data-card="emh"]').textContent()).resolves.toContain('deactivated');
      // What it missed is listed, once.
      await expect(bob.locator('#events li[data-kind="reported"]').count()).resolves.toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
