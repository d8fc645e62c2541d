import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinSeat, type RemoteSeat } from '../client/index.ts';
import type { CreatedGame } from '../host/create-game.ts';
import { type Host, startHost } from '../host/index.ts';
import { clause, type PlayerCommand } from '../src/index.ts';
import { parseScenario } from '../src/scenario/load.ts';
import { runScenario } from '../src/scenario/runner.ts';
import { BOARDING } from './support/boarding.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.ts';
import { buildLab } from './support/lab-build.ts';
import { embeddedStoreFolder } from './support/stores.ts';

/**
 * The judge's console (issue 32, item 2) in a real browser: a host started here serves the built lab at
 * `/lab/`; two seats play the boarding party through the client's kit (in Node) while a third page, the
 * lab opened from the game's replay link, rebuilds the game from its replay, follows it live as a
 * spectator, steps back, and exports a scenario that `stccg run` passes. The network is cut off but for
 * the host.
 */

const run = promisify(execFile);
/** The lab built for this test alone (out/ is ignored; the lab's own test builds dist/lab). */
/**
 * How long a poll waits for the page: the replay fetched and played, a live update come (the test's
 * machine may be busy; vitest's default of one second is short for a page's round trip to the host).
 */
const SOON = { timeout: 15_000 };
const LAB = fileURLToPath(new URL('../out/judge-lab', import.meta.url));

describe.skipIf(!CHROMIUM)("the judge's console in Chromium", () => {
  let host: Host;
  let url: string;
  let created: CreatedGame;
  /** A game whose replays are public, ended. */
  let ended: CreatedGame;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const seats: RemoteSeat[] = [];
  const problems: string[] = [];
  const blocked: string[] = [];

  beforeAll(async () => {
    await buildLab(LAB);
    // A checkpoint every four steps: the console checks the chain through the host's checkpoints too.
    host = await startHost({
      port: 0,
      hostname: '127.0.0.1',
      store: embeddedStoreFolder(),
      lab: LAB,
      checkpointEvery: 4,
    });
    created = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed });
    // The host's public address, as its links give it.
    url = new URL(created.spectate).origin;
    for (const player of ['alice', 'bob']) seats.push(await joinSeat(created.seats[player]!.link));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 1024, height: 900 }, acceptDownloads: true });
    await context.route('**/*', (route) => {
      const to = route.request().url();
      if (to.startsWith(url) || to.startsWith('data:') || to.startsWith('blob:')) return route.continue();
      blocked.push(to);
      return route.abort();
    });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
  }, 60_000);

  afterAll(async () => {
    for (const seat of seats) await seat.leave();
    await browser?.close();
    await host?.close();
  });

  /** The boarding party's commands `from` to `to`, each from its player's seat (through the kit). */
  const play = async (from: number, to: number) => {
    for (const command of BOARDING.log.slice(from, to)) {
      const seat = seats.find((s) => s.player === command.player)!;
      expect(await seat.send(command as PlayerCommand)).toMatchObject({ ok: true });
    }
  };
  const stepShown = () => page.getByTestId('hosted-step').textContent();

  it('the replay rule: the token while the game runs; public ones to anyone once ended', async () => {
    expect(created.replay).toMatchObject({ replays: 'token', url: `${url}/games/${created.gameId}/replay` });
    expect(created.replay.link).toBe(
      `${url}/lab/#replay=${encodeURIComponent(`${url}/games/${created.gameId}`)}&token=${created.replay.token}`,
    );
    const replay = (game: string, query = '') => fetch(`${url}/games/${game}/replay${query}`);
    expect((await replay(created.gameId)).status).toBe(403);
    expect((await replay(created.gameId, '?token=not-the-token')).status).toBe(403);
    const answer = await replay(created.gameId, `?token=${created.replay.token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(await answer.json()).toMatchObject({
      start: 0,
      last: 0,
      steps: [],
      origin: { seed: BOARDING.seed },
    });
    // A public game: its replay takes the token while it runs (it shows the hands), and none once it ended.
    ended = await host.createGame({ setup: BOARDING.setup, seed: BOARDING.seed, replays: 'public' });
    expect((await replay(ended.gameId)).status).toBe(403);
    await host.store.markEnded(ended.gameId);
    expect(await (await replay(ended.gameId)).json()).toMatchObject({ ended: true, replays: 'public' });
    expect((await replay('no-such-game')).status).toBe(404);
  });

  it('opens the game from its replay link at the live step: the table, the rule log with clauses', async () => {
    await play(0, 5);
    await page.goto(created.replay.link);
    await expect.poll(stepShown, SOON).toBe('Step 5 of 5');
    await expect.poll(() => page.getByTestId('hosted-live').textContent(), SOON).toMatch(/following live/);
    expect(await page.getByTestId('session-title').textContent()).toBe(
      `game ${created.gameId} on ${new URL(url).host}`,
    );
    expect(await page.getByTestId('hosted-checked').textContent()).toMatch(/^5 steps checked here/);
    expect(await page.getByTestId('cursor').textContent()).toBe('5 / 5');
    await page.getByRole('tab', { name: 'Rule events' }).click();
    const log = page.getByTestId('rule-log');
    expect(await log.locator('li.rule[data-clause="BATTLE-1"] .clause-text').first().textContent()).toBe(
      clause('BATTLE-1').text,
    );
    // The battle's statechart, lit as the hosted game stands.
    await page.getByRole('tab', { name: /^Statecharts/ }).click();
    await page
      .getByRole('tablist', { name: 'Machine' })
      .getByRole('tab', { name: /^Battle/ })
      .click();
    await expect
      .poll(() => page.locator('figure.chart-viewport g.state.lit').count(), SOON)
      .toBeGreaterThan(0);
  });

  it('follows the game live as the seats play, steps back, and gives a link at the step shown', async () => {
    await play(5, 10);
    await expect.poll(stepShown, SOON).toBe('Step 10 of 10');
    expect(await page.getByTestId('cursor').textContent()).toBe('10 / 10');
    const time = page.getByRole('toolbar', { name: 'Step through the session' });
    await time.getByRole('button', { name: '◀ back' }).click();
    await time.getByRole('button', { name: '◀ back' }).click();
    await expect.poll(stepShown, SOON).toBe('Step 8 of 10');
    // Stepped back, the console stays there as the game goes on.
    await play(10, 12);
    await expect.poll(stepShown, SOON).toBe('Step 8 of 12');
    await page.getByRole('button', { name: 'Replay link at this step' }).click();
    const link = await page.getByTestId('hosted-link').inputValue();
    expect(link).toMatch(/&step=8$/);
    await page.screenshot({ path: 'out/judge-console.png' });
    const other = await context.newPage();
    await other.goto(link);
    await expect.poll(() => other.getByTestId('hosted-step').textContent(), SOON).toBe('Step 8 of 12');
    await other.close();
  });

  it('exports the step shown as a scenario file that stccg run passes', async () => {
    await page.getByRole('tab', { name: 'Export' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scenario file (.json)' }).click(),
    ]);
    expect(await page.getByTestId('export-check').textContent()).toMatch(/^The scenario runner passes it/);
    const path = (await file.path())!;
    const loaded = parseScenario(await readFile(path, 'utf8'), file.suggestedFilename());
    if (!loaded.ok) throw new Error(`${loaded.error.path}: ${loaded.error.expected}`);
    // The position of the hosted game, and its first eight commands.
    expect(loaded.scenario.seed).toBe(BOARDING.seed);
    expect(loaded.scenario.steps.filter((step) => 'do' in step).map((step) => step.do)).toEqual(
      BOARDING.log.slice(0, 8),
    );
    expect(runScenario(loaded.scenario, file.suggestedFilename()).status).toBe('passed');
    const ran = await run(process.execPath, ['bin/stccg-dev.mjs', 'run', path, '--json']);
    expect(JSON.parse(ran.stdout)).toMatchObject({ passed: true, malformed: 0 });
    expect(blocked).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('opens an ended public game without a token, and refuses a running one without it', async () => {
    const game = (id: string) => `${url}/lab/#replay=${encodeURIComponent(`${url}/games/${id}`)}`;
    const other = await context.newPage();
    await other.goto(game(ended.gameId));
    await expect.poll(() => other.getByTestId('hosted-step').textContent(), SOON).toBe('Step 0 of 0');
    expect(await other.getByTestId('hosted').textContent()).toContain(', ended;');
    await other.goto(game(created.gameId));
    await other.reload();
    await expect
      .poll(() => other.getByTestId('hosted-problem').textContent(), SOON)
      .toMatch(/^The replay link could not be opened: the host answered 403: .* takes its replay token$/);
    await other.close();
  });
});
