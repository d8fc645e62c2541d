import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.ts';
import { htmlPathFor } from '../src/cli/view.ts';
import { serveFile } from '../src/debug/serve.ts';
import { recordGame } from '../src/debug/trace.ts';
import { writeTrace } from '../src/debug/trace-files.ts';
import { parseTrace, type Trace } from '../src/debug/trace-records.ts';
import { type ViewerData, viewerHtml } from '../src/debug/viewer.ts';
import { DEMO_SETUP } from '../src/demo/demo-setup.ts';
import { allClauses } from '../src/index.ts';

/** A short game whose messages carry what could break an HTML page. */
function smallTrace(): Trace {
  const { game, recorder } = recordGame(DEMO_SETUP, { title: 'a <b>small</b> game & "more"' });
  game.send({ type: 'report', player: 'alice', card: 'doctor', to: { aboard: 'enterprise' } });
  game.send({ type: 'move', player: 'alice', cards: ['doctor'], to: { planet: 'ligos' } });
  game.send({ type: 'endTurn', player: '</script><script>alert(1)</script>' });
  return recorder.trace();
}

/** The data a page carries, read back as the page's script reads it. */
function pageData(html: string): ViewerData {
  const json = /<script type="application\/json" id="trace-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

describe('the viewer page', () => {
  const trace = smallTrace();
  let html = '';
  beforeAll(async () => {
    html = await viewerHtml(trace);
  });

  it('is one self-contained page: script and styles inline, nothing fetched from anywhere', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script[^>]+src=|<link\b|@import|url\(['"]?(https?:|\/\/)|<img\b|<iframe\b/i);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    // Exactly two scripts: the trace (JSON) and the viewer.
    expect(html.match(/<script\b/g)).toHaveLength(2);
  });

  it('carries the four statecharts, the whole trace and every clause text', () => {
    for (const machine of ['game', 'hologram', 'battle', 'responseWindow'])
      expect(html).toContain(`<figure class="chart" data-machine="${machine}"`);
    const data = pageData(html);
    expect(data.records).toEqual(trace.records);
    expect(Object.keys(data.clauses)).toEqual(allClauses().map((c) => c.id));
    expect(data.clauses['HOLO-EXIST-1']?.text).toBe(allClauses().find((c) => c.id === 'HOLO-EXIST-1')?.text);
  });

  it('escapes what the trace holds: no record can end the script or add markup', () => {
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('<title>stccg trace: a &lt;b&gt;small&lt;/b&gt; game &amp; "more"</title>');
    expect(pageData(html).title).toBe('a <b>small</b> game & "more"');
    expect(JSON.stringify(pageData(html).records)).toContain('</script><script>alert(1)</script>');
  });
});

describe('stccg view', () => {
  let dir = '';
  const out: string[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stccg-view-'));
    const { game, recorder } = recordGame(DEMO_SETUP, { title: 'view test' });
    game.send({ type: 'report', player: 'alice', card: 'doctor', to: { aboard: 'enterprise' } });
    await writeTrace(join(dir, 'game.jsonl'), recorder.trace());
    await writeFile(join(dir, 'broken.jsonl'), `${recorder.lines()[0]}\n{"seq":1,"type":"rule"\n`);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    out.length = 0;
    process.exitCode = undefined;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const capture = () => {
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  };

  it('writes the page beside the trace, or where --out says', async () => {
    capture();
    expect(await main(['view', join(dir, 'game.jsonl')])).toBe(0);
    const page = await readFile(join(dir, 'game.html'), 'utf8');
    expect(pageData(page).title).toBe('view test');
    expect(await main(['view', join(dir, 'game.jsonl'), '--out', join(dir, 'pages', 'p.html')])).toBe(0);
    expect(await readFile(join(dir, 'pages', 'p.html'), 'utf8')).toBe(page);
    expect(out.join('')).toContain(`${join(dir, 'pages', 'p.html')} (`);
  });

  it('fails with a message, no stack trace and exit code 2 (bad input), for a missing or damaged trace', async () => {
    capture();
    expect(await main(['view', join(dir, 'missing.jsonl')])).toBe(2);
    expect(await main(['view', join(dir, 'broken.jsonl')])).toBe(2);
    const text = out.join('');
    expect(text).toContain(`stccg view: ${join(dir, 'missing.jsonl')}: ENOENT`);
    expect(text).toContain('record a trace first: stccg demo --trace (writes out/demo-trace.jsonl)');
    expect(text).toContain(`stccg view: ${join(dir, 'broken.jsonl')}: line 2: not JSON`);
    expect(text).not.toMatch(/\n\s+at /);
  });

  it('names the page after the trace', () => {
    expect(htmlPathFor('out/battle.jsonl')).toBe('out/battle.html');
    expect(htmlPathFor('trace.json')).toBe('trace.html');
    expect(htmlPathFor('trace')).toBe('trace.html');
  });

  it('serves a page on 127.0.0.1 on a free port until closed', async () => {
    const page = join(dir, 'game.html');
    capture();
    await main(['view', join(dir, 'game.jsonl')]);
    const served = await serveFile(page);
    try {
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const response = await fetch(served.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(await readFile(page, 'utf8'));
    } finally {
      await served.close();
    }
    await expect(fetch(served.url)).rejects.toThrow();
  });

  it('reads the trace it wrote back the same', async () => {
    const text = await readFile(join(dir, 'game.jsonl'), 'utf8');
    expect(parseTrace(text).records.length).toBeGreaterThan(10);
  });
});
