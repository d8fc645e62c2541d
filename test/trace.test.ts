import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compact } from '../src/debug/summaries.ts';
import { recordGame, recordTrace } from '../src/debug/trace.ts';
import { writeTrace } from '../src/debug/trace-files.ts';
import {
  type MicrostepRecord,
  parseTrace,
  type SnapshotRecord,
  TRACE_FORMAT,
  TRACE_VERSION,
  TraceFormatError,
  type TraceRecord,
} from '../src/debug/trace-records.ts';
import { runDemo } from '../src/demo/demo.ts';
import { DEMO_BATTLE_SETUP, DEMO_SETUP } from '../src/demo/demo-setup.ts';
import { createGame } from '../src/index.ts';

/** The demo's battle, recorded (the policies play it out in the one attack command). */
function recordDemoBattle() {
  const recorder = recordTrace({ title: 'demo battle' });
  runDemo(() => {}, 1, recorder);
  return recorder;
}

const ofType = <T extends TraceRecord['type']>(records: readonly TraceRecord[], type: T) =>
  records.filter((r): r is Extract<TraceRecord, { type: T }> => r.type === type);

describe('trace recording', () => {
  const recorder = recordDemoBattle();
  const { header, records } = recorder.trace();

  it('starts with a header naming the format and what was recorded', () => {
    expect(header).toEqual({
      type: 'trace',
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      title: 'demo battle',
    });
  });

  it('numbers the records 1, 2, 3, ... in the order they happened', () => {
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
  });

  it('records every actor of the game: the game, each hologram, the battle (its windows are steps of it)', () => {
    const actors = ofType(records, 'actor');
    const game = actors.find((a) => a.actor === 'game')!;
    expect(game).toMatchObject({ machine: 'game', parent: null });
    expect(actors.filter((a) => a.machine === 'hologram').map((a) => a.actor)).toEqual([
      'hologram:doctor',
      'hologram:fek',
    ]);
    const battle = actors.find((a) => a.machine === 'battle')!;
    expect(battle).toMatchObject({ actor: 'battle', parent: game.session });
    expect(actors.filter((a) => a.machine === 'responseWindow')).toEqual([]);
    expect(actors).toHaveLength(4);
  });

  it('records events with their sender, microsteps with their transitions, snapshots with their state', () => {
    const attack = ofType(records, 'event').find((e) => e.event.type === 'attack')!;
    expect(attack).toMatchObject({ actor: 'game', source: null, event: { player: 'alice' } });
    // What the rules decided at a step, told by the game to the battle: sent by the game's session.
    const told = ofType(records, 'event').find((e) => e.event.type === 'PILES_FORMED')!;
    expect(told.actor).toBe('battle');
    expect(told.source).toBe(ofType(records, 'actor').find((a) => a.actor === 'game')!.session);
    // The battle's own word to the game: it is done.
    const done = ofType(records, 'event').find((e) => e.event.type === 'xstate.done.actor.battle')!;
    expect(done.actor).toBe('game');

    const engage = ofType(records, 'microstep').find((m) =>
      m.transitions.some((t) => t.from === 'battle.turningOver' && t.to.includes('battle.engaged')),
    )!;
    expect(engage).toMatchObject({ actor: 'battle', value: 'engaged', event: 'PILES_FORMED' });
    expect(engage.transitions).toEqual([{ from: 'battle.turningOver', to: ['battle.engaged'], event: '' }]);
    const stays = ofType(records, 'microstep').find((m) => m.event === 'pass')!;
    expect(stays.transitions).toEqual([{ from: 'game.battling', to: [], event: 'pass' }]);

    const over = ofType(records, 'snapshot')
      .filter((s) => s.actor === 'battle')
      .at(-1)!;
    expect(over).toMatchObject({ value: 'over', status: 'done' });
    expect(over.context).toMatchObject({ winner: 'bob', killed: 'ensign', attacker: 'alice' });
    const window = ofType(records, 'snapshot').find((s) => s.actor === 'battle')!;
    expect((window.context as { window: unknown }).window).toEqual({
      kind: 'start-of-battle',
      order: ['bob', 'alice'],
      priority: 'bob',
      passes: 0,
      responses: 0,
    });
  });

  it("records the engine's rule events with their clauses, its acceptances and its rejections", () => {
    const rules = ofType(records, 'rule');
    expect(rules[0]).toMatchObject({ kind: 'battle-announced', clause: 'BATTLE-1' });
    expect(rules.map((r) => r.clause)).toEqual(
      expect.arrayContaining([
        'BATTLE-2',
        'BATTLE-3',
        'BATTLE-4',
        'BATTLE-4b',
        'BATTLE-5',
        'HOLO-DEATH-1',
        'BATTLE-6',
      ]),
    );
    for (const rule of rules) expect(rule.message.startsWith(`${rule.clause}: `)).toBe(true);
    expect(ofType(records, 'accepted')[0]).toMatchObject({ step: 1, command: { type: 'attack' } });

    const { game, recorder: own } = recordGame(DEMO_SETUP);
    game.send({ type: 'move', player: 'alice', cards: ['data'], to: { planet: 'nowhere' } });
    const rejected = ofType(own.trace().records, 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ code: 'unknown-card', clause: 'GAME-INPUT-1' });
  });

  it("shows the game's board in its first state, and again only when it changed", () => {
    // Microsteps and snapshots both carry the game's context; the board comes with the first that sees it new.
    const game = records.filter(
      (r): r is SnapshotRecord | MicrostepRecord => 'context' in r && r.actor === 'game',
    );
    const boards = game.filter((s) => (s.context as { board?: unknown }).board !== undefined);
    expect(boards[0]).toBe(game[0]);
    expect(boards.length).toBeGreaterThan(2);
    expect(boards.length).toBeLessThan(game.length);
    expect(game[0]!.context).toMatchObject({
      step: 0,
      turn: { player: 'alice', number: 5 },
      holograms: ['hologram:doctor', 'hologram:fek'],
      battle: null,
      board: { cards: { doctor: { at: { in: 'aboard', host: 'buruk' } } } },
    });
    const last = game.at(-1)!;
    expect(last.context).toMatchObject({ battle: null });
    const lastBoard = boards.at(-1)!.context as { board: { cards: Record<string, { at: { in: string } }> } };
    expect(lastBoard.board.cards.ensign?.at.in).toBe('discard'); // killed (BATTLE-5a)
  });

  it('is plain JSON: every record reads back exactly as written', () => {
    const text = recorder.text();
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(records.length + 2);
    expect(parseTrace(text)).toEqual({ header, records });
    expect(recorder.lines().map((line) => JSON.parse(line))).toEqual([header, ...records]);
    // Small: no actor objects, no machine definitions, no generator state.
    expect(text).not.toMatch(/"random"|"machine":\{|"_parent"|"system"/);
  });

  it('writes the trace as a JSON Lines file, creating its directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stccg-trace-'));
    try {
      const path = join(dir, 'deep', 'battle.jsonl');
      await writeTrace(path, recorder.trace());
      expect(await readFile(path, 'utf8')).toBe(recorder.text());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('records one game: the actors of another game given the same recorder are left out, and counted', () => {
    const shared = recordTrace();
    const first = createGame(DEMO_SETUP, { inspect: shared.inspect });
    const before = shared.trace().records.length;
    const second = createGame(DEMO_BATTLE_SETUP, { inspect: shared.inspect });
    expect(shared.trace().records.length).toBe(before);
    expect(shared.ignored).toBeGreaterThan(0);
    first.stop();
    second.stop();
  });

  it('stops recording rule events once detached', () => {
    const { game, recorder: own } = recordGame(DEMO_SETUP);
    const detach = own.attach(game); // a second listener, detached again: nothing is recorded twice
    detach();
    game.send({ type: 'report', player: 'alice', card: 'doctor', to: { aboard: 'enterprise' } });
    const rules = ofType(own.trace().records, 'rule');
    expect(rules.map((r) => r.clause)).toEqual(['GAME-REPORT-1', 'HOLO-ACT-1']);
  });
});

describe('compact copies', () => {
  it('keep plain data, name actors, drop functions, cut cycles and runaway nesting', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const actor = { id: 'hologram:doctor', sessionId: 'x:1', send: () => {} };
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20; i++) deep = { deep };
    expect(
      compact({
        n: 1,
        s: 'a',
        b: true,
        nothing: null,
        infinite: Number.POSITIVE_INFINITY,
        big: 10n,
        fn: () => 1,
        actor,
        list: [1, undefined, actor],
        cyclic,
        error: new Error('boom'),
        shared: [cyclic.name, cyclic.name],
      }),
    ).toEqual({
      n: 1,
      s: 'a',
      b: true,
      nothing: null,
      infinite: 'Infinity',
      big: '10',
      actor: { actor: 'hologram:doctor' },
      list: [1, null, { actor: 'hologram:doctor' }],
      cyclic: { name: 'loop', self: '(cycle)' },
      error: { error: 'boom' },
      shared: ['loop', 'loop'],
    });
    expect(JSON.stringify(compact(deep))).toContain('(…)');
  });
});

describe('reading a trace', () => {
  const header = JSON.stringify({ type: 'trace', format: TRACE_FORMAT, version: TRACE_VERSION, title: 't' });
  const record = JSON.stringify({ seq: 1, type: 'rule', kind: 'moved', clause: 'GAME-MOVE-1', message: 'm' });

  it('reads a header and records, skipping blank lines', () => {
    const trace = parseTrace(`${header}\n\n${record}\n`);
    expect(trace.header.title).toBe('t');
    expect(trace.records).toHaveLength(1);
  });

  for (const [what, text, message] of [
    ['an empty file', '', 'line 1: empty: no trace header'],
    [
      'a file that is not a trace',
      '{"type":"rule"}',
      'line 1: not a stccg-trace header (is this a trace file?)',
    ],
    [
      'a newer version',
      JSON.stringify({ type: 'trace', format: TRACE_FORMAT, version: 9 }),
      `line 1: trace version 9; this reads ${TRACE_VERSION}`,
    ],
    ['a line that is not JSON', `${header}\n${record}\n{oops`, 'line 3: not JSON'],
    ['a line that is not an object', `${header}\n[1]`, 'line 2: not a JSON object'],
    ['an unknown record', `${header}\n{"seq":1,"type":"gossip"}`, 'line 2: unknown record type "gossip"'],
    ['a record without seq', `${header}\n{"type":"rule"}`, 'line 2: a record without its seq number'],
  ] as const) {
    it(`refuses ${what}, naming the line`, () => {
      expect(() => parseTrace(text)).toThrow(TraceFormatError);
      expect(() => parseTrace(text)).toThrow(message);
    });
  }
});
