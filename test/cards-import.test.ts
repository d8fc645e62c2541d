import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BlueprintFile, CardImportError, cardFileText, importCards } from '../src/cards/import/index.ts';
import { createGame } from '../src/index.ts';
import { stccg } from './support/stccg.ts';
import { tempFolder } from './support/temp.ts';

/**
 * The importer of the community engine's First Edition card files (issue 27), on small files written
 * for these tests in that format (test/fixtures/blueprints: invented cards, none of them real).
 */

const FIXTURES = 'test/fixtures/blueprints';
const fixture = (name: string): BlueprintFile => ({ name, text: readFileSync(join(FIXTURES, name), 'utf8') });
const MAIN = [fixture('set900.hjson'), fixture('set901.json')];
const REFUSED = ['refused/broken.hjson', 'refused/second-edition.json', 'refused/no-cards.json'].map(fixture);

/** A one-file set of First Edition cards, written as JSON. */
const blueprintFile = (cards: unknown[], name = 'set950.json'): BlueprintFile => ({
  name,
  text: JSON.stringify({ setId: '950', setName: 'Inline Set', gameType: 'First Edition', cards }, null, 2),
});

const card = (name: string) => importCards(MAIN).cards.find((c) => c.name === name);

describe('importCards: the facts of each card', () => {
  it('a personnel: title, type, affiliation, classification, attributes, uniqueness, icons, species and gender, skills at their levels, set and number', () => {
    expect(card('Korvath')).toEqual({
      name: 'Korvath',
      type: 'Personnel',
      affiliation: 'Klingon',
      classification: 'SECURITY',
      integrity: 6,
      cunning: 5,
      strength: 9,
      universal: false,
      icons: ['Cmd'],
      characteristics: ['Klingon', 'Male'],
      skills: [{ name: 'Honor', level: 2 }, { name: 'Navigation' }],
      set: 'Test Premiere',
      number: '1',
    });
  });

  it('several affiliations are modes (HOLO-AFFIL-1); a hologram species makes the card holographic (Holo icon); a quadrant is an icon; skills from a structured skill box', () => {
    expect(card('Test Hologram')).toEqual({
      name: 'Test Hologram',
      type: 'Personnel',
      affiliation: 'Federation/Non-Aligned',
      classification: 'V.I.P.',
      integrity: 5,
      cunning: 7,
      strength: 4,
      universal: true,
      icons: ['Stf', 'AU', 'DQ', 'Holo'],
      characteristics: ['Hologram', 'Female', 'Admiral'],
      skills: [{ name: 'Computer Skill', level: 2 }, { name: 'Music' }],
      set: 'Test Premiere',
      number: '3',
    });
    // "klingon,romulan" is the same as ["klingon", "romulan"]: two modes.
    expect(card('Korvath (Test Sequel)')?.affiliation).toBe('Klingon/Romulan');
  });

  it('the Holo icon alone makes a card holographic, whatever its species', () => {
    const { cards } = importCards([
      blueprintFile([
        {
          blueprintId: '950_001',
          title: 'Holo Icon Only',
          type: 'personnel',
          species: 'human',
          icons: 'holographic,staff',
          integrity: 1,
          cunning: 1,
          strength: 1,
        },
      ]),
    ]);
    expect(cards[0]).toMatchObject({ icons: ['Holo', 'Stf'], characteristics: ['Human'] });
  });

  it('a ship: RANGE, WEAPONS, SHIELDS, staffing icons, and its special equipment among its characteristics (a Holodeck)', () => {
    expect(card('I.K.S. Testbird')).toEqual({
      name: 'I.K.S. Testbird',
      type: 'Ship',
      affiliation: 'Klingon',
      range: 7,
      weapons: 8,
      shields: 6,
      universal: true,
      staffing: ['Cmd', 'Stf', 'Stf'],
      characteristics: ['Holodeck', 'Tractor Beam'],
      set: 'Test Premiere',
      number: '4',
    });
  });

  it('equipment and cards of other types: their facts, and no game text', () => {
    expect(card('Test Phaser')).toEqual({
      name: 'Test Phaser',
      type: 'Equipment',
      characteristics: ['PADD'],
      set: 'Test Premiere',
      number: '5',
    });
    expect(card('Test Dilemma')).toEqual({
      name: 'Test Dilemma',
      type: 'Dilemma',
      set: 'Test Premiere',
      number: '6',
    });
  });

  it('HOLO-EXIST-2: the imported cards play as they are: a hologram aboard the imported ship uses its Holodeck', () => {
    const game = createGame(
      {
        players: ['alice', 'bob'],
        locations: [{ id: 'ligos' }],
        cards: [
          { id: 'bird', card: 'I.K.S. Testbird', owner: 'alice', at: { space: 'ligos' } },
          { id: 'holo', card: 'Test Hologram', owner: 'alice', at: { aboard: 'bird' }, hologram: 'active' },
          { id: 'korvath', card: 'Korvath', owner: 'alice', at: { aboard: 'bird' } },
        ],
      },
      { cards: importCards(MAIN).cards },
    );
    expect(game.hologramState('holo')).toBe('active');
    expect(game.board().cards.korvath?.card).toBe('Korvath');
  });

  it('a later printing of a title is named after its set, as the library names them ("Data (The Next Generation)")', () => {
    const result = importCards(MAIN);
    expect(result.cards.map((c) => c.name)).toContain('Korvath (Test Sequel)');
    expect(result.renamed).toEqual([
      {
        file: 'set901.json',
        line: 6,
        card: 'Korvath',
        blueprint: '901_002',
        message: 'named "Korvath (Test Sequel)": an earlier printing has the title',
      },
    ]);
    // The order of the files does not matter: the earlier set keeps the title.
    expect(importCards([...MAIN].reverse()).cards.find((c) => c.set === 'Test Premiere')?.name).toBe(
      'Korvath',
    );
  });

  it('only the types asked for; the others are counted as left out', () => {
    const result = importCards(MAIN, { types: ['Ship', 'Equipment'] });
    expect(result.cards.map((c) => c.name)).toEqual(['I.K.S. Testbird', 'Test Phaser']);
    expect(result.imported).toEqual({ Ship: 1, Equipment: 1 });
    expect(result.leftOut).toEqual({ Personnel: 7, Dilemma: 1 });
    // A card of a type not asked for is not read further, a card of no type it knows is refused.
    expect(result.refusedCards.map((n) => n.card)).toEqual(['Odd Thing', undefined, 'Hulk Without Shields']);
  });
});

describe('importCards: nothing guessed, every field left out is listed with its file and line', () => {
  it('unknown words, game text and fields without a place in the card definition', () => {
    const { unmapped } = importCards(MAIN);
    const notes = unmapped.map(({ file, line, card, field }) => `${file}:${line} ${card} ${field}`);
    expect(notes).toEqual([
      'set900.hjson:19 Korvath skill-box',
      'set900.hjson:47 Test Hologram skill-box',
      'set900.hjson:59 Test Hologram persona',
      'set900.hjson:67 I.K.S. Testbird ship-class',
      'set900.hjson:88 Test Dilemma mission-type',
      'set901.json:11 Korvath species',
      'set901.json:14 Korvath icons',
      'set901.json:24 Stray Envoy affiliation',
      'set901.json:25 Stray Envoy classification',
      'set901.json:27 Stray Envoy skill-box',
      'set901.json:31 Stray Envoy restriction-box',
    ]);
    const message = (card: string, field: string) =>
      unmapped.find((n) => n.card === card && n.field === field)?.message;
    expect(message('Korvath', 'skill-box')).toMatch(/download \(\[DL\] Test Phaser\) is game text/);
    expect(message('Test Hologram', 'skill-box')).toMatch(/special skill \(specialModifier\) is game text/);
    // A modifier is told of on its own, not as a field left out: Test Phaser's says whom it reaches not.
    expect(message('Test Phaser', 'modifiers')).toBeUndefined();
    expect(importCards(MAIN).unsupportedModifiers).toEqual([
      {
        file: 'set900.hjson',
        line: 80,
        card: 'Test Phaser',
        blueprint: '900_005',
        field: 'modifiers[0]',
        message:
          'addStrength without modifiedCards: not executed (only "yours + presentWithThisCard + personnel" is read)',
      },
    ]);
    expect(message('Korvath', 'icons')).toBe('icons "sparkle-icon": not known');
    expect(message('Stray Envoy', 'affiliation')).toMatch(/"gorn" not known: left out whole/);
    expect(message('Stray Envoy', 'classification')).toBe('classification "DIPLOMAT" is not known');
  });

  it('a word it does not know leaves that word out (a species, an icon), and a list that is one fact out whole (the modes)', () => {
    // Korvath of the sequel: "klingon,zorgon", and "command" beside an unknown icon.
    expect(card('Korvath (Test Sequel)')).toMatchObject({
      characteristics: ['Klingon', 'Male'],
      icons: ['Cmd'],
    });
    // Federation/Gorn is not imported as Federation alone, nor DIPLOMAT as any classification.
    const envoy = card('Stray Envoy');
    expect(envoy?.affiliation).toBeUndefined();
    expect(envoy?.classification).toBeUndefined();
    expect(envoy?.skills).toEqual([{ name: 'Diplomacy' }]);
  });

  it('lore, pictures, rarity and the series logo are no facts of the game: never imported, never listed', () => {
    const result = importCards(MAIN);
    expect(JSON.stringify(result.cards)).not.toMatch(/made-up|example\.invalid|tng-logo/i);
    expect(result.unmapped.map((n) => n.field)).not.toContain('lore');
  });

  it('HJSON comments are read past; cards commented out are listed and not imported', () => {
    const result = importCards(MAIN);
    expect(result.commentedOut).toEqual([
      { file: 'set900.hjson', line: 28, card: 'Lost Sentry', message: 'commented out' },
      { file: 'set900.hjson', line: 33, card: "Ghost's Echo", message: 'commented out' },
    ]);
    expect(result.cards.map((c) => c.name)).not.toContain("Ghost's Echo");
  });

  it('lines in JSON written on one line, and in JSON with several keys a line, numbers before commas', () => {
    const oneLine = {
      name: 'one-line.json',
      text: JSON.stringify(JSON.parse(blueprintFile([{ title: 'A', type: 'event' }]).text)),
    };
    const result = importCards([oneLine]);
    expect(result.imported).toEqual({ Event: 1 });
    expect(result.unmapped.map((n) => [n.line, n.field])).toEqual([[1, 'blueprintId']]);
    const dense = [
      '{ "setId": "950", "setName": "Inline Set", "gameType": "First Edition", "cards": [',
      '  { "title": "A", "type": "mission", "quadrant": "alpha", "blueprintId": "950_001" },',
      '  {',
      '    "blueprintId": "950_002", "title": "B", "type": "personnel",',
      '    "integrity": 5, "persona": "B", "cunning": 6, "strength": 7, "skill-box": "[*] Law" }',
      '] }',
    ].join('\n');
    const notes = importCards([{ name: 'dense.json', text: dense }]).unmapped;
    expect(notes.map((n) => [n.line, n.card, n.field])).toEqual([
      [2, 'A', 'quadrant'],
      [5, 'B', 'persona'],
    ]);
  });
});

describe('importCards: refusals', () => {
  it('a malformed file is refused at its line, and the other files are still read', () => {
    const result = importCards([...REFUSED, ...MAIN]);
    expect(result.refusedFiles).toEqual([
      {
        file: 'refused/broken.hjson',
        line: 9,
        message: expect.stringMatching(/^not JSON or HJSON \(line 9, column 3\): Found ']' where a key name/),
      },
      {
        file: 'refused/second-edition.json',
        line: 1,
        message: 'gameType "Second Edition": First Edition cards only',
      },
      { file: 'refused/no-cards.json', line: 1, message: 'not a blueprint file: no "cards" list' },
    ]);
    expect(result.cards).toEqual(importCards(MAIN).cards);
    expect(result.files).toBe(5);
  });

  it('a file that is not a blueprint file: no gameType, a root that is no object, an empty text', () => {
    const refused = importCards([
      { name: 'untyped.json', text: '{\n  "setName": "X",\n  "cards": []\n}' },
      { name: 'list.json', text: '[1, 2]' },
      { name: 'empty.json', text: '' },
    ]).refusedFiles;
    expect(refused.map((n) => `${n.file}: ${n.message}`)).toEqual([
      'untyped.json: no gameType: First Edition cards only',
      'list.json: not a blueprint file: its root is not an object with "cards"',
      'empty.json: an empty file, not a blueprint file',
    ]);
  });

  it('a card is refused with its file and line: not an object, no title, no or an unknown type, missing attributes, invalid by the card schema', () => {
    const { refusedCards } = importCards(MAIN);
    expect(
      refusedCards.map(({ file, line, card, field, message }) => ({ file, line, card, field, message })),
    ).toEqual([
      {
        file: 'set900.hjson',
        line: 90,
        card: 'Missing Strength',
        field: 'strength',
        message: 'a personnel without STRENGTH as a whole number',
      },
      {
        file: 'set900.hjson',
        line: 102,
        card: 'Odd Thing',
        field: 'type',
        message: 'unknown type "tribble"',
      },
      { file: 'set900.hjson', line: 104, card: undefined, field: 'title', message: 'no title' },
      {
        file: 'set900.hjson',
        line: 115,
        card: 'Giant',
        field: 'strength',
        message: 'not a valid card definition: strength: Too big: expected number to be <=99',
      },
      { file: 'set900.hjson', line: 117, card: undefined, field: undefined, message: 'not an object' },
      {
        file: 'set901.json',
        line: 33,
        card: 'Hulk Without Shields',
        field: 'shields',
        message: 'a ship without SHIELDS as a whole number',
      },
    ]);
  });

  it('why a personnel lacks its attributes, where the file says: in the Java code, or given as a ship’s', () => {
    const { refusedCards, unmapped } = importCards([
      blueprintFile([
        { blueprintId: '950_001', title: 'Coded', type: 'personnel', 'java-blueprint': true },
        { blueprintId: '950_002', title: 'Shiplike', type: 'personnel', range: 4, weapons: 6, shields: 9 },
        {
          blueprintId: '950_003',
          title: 'Skills In Code',
          type: 'personnel',
          'java-blueprint': true,
          integrity: 1,
          cunning: 2,
          strength: 3,
        },
        { title: 'No Type' },
      ]),
    ]);
    expect(refusedCards.map((n) => `${n.card}: ${n.message}`)).toEqual([
      "Coded: a personnel without INTEGRITY, CUNNING, STRENGTH as a whole number (its facts are in the community engine's Java code)",
      "Shiplike: a personnel without INTEGRITY, CUNNING, STRENGTH as a whole number (it gives RANGE, WEAPONS and SHIELDS, a ship's attributes)",
      'No Type: no type',
    ]);
    expect(unmapped.map((n) => `${n.card} ${n.field}: ${n.message}`)).toEqual([
      "Skills In Code skill-box: no skill box: imported without skills: its skills are in the community engine's Java code",
    ]);
  });

  it('a blueprint id of another set, or of no known shape, gives no number', () => {
    const { cards, unmapped } = importCards([
      blueprintFile([
        { blueprintId: '101_012', title: 'Elsewhere', type: 'event' },
        { blueprintId: 'x', title: 'Shapeless', type: 'event' },
      ]),
    ]);
    expect(cards.map((c) => c.number)).toEqual([undefined, undefined]);
    expect(unmapped.map((n) => n.message)).toEqual([
      "blueprintId 101_012 is not of the file's set 950: no number",
      'blueprintId "x" is not SET_NUMBER: no number',
    ]);
  });

  it('CardImportError for a call of the wrong shape: files that are not { name, text }, an unknown option or card type', () => {
    expect(() => importCards('set900.hjson' as never)).toThrow(CardImportError);
    expect(() => importCards([{ name: 'a.json' }] as never)).toThrow(/each \{ name, text \}/);
    expect(() => importCards(MAIN, { type: ['Ship'] } as never)).toThrow(/no option "type"/);
    expect(() => importCards(MAIN, { types: ['Starship'] } as never)).toThrow(/unknown card type "Starship"/);
  });
});

describe('stccg cards import', () => {
  const out = () => join(tempFolder('cards'), 'cards.json');

  it('reads a folder, prints what it imported, refused and left out with files and lines, and writes the card file (-o)', async () => {
    const file = out();
    const { code, stdout, stderr } = await stccg(
      'cards',
      'import',
      FIXTURES,
      '-o',
      file,
      '--about',
      'test cards',
    );
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('read 2 files: imported 7 cards (4 Personnel, 1 Dilemma, 1 Equipment, 1 Ship)');
    expect(stdout).toContain('cards refused (6)');
    expect(stdout).toContain(
      `${join(FIXTURES, 'set900.hjson')}:102: Odd Thing (900_008) type: unknown type "tribble"`,
    );
    expect(stdout).toContain('fields not imported (11): 3 skill-box');
    expect(stdout).toContain(
      `modifiers not executed (1)\n  ${join(FIXTURES, 'set900.hjson')}:80: Test Phaser (900_005) modifiers[0]: addStrength without modifiedCards`,
    );
    const written = JSON.parse(readFileSync(file, 'utf8'));
    const files = ['set900.hjson', 'set901.json'].map((name) => ({
      name,
      text: readFileSync(join(FIXTURES, name), 'utf8'),
    }));
    expect(written).toEqual({ about: 'test cards', cards: importCards(files).cards });
    expect(readFileSync(file, 'utf8')).toBe(cardFileText(importCards(files).cards, 'test cards'));
  });

  it('--strict exits 1 when a card was refused or a field left out; --type imports only that type', async () => {
    expect((await stccg('cards', 'import', FIXTURES, '--strict')).code).toBe(1);
    const ships = await stccg('cards', 'import', join(FIXTURES, 'set900.hjson'), '--type', 'ship', '--json');
    expect(ships.code).toBe(0);
    const report = JSON.parse(ships.stdout);
    expect(report.cards.map((c: { name: string }) => c.name)).toEqual(['I.K.S. Testbird']);
    expect(report.leftOut).toEqual({ Personnel: 5, Equipment: 1, Dilemma: 1 });
    expect((await stccg('cards', 'import', FIXTURES, '--type', 'starship')).code).toBe(2);
  });

  it('bad input exits 2: a refused file (named with its line on stderr), a missing path; the readable files are still written', async () => {
    const file = out();
    const { code, stderr } = await stccg(
      'cards',
      'import',
      FIXTURES,
      join(FIXTURES, 'refused'),
      '-o',
      file,
      '--json',
    );
    expect(code).toBe(2);
    expect(stderr).toContain(
      `${join(FIXTURES, 'refused', 'broken.hjson')}:9: not JSON or HJSON (line 9, column 3)`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8')).cards).toHaveLength(7);
    const missing = await stccg('cards', 'import', 'no/such/folder');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no\/such\/folder: cannot read/);
  });
});
