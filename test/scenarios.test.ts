import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createGame, type Game } from '../src/index.ts';
import { checkExpectation } from '../src/scenario/expectations.ts';
import { loadScenario, runPaths } from '../src/scenario/files.ts';
import { parseScenario } from '../src/scenario/load.ts';
import { reportInText } from '../src/scenario/report.ts';
import { runScenario, type ScenarioResult, summarise } from '../src/scenario/runner.ts';
import type { Expectation, Scenario } from '../src/scenario/schema.ts';
import { SCHEMA_FILE, schemaFileText } from '../src/scenario/write-schema.ts';
import { stccg } from './support/stccg.ts';
import { tempFolder } from './support/temp.ts';

const RULINGS = fileURLToPath(new URL('../examples/rulings', import.meta.url));
const SAME_TURN = join(RULINGS, 'holo-act-3-reactivation-same-turn.json');
// The specification is part of the repository (spec/): nothing reads outside it.
const SPEC = fileURLToPath(new URL('../spec/CLAUSES.md', import.meta.url));

/** A copy of a ruling, changed by `edit`, in a fresh temporary folder. */
function copyOf(file: string, edit: (scenario: Scenario) => void, name = basename(file)): string {
  const scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
  edit(scenario);
  const copy = join(tempFolder('scenario'), name);
  writeFileSync(copy, JSON.stringify(scenario, null, 2));
  return copy;
}

function writeTemp(name: string, text: string): string {
  const file = join(tempFolder('scenario'), name);
  writeFileSync(file, text);
  return file;
}

const textOf = (scenario: ScenarioResult) => reportInText(summarise([scenario])).lines.join('\n');

describe('the rulings library (examples/rulings)', () => {
  const summary = runPaths([RULINGS]);

  it('holds JSON and YAML rulings, walked in order', () => {
    const names = summary.scenarios.map((s) => basename(s.file));
    expect(names).toEqual(readdirSync(RULINGS).sort());
    expect(names.some((name) => name.endsWith('.yaml'))).toBe(true);
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  it.each(summary.scenarios.map((scenario) => [basename(scenario.file), scenario] as const))(
    '%s passes',
    (_, scenario) => {
      expect(scenario.status, textOf(scenario)).toBe('passed');
      expect(scenario.steps.length).toBeGreaterThan(0);
    },
  );

  it('GAME-KERNEL-1: every ruling runs on the kernel too, step for step with the same report (stccg run --kernel)', () => {
    const onKernel = runPaths([RULINGS], { driver: 'kernel' });
    expect(onKernel.passed).toBe(true);
    expect(onKernel).toEqual(summary);
  });

  it('has a ruling for every clause of CLAUSES.md, named after it and citing it', () => {
    const ids = [...readFileSync(SPEC, 'utf8').matchAll(/^\| ((?:HOLO|BATTLE)-[A-Za-z0-9-]+) \|/gm)].map(
      (m) => m[1]!,
    );
    expect(ids).toHaveLength(32);
    for (const id of ids) {
      const named = summary.scenarios.filter((s) => basename(s.file).startsWith(`${id.toLowerCase()}-`));
      expect(named.length, `no ruling file named ${id.toLowerCase()}-...`).toBeGreaterThan(0);
      expect(
        named.every((s) => s.clauses.includes(id)),
        `${id}: its files must cite it`,
      ).toBe(true);
    }
  });

  it('asks each question as a question, and states the answer', () => {
    for (const scenario of summary.scenarios) {
      expect(scenario.title, scenario.file).toMatch(/\?$/);
      expect(scenario.answer, scenario.file).toBeTruthy();
    }
  });
});

describe('a ruling the engine does not follow', () => {
  it('fails the step, with expected against actual and the rule events that led there', async () => {
    const broken = copyOf(SAME_TURN, (scenario) => {
      const last = scenario.steps.at(-1) as { expect: Expectation };
      last.expect = { cards: { doctor: { hologram: 'active' } } };
    });
    const { code, stdout } = await stccg('run', broken);
    expect(code).toBe(1);
    expect(stdout).toContain(`✗ ${broken}`);
    expect(stdout).toContain('✓ Data tries to reactivate him at once');
    expect(stdout).toContain('✗ expect doctor: hologram active');
    expect(stdout).toContain(
      [
        '          cards.doctor.hologram:',
        '            expected: "active"',
        '            actual:   "deactivated"',
        '        the rule events that led here:',
        '          HOLO-DEATH-1: The Doctor [doctor] is deactivated',
      ].join('\n'),
    );
    expect(stdout).toMatch(/✗ 1 scenario file; 4 steps: 3 passed, 1 failed, 0 not run; 1 file failed$/m);
  });

  it('stops at a command that goes otherwise: later steps are not run', () => {
    const broken = copyOf(SAME_TURN, (scenario) => {
      // Bob's card kills Data instead: the reactivation below is then refused for another reason.
      scenario.steps[0] = { do: { type: 'kill', player: 'bob', card: 'data', by: 'Strict Dress Code' } };
      scenario.steps.splice(1, 1);
      scenario.steps.splice(1, 0, {
        do: { type: 'activate', player: 'alice', hologram: 'doctor', by: 'data' },
      });
    });
    const [result] = runPaths([broken]).scenarios;
    expect(result!.steps.map((s) => s.status)).toEqual(['passed', 'failed', 'not-run', 'not-run']);
    const text = textOf(result!);
    expect(text).toContain(
      '          do:\n            expected: "accepted"\n            actual:   refused (',
    );
    expect(text).toContain('    · Data tries to reactivate him at once');
  });

  it('names the clause a refusal cites when it is not the ruling’s, and events that did not come', () => {
    const broken = copyOf(SAME_TURN, (scenario) => {
      (scenario.steps[2] as { clause: string }).clause = 'HOLO-ACT-2';
      (scenario.steps[0] as { emits: unknown[] }).emits.push({ kind: 'erased', card: 'doctor' });
    });
    const [result] = runPaths([broken]).scenarios;
    expect(result!.steps[2]!.differences).toEqual([
      { path: 'clause', expected: 'HOLO-ACT-2', actual: 'HOLO-ACT-3' },
    ]);
    expect(result!.steps[0]!.differences).toEqual([
      {
        path: 'emits.1',
        expected: 'erased about doctor',
        actual: ['deactivated (HOLO-DEATH-1) about doctor'],
      },
    ]);
  });
});

describe('a malformed scenario file', () => {
  it('is reported with the file, the path inside it and what was expected, and runs nothing', async () => {
    const malformed = copyOf(SAME_TURN, (scenario) => {
      (scenario.steps[2] as { reject: { hologram: unknown } }).reject.hologram = 3;
    });
    const { code, stdout, stderr } = await stccg('run', malformed);
    expect(code).toBe(2);
    expect(stderr).toBe(`stccg run: ${malformed}: steps.2.reject.hologram: expected string; found 3\n`);
    expect(stdout).toContain(`✗ ${malformed}: malformed at steps.2.reject.hologram, not run`);
    expect(stdout).not.toContain('✓');
    expect(`${stdout}${stderr}`).not.toMatch(/\n\s+at |Error:/);
  });

  it('explains what a step, a position, a clause or a command may be', () => {
    const explain = (edit: (scenario: Scenario) => void) => {
      const result = loadScenario(copyOf(SAME_TURN, edit));
      return result.ok ? 'ok' : `${result.error.path}: ${result.error.expected}`;
    };
    expect(explain((s) => s.steps.push({ expct: {} } as never))).toBe(
      'steps.4: one of { do }, { reject }, { expect }; found {"expct":{}}',
    );
    expect(explain((s) => ((s.setup.cards[1] as { at: unknown }).at = { abord: 'enterprise' }))).toMatch(
      /^setup\.cards\.1\.at: one of "hand", "table", "discard", \{ space \}, \{ aboard \}, .*; found \{"abord":"enterprise"\}$/,
    );
    expect(explain((s) => (s.clauses = ['HOLO-ACT-9' as never]))).toMatch(
      /^clauses\.0: one of "HOLO-EXIST-1", .* \(\d+ in all\); found "HOLO-ACT-9"$/,
    );
    expect(explain((s) => ((s.steps[0] as { do: { type: string } }).do.type = 'kil'))).toMatch(
      /^steps\.0\.do\.type: one of 'report' \| 'move' .*; found "kil"$/,
    );
    expect(explain((s) => s.steps.push({ expect: { cards: { doctr: { stopped: true } } } }))).toBe(
      'steps.4.expect.cards.doctr: a card id of the setup',
    );
    expect(explain((s) => (s.policies = { carol: 'pass' }))).toBe(
      'policies.carol: a player of the setup (alice, bob)',
    );
  });

  it('is refused when its setup breaks a rule, citing the clause', () => {
    const file = copyOf(SAME_TURN, (scenario) => {
      (scenario.setup.cards[2] as { at: unknown }).at = { planet: 'ligos' };
    });
    const [result] = runPaths([file]).scenarios;
    expect(result).toMatchObject({ status: 'malformed', steps: [] });
    expect(result!.error).toEqual({
      file,
      path: 'setup.cards.2.at',
      expected: expect.stringMatching(/^a setup the engine accepts \(HOLO-EXIST-1\): /),
    });
  });

  it('is refused when it is no JSON or YAML at all, or not there', async () => {
    const json = writeTemp('broken.json', '{ "title": "x", ');
    const yaml = writeTemp('broken.yaml', 'title: x\nclauses: [HOLO-ACT-1\nseed: 1\n');
    const { code, stderr } = await stccg('run', json, yaml, '/no/such/ruling.json');
    expect(code).toBe(2);
    expect(stderr).toContain(`${json}: (file): expected well-formed JSON at line 1, column`);
    expect(stderr).toContain(`${yaml}: (file): expected well-formed YAML: `);
    expect(stderr).toContain(
      '/no/such/ruling.json: (file): expected a scenario file or a folder of them: not found',
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe('stccg run --json', () => {
  it('prints machine-readable results', async () => {
    const { code, stdout } = await stccg('run', SAME_TURN, '--json');
    expect(code).toBe(0);
    const results = JSON.parse(stdout);
    expect(results).toMatchObject({ passed: true, files: 1, malformed: 0, steps: { passed: 4, failed: 0 } });
    expect(results.scenarios[0]).toMatchObject({
      file: SAME_TURN,
      status: 'passed',
      clauses: ['HOLO-ACT-3', 'HOLO-DEATH-1'],
      error: null,
    });
    expect(results.scenarios[0].steps[2]).toMatchObject({
      index: 2,
      kind: 'reject',
      status: 'passed',
      said: [expect.stringMatching(/^refused \(forbidden\): HOLO-ACT-3: /)],
    });
  });

  it('gives failures and malformed files as data', async () => {
    const broken = copyOf(SAME_TURN, (scenario) => {
      (scenario.steps[1] as { expect: Expectation }).expect = { discard: { alice: ['doctor'] } };
    });
    const malformed = writeTemp('ruling.yaml', 'title: 3\n');
    const { code, stdout } = await stccg('run', broken, malformed, '--json');
    expect(code).toBe(2);
    const results = JSON.parse(stdout);
    expect(results).toMatchObject({ passed: false, files: 2, malformed: 1 });
    expect(results.scenarios[0].steps[1]).toMatchObject({
      status: 'failed',
      differences: [{ path: 'discard.alice', expected: ['doctor'], actual: [] }],
    });
    expect(results.scenarios[1]).toMatchObject({
      status: 'malformed',
      error: { file: malformed, path: 'title', expected: 'string; found 3' },
    });
  });
});

describe('the scenario format', () => {
  it('is published as a JSON Schema generated from the zod schema (npm run schema)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'schema/scenario.schema.json is stale: npm run schema').toBe(
      schemaFileText(),
    );
  });

  it('reads YAML as well as JSON, and gives the scenario its own card definitions', () => {
    const yaml = [
      'title: May a card of the scenario’s own take part?',
      'clauses: [GAME-REPORT-1]',
      'seed: 7',
      'cards:',
      '  - { name: Ensign Nine, type: Personnel, strength: 9 }',
      'setup:',
      '  players: [alice, bob]',
      '  locations: [{ id: ligos }]',
      '  cards:',
      '    - { id: ship, card: U.S.S. Enterprise, owner: alice, at: { space: ligos } }',
      '    - { id: nine, card: Ensign Nine, owner: alice, at: hand }',
      'steps:',
      '  - expect: { cards: { nine: { at: hand } }, turn: { player: alice, number: 1 } }',
    ].join('\n');
    const loaded = parseScenario(yaml, 'own-cards.yaml');
    if (!loaded.ok) throw new Error(loaded.error.expected);
    expect(runScenario(loaded.scenario, 'own-cards.yaml')).toMatchObject({ status: 'passed' });
  });

  it('lets an inspection observer watch each game (where a trace recorder plugs in)', () => {
    const loaded = loadScenario(SAME_TURN);
    if (!loaded.ok) throw new Error(loaded.error.expected);
    const seen: string[] = [];
    runScenario(loaded.scenario, SAME_TURN, { inspect: (event) => seen.push(event.type) });
    expect(seen).toContain('@xstate.event');
    expect(seen).toContain('@xstate.snapshot');
  });
});

describe('expectations: every kind is checked', () => {
  /** Mid-battle: Alice's Fighter 8 has engaged Bob's Fighter 5, and Alice must decide. */
  function deciding(): Game {
    const game = createGame(
      {
        players: ['alice', 'bob'],
        locations: [{ id: 'ligos' }],
        cardDefinitions: [8, 5].map((strength) => ({
          name: `Fighter ${strength}`,
          type: 'Personnel' as const,
          affiliation: 'Non-Aligned',
          strength,
        })),
        cards: [
          { id: 'ship', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
          { id: 'a', card: 'Fighter 8', owner: 'alice', at: { planet: 'ligos' } },
          { id: 'd', card: 'Fighter 5', owner: 'bob', at: { planet: 'ligos' } },
          { id: 'data', card: 'Data', owner: 'alice', at: 'hand' },
          { id: 'old', card: 'Data', owner: 'bob', at: 'discard' },
          { id: 'emh', card: 'E.M.H. Program', owner: 'alice', at: { aboard: 'ship' }, hologram: 'active' },
        ],
      },
      { seed: 1 },
    );
    game.send({
      type: 'attack',
      player: 'alice',
      attackers: { planet: 'ligos' },
      defenders: { planet: 'ligos' },
    });
    for (const player of ['bob', 'alice', 'alice', 'bob']) game.send({ type: 'pass', player });
    return game;
  }

  const holds: Expectation = {
    cards: {
      a: {
        at: { planet: 'ligos' },
        hologram: null,
        stopped: false,
        disabled: false,
        inStasis: false,
        inStasisUntilEndOfTurn: null,
        stunned: false,
        mortallyWounded: false,
        affiliation: 'Non-Aligned',
        species: [],
        strength: 8,
        mayUse: { 'Starfleet Type II Phaser': true },
        selectable: true,
      },
      emh: { hologram: 'active', species: ['Hologram'], selectable: false },
      ship: { staffed: false },
    },
    discard: { bob: ['old'], alice: [] },
    turn: { player: 'alice', number: 1 },
    awaiting: { player: 'alice', for: 'decision', options: ['stun', 'none'] },
    battle: {
      step: 'deciding',
      attacker: 'alice',
      defender: 'bob',
      participants: { attacker: ['a'], defender: ['d'] },
      pairing: { number: 1, attacker: 'a', defender: 'd' },
      pairings: [],
      faceUp: [],
      winner: null,
      killed: null,
      window: null,
      priority: null,
      pileSizes: { attacker: 0, defender: 0 },
    },
    lastBattle: null,
    view: {
      bob: {
        sees: ['a', 'd'],
        doesNotSee: ['data'],
        handSizes: { alice: 1, bob: 0 },
        pileSizes: { attacker: 0 },
      },
    },
  };

  it('finds no difference where the state is as expected', () => {
    expect(checkExpectation(deciding(), holds)).toEqual([]);
  });

  it('finds every part that differs, by its path', () => {
    const wrong: Expectation = {
      cards: {
        a: {
          at: { aboard: 'ship' },
          hologram: 'active',
          stopped: true,
          disabled: true,
          inStasis: true,
          inStasisUntilEndOfTurn: 3,
          stunned: true,
          mortallyWounded: true,
          affiliation: 'Klingon',
          species: ['Vulcan'],
          strength: 9,
          mayUse: { "D'k Tahg": true },
          selectable: false,
        },
        ship: { staffed: true },
      },
      discard: { bob: [] },
      turn: { player: 'bob', number: 2 },
      awaiting: { player: 'bob', for: 'response', window: 'pairing', options: ['mortally-wound'] },
      battle: {
        step: 'engaged',
        attacker: 'bob',
        defender: 'alice',
        participants: { attacker: ['d'], defender: ['a'] },
        pairing: { number: 2, attacker: 'd', defender: 'a' },
        pairings: [{ outcome: 'stun' }],
        faceUp: ['a'],
        totals: { attacker: 8, defender: 5 },
        winner: 'alice',
        killed: 'd',
        window: 'pairing',
        priority: 'alice',
        pileSizes: { attacker: 1, defender: 1 },
      },
      lastBattle: { winner: 'alice' },
      view: {
        bob: { sees: ['data'], doesNotSee: ['a'], handSizes: { alice: 0 }, pileSizes: { defender: 2 } },
      },
    };
    const paths = checkExpectation(deciding(), wrong).map((d) => d.path);
    expect(paths).toEqual([
      ...[
        'at',
        'hologram',
        'stopped',
        'disabled',
        'inStasis',
        'inStasisUntilEndOfTurn',
        'stunned',
        'mortallyWounded',
        'affiliation',
        'species',
        'strength',
        "mayUse.D'k Tahg",
        'selectable',
      ].map((field) => `cards.a.${field}`),
      'cards.ship.staffed',
      'discard.bob',
      'turn.player',
      'turn.number',
      'awaiting.player',
      'awaiting.for',
      'awaiting.window',
      'awaiting.options',
      'battle.step',
      'battle.window',
      'battle.priority',
      'battle.pairing.number',
      'battle.pairing.attacker',
      'battle.pairing.defender',
      'battle.pileSizes.attacker',
      'battle.pileSizes.defender',
      'battle.attacker',
      'battle.defender',
      'battle.participants.attacker',
      'battle.participants.defender',
      'battle.faceUp',
      'battle.totals.attacker',
      'battle.totals.defender',
      'battle.winner',
      'battle.killed',
      'battle.pairings',
      'lastBattle',
      'view.bob.sees.data',
      'view.bob.doesNotSee.a',
      'view.bob.handSizes.alice',
      'view.bob.pileSizes.defender',
    ]);
  });

  it('checks the record of the last battle, pairing by pairing', () => {
    const game = deciding();
    game.send({ type: 'decide', player: 'alice', outcome: 'stun' });
    for (const player of ['bob', 'alice']) game.send({ type: 'pass', player });
    expect(
      checkExpectation(game, {
        battle: null,
        awaiting: null,
        lastBattle: {
          pairings: [
            { number: 1, attacker: 'a', defender: 'd', outcome: 'stun', by: 'a', clause: 'BATTLE-4a' },
          ],
          totals: { attacker: 8, defender: 0 },
          winner: 'alice',
          killed: 'd',
        },
        view: { alice: { pileSizes: null } },
      }),
    ).toEqual([]);
    expect(
      checkExpectation(game, {
        lastBattle: { pairings: [{ outcome: 'mortally-wound', by: 'd' }] },
        battle: {},
      }),
    ).toEqual([
      { path: 'battle', expected: {}, actual: null },
      { path: 'lastBattle.pairings.0.outcome', expected: 'mortally-wound', actual: 'stun' },
      { path: 'lastBattle.pairings.0.by', expected: 'd', actual: 'a' },
    ]);
  });
});
