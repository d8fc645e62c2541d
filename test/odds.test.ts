import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.ts';
import { DEMO_BATTLE_SETUP } from '../src/demo/demo-setup.ts';
import { createGame, type Setup } from '../src/index.ts';
import type { Estimate } from '../src/odds/intervals.ts';
import { addTo, average, chance, emptyTally } from '../src/odds/intervals.ts';
import {
  type BattleOdds,
  battleOdds,
  battleSeed,
  OddsError,
  oddsScenario,
  playOddsBattles,
  prepareOdds,
} from '../src/odds/odds.ts';
import { FIGHTERS, HOLO_FIGHTERS, onPlanet } from './battle-table.ts';

const EXAMPLE = 'examples/odds/boarding-party.json';
const BOARDING_PARTY = {
  type: 'attack',
  player: 'alice',
  attackers: { aboard: 'buruk' },
  defenders: { aboard: 'buruk' },
} as const;

/** A battle on the planet at Ligos VII (with Holo-Projectors), between these personnel. */
function planetBattle(cards: Setup['cards']): Setup {
  return {
    players: ['alice', 'bob'],
    turn: { player: 'alice', number: 1 },
    locations: [{ id: 'ligos', name: 'Ligos VII' }],
    cardDefinitions: [...FIGHTERS, ...HOLO_FIGHTERS],
    cards: [
      { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'ligos' } },
      ...cards,
    ],
  };
}

/** The same four fighters on each side: neither side has an edge but the shuffle. */
const MIRROR = planetBattle(
  (['alice', 'bob'] as const).flatMap((owner) =>
    [3, 5, 8, 9].map((strength, i) => onPlanet(owner, `${owner}-${i}`, `Fighter ${strength}`)),
  ),
);

function estimates(odds: BattleOdds): Estimate[] {
  return [
    odds.outcome.win,
    odds.outcome.tie,
    odds.outcome.loss,
    odds.killed.attacker,
    odds.killed.defender,
    ...odds.personnel.flatMap((p) => [p.survives, ...(p.deactivated ? [p.deactivated] : [])]),
  ];
}

const width = (estimate: Estimate) => estimate.high - estimate.low;

describe('battle odds (battleOdds)', () => {
  const demo = battleOdds(DEMO_BATTLE_SETUP, { battles: 200, seed: 7, attack: BOARDING_PARTY });

  it('gives the same report for the same seed, and plays each battle from its own seed', () => {
    expect(battleOdds(DEMO_BATTLE_SETUP, { battles: 200, seed: 7, attack: BOARDING_PARTY })).toEqual(demo);
    const seeds = Array.from({ length: 1000 }, (_, i) => battleSeed(7, i));
    expect(new Set(seeds).size).toBe(1000);
    expect(seeds.every((seed) => Number.isSafeInteger(seed) && seed >= 0)).toBe(true);
    expect(battleSeed(7, 3)).toBe(seeds[3]);
    expect(battleSeed(8, 3)).not.toBe(seeds[3]);
    // Any whole base seed will do: each battle's own seed is always one a game takes.
    expect(battleOdds(DEMO_BATTLE_SETUP, { battles: 5, seed: -(2 ** 40) }).battles).toBe(5);
  });

  it('BATTLE-5a: each battle is the very game createGame(setup, { seed: battleSeed(seed, i) }) plays, whatever the battles before it', () => {
    const prepared = prepareOdds(DEMO_BATTLE_SETUP, { battles: 12, seed: 7, attack: BOARDING_PARTY });
    // All twelve from the one prepared position, then the last again alone: the position stays as it was.
    const all = playOddsBattles(prepared, 0, 12);
    const again = playOddsBattles(prepared, 11, 12);
    let wins = 0;
    const killed: number[] = [];
    for (let i = 0; i < 12; i++) {
      const game = createGame(DEMO_BATTLE_SETUP, {
        seed: battleSeed(7, i),
        policies: { alice: 'strongest', bob: 'strongest' },
      });
      const result = game.send(BOARDING_PARTY);
      if (!result.ok) throw new Error(result.rejection.message);
      if (game.lastBattle()?.winner === 'alice') wins++;
      const announced = result.events.find((event) => event.kind === 'battle-announced');
      const defenders = announced?.kind === 'battle-announced' ? announced.defenders : [];
      const board = game.board();
      killed.push(defenders.filter((id) => board.cards[id]?.at.in === 'discard').length);
      if (i === 11) expect(again.wins).toBe(game.lastBattle()?.winner === 'alice' ? 1 : 0);
      game.stop();
    }
    expect(all.wins).toBe(wins);
    expect(all.killed.defender.sum).toBe(killed.reduce((a, b) => a + b, 0));
  });

  it('has the chances of winning, tying and losing sum to 1', () => {
    const { win, tie, loss } = demo.outcome;
    expect(win.value + tie.value + loss.value).toBeCloseTo(1, 12);
    expect(demo.battles).toBe(200);
    expect(demo.attacker).toBe('alice');
    expect(demo.defender).toBe('bob');
  });

  it('puts every figure inside its confidence interval, and the intervals narrow with more battles', () => {
    for (const estimate of estimates(demo)) {
      expect(estimate.low).toBeLessThanOrEqual(estimate.value);
      expect(estimate.value).toBeLessThanOrEqual(estimate.high);
    }
    const few = battleOdds(DEMO_BATTLE_SETUP, { battles: 25, seed: 7, attack: BOARDING_PARTY });
    expect(width(demo.outcome.win)).toBeLessThan(width(few.outcome.win));
    expect(width(demo.killed.attacker)).toBeLessThan(width(few.killed.attacker));
    expect(width(demo.personnel[0]!.survives)).toBeLessThan(width(few.personnel[0]!.survives));
  });

  it('reports every personnel of both groups; a hologram that would die is deactivated and survives', () => {
    expect(demo.personnel.map((p) => `${p.owner}:${p.card}`)).toEqual([
      'alice:data',
      'alice:doctor',
      'alice:ensign',
      'bob:korath',
      'bob:kurn',
      'bob:fek',
    ]);
    const doctor = demo.personnel.find((p) => p.card === 'doctor')!;
    expect(doctor.survives.value).toBe(1);
    expect(doctor.deactivated?.value).toBeGreaterThan(0);
    expect(demo.personnel.find((p) => p.card === 'data')!.deactivated).toBeUndefined();
    // Every kill is someone's death: a side cannot lose more than it has.
    expect(demo.killed.attacker.high).toBeLessThanOrEqual(3);
  });

  it('gives about 100% to a lopsided battle', () => {
    const lopsided = planetBattle([
      onPlanet('alice', 'a1', 'Fighter 16'),
      onPlanet('alice', 'a2', 'Fighter 17'),
      onPlanet('alice', 'a3', 'Fighter 10'),
      onPlanet('bob', 'b1', 'Fighter 1'),
    ]);
    const odds = battleOdds(lopsided, { battles: 60, seed: 3 });
    expect(odds.outcome.win.value).toBe(1);
    expect(odds.outcome.win.low).toBeGreaterThan(0.9);
    expect(odds.outcome.loss.value).toBe(0);
    expect(odds.killed.attacker.value).toBe(0);
    expect(odds.killed.defender.value).toBe(1);
    expect(odds.personnel.find((p) => p.card === 'b1')!.survives.value).toBe(0);
  });

  it('BATTLE-5a: counts a disabled attacker among those who may be the kill', () => {
    const weak = planetBattle([
      onPlanet('alice', 'a1', 'Fighter 1'),
      onPlanet('alice', 'sick', 'Fighter 9', { status: { disabled: true } }),
      onPlanet('bob', 'b1', 'Fighter 16'),
    ]);
    const odds = battleOdds(weak, { battles: 200, seed: 5, policies: { alice: 'pass', bob: 'pass' } });
    expect(odds.outcome.loss.value).toBe(1);
    const sick = odds.personnel.find((p) => p.card === 'sick')!;
    expect(sick.side).toBe('attacker');
    // One of the two is killed each battle, at random: each dies about half the time.
    expect(sick.survives.low).toBeLessThan(0.5);
    expect(sick.survives.high).toBeGreaterThan(0.5);
    expect(odds.killed.attacker.value).toBe(1);
  });

  it('gives roughly symmetric odds to a mirror battle', () => {
    const odds = battleOdds(MIRROR, { battles: 300, seed: 11 });
    const { win, loss } = odds.outcome;
    // Each side's chance lies within the other's interval, and so do the losses.
    expect(win.value).toBeGreaterThan(loss.low);
    expect(win.value).toBeLessThan(loss.high);
    expect(Math.abs(win.value - loss.value)).toBeLessThan(0.12);
    expect(odds.killed.attacker.value).toBeGreaterThan(odds.killed.defender.low);
    expect(odds.killed.attacker.value).toBeLessThan(odds.killed.defender.high);
  });

  it('takes the one attack a setup allows when none is named, and the given policies', () => {
    expect(battleOdds(DEMO_BATTLE_SETUP, { battles: 200, seed: 7 })).toEqual(demo);
    const passing = battleOdds(DEMO_BATTLE_SETUP, { battles: 50, seed: 7, policies: { bob: 'pass' } });
    expect(passing.policies).toEqual({ alice: 'strongest', bob: 'pass' });
    // Bob never stuns or wounds: his losses can only grow.
    expect(passing.killed.defender.value).toBeGreaterThanOrEqual(demo.killed.defender.low);
  });

  it('refuses what cannot be played, saying why', () => {
    expect(() => battleOdds(DEMO_BATTLE_SETUP, { battles: 0 })).toThrow(OddsError);
    // A misspelt option is refused, never ignored; options are an object.
    expect(() => battleOdds(DEMO_BATTLE_SETUP, { battles: 10, sead: 3 } as never)).toThrow(
      /battleOdds has no option "sead": it takes battles, seed, attack, policies, cards, onProgress/,
    );
    expect(() => battleOdds(DEMO_BATTLE_SETUP, undefined as never)).toThrow(OddsError);
    expect(() =>
      battleOdds(DEMO_BATTLE_SETUP, { battles: 10, attack: { type: 'pass', player: 'alice' } }),
    ).toThrow(/must be an attack command/);
    expect(() =>
      battleOdds(DEMO_BATTLE_SETUP, { battles: 10, attack: { ...BOARDING_PARTY, player: 'bob' } }),
    ).toThrow(/the attack is refused: GAME-TURN-1/);
    expect(() => battleOdds(DEMO_BATTLE_SETUP, { battles: 10, policies: { carol: 'pass' } })).toThrow(
      /carol/,
    );
    const noOne = planetBattle([onPlanet('alice', 'a1', 'Fighter 3')]);
    expect(() => battleOdds(noOne, { battles: 10 })).toThrow(/no attack/);
  });
});

describe('odds files', () => {
  it('reads a plain setup, or { setup, attack, policies }', () => {
    expect(oddsScenario(DEMO_BATTLE_SETUP)).toEqual({ setup: DEMO_BATTLE_SETUP });
    const file = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
    expect(oddsScenario(file)).toEqual({
      setup: DEMO_BATTLE_SETUP,
      attack: BOARDING_PARTY,
      policies: { alice: 'strongest', bob: 'strongest' },
    });
    expect(() => oddsScenario({ setup: DEMO_BATTLE_SETUP, policies: { bob: 'bravest' } })).toThrow(/bravest/);
    expect(() => oddsScenario({ setup: DEMO_BATTLE_SETUP, seed: 4 })).toThrow(/unknown key "seed"/);
  });
});

describe('stccg odds', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  async function stccg(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
    const code = await main(args);
    vi.restoreAllMocks();
    return { code, out: out.join(''), err: err.join('') };
  }

  it('prints the odds of the example boarding party', async () => {
    const { code, out } = await stccg('odds', EXAMPLE, '--battles', '100', '--seed', '5');
    expect(code).toBe(0);
    expect(out).toContain(
      "100 battles of alice's attack on bob (seed 5; policies alice: strongest, bob: strongest)",
    );
    expect(out).toMatch(/ {2}wins +\d+\.\d% +\d+\.\d% – \d+\.\d%/);
    expect(out).toMatch(/ {2}alice's +\d\.\d\d +\d\.\d\d – \d\.\d\d/);
    expect(out).toMatch(/alice: The Doctor \[doctor\] +100\.0% .*%/);
    expect(out).toContain("bob: Fek'lhr [fek]");
  });

  it('BATTLE-5a: stccg odds counts a disabled attacker among those the winner may kill', async () => {
    const { code, out } = await stccg(
      'odds',
      'examples/odds/disabled-attacker.json',
      '--battles',
      '100',
      '--json',
    );
    expect(code).toBe(0);
    const report = JSON.parse(out) as BattleOdds;
    const ensign = report.personnel.find((p) => p.card === 'ensign')!;
    expect(ensign.side).toBe('attacker');
    expect(ensign.survives.value).toBeGreaterThan(0.2);
    expect(ensign.survives.value).toBeLessThan(0.8);
  });

  it('prints as JSON the very report the API gives, with the policies and attack overridden', async () => {
    const attack = JSON.stringify(BOARDING_PARTY);
    const { code, out } = await stccg(
      'odds',
      EXAMPLE,
      '--battles',
      '40',
      '--seed',
      '9',
      '--policy',
      'bob=pass',
      '--attack',
      attack,
      '--json',
    );
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(
      battleOdds(DEMO_BATTLE_SETUP, {
        battles: 40,
        seed: 9,
        attack: BOARDING_PARTY,
        policies: { bob: 'pass' },
      }),
    );
  });

  it('says what is wrong with a file or an option', async () => {
    const missing = await stccg('odds', 'examples/odds/no-such-file.json');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read a JSON file');
    const policy = await stccg('odds', EXAMPLE, '--battles', '5', '--policy', 'alice');
    expect(policy.code).toBe(2);
    expect(policy.err).toContain('--policy takes PLAYER=POLICY');
    const battles = await stccg('odds', EXAMPLE, '--battles', 'many');
    expect(battles.code).toBe(2);
    expect(battles.err).toContain('a whole number');
  });
});

describe('confidence intervals', () => {
  it('keeps a chance within 0..1, also at 0% and 100%', () => {
    expect(chance(0, 50)).toMatchObject({ value: 0, low: 0 });
    expect(chance(0, 50).high).toBeGreaterThan(0);
    expect(chance(50, 50)).toMatchObject({ value: 1, high: 1 });
    expect(chance(50, 50).low).toBeLessThan(1);
    // The textbook case: 8 of 10, Wilson 95% interval 0.490 to 0.943.
    expect(chance(8, 10).low).toBeCloseTo(0.4902, 3);
    expect(chance(8, 10).high).toBeCloseTo(0.9433, 3);
  });

  it('gives an average with a normal interval, within what the figure can be', () => {
    const tally = emptyTally();
    for (const value of [0, 1, 1, 2]) addTo(tally, value);
    const estimate = average(tally, 0, 3);
    expect(estimate.value).toBe(1);
    // s = √(2/3), half-width 1.96·s/√4 ≈ 0.800
    expect(estimate.high - estimate.value).toBeCloseTo(0.8002, 3);
    expect(estimate.low).toBeCloseTo(0.1998, 3);
  });
});
