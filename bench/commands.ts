import { type Command, createGame, type Game } from '../src/index.ts';
import { type Budget, type Timing, timeTask } from './harness.ts';
import { ATTACK, battleSetup, idleSetup } from './setups.ts';

/**
 * The latency of single commands in a running game, as a client (a game server) sees it: one
 * `game.send` each, judged, carried out and answered. Turn actions run in the idle game of 40 cards;
 * battle commands in a 10-against-10 battle with no policies, so each pass and decision is one command.
 * Whatever a command needs first (a hologram to deactivate, a window to reach) is done untimed.
 */

export interface CommandTiming {
  readonly command: string;
  readonly timing: Timing;
}

function sendOk(game: Game, command: Command): void {
  const result = game.send(command);
  if (!result.ok) throw new Error(`benchmark command refused: ${result.rejection.message}`);
}

/** Moves a crew member between the ship and the planet, one way then the other. */
async function timeMove(budget: Budget): Promise<Timing> {
  const game = createGame(idleSetup());
  const down: Command = { type: 'move', player: 'alice', cards: ['alice-crew-1'], to: { planet: 'ligos' } };
  const up: Command = {
    type: 'move',
    player: 'alice',
    cards: ['alice-crew-1'],
    to: { aboard: 'alice-ship' },
  };
  let onPlanet = false;
  const timing = await timeTask(
    'command: move',
    () => {
      sendOk(game, onPlanet ? up : down);
      onPlanet = !onPlanet;
      return undefined;
    },
    budget,
  );
  game.stop();
  return timing;
}

/** Ends the turn, each player in turn (stopped cards recover: GAME-STOP-1). */
async function timeEndTurn(budget: Budget): Promise<Timing> {
  const game = createGame(idleSetup());
  let command: Command = { type: 'endTurn', player: 'alice' };
  const timing = await timeTask(
    'command: endTurn',
    () => {
      sendOk(game, command);
      return undefined;
    },
    budget,
    () => {
      command = { type: 'endTurn', player: game.board().turn.player };
    },
  );
  game.stop();
  return timing;
}

/** Activates a hologram that was deactivated (killed: HOLO-DEATH-1) two turns before (HOLO-ACT-2/3). */
async function timeActivate(budget: Budget): Promise<Timing> {
  const game = createGame(idleSetup());
  const activate: Command = {
    type: 'activate',
    player: 'alice',
    hologram: 'alice-holo-1',
    by: 'alice-crew-2',
  };
  const timing = await timeTask(
    'command: activate',
    () => {
      sendOk(game, activate);
      return undefined;
    },
    budget,
    () => {
      sendOk(game, { type: 'kill', player: 'bob', card: 'alice-holo-1', by: 'Phaser Burns' });
      sendOk(game, { type: 'endTurn', player: 'alice' });
      sendOk(game, { type: 'endTurn', player: 'bob' });
    },
  );
  game.stop();
  return timing;
}

/**
 * A battle command: `pass` in an open window, or `decide` a pairing. Before each, the battle is
 * played on (by the strongest outcome) until it waits for that kind of command; a battle that ends
 * is replaced by a new one on the next seed.
 */
async function timeBattleCommand(kind: 'response' | 'decision', budget: Budget): Promise<Timing> {
  let seed = 0;
  let game = createGame(battleSetup(10), { seed });
  let command: Command = ATTACK;
  const timing = await timeTask(
    kind === 'response' ? 'command: pass' : 'command: decide',
    () => {
      sendOk(game, command);
      return undefined;
    },
    budget,
    () => {
      for (;;) {
        const awaiting = game.awaiting();
        if (!awaiting) {
          game.stop();
          game = createGame(battleSetup(10), { seed: ++seed });
          sendOk(game, ATTACK);
          continue;
        }
        const next: Command =
          awaiting.for === 'response'
            ? { type: 'pass', player: awaiting.player }
            : { type: 'decide', player: awaiting.player, outcome: awaiting.options.at(-1) ?? 'none' };
        if (awaiting.for === kind) {
          command = next;
          return;
        }
        sendOk(game, next);
      }
    },
  );
  game.stop();
  return timing;
}

export async function measureCommands(budget: Budget): Promise<CommandTiming[]> {
  return [
    { command: 'move', timing: await timeMove(budget) },
    { command: 'activate', timing: await timeActivate(budget) },
    { command: 'endTurn', timing: await timeEndTurn(budget) },
    { command: 'pass', timing: await timeBattleCommand('response', budget) },
    { command: 'decide', timing: await timeBattleCommand('decision', budget) },
  ];
}
