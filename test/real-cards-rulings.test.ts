import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { type BlueprintFile, importCards } from '../src/cards/import/index.ts';
import { CardPool, loadCards, loadPool } from '../src/cards/index.ts';
import { readPool } from '../src/cards/pool/read.ts';
import { createGame } from '../src/index.ts';
import { OddsError, oddsScenario } from '../src/odds/odds.ts';
import { strengthOf } from '../src/rules/battle/strength.ts';
import { runPaths } from '../src/scenario/files.ts';
import { runScenarioData } from '../src/scenario/runner.ts';
import { stccg } from './support/stccg.ts';
import { tempFolder } from './support/temp.ts';

/**
 * Rulings with real cards (issue 32): a scenario names pool cards (`pool`), the importer reads the
 * characteristics the rules key on (a Soong-type android, from the lore) and executes the card files'
 * STRENGTH modifiers (as effect descriptors), listing every other modifier with its card.
 */

/** A one-file set of First Edition cards, written as JSON (invented cards, in the files' format). */
const blueprintFile = (cards: unknown[]): BlueprintFile => ({
  name: 'set960.json',
  text: JSON.stringify({ setId: '960', setName: 'Test Set', gameType: 'First Edition', cards }, null, 2),
});

/** Numbers the invented cards (`960_001`...): a card without one is imported without a number, and noted. */
let numbered = 0;
const personnel = (title: string, fields: Record<string, unknown>) => ({
  blueprintId: `960_${String(++numbered).padStart(3, '0')}`,
  title,
  type: 'personnel',
  affiliation: 'federation',
  integrity: 5,
  cunning: 5,
  strength: 5,
  ...fields,
});

const equipment = (title: string, modifiers: unknown) => ({
  blueprintId: `960_${String(++numbered).padStart(3, '0')}`,
  title,
  type: 'equipment',
  modifiers,
});

/** "yours + (affiliation=X OR ...) + personnel", present with the card: the disruptors' condition. */
const presentWith = (who: string) => ({
  type: 'thisCardPresentWithCard',
  otherCardFilter: `yours + ${who} + personnel`,
});
const yourPersonnelPresent = 'yours + presentWithThisCard + personnel';

const RULINGS = 'examples/rulings';
/** The ruling files of the card effects the pool's cards now have, one each. */
const NEW_RULINGS = [
  'holo-species-1-the-pools-data-uses-vulcan-nerve-pinch.json',
  'holo-species-1-the-one-and-data-pinch-each.json',
  'holo-species-1-the-pools-data-with-a-holo-icon.json',
  'battle-4-bajoran-phaser-from-the-pool.json',
  'battle-4-romulan-disruptor-from-the-pool.json',
  'battle-4-cardassian-disruptor-from-the-pool.json',
].map((name) => `${RULINGS}/${name}`);

describe('the importer: characteristics the rules key on, from the lore', () => {
  it('HOLO-SPECIES-1: an android whose lore calls it a Soong-type android, or says Dr. Noonien Soong created it, is a Soong-type android', () => {
    const { cards } = importCards([
      blueprintFile([
        personnel('Android One', { species: 'android', gender: 'male', lore: 'A Soong-type android.' }),
        personnel('Android Two', { species: 'android', lore: 'An android created by Dr. Noonien Soong.' }),
        personnel('Android Three', { species: 'android', lore: 'An android of another maker.' }),
        personnel('Soong Admirer', { species: 'human', lore: 'Studied every Soong-type android.' }),
      ]),
    ]);
    const characteristics = Object.fromEntries(cards.map((card) => [card.name, card.characteristics]));
    expect(characteristics).toEqual({
      'Android One': ['Android', 'Male', 'Soong-type android'],
      'Android Two': ['Android', 'Soong-type android'],
      'Android Three': ['Android'],
      // Only an android: a human whose lore names a Soong-type android is none.
      'Soong Admirer': ['Human'],
    });
    // The lore is read for that word alone: never imported.
    expect(JSON.stringify(cards)).not.toMatch(/maker|created by|Studied/);
  });

  it("HOLO-SPECIES-1: the pool's Data, Data (The Next Generation) and The One are Soong-type androids", async () => {
    const cards = await loadCards(['Data', 'Data (The Next Generation)', 'The One']);
    for (const card of cards) expect(card.characteristics, card.name).toContain('Soong-type android');
  });
});

describe('the importer: STRENGTH modifiers executed as effect descriptors (BATTLE-4, BATTLE-5)', () => {
  it('an addStrength of your personnel present becomes `strength`; its condition a `use-only`: affiliation=X an affiliation, a bare bajoran the affiliation or the species', () => {
    const result = importCards([
      blueprintFile([
        equipment('Test Disruptor', [
          {
            type: 'addStrength',
            modifiedCards: yourPersonnelPresent,
            amount: 2,
            ifCondition: presentWith('(affiliation=romulan OR affiliation=non-aligned)'),
            cumulative: true,
          },
        ]),
        equipment('Test Phaser', [
          {
            type: 'addStrength',
            modifiedCards: 'personnel + yours + presentWithThisCard',
            amount: 2,
            ifCondition: presentWith('(bajoran OR affiliation=non-aligned)'),
            cumulative: true,
          },
        ]),
        equipment('Test Club', { type: 'addStrength', modifiedCards: yourPersonnelPresent, amount: 1 }),
      ]),
    ]);
    const effects = Object.fromEntries(result.cards.map((card) => [card.name, card.effects]));
    expect(effects).toEqual({
      'Test Disruptor': [
        { kind: 'use-only', affiliations: ['Romulan', 'Non-Aligned'] },
        { kind: 'strength', amount: 2, to: 'your-personnel-present', cumulative: true },
      ],
      'Test Phaser': [
        { kind: 'use-only', affiliations: ['Bajoran', 'Non-Aligned'], species: ['Bajoran'] },
        { kind: 'strength', amount: 2, to: 'your-personnel-present', cumulative: true },
      ],
      // No condition: anyone's; not cumulative unless the modifier says so.
      'Test Club': [{ kind: 'strength', amount: 1, to: 'your-personnel-present', cumulative: false }],
    });
    expect(result.executedModifiers.map((note) => `${note.card} ${note.field}: ${note.message}`)).toEqual([
      'Test Disruptor modifiers[0]: addStrength: executed as STRENGTH +2 to each of your personnel present, Romulan or Non-Aligned use only (affiliations Romulan, Non-Aligned), cumulative',
      'Test Phaser modifiers[0]: addStrength: executed as STRENGTH +2 to each of your personnel present, Bajoran or Non-Aligned use only (affiliations Bajoran, Non-Aligned; species Bajoran), cumulative',
      'Test Club modifiers[0]: addStrength: executed as STRENGTH +1 to each of your personnel present',
    ]);
    expect(result.unsupportedModifiers).toEqual([]);
    expect(result.unmapped).toEqual([]);
  });

  it('every other modifier is not executed, and listed with its card and why: CUNNING, skills, a filter on skills, an unknown word, conditions that differ', () => {
    const result = importCards([
      blueprintFile([
        equipment('Test PADD', [{ type: 'addCunning', modifiedCards: yourPersonnelPresent, amount: 2 }]),
        equipment('Test Kit', [
          { type: 'gainSkill', skills: 'medical', modifiedCards: yourPersonnelPresent },
        ]),
        equipment('Test Blade', [
          { type: 'addStrength', modifiedCards: `${yourPersonnelPresent} + SCIENCE`, amount: 3 },
        ]),
        equipment('Test Gorn Club', [
          {
            type: 'addStrength',
            modifiedCards: yourPersonnelPresent,
            amount: 2,
            ifCondition: presentWith('affiliation=gorn'),
          },
        ]),
        equipment('Test Pair', [
          { type: 'addStrength', modifiedCards: yourPersonnelPresent, amount: 1 },
          {
            type: 'addStrength',
            modifiedCards: yourPersonnelPresent,
            amount: 1,
            ifCondition: presentWith('affiliation=klingon'),
          },
        ]),
      ]),
    ]);
    expect(result.cards.filter((card) => card.effects)).toEqual([]);
    expect(result.executedModifiers).toEqual([]);
    expect(result.unsupportedModifiers.map((note) => `${note.card} ${note.field}: ${note.message}`)).toEqual([
      'Test PADD modifiers[0]: addCunning: not executed (the engine reads STRENGTH modifiers, addStrength, only)',
      'Test Kit modifiers[0]: gainSkill: not executed (the engine reads STRENGTH modifiers, addStrength, only)',
      'Test Blade modifiers[0]: addStrength of "yours + presentWithThisCard + personnel + SCIENCE": not executed (only "yours + presentWithThisCard + personnel" is read)',
      'Test Gorn Club modifiers[0]: addStrength with a condition on "yours + affiliation=gorn + personnel": only your personnel of named affiliations or species are read: not executed',
      'Test Pair modifiers[0]: addStrength: not executed (the card has modifiers of different conditions; its "use only" is one)',
      'Test Pair modifiers[1]: addStrength: not executed (the card has modifiers of different conditions; its "use only" is one)',
    ]);
    for (const note of result.unsupportedModifiers) expect(note.line).toBeGreaterThan(1);
  });

  it("BATTLE-4: the pool's Bajoran Phaser, Romulan and Cardassian Disruptors are STRENGTH +2 to each of their owner's personnel present, where one of them may use it", async () => {
    const cards = await loadCards([
      'Bajoran Phaser',
      'Romulan Disruptor',
      'Cardassian Disruptor',
      'Kallis Ven',
      'Tomalak',
      'Dukat',
      'Worf',
    ]);
    const game = createGame(
      {
        players: ['alice', 'bob'],
        locations: [{ id: 'bajor' }, { id: 'romulus' }, { id: 'cardassia' }],
        cards: [
          { id: 'kallis', card: 'Kallis Ven', owner: 'alice', at: { planet: 'bajor' } },
          { id: 'phaser', card: 'Bajoran Phaser', owner: 'alice', at: { planet: 'bajor' } },
          { id: 'tomalak', card: 'Tomalak', owner: 'alice', at: { planet: 'romulus' } },
          { id: 'disruptor', card: 'Romulan Disruptor', owner: 'alice', at: { planet: 'romulus' } },
          // Worf (of the Federation) may use none of them: present with him alone, they add nothing.
          { id: 'worf', card: 'Worf', owner: 'alice', at: { planet: 'cardassia' } },
          { id: 'cardassian', card: 'Cardassian Disruptor', owner: 'alice', at: { planet: 'cardassia' } },
          { id: 'dukat', card: 'Dukat', owner: 'bob', at: { planet: 'cardassia' } },
        ],
      },
      { cards },
    );
    const strength = (id: string) => strengthOf(game.table(), id).total;
    expect([strength('kallis'), strength('tomalak'), strength('worf'), strength('dukat')]).toEqual([
      7 + 2,
      9 + 2,
      10,
      9,
    ]);
    game.stop();
  });
});

describe('scenario files name pool cards (`pool`)', () => {
  const ruling = JSON.parse(readFileSync(NEW_RULINGS[0]!, 'utf8')) as Record<string, unknown>;

  it('a ruling file for each new card effect, each passing on both drivers, citing its clauses', () => {
    const summary = runPaths(NEW_RULINGS);
    expect(summary.passed, JSON.stringify(summary.scenarios.map((s) => [s.file, s.status]))).toBe(true);
    expect(runPaths(NEW_RULINGS, { driver: 'kernel' })).toEqual(summary);
    for (const scenario of summary.scenarios) {
      const [clause] = basename(scenario.file).match(/^(holo-[a-z]+-\d+|battle-\d+[a-z]?)/) ?? [];
      expect(
        scenario.clauses.map((c) => c.toLowerCase()),
        scenario.file,
      ).toContain(clause);
    }
  });

  it('runScenarioData plays them with the pool given (`loadPool()`, or `readPool()` in Node)', async () => {
    expect(runScenarioData(ruling, 'ruling.json', { pool: await loadPool() }).status).toBe('passed');
    expect(runScenarioData(ruling, 'ruling.json', { pool: readPool() }).status).toBe('passed');
    expect(readPool()).toBeInstanceOf(CardPool);
    expect(readPool().names()).toEqual((await loadPool()).names());
  });

  it('malformed, and run not at all: pool cards without a pool to load them from, a name the pool does not hold, a pool card also defined in the file', () => {
    expect(runScenarioData(ruling, 'ruling.json').error).toMatchObject({
      path: 'pool',
      expected: expect.stringMatching(/^a card pool to load them from/),
    });
    const misspelt = { ...ruling, pool: ['Data', 'Worff', 'Kargan'] };
    const unknown = runScenarioData(misspelt, 'ruling.json', { pool: readPool() });
    expect(unknown.status).toBe('malformed');
    expect(unknown.error).toMatchObject({ path: 'pool.1' });
    expect(unknown.error?.expected).toMatch(/^a card of the card pool \(.*"Worff" \(nearest: Worf, /);
    const twice = {
      ...ruling,
      cards: [{ name: 'Kargan', type: 'Personnel', affiliation: 'Klingon', strength: 5 }],
    };
    expect(runScenarioData(twice, 'ruling.json', { pool: readPool() }).error).toMatchObject({
      path: 'pool.2',
      expected: expect.stringMatching(/^a pool card not defined elsewhere in the file/),
    });
  });

  it('stccg run loads the pool: every new ruling passes', async () => {
    const { code, stdout } = await stccg('run', ...NEW_RULINGS);
    expect(code).toBe(0);
    expect(stdout).toContain(`✓ ${NEW_RULINGS.length} scenario files;`);
  });

  it('the scenario entry stays browser-safe without the pool: it bundles none of it', async () => {
    const bundled = await build({
      entryPoints: ['src/scenario/index.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(Object.keys(bundled.metafile.inputs).filter((path) => /pool|cards\/import/.test(path))).toEqual(
      [],
    );
  });
});

describe('odds files name pool cards too (`pool`): stccg odds and stccg play', () => {
  const file = (pool: unknown) => {
    const path = join(tempFolder('pool'), 'odds.json');
    const setup = {
      players: ['alice', 'bob'],
      turn: { player: 'alice', number: 1 },
      locations: [{ id: 'galorndon', name: 'Galorndon Core' }],
      cards: [
        { id: 'tomalak', card: 'Tomalak', owner: 'alice', at: { planet: 'galorndon' } },
        { id: 'd1', card: 'Romulan Disruptor', owner: 'alice', at: { planet: 'galorndon' } },
        { id: 'worf', card: 'Worf', owner: 'bob', at: { planet: 'galorndon' } },
      ],
    };
    writeFileSync(path, JSON.stringify({ setup, pool }));
    return path;
  };

  it('oddsScenario reads `pool`, a list of names; anything else is an OddsError', () => {
    expect(oddsScenario({ setup: {}, pool: [' Worf '] })).toEqual({ setup: {}, pool: ['Worf'] });
    for (const pool of [[], 'Worf', [''], [3]]) {
      expect(() => oddsScenario({ setup: {}, pool }), JSON.stringify(pool)).toThrow(OddsError);
    }
  });

  it("BATTLE-4: Tomalak with the pool's Romulan Disruptor (9 + 2) always beats Worf (10)", async () => {
    const { code, stdout } = await stccg(
      'odds',
      file(['Tomalak', 'Romulan Disruptor', 'Worf']),
      '--battles',
      '10',
      '--workers',
      '1',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/ {2}wins +100\.0%/);
  });

  it('a name the pool does not hold: exit 2, naming the nearest names', async () => {
    const { code, stderr } = await stccg('odds', file(['Tomalak', 'Romulan Disruptor', 'Worff']));
    expect(code).toBe(2);
    expect(stderr).toMatch(/"pool": unknown card, not in the card pool: "Worff" \(nearest: Worf, /);
    const played = await stccg('play', file(['Worff']), '--commands', '1');
    expect(played.code).toBe(2);
    expect(played.stderr).toMatch(/"Worff" \(nearest: Worf, /);
  });
});
