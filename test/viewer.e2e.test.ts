import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCharts } from '../src/debug/charts.ts';
import { recordGame, recordTrace } from '../src/debug/trace.ts';
import type { Trace, TraceRecord } from '../src/debug/trace-records.ts';
import { writeViewer } from '../src/debug/viewer.ts';
import { runDemo } from '../src/demo/demo.ts';
import { clause } from '../src/index.ts';
import { ATTACK_ON_PLANET, FIGHTERS, onPlanet, playOut } from './battle-table.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.ts';

/**
 * The trace viewer in a real browser: the system's Chromium (test/support/chromium.ts finds it; `.ci/run`
 * installs it where it is missing), driven by playwright-core. The demo's battle is recorded, its
 * page written, and stepped through as a user would: the buttons, the keyboard, the scrubber.
 */

const SCREENSHOT = 'out/viewer-screenshot.png';

/** The demo's battle, recorded: the game the demo narrates, policies answering for both players. */
function demoBattleTrace(): Trace {
  const recorder = recordTrace({ title: 'stccg demo: the battle aboard the I.K.S. Buruk (seed 1)' });
  runDemo(() => {}, 1, recorder);
  return recorder.trace();
}

/** A battle of 30 fighters a side, played out pass by pass: well over a thousand records. */
function bigBattleTrace(): Trace {
  const cards = Array.from({ length: 40 }, (_, i) => [
    onPlanet('alice', `a${i}`, `Fighter ${1 + (i % 10)}`),
    onPlanet('bob', `b${i}`, `Fighter ${1 + ((i * 3) % 10)}`),
  ]).flat();
  const { game, recorder } = recordGame(
    {
      players: ['alice', 'bob'],
      locations: [{ id: 'ligos', name: 'Ligos VII' }],
      cardDefinitions: FIGHTERS,
      cards: [
        { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
        ...cards,
      ],
    },
    { seed: 3, title: 'forty a side' },
  );
  expect(game.send(ATTACK_ON_PLANET()).ok).toBe(true);
  playOut(game);
  return recorder.trace();
}

/** The step (0-based) of the first record that matches. */
function stepOf(trace: Trace, match: (record: TraceRecord) => boolean): number {
  const step = trace.records.findIndex(match);
  if (step < 0) throw new Error('no such record in the trace');
  return step;
}

describe.skipIf(!CHROMIUM)('the trace viewer in Chromium', () => {
  let dir = '';
  let browser: Browser;
  let page: Page;
  const trace = demoBattleTrace();
  const problems: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stccg-viewer-'));
    const file = join(dir, 'battle.html');
    await writeViewer(trace, file);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(file).href);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const position = () => page.locator('#position').textContent();
  const scrubTo = (step: number) => page.locator('#scrub').fill(String(step));
  const lit = (machine: string) =>
    page
      .locator(`figure[data-machine="${machine}"] g.state.lit`)
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-path')));

  it('opens at the first step, with nothing fetched and no error', async () => {
    expect(await page.title()).toBe(`stccg trace: ${trace.header.title}`);
    expect(await position()).toBe(`1 / ${trace.records.length}`);
    expect(await page.locator('#timeline li').count()).toBe(trace.records.length);
    expect(requests).toEqual([page.url()]);
    expect(problems).toEqual([]);
  });

  it('shows the pairing at BATTLE-4: the engaged state lit, the clause and its text, the piles and the pairing', async () => {
    const engaged = stepOf(trace, (r) => r.type === 'rule' && r.kind === 'engaged');
    await scrubTo(engaged);
    expect(await position()).toBe(`${engaged + 1} / ${trace.records.length}`);
    expect(await lit('battle')).toEqual(['engaged']);
    expect(await lit('game')).toEqual(['battling']);
    expect(await lit('responseWindow')).toEqual(['open']);
    expect(await lit('hologram')).toEqual(['active']);
    expect(await page.locator('figure[data-machine="hologram"] g.state.lit .who').textContent()).toBe(
      'doctor, fek',
    );

    await expect.poll(() => page.locator('#clause .clause-id').textContent()).toContain('BATTLE-4');
    expect(await page.locator('#clause .clause-text').textContent()).toBe(clause('BATTLE-4').text);
    expect(await page.locator('#clause h2').textContent()).toContain('this step');
    expect(await page.locator('#battle .pairing').textContent()).toBe(
      "pairing 1: The Doctor [doctor] ⚔ Fek'lhr [fek]",
    );
    expect(await page.locator('#battle [data-pile="attacker"]').textContent()).toBe('2');
    expect(await page.locator('#battle [data-pile="defender"]').textContent()).toBe('2');
    expect(await page.locator('#timeline li.current .type').textContent()).toBe('BATTLE-4');
    // A BATTLE-* clause is about the battle: its chart is the one in view.
    expect(await page.locator('figure.chart.current').getAttribute('data-machine')).toBe('battle');

    await mkdir('out', { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
  });

  it('jumps from rule event to rule event; The Doctor mortally wounded (BATTLE-4b) shows on the board', async () => {
    const doctor = page.locator('#board [data-card="doctor"]');
    expect(await doctor.locator('.badge.mortallyWounded').count()).toBe(0);
    const engaged = stepOf(trace, (r) => r.type === 'rule' && r.kind === 'engaged');
    const wounded = stepOf(trace, (r) => r.type === 'rule' && r.kind === 'mortally-wounded');
    const rules = trace.records.flatMap((r, step) =>
      r.type === 'rule' && step > engaged && step <= wounded ? [step] : [],
    );
    for (const step of rules) {
      await page.locator('[data-go="next-rule"]').click();
      expect(await position()).toBe(`${step + 1} / ${trace.records.length}`);
    }
    expect(await page.locator('#clause .clause-id').textContent()).toContain('BATTLE-4b');
    expect(await page.locator('#clause .clause-text').textContent()).toBe(clause('BATTLE-4b').text);
    expect(await doctor.locator('.badge.mortallyWounded').textContent()).toBe('mortally wounded');
    expect(await doctor.locator('.badge.hologram').textContent()).toBe('active');
  });

  it('steps back and forward with the keyboard; the clause stays, marked as the latest', async () => {
    const here = Number((await position())?.split(' / ')[0]);
    await page.keyboard.press('ArrowLeft');
    expect(await position()).toBe(`${here - 1} / ${trace.records.length}`);
    expect(await page.locator('#clause h2').textContent()).not.toContain('this step');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await position()).toBe(`${here + 1} / ${trace.records.length}`);
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await position()).toBe(`${here} / ${trace.records.length}`);
  });

  it('lights the transition a microstep takes', async () => {
    const turnOver = stepOf(
      trace,
      (r) => r.type === 'microstep' && r.transitions.some((t) => t.to.includes('battle.engaged')),
    );
    await scrubTo(turnOver);
    const taken = page.locator('figure[data-machine="battle"] g.transition.taken');
    expect(await taken.count()).toBe(1);
    expect(await taken.getAttribute('data-from')).toBe('battle.turningOver');
    expect(await taken.getAttribute('data-to')).toBe('battle.engaged');
    expect(await page.locator('figure.chart.current').getAttribute('data-machine')).toBe('battle');
  });

  it('ends with the battle over: its final state lit as done, The Doctor deactivated (HOLO-DEATH-1), the ensign killed', async () => {
    await page.locator('[data-go="last"]').click();
    expect(await position()).toBe(`${trace.records.length} / ${trace.records.length}`);
    // The demo stops its game at the end: each actor stays lit where it ended, drawn as finished.
    expect(await lit('game')).toEqual(['playing']);
    expect(await lit('battle')).toEqual(['over']);
    for (const machine of ['game', 'battle'])
      expect(
        await page.locator(`figure[data-machine="${machine}"] g.state.lit`).getAttribute('class'),
      ).toContain('done');
    expect(await page.locator('#board [data-card="doctor"] .badge.hologram').textContent()).toBe(
      'deactivated',
    );
    expect(await page.locator('#board [data-card="doctor"] .badge.mortallyWounded').count()).toBe(0);
    expect(await page.locator('#board .zone', { hasText: "alice's discard pile" }).textContent()).toContain(
      'Starfleet Ensign',
    );
    expect(await page.locator('#battle').textContent()).toContain(
      'winner: bob; killed: Starfleet Ensign [ensign]',
    );
    expect(problems).toEqual([]);
  });

  it('parses every statechart SVG as well-formed XML', async () => {
    const svgs = (await engineCharts()).map((picture) => picture.svg);
    const errors = await page.evaluate(
      (texts) =>
        texts.map((text) => {
          const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
          return doc.querySelector('parsererror')?.textContent ?? doc.documentElement.nodeName;
        }),
      svgs,
    );
    expect(errors).toEqual(['svg', 'svg', 'svg', 'svg']);
  });

  it('stays responsive with a thousand-plus records: opening, and scrubbing through every step', async () => {
    const big = bigBattleTrace();
    expect(big.records.length).toBeGreaterThan(1000);
    const file = join(dir, 'big.html');
    await writeViewer(big, file);
    const bigPage = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    try {
      const opened = Date.now();
      await bigPage.goto(pathToFileURL(file).href);
      expect(await bigPage.locator('#position').textContent()).toBe(`1 / ${big.records.length}`);
      const openMs = Date.now() - opened;
      // Every step drawn and laid out (the page would do it once per frame; here, once per step).
      const scrubMs = await bigPage.evaluate(() => {
        const scrub = document.querySelector<HTMLInputElement>('#scrub')!;
        const started = performance.now();
        for (let step = 0; step <= Number(scrub.max); step++) {
          scrub.value = String(step);
          scrub.dispatchEvent(new Event('input'));
          void document.body.offsetHeight;
        }
        return performance.now() - started;
      });
      expect(await bigPage.locator('#position').textContent()).toBe(
        `${big.records.length} / ${big.records.length}`,
      );
      expect(await bigPage.locator('#battle').textContent()).toContain('winner:');
      // Generous bounds for a slow CI machine; on a laptop both are a small fraction of them.
      expect(openMs).toBeLessThan(5000);
      expect(scrubMs / big.records.length).toBeLessThan(16); // a step within a frame
    } finally {
      await bigPage.close();
    }
  }, 30_000);
});
