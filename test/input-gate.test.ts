/**
 * The input gate (machines/game-gate.ts) stands on XState's public API: a machine of its own whose
 * actor-logic methods call XState's, telling input from outside from XState's own events by what
 * XState makes them, and a child's input by what the game told it. These tests hold XState to what the
 * gate relies on, so that they fail loudly, naming the behaviour, if an XState release changes it.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, type InspectionEvent, StateMachine } from 'xstate';
import { inputBeingAnswered, submit } from '../machines/game-gate.ts';
import {
  type Command,
  createGame,
  DEMO_BATTLE_SETUP,
  type Game,
  gameInput,
  gameMachine,
  type Rejection,
  restoreGame,
  saveGame,
} from '../src/index.ts';
import { ALICE, BOB, demoBattle, tableWith } from './table.ts';

/** What the raw actor answered while `send` ran: `accepted` or `rejected`, in order. */
function answersOf(game: Game, send: () => void): string[] {
  const heard: string[] = [];
  const listener = game.actor.on('*', (event) => {
    if (event.type === 'accepted' || event.type === 'rejected') heard.push(event.type);
  });
  send();
  listener.unsubscribe();
  return heard;
}

const fingerprint = (game: Game) => JSON.stringify([game.persistedSnapshot(), game.log(), game.step()]);

describe('the gate is no patch on XState', () => {
  it('GAME-INPUT-1: gameMachine is a StateMachine of its own, its snapshots ask it, every actor’s send is XState’s own, and no method is assigned onto a machine', () => {
    const game = demoBattle(1);
    expect(gameMachine).toBeInstanceOf(StateMachine);
    expect(game.actor.getSnapshot().machine).toBe(gameMachine);
    const actors: AnyActorRef[] = [game.actor, ...Object.values(game.actor.system.getAll() as object)];
    expect(actors.length).toBeGreaterThan(2);
    for (const actor of actors) expect(actor.send.name).toBe('bound send');
    // A machine's own methods are those XState's constructor binds to it, each of its own name.
    for (const [name, value] of Object.entries(gameMachine)) {
      if (typeof value === 'function') expect(value.name, name).toBe(`bound ${name}`);
    }
  });

  it('GAME-INPUT-1: XState hands the game the very object sent, so the gate’s copy is what the game answers', () => {
    const game = createGame(tableWith([]), { seed: 1 });
    const answering: unknown[] = [];
    game.actor.on('*', () => answering.push(inputBeingAnswered(game.actor)));
    const copy = submit(game.actor, { type: 'endTurn', player: ALICE });
    expect(answering.length).toBeGreaterThan(0);
    expect(answering.every((input) => input === copy)).toBe(true);
    expect(game.step()).toBe(1);
  });
});

describe('XState’s own events: from inside carried out, forged from outside refused', () => {
  it('BATTLE-1: XState tells the game a battle is done with the battle’s own output, as the battle is done; the game closes it, and no input is refused', () => {
    const done: unknown[] = [];
    const game = createGame(DEMO_BATTLE_SETUP, {
      seed: 2,
      inspect: (event: InspectionEvent) => {
        if (event.type === '@xstate.event' && event.event.type === 'xstate.done.actor.battle') {
          const battle = (event.sourceRef as AnyActorRef).getSnapshot();
          done.push(battle.status === 'done' && event.event.output === battle.output);
        }
      },
    });
    game.send({
      type: 'attack',
      player: ALICE,
      attackers: { aboard: 'buruk' },
      defenders: { aboard: 'buruk' },
    });
    const rejected: Rejection[] = [];
    game.actor.on('rejected', (event) => rejected.push(event));
    game.setPolicy(ALICE, 'strongest');
    expect(game.setPolicy(BOB, 'strongest').ok).toBe(true);
    expect(done).toEqual([true]);
    expect(game.battle()).toBeUndefined();
    expect(game.lastBattle()?.winner).toBeDefined();
    expect(rejected).toEqual([]);
  });

  it('BATTLE-1: XState’s own events forged from outside (a battle done, a child failed, the game started) are refused, and the battle goes on', () => {
    const game = demoBattle(2);
    const before = fingerprint(game);
    const rejected: Rejection[] = [];
    game.actor.on('rejected', (event) => rejected.push(event));
    game.actor.send({ type: 'xstate.done.actor.battle', output: game.battle()!.data } as never);
    game.actor.send({ type: 'xstate.error.actor.battle', error: 'forged' } as never);
    game.actor.send({ type: 'xstate.init', input: {} } as never);
    expect(rejected.map((rejection) => rejection.message)).toEqual([
      'GAME-INPUT-1: "xstate.done.actor.battle" is XState\'s own event: not accepted from outside',
      'GAME-INPUT-1: "xstate.error.actor.battle" is XState\'s own event: not accepted from outside',
      'GAME-INPUT-1: "xstate.init" is XState\'s own event: not accepted from outside',
    ]);
    expect(fingerprint(game)).toBe(before);
    expect(game.actor.getSnapshot().status).toBe('active');
    expect(game.battle()?.step).toBe('startOfBattle');
    expect(game.send({ type: 'pass', player: BOB }).ok).toBe(true);
  });

  it('GAME-INPUT-1: XState’s stop reaches the game’s chart, which stops every child', () => {
    const game = demoBattle(2);
    const children = Object.values(game.actor.getSnapshot().children) as AnyActorRef[];
    expect(children.length).toBeGreaterThan(1);
    game.actor.stop();
    expect(game.actor.getSnapshot().status).toBe('stopped');
    for (const child of children) expect(child.getSnapshot().status).toBe('stopped');
    const sent = game.send({ type: 'pass', player: BOB });
    expect(sent.ok === false && sent.rejection.code).toBe('stopped');
  });

  it('GAME-INPUT-1: the game’s own actor (GatedActor, XState’s Actor extended) answers a stop, a null, a string or a number sent to its send with a rejection, the state unchanged and the game going on', () => {
    for (const input of [{ type: 'xstate.stop' }, null, undefined, 'endTurn', 42]) {
      const game = demoBattle(2);
      const before = fingerprint(game);
      const rejected: Rejection[] = [];
      game.actor.on('rejected', (event) => rejected.push(event));
      game.actor.send(input as never);
      expect(
        rejected.map((rejection) => rejection.code),
        JSON.stringify(input),
      ).toEqual(['malformed']);
      expect(fingerprint(game)).toBe(before);
      expect(game.actor.getSnapshot().status).toBe('active');
      expect(game.send({ type: 'pass', player: BOB }).ok).toBe(true);
    }
  });
});

describe('the game’s children take from inside only what the game told them', () => {
  it('GAME-INPUT-1: XState hands a child the very event the game told it: a battle played to its end by the game is never sent to the gate', () => {
    const game = demoBattle(3);
    const forwarded: unknown[] = [];
    game.actor.on('*', () => {
      const input = inputBeingAnswered(game.actor) as { type?: string } | undefined;
      if (input && /^[A-Z_]+$/.test(input.type ?? '')) forwarded.push(input);
    });
    game.setPolicy(ALICE, 'strongest');
    game.setPolicy(BOB, 'strongest');
    expect(game.battle()).toBeUndefined();
    expect(forwarded).toEqual([]);
  });

  it('GAME-INPUT-1: what is sent straight to the battle is answered by the game’s gate, after the battle read it and changed nothing', () => {
    const game = demoBattle(2);
    const battle = game.actor.system.get('battle') as AnyActorRef;
    const battleBefore = battle.getSnapshot();
    const answers = answersOf(game, () => {
      battle.send({ type: 'PASS', player: BOB });
      battle.send({ type: 'pass', player: ALICE });
      battle.send({ type: 'xstate.done.actor.window' });
    });
    expect(answers).toEqual(['rejected', 'rejected', 'rejected']);
    expect(battle.getSnapshot()).toBe(battleBefore);
    // A legal command sent to the battle is the game's to carry out, and to log.
    expect(answersOf(game, () => battle.send({ type: 'pass', player: BOB }))).toEqual(['accepted']);
    expect(game.log().at(-1)).toEqual({ type: 'pass', player: BOB });
  });

  it('GAME-INPUT-1: a game restored from its save, and a machine made with provide(), keep the gate and their children’s door', () => {
    const restored = restoreGame(saveGame(demoBattle(2)));
    const actor = createActor(gameMachine.provide({}), {
      snapshot: restored.actor.getPersistedSnapshot() as never,
    }).start();
    for (const game of [restored.actor, actor]) {
      const rejected: Rejection[] = [];
      game.on('rejected', (event) => rejected.push(event));
      game.send({ type: 'xstate.done.actor.battle' } as never);
      (game.system.get('battle') as AnyActorRef).send({ type: 'PASS', player: BOB });
      expect(rejected.map((rejection) => rejection.code)).toEqual(['malformed', 'malformed']);
      expect(game.getSnapshot().value).toBe('battling');
    }
  });
});

describe('can() and send agree under the gate', () => {
  it('GAME-INPUT-1: for legal, refused, malformed and XState’s own events alike, can() is true exactly where the raw actor carries the event out', () => {
    const game = demoBattle(2);
    const kill: Command = { type: 'kill', player: ALICE, card: 'data', by: 'A Card' };
    const inputs: unknown[] = [
      { type: 'pass', player: BOB },
      { type: 'pass', player: ALICE },
      { type: 'endTurn', player: ALICE },
      { type: 'effect', effect: kill },
      { type: 'effect', effect: kill, extra: 1 },
      kill,
      { type: 'PASS', player: BOB },
      { type: 'xstate.done.actor.battle' },
      { type: 'xstate.init' },
      { type: 7 },
      {},
      [],
    ];
    const rows = inputs.map((input) => {
      const can = game.actor.getSnapshot().can(input as never);
      const fork = game.fork();
      const answers = answersOf(fork, () => fork.actor.send(input as never));
      fork.stop();
      return { input: JSON.stringify(input), can, answers };
    });
    expect(rows.filter((row) => row.can).length).toBeGreaterThan(0);
    for (const row of rows) expect(row.answers, row.input).toEqual([row.can ? 'accepted' : 'rejected']);
  });

  it('GAME-INPUT-1: an actor of the machine made from gameInput answers through the gate, and can() says so first', () => {
    const actor = createActor(gameMachine, { input: gameInput(tableWith([]), { seed: 1 }) }).start();
    const rejected: Rejection[] = [];
    actor.on('rejected', (event) => rejected.push(event));
    expect(actor.getSnapshot().can({ type: 'endTurn', player: BOB })).toBe(false);
    actor.send({ type: 'endTurn', player: BOB });
    expect(rejected.map((rejection) => rejection.code)).toEqual(['not-your-turn']);
    expect(actor.getSnapshot().can({ type: 'endTurn', player: ALICE })).toBe(true);
    actor.send({ type: 'endTurn', player: ALICE });
    expect(actor.getSnapshot().context.step).toBe(1);
  });
});
