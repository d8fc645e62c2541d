import type { InspectionEvent } from 'xstate';
import { createGame, type Game } from '../game/game.ts';
import { choose, type PolicyFunction } from '../game/policies.ts';
import { type Command, isHostEffect } from '../model/commands.ts';
import { DEMO_BATTLE_SETUP, DEMO_SETUP } from './demo-setup.ts';

/** One step of the demo: what the player does, in words, and the command that does it. */
interface DemoStep {
  readonly say: string;
  readonly command: Command;
}

const STEPS: readonly DemoStep[] = [
  {
    say: 'Alice reports The Doctor aboard the U.S.S. Enterprise',
    command: { type: 'report', player: 'alice', card: 'doctor', to: { aboard: 'enterprise' } },
  },
  {
    say: 'Data activates The Doctor',
    command: { type: 'activate', player: 'alice', hologram: 'doctor', by: 'data' },
  },
  {
    say: 'The Doctor tries to beam down without an emitter',
    command: { type: 'move', player: 'alice', cards: ['doctor'], to: { planet: 'ligos' } },
  },
  {
    say: 'The Doctor puts on the Mobile Holo-Emitter',
    command: { type: 'wearEmitter', player: 'alice', emitter: 'emitter', hologram: 'doctor' },
  },
  {
    say: 'The Doctor beams down to Ligos VII',
    command: { type: 'move', player: 'alice', cards: ['doctor'], to: { planet: 'ligos' } },
  },
  {
    say: 'Strict Dress Code: Alice sacrifices (kills) the E.M.H. Program',
    command: { type: 'kill', player: 'alice', card: 'emh', by: 'Strict Dress Code' },
  },
  {
    say: 'Data tries to reactivate the E.M.H. at once',
    command: { type: 'activate', player: 'alice', hologram: 'emh', by: 'data' },
  },
  { say: 'Alice ends her turn', command: { type: 'endTurn', player: 'alice' } },
  {
    say: "Bob tries to take the Doctor's emitter off",
    command: { type: 'removeEmitter', player: 'bob', emitter: 'emitter' },
  },
  {
    say: "Bob's card destroys the Mobile Holo-Emitter",
    command: { type: 'destroy', player: 'bob', card: 'emitter', by: "a card of Bob's" },
  },
  { say: 'Bob ends his turn', command: { type: 'endTurn', player: 'bob' } },
  {
    say: 'Data reactivates the E.M.H. Program on a later turn',
    command: { type: 'activate', player: 'alice', hologram: 'emh', by: 'data' },
  },
];

/**
 * Who watches the demo's battle game (a trace recorder, Stately's inspector): an inspection observer
 * given to `createGame`, and a hook told the game once it exists. Without one, the game is created
 * with no inspection observer at all.
 */
export interface DemoWatcher {
  readonly inspect?: (event: InspectionEvent) => void;
  attach?(game: Game): void;
}

/**
 * Narrates a short game on built-in data: The Doctor reports (deactivated), is activated, wears the
 * Mobile Holo-Emitter and beams down, loses the emitter there and is erased; the E.M.H. Program,
 * killed by a card, is deactivated instead and reactivated on a later turn. Each line names its clause.
 * A watcher, if given, watches the battle that follows.
 */
export function runDemo(write: (line: string) => void, seed = 1, watcher?: DemoWatcher): void {
  const game = createGame(DEMO_SETUP, { seed });
  write('Star Trek CCG rules engine: holograms demo (Ligos VII; Alice and Bob)');
  write('');
  for (const step of STEPS) {
    const turn = game.board().turn;
    write(`turn ${turn.number} (${turn.player}) ▸ ${step.say}`);
    // Card effects come through the host's door; the players' commands through theirs.
    const result = isHostEffect(step.command) ? game.effect(step.command) : game.send(step.command);
    if (result.ok) for (const event of result.events) write(`    ✓ ${event.message}`);
    else write(`    ✗ refused: ${result.rejection.message}`);
  }
  write('');
  for (const card of ['doctor', 'emh']) {
    write(`${game.label(card)}: ${game.hologramState(card)}`);
  }
  write(
    `Alice's discard pile: ${
      game
        .discardPile('alice')
        .map((id) => game.label(id))
        .join(', ') || '(empty)'
    }`,
  );
  game.stop();
  write('');
  runBattleDemo(write, seed, watcher);
}

/** Bob plays his D'k Tahg when the battle starts, then takes the strongest outcome each time. */
const bobPlaysTheDkTahg: PolicyFunction = (situation) =>
  situation.legal.find((command) => command.type === 'respond' && command.card === 'tahg') ??
  choose('strongest', situation);

/**
 * The battle: Alice's boarding party, with a hologram and a phaser, attacks Bob's Klingon crew, who
 * have a D'k Tahg. Both players' choices are made by policies; every pairing and decision is narrated
 * with its clause.
 */
function runBattleDemo(write: (line: string) => void, seed: number, watcher?: DemoWatcher): void {
  const game = createGame(DEMO_BATTLE_SETUP, {
    seed,
    policies: { alice: 'strongest', bob: bobPlaysTheDkTahg },
    ...(watcher?.inspect ? { inspect: watcher.inspect } : {}),
  });
  watcher?.attach?.(game);
  write("The battle aboard the I.K.S. Buruk: Alice's boarding party against Bob's Klingon crew");
  write('');
  write(
    "turn 5 (alice) ▸ Alice's party (Data, The Doctor wearing the emitter, an ensign; a phaser; Lower Decks) attacks",
  );
  const result = game.send({
    type: 'attack',
    player: 'alice',
    attackers: { aboard: 'buruk' },
    defenders: { aboard: 'buruk' },
  });
  if (!result.ok) {
    write(`    ✗ refused: ${result.rejection.message}`);
    return;
  }
  for (const event of result.events) {
    // The players' passes are many and say little; everything else is the battle.
    if (event.kind !== 'passed') write(`    ${event.kind === 'engaged' ? '⚔' : '✓'} ${event.message}`);
  }
  const record = game.lastBattle();
  write('');
  write(
    `winner: ${record?.winner ?? 'none (a tie)'}; killed: ${record?.killed ? game.label(record.killed) : 'no one'}`,
  );
  game.stop();
}
