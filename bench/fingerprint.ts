import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { type Command, createGame, type Game } from '../src/index.ts';
import { battleOdds, oddsScenario } from '../src/odds/odds.ts';
import {
  attackOnPlanet,
  battleSpecArb,
  legalNow,
  PLAY,
  play,
  battleSetup as randomBattleSetup,
  setupArb,
  steps,
} from '../test/generators.ts';
import { ATTACK, battleSetup, idleSetup } from './setups.ts';

/**
 * `npm run fingerprint`: one hash of everything several hundred deterministic games produce (their
 * command logs, every command's answer and rule events, the final boards and hologram states), to show
 * that a change meant to be only faster leaves the engine's behaviour as it was. Run it before and
 * after; the two hashes must match. (Not a test: the hash changes whenever the rules rightly do.)
 *
 * The games: random setups played by random steps (the property tests' generators, drawn from fixed
 * seeds), random battles played by random legal commands, the benchmark's battles with the `strongest`
 * policies, and the odds of the boarding party.
 *
 * `npm run fingerprint -- 400 lines.txt` also writes every hashed line to lines.txt, so that two runs
 * whose hashes differ can be compared line by line (`diff`), to see which games a change touched.
 */

const GAMES = Number(process.argv[2] ?? 400);
const linesFile = process.argv[3];
const hash = createHash('sha256');
let commands = 0;
const lines: string[] = [];

const put = (value: unknown) => {
  const line = `${JSON.stringify(value)}\n`;
  hash.update(line);
  if (linesFile) lines.push(line);
};

function finalState(game: Game): void {
  const board = game.board();
  put(board);
  put(Object.keys(board.cards).map((id) => [id, game.hologramState(id) ?? null]));
  put(game.log());
  put(game.battle() ?? null);
  put(game.lastBattle());
  put(game.awaiting());
}

// Random setups, random steps (legal commands, card effects, mutants, garbage).
const plans = fc.sample(fc.tuple(setupArb, steps(PLAY, 40), fc.integer({ min: 0, max: 1000 })), {
  seed: 13,
  numRuns: GAMES,
});
for (const [setup, plan, seed] of plans) {
  const { game } = play(setup, seed, plan, ({ result }) => {
    commands++;
    put(result);
  });
  finalState(game);
  game.stop();
}

// Random battles, played by random legal commands until the battle ends (or 200 commands).
const battles = fc.sample(
  fc.tuple(battleSpecArb, fc.array(fc.nat({ max: 1000 }), { minLength: 200, maxLength: 200 })),
  {
    seed: 31,
    numRuns: GAMES,
  },
);
battles.forEach(([spec, picks], i) => {
  const setup = randomBattleSetup(spec);
  const game = createGame(setup, { seed: i });
  put(game.send(attackOnPlanet(setup)));
  for (const pick of picks) {
    if (!game.battle()) break;
    const command = legalNow(game, pick);
    if (!command) break;
    commands++;
    put(game.send(command));
  }
  finalState(game);
  game.stop();
});

// The benchmark's battles, every size, both players answering by `strongest`.
for (const perSide of [5, 10, 20, 40, 80]) {
  for (let seed = 1; seed <= 4; seed++) {
    const game = createGame(battleSetup(perSide), {
      seed,
      policies: { alice: 'strongest', bob: 'strongest' },
    });
    const result = game.send(ATTACK);
    commands += result.ok ? result.auto.length + 1 : 1;
    put(result);
    finalState(game);
    game.stop();
  }
}

// The idle game: a few turn actions.
{
  const game = createGame(idleSetup(), { seed: 5 });
  const idle: Command[] = [
    { type: 'move', player: 'alice', cards: ['alice-crew-1'], to: { planet: 'ligos' } },
    { type: 'kill', player: 'bob', card: 'alice-holo-1', by: 'Phaser Burns' },
    { type: 'endTurn', player: 'alice' },
    { type: 'endTurn', player: 'bob' },
    { type: 'activate', player: 'alice', hologram: 'alice-holo-1', by: 'alice-crew-2' },
  ];
  for (const command of idle) put(game.send(command));
  finalState(game);
  game.stop();
}

// Odds of the boarding party.
const boarding = oddsScenario(
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../examples/odds/boarding-party.json', import.meta.url)), 'utf8'),
  ),
);
put(
  battleOdds(boarding.setup, {
    battles: 200,
    seed: 7,
    ...(boarding.attack !== undefined ? { attack: boarding.attack } : {}),
    ...(boarding.policies ? { policies: boarding.policies } : {}),
  }),
);

if (linesFile) writeFileSync(linesFile, lines.join(''));
process.stdout.write(
  `${hash.digest('hex')}  (${GAMES} random games, ${GAMES} random battles, ${commands} commands)\n`,
);
