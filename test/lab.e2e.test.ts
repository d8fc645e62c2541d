import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BATTLE_SETUP } from '../src/demo/demo-setup.ts';
import { type BattleOdds, battleOdds, clause } from '../src/index.ts';
import { parseScenario } from '../src/scenario/load.ts';
import { runScenario } from '../src/scenario/runner.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.ts';
import { buildLab } from './support/lab-build.ts';
import { type StaticSite, serveFolder } from './support/static-server.ts';

/**
 * The rules lab in a real browser (the system's Chromium, driven by playwright-core): the lab is built
 * once (`vite build`, as `npm run lab:build` does), served from 127.0.0.1 with every other request
 * blocked, and played by clicking as a judge would.
 */

const run = promisify(execFile);
const LAB = 'dist/lab';
/**
 * Where the screenshots go: out/ (ignored), so that a test run never changes a tracked file; the manual's
 * pictures in docs/ are renewed only when asked (`STCCG_DOCS_SCREENSHOTS=1 npx vitest run test/lab.e2e.test.ts`).
 */
const SHOTS = process.env.STCCG_DOCS_SCREENSHOTS === '1' ? 'docs' : 'out';

describe.skipIf(!CHROMIUM)('the rules lab in Chromium', () => {
  let site: StaticSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const blocked: string[] = [];

  beforeAll(async () => {
    await buildLab();
    site = await serveFolder(LAB);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 1024, height: 900 }, acceptDownloads: true });
    // The network is cut off: only the lab's own server answers.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(site.url) || url.startsWith('data:') || url.startsWith('blob:'))
        return route.continue();
      blocked.push(url);
      return route.abort();
    });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await page.goto(site.url);
    await mkdir(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const command = (player: string, words: string) =>
    page
      .getByRole('group', { name: `${player}'s legal commands` })
      .getByRole('button', { name: words, exact: true });
  /** A card's hologram state on the board; null for a card with no hologram actor (in hand). */
  const hologramOf = async (card: string) => {
    const state = page.locator(
      `section[aria-labelledby="board-title"] [data-card="${card}"] [data-hologram]`,
    );
    return (await state.count()) > 0 ? state.getAttribute('data-hologram') : null;
  };
  /** The paths of the lit states in the chart shown, and the names written beside them. */
  const litIn = async (machine: string) => {
    await page.getByRole('tab', { name: /^Statecharts/ }).click();
    await page
      .getByRole('tablist', { name: 'Machine' })
      .getByRole('tab', { name: new RegExp(`^${machine}`) })
      .click();
    const figure = page.locator('figure.chart-viewport');
    await expect.poll(() => figure.locator('g.state.lit').count()).toBeGreaterThan(0);
    return figure
      .locator('g.state.lit')
      .evaluateAll((gs) =>
        gs.map(
          (g) =>
            `${g.getAttribute('data-path')}${g.querySelector('.who')?.textContent ? `: ${g.querySelector('.who')?.textContent}` : ''}`,
        ),
      );
  };
  const openPosition = async (title: RegExp) => {
    const choice = page.getByLabel('open', { exact: true });
    const value = await choice.locator('option', { hasText: title }).first().getAttribute('value');
    await choice.selectOption(value!);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
  };

  it('loads with the network cut off, on the demo, with no console errors', async () => {
    await expect.poll(() => page.getByTestId('session-title').textContent()).toContain('the demo');
    expect(await page.getByTestId('turn').textContent()).toBe('Turn 1: alice');
    expect(blocked).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("HOLO-ACT-1, HOLO-ACT-2: the demo's report and activation, played by clicking", async () => {
    await command('alice', 'report The Doctor [doctor] to aboard U.S.S. Enterprise [enterprise]').click();
    expect(await hologramOf('doctor')).toBe('deactivated');
    await command('alice', 'activate The Doctor [doctor] by Data [data]').click();
    expect(await hologramOf('doctor')).toBe('active');
    expect(await page.getByTestId('cursor').textContent()).toBe('2 / 2');
    // The live charts: both holograms lit in `active`, the last transition taken by The Doctor's actor.
    expect(await litIn('Holograms')).toEqual(['active: emh, doctor']);
    expect(await page.getByTestId('last-transition').textContent()).toMatch(
      /hologram:doctor on \S+: deactivated → active/,
    );
    expect(await page.locator('figure.chart-viewport g.transition.taken').count()).toBe(1);
    // The rule log, with the clause texts.
    await page.getByRole('tab', { name: 'Rule events' }).click();
    const log = page.getByTestId('rule-log');
    expect(await log.locator('li.rule[data-clause="HOLO-ACT-1"] .clause-text').textContent()).toBe(
      clause('HOLO-ACT-1').text,
    );
    expect(await log.locator('li.rule[data-clause="HOLO-ACT-2"]').textContent()).toContain(
      'Data [data] activates The Doctor [doctor]',
    );
  });

  it('HOLO-EXIST-1: a refused command shows its clause id, the clause text and the message', async () => {
    const form = page.getByTestId('try-command');
    await form.getByLabel('command').selectOption('move');
    await form.getByLabel('player').selectOption('alice');
    await form.getByLabel('cards').selectOption(['doctor']);
    await form.getByLabel('to: where').selectOption('planet');
    await form.getByLabel('to: which').selectOption('ligos');
    await form.getByRole('button', { name: 'Send move' }).click();
    await expect.poll(() => page.getByTestId('refusal-clause').textContent()).toBe('HOLO-EXIST-1');
    expect(await page.getByTestId('refusal-code').textContent()).toBe('forbidden');
    expect(await page.getByTestId('refusal-clause-text').textContent()).toBe(clause('HOLO-EXIST-1').text);
    expect(await page.getByTestId('refusal-message').textContent()).toMatch(
      /^HOLO-EXIST-1: The Doctor \[doctor\]/,
    );
    // A refusal changes nothing: The Doctor is still aboard, active.
    expect(await hologramOf('doctor')).toBe('active');
    await page.getByRole('tab', { name: /^Statecharts/ }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/lab.png` });
  });

  it('stepping back restores the earlier board, and forward plays the command again', async () => {
    const back = page.getByRole('button', { name: '◀ back' });
    await back.click(); // before the refusal
    await back.click(); // before the activation
    expect(await hologramOf('doctor')).toBe('deactivated');
    expect(await page.getByTestId('cursor').textContent()).toBe('1 / 3');
    await back.click(); // before the report: The Doctor is in hand, no hologram actor yet
    expect(await hologramOf('doctor')).toBeNull();
    await page.getByRole('button', { name: 'forward ▶' }).click();
    await page.getByRole('button', { name: 'forward ▶' }).click();
    expect(await hologramOf('doctor')).toBe('active');
    // Branching: back before the activation, end the turn instead; the old line is kept and comes back.
    await back.click();
    await command('alice', 'endTurn').click();
    expect(await page.getByTestId('turn').textContent()).toBe('Turn 2: bob');
    expect(await page.getByTestId('cursor').textContent()).toBe('2 / 2');
    await page.getByRole('button', { name: /^switch to: 3 commands/ }).click();
    expect(await page.getByTestId('turn').textContent()).toBe('Turn 1: alice');
    expect(await hologramOf('doctor')).toBe('active');
    expect(await page.getByTestId('cursor').textContent()).toBe('3 / 3');
  });

  it('GAME-KERNEL-1: the odds panel recomputes 10,000 battles as the position is edited', async () => {
    // The engine's own odds in Node, for the demo battle and for it with Data moved off the Buruk.
    const moved = {
      ...DEMO_BATTLE_SETUP,
      cards: DEMO_BATTLE_SETUP.cards.map((card) =>
        card.id === 'data' ? { ...card, at: { aboard: 'enterprise' } } : card,
      ),
    };
    const before = battleOdds(DEMO_BATTLE_SETUP, { battles: 10_000, seed: 1 });
    const after = battleOdds(moved, { battles: 10_000, seed: 1 });
    const figures = (odds: BattleOdds) =>
      [odds.outcome.win, odds.outcome.tie, odds.outcome.loss].map((e) => `${(e.value * 100).toFixed(1)}%`);
    expect(figures(after)).not.toEqual(figures(before));

    await openPosition(/^Demo: the battle aboard/);
    await page.getByRole('tab', { name: 'Odds' }).click();
    const odds = page.getByTestId('odds');
    const result = odds.getByTestId('odds-result');
    /** The odds shown once they answer the position shown (not those of an earlier one, dimmed). */
    const shownFigures = async () =>
      (await result.count()) === 1 && (await result.getAttribute('aria-busy')) === 'false'
        ? result.locator('tr[data-outcome] td:nth-child(2)').allTextContents()
        : null;
    // No button: the odds of the position opened are played by themselves, 10,000 battles by default.
    await expect.poll(shownFigures, { timeout: 60_000 }).toEqual(figures(before));
    expect(await result.locator('caption').textContent()).toBe(
      "10,000 battles of alice's attack on bob (seed 1)",
    );
    const first = Number(await odds.getByTestId('odds-time').getAttribute('data-ms'));

    // An edit: Data leaves the Buruk, and the table follows to the new position's figures.
    const edited = Date.now();
    await command('alice', 'move Data [data] to aboard U.S.S. Enterprise [enterprise]').click();
    await expect.poll(shownFigures, { timeout: 60_000 }).toEqual(figures(after));
    const followed = Date.now() - edited;
    expect(await result.textContent()).not.toContain('Data [data]');
    expect(await odds.getByTestId('odds-time').textContent()).toMatch(/^10,000 battles in [\d,]+ ms$/);
    const recomputed = Number(await odds.getByTestId('odds-time').getAttribute('data-ms'));

    // The times are measured, not judged here (performance lives in the benchmarks): out/ is ignored.
    await mkdir('out', { recursive: true });
    await writeFile(
      'out/lab-odds.json',
      `${JSON.stringify(
        {
          battles: 10_000,
          note: "the lab odds panel in Chromium: the worker's battleOdds time, and from the edit's click to the new figures shown (100 ms of debounce included)",
          firstRunWorkerMs: first,
          recomputeWorkerMs: recomputed,
          editToNewFiguresMs: followed,
        },
        null,
        2,
      )}\n`,
    );
    expect(problems).toEqual([]);
  });

  it('the odds panel follows the battles asked for, and its Stop button ends a long run', async () => {
    const odds = page.getByTestId('odds');
    await odds.getByLabel('battles').fill('100000');
    await expect.poll(() => odds.locator('progress').count(), { timeout: 20_000 }).toBe(1);
    await odds.getByRole('button', { name: 'Stop' }).click();
    expect(await odds.locator('progress').count()).toBe(0);
    expect(await odds.getByTestId('odds-stopped').count()).toBe(1);
    expect(await odds.getByRole('button', { name: 'Play 100,000 battles' }).count()).toBe(1);
    // Fewer battles, and the demo battle opened again (as it was, Data aboard the Buruk): played by
    // themselves, the same odds as the engine's own from the same setup and seed (battleOdds in Node).
    await odds.getByLabel('battles').fill('50');
    await openPosition(/^Demo: the battle aboard/);
    await page.getByRole('tab', { name: 'Odds' }).click();
    const result = odds.getByTestId('odds-result');
    await expect
      .poll(
        async () =>
          (await result.count()) === 1 &&
          (await result.getAttribute('aria-busy')) === 'false' &&
          (await result.locator('caption').textContent()),
        { timeout: 20_000 },
      )
      .toBe("50 battles of alice's attack on bob (seed 1)");
    const expected = battleOdds(DEMO_BATTLE_SETUP, { battles: 50, seed: 1 });
    expect(await result.locator('tr[data-outcome="wins"] td').first().textContent()).toBe(
      `${(expected.outcome.win.value * 100).toFixed(1)}%`,
    );
    expect(problems).toEqual([]);
  });

  it('BATTLE-1 to BATTLE-6: the demo battle played by clicking, priority and decisions shown', async () => {
    await command(
      'alice',
      'attack attackers aboard I.K.S. Buruk [buruk] defenders aboard I.K.S. Buruk [buruk]',
    ).click();
    expect(await page.getByTestId('battle-step').textContent()).toBeTruthy();
    // The start-of-battle window: the defender (bob) has priority first (BATTLE-2).
    expect(await page.getByTestId('priority').textContent()).toBe('bob');
    expect(await litIn('Battle')).toContain('startOfBattle');
    expect(await litIn('Response window')).toContain('open');
    await litIn('Battle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/lab-battle.png` });
    let clicks = 0;
    while ((await page.getByTestId('battle-result').count()) === 0 && clicks < 100) {
      const awaiting = (await page.getByTestId('awaiting').textContent()) ?? '';
      const player = awaiting.split(' ')[0]!;
      const choices = page.getByRole('group', { name: `${player}'s legal commands` }).getByRole('button');
      const decide = choices.filter({ hasText: 'decide outcome stun' });
      await ((await decide.count()) > 0 ? decide : choices).first().click();
      clicks++;
    }
    expect(await page.getByTestId('battle-result').textContent()).toMatch(/won|a tie/);
    await page.getByRole('tab', { name: 'Rule events' }).click();
    expect(
      await page.getByTestId('rule-log').locator('li.rule[data-clause="BATTLE-6"]').count(),
    ).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('exports the battle as a scenario file that the scenario runner passes', async () => {
    await page.getByRole('tab', { name: 'Export' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scenario file (.json)' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('the-demo-the-battle-aboard-the-i-k-s-buruk.json');
    expect(await page.getByTestId('export-check').textContent()).toMatch(/^The scenario runner passes it/);
    const text = await readFile((await file.path())!, 'utf8');
    const loaded = parseScenario(text, file.suggestedFilename());
    if (!loaded.ok) throw new Error(`${loaded.error.path}: ${loaded.error.expected}`);
    const steps = loaded.scenario.steps;
    expect(steps[0]).toMatchObject({ do: { type: 'attack', player: 'alice' } });
    expect(JSON.stringify(steps)).toContain('"clause":"BATTLE-6"');
    const result = runScenario(loaded.scenario, file.suggestedFilename());
    expect(result.steps.filter((step) => step.status !== 'passed')).toEqual([]);
    expect(result.status).toBe('passed');
    // And `stccg run` itself (exit code 0 only when every step passes), from the sources: a fresh clone
    // has not built dist/ (installing runs no build).
    const ran = await run(process.execPath, ['bin/stccg-dev.mjs', 'run', (await file.path())!, '--json']);
    expect(JSON.parse(ran.stdout)).toMatchObject({ passed: true, malformed: 0 });
  });

  it('exports a trace for the viewer, and a link that carries the position in the address', async () => {
    const [trace] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Trace for the viewer (.jsonl)' }).click(),
    ]);
    const lines = (await readFile((await trace.path())!, 'utf8')).trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'trace', format: 'stccg-trace' });
    expect(lines.some((line) => line.includes('"clause":"BATTLE-5a"'))).toBe(true);

    await page.getByRole('button', { name: 'Link to this position' }).click();
    const link = await page.getByLabel('The link (the address bar holds it too):').inputValue();
    expect(link).toContain('#position=');
    const cursor = await page.getByTestId('cursor').textContent();
    const result = await page.getByTestId('battle-result').textContent();
    const other = await context.newPage();
    await other.goto(link);
    expect(await other.getByTestId('cursor').textContent()).toBe(cursor);
    expect(await other.getByTestId('battle-result').textContent()).toBe(result);
    await other.close();
  });

  it("HOLO-EXIST-1: a setup built by hand, its error shown on the card's row, then played", async () => {
    await page.getByRole('tab', { name: 'Build a setup' }).click();
    const builder = page.getByTestId('setup-builder');
    await builder.getByRole('button', { name: 'Empty' }).click();
    await builder.getByRole('button', { name: 'Add a location' }).click();
    await builder.getByLabel('Add a card from the library').fill('doctor');
    await builder.getByRole('button', { name: 'add The Doctor' }).click();
    await builder.getByLabel('where the-doctor is').selectOption('planet');
    await builder.getByLabel('the place of the-doctor').selectOption('location');
    await builder.getByLabel('hologram state of the-doctor').selectOption('active');
    // A hologram on a bare planet: the engine refuses the setup, and says so on the card's row.
    expect(await builder.getByTestId('builder-verdict').textContent()).toMatch(
      /^setup\.cards\.0\.at: .*\(HOLO-EXIST-1\)$/,
    );
    expect(await builder.locator('tr[data-row="the-doctor"] .problem').textContent()).toContain(
      'HOLO-EXIST-1',
    );
    await builder.getByRole('checkbox', { name: 'Holo-Projectors' }).check();
    expect(await builder.getByTestId('builder-verdict').textContent()).toBe('The engine accepts this setup.');
    await builder.getByRole('button', { name: 'Play this setup' }).click();
    expect(await page.getByTestId('session-title').textContent()).toBe('a setup built by hand');
    expect(await hologramOf('the-doctor')).toBe('active');
    expect(problems).toEqual([]);
  });

  it('opens a dropped scenario file with its commands queued, and shows a bad setup where it is wrong', async () => {
    const file = page.getByLabel('or a file');
    await file.setInputFiles({
      name: 'bare-planet.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          players: ['alice', 'bob'],
          locations: [{ id: 'ligos' }],
          cards: [
            { id: 'doctor', card: 'The Doctor', owner: 'alice', at: { planet: 'ligos' }, hologram: 'active' },
          ],
        }),
      ),
    });
    expect(await page.getByTestId('setup-problem').textContent()).toMatch(
      /^bare-planet\.json: setup\.cards\.0\.at: .*HOLO-EXIST-1/,
    );

    const ruling = 'examples/rulings/holo-act-3-reactivation-same-turn.json';
    await file.setInputFiles(ruling);
    await expect
      .poll(() => page.getByTestId('session-title').textContent())
      .toContain('May The Doctor be reactivated');
    expect(await page.getByTestId('cursor').textContent()).toBe('0 / 2');
    await page.getByRole('button', { name: 'Forward to the end' }).click();
    expect(await hologramOf('doctor')).toBe('deactivated');
    await page.getByRole('tab', { name: 'Rule events' }).click();
    expect(await page.getByTestId('rule-log').locator('li.refused[data-clause="HOLO-ACT-3"]').count()).toBe(
      1,
    );
    // Through the whole session (the odds worker included) nothing was fetched from outside, nothing logged.
    expect(blocked).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('plays against the computer: bob, handed to it, answers the attack by himself and says why', async () => {
    await openPosition(/^Demo: the battle aboard/);
    await page
      .getByRole('group', { name: "bob's legal commands" })
      .getByRole('checkbox', { name: 'computer' })
      .check();
    await command(
      'alice',
      'attack attackers aboard I.K.S. Buruk [buruk] defenders aboard I.K.S. Buruk [buruk]',
    ).click();
    // Bob holds the start-of-battle window first (BATTLE-2): the computer answers it, and explains.
    await expect
      .poll(() => page.getByTestId('computer-bob').textContent(), { timeout: 15_000 })
      .toMatch(/\(\d+ playouts of \d+ plans\)$|the only command bob may send now$/);
    await expect
      .poll(async () => Number((await page.getByTestId('cursor').textContent())?.split(' / ')[0]))
      .toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });
});
