import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { and, assign, createMachine, not, setup } from 'xstate';
import { main } from '../src/cli/main.ts';
import { chartOf, statesOf } from '../src/debug/chart-model.ts';
import { ENGINE_MACHINES, engineCharts, pictureOf } from '../src/debug/charts.ts';
import { xmlProblems } from './xml.ts';

const pictures = await engineCharts();

/** The state node ids of a machine, read straight from XState (not through the chart). */
function stateIds(node: { id: string; states: Record<string, unknown> }): string[] {
  return [node.id, ...Object.values(node.states).flatMap((child) => stateIds(child as typeof node))];
}

describe('statechart pictures (stccg charts)', () => {
  it('draws the four machines: game, hologram, battle, response window', () => {
    expect(pictures.map((p) => [p.chart.name, p.chart.machine])).toEqual([
      ['game', 'game'],
      ['hologram', 'hologram'],
      ['battle', 'battle'],
      ['response-window', 'responseWindow'],
    ]);
  });

  for (const [name, machine] of ENGINE_MACHINES) {
    describe(name, () => {
      const picture = pictures.find((p) => p.chart.name === name)!;
      const ids = stateIds(machine.root);

      it('has every state of the machine, and no other', () => {
        expect(statesOf(picture.chart).map((s) => s.id)).toEqual(ids);
      });

      it('names every state in its Mermaid text, with its initial state and its transitions', () => {
        const text = picture.mermaid;
        expect(text).toMatch(/^---\ntitle: .+\n---\nstateDiagram-v2\n/);
        for (const state of statesOf(picture.chart).slice(1)) {
          expect(text).toMatch(new RegExp(`^\\s+${state.key}\\b`, 'm'));
        }
        const initial = machine.root.initial.target[0]!.key;
        expect(text).toContain(`[*] --> ${initial}`);
        for (const transition of picture.chart.transitions) expect(text).toContain(transition.label);
      });

      it('draws a well-formed SVG with every state, laid out by ELK', () => {
        const svg = picture.svg;
        expect(xmlProblems(svg)).toEqual([]);
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        for (const id of ids.slice(1)) {
          expect(svg).toContain(`data-state="${id}"`);
          expect(svg).toContain(`>${id.split('.').pop()}</text>`);
        }
        // Every transition with a path of its own and its label.
        const edges = svg.match(/<g class="transition"/g) ?? [];
        expect(edges).toHaveLength(picture.chart.transitions.length);
        expect(svg).not.toMatch(/NaN|undefined/);
        // ELK spreads the states out: no two states at the same place.
        const boxes = [
          ...svg.matchAll(/<g class="state[^"]*" data-state="[^"]*"[^>]*><rect x="([\d.]+)" y="([\d.]+)"/g),
        ];
        expect(new Set(boxes.map((m) => `${m[1]},${m[2]}`)).size).toBe(boxes.length);
      });
    });
  }

  it("writes the game's commands with their guards and actions: a transition only for what the rules allow (the gate answers the rest)", () => {
    const game = pictures.find((p) => p.chart.name === 'game')!;
    expect(game.mermaid).toContain('playing : report [mayReport] / reportDeactivated');
    expect(game.mermaid).not.toContain('reject');
    expect(game.mermaid).toContain('playing : effect [mayKill] / killOrDeactivateInstead | [mayDestroy]');
    expect(game.mermaid).toContain('playing --> battling : attack [mayAttack] / announceAttack');
    expect(game.mermaid).toContain('battling --> playing : battle done [battleIsOver] / closeBattle');
  });

  it('draws the battle with its windows, its always-transitions and its final state', () => {
    const battle = pictures.find((p) => p.chart.name === 'battle')!;
    // A response window is a step of the battle built from the window's chart: no window actor.
    expect(battle.mermaid).not.toContain('invoke');
    expect(battle.mermaid).toContain('startOfBattle : PASS [hasPriority] / recordPass');
    expect(battle.mermaid).toContain('startOfBattle --> formingPiles : PASS [closesWindow] / recordPass');
    // The battle asks the game for nothing: the game carries each step out with the pass that reaches it.
    expect(battle.mermaid).not.toContain('ask(');
    expect(battle.mermaid).toContain('formingPiles --> turningOver : PILES_FORMED / placeCombatPiles');
    expect(battle.mermaid).toContain(
      'turningOver --> engaged : always [bothSidesHaveAnAdversary] / turnOverTopCards',
    );
    expect(battle.mermaid).toContain('turningOver --> pilesRanOut : always [else]');
    expect(battle.mermaid).toContain('over --> [*]');
    expect(battle.svg).toContain(
      'data-from="battle.deciding" data-to="battle.turningOver" data-event="DECIDED"',
    );
  });

  it('draws nested states, parallel regions, higher-order guards and inline actions of any machine', async () => {
    const machine = setup({ guards: { ready: () => true, tired: () => false } }).createMachine({
      id: 'ship',
      initial: 'docked',
      states: {
        docked: { on: { LAUNCH: { guard: and(['ready', not('tired')]), target: 'flying' } } },
        flying: {
          initial: 'impulse',
          entry: assign({}),
          states: {
            impulse: { on: { ENGAGE: 'warp' } },
            warp: { on: { DROP: 'impulse' }, after: { 1000: 'impulse' } },
          },
          on: { DOCK: '#ship.docked', 'shields up': { actions: () => {} } },
        },
        refitting: {
          type: 'parallel',
          states: {
            hull: { initial: 'damaged', states: { damaged: { on: { WELD: 'sound' } }, sound: {} } },
            crew: { initial: 'ashore', states: { ashore: {}, aboard: {} } },
          },
        },
      },
    });
    const picture = await pictureOf('ship', machine);
    expect(picture.mermaid).toContain('docked --> flying : LAUNCH [and(ready, not(tired))]');
    expect(picture.mermaid).toContain('state flying {');
    expect(picture.mermaid).toContain('flying__impulse --> flying__warp : ENGAGE');
    expect(picture.mermaid).toContain('flying__warp --> flying__impulse : after 1000 ms');
    expect(picture.mermaid).toContain('flying : entry / assign');
    expect(picture.mermaid).toMatch(
      /state refitting \{\n\s+state "hull" as refitting__hull\n\s+state refitting__hull \{[\s\S]*\}\n\s+--\n/,
    );
    expect(picture.mermaid).toContain('refitting__hull__damaged --> refitting__hull__sound : WELD');
    expect(picture.mermaid).toContain('flying : shields up / (inline)');
    // XState's own scheduling of the delayed transition is not written out: the transition says it.
    expect(picture.mermaid).not.toMatch(/raise|cancel/);
    expect(xmlProblems(picture.svg)).toEqual([]);
    expect(picture.svg).toContain('data-state="ship.flying.warp" data-path="flying.warp"');
    // The warp state sits inside the flying state's box.
    const box = (id: string) => {
      const m = new RegExp(
        `data-state="${id}"[^>]*><rect x="([\\d.]+)" y="([\\d.]+)" width="([\\d.]+)" height="([\\d.]+)"`,
      ).exec(picture.svg);
      return m ? m.slice(1).map(Number) : [];
    };
    const [fx = 0, fy = 0, fw = 0, fh = 0] = box('ship.flying');
    const [wx = 0, wy = 0, ww = 0, wh = 0] = box('ship.flying.warp');
    expect(wx).toBeGreaterThan(fx);
    expect(wy).toBeGreaterThan(fy);
    expect(wx + ww).toBeLessThan(fx + fw);
    expect(wy + wh).toBeLessThan(fy + fh);
  });

  it('escapes what XML and Mermaid would misread', async () => {
    const machine = createMachine({
      id: 'odd',
      initial: 'a',
      states: { a: { on: { 'x<y & "z"; #1': 'b' } }, b: { type: 'final' } },
    });
    const picture = await pictureOf('odd', machine);
    expect(xmlProblems(picture.svg)).toEqual([]);
    expect(picture.svg).toContain('x&lt;y &amp; &quot;z&quot;; #1');
    expect(picture.mermaid).toContain('a --> b : x‹y &  z    1');
    expect(chartOf('odd', machine).transitions[0]?.event).toBe('x<y & "z"; #1');
  });
});

describe('stccg charts', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('writes <machine>.mmd and <machine>.svg for the four machines into --out', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stccg-charts-'));
    dirs.push(dir);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await main(['charts', '--out', join(dir, 'pictures')])).toBe(0);
    } finally {
      out.mockRestore();
    }
    const files = (await readdir(join(dir, 'pictures'))).sort();
    expect(files).toEqual(
      ['battle', 'game', 'hologram', 'response-window'].flatMap((m) => [`${m}.mmd`, `${m}.svg`]),
    );
    const written = await readFile(join(dir, 'pictures', 'battle.mmd'), 'utf8');
    expect(written).toBe(pictures.find((p) => p.chart.name === 'battle')!.mermaid);
  });

  it('fails with a message and exit code 2 (bad input) where it cannot write', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stccg-charts-'));
    dirs.push(dir);
    const blocker = join(dir, 'file');
    await import('node:fs/promises').then((fs) => fs.writeFile(blocker, 'not a directory'));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['charts', '--out', join(blocker, 'charts')])).toBe(2);
      const message = err.mock.calls.map((c) => String(c[0])).join('');
      expect(message).toMatch(/^stccg charts: .*(ENOTDIR|EEXIST)/);
      expect(message).not.toMatch(/\n\s+at /);
    } finally {
      err.mockRestore();
      process.exitCode = undefined;
    }
  });
});
