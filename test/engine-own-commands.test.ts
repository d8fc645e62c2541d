import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitOwn } from '../machines/game-gate.ts';
import { choose } from '../src/game/policies.ts';
import { createGame, type Game, type GameOptions, type Policy, saveGame } from '../src/index.ts';
import { ROGUE_BORG } from '../src/model/battle.ts';
import { commandSchema } from '../src/model/commands.ts';
import type { PlainLimits } from '../src/model/plain.ts';
import { battleGame as tableBattleGame } from './battle-table.ts';
import { attackOnPlanet, battleSetup } from './generators.ts';
import { ALICE, BOB } from './table.ts';

/**
 * GAME-INPUT-1, the engine's own door: a command a built-in policy built (`'strongest'`, `'pass'`,
 * the Rogue Borg's rule) is judged by the rules without the copy by value and the schema check that
 * guard outside input; a client's policy function's command, and anything a client sends, keeps both.
 */

/** Every value the gate copied by value (`copyPlain`), as it was given. */
const copied = vi.hoisted(() => [] as unknown[]);
vi.mock('../src/model/plain.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/model/plain.ts')>();
  return {
    ...actual,
    copyPlain: (value: unknown, limits?: PlainLimits) => {
      copied.push(value);
      return actual.copyPlain(value, limits);
    },
  };
});

/** Every value the command schema parsed, as it was given. */
function spyOnSchema(): unknown[] {
  const parsed: unknown[] = [];
  const safeParse = commandSchema.safeParse.bind(commandSchema);
  vi.spyOn(commandSchema, 'safeParse').mockImplementation((value, ...rest) => {
    parsed.push(value);
    return safeParse(value, ...rest);
  });
  return parsed;
}

afterEach(() => {
  vi.restoreAllMocks();
  copied.length = 0;
});

const isBattleAnswer = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  ['pass', 'decide'].includes((value as { type?: unknown }).type as string);

/** Three of Alice's against three of Bob's on Ligos VII: windows to pass and pairings to decide. */
const SETUP = battleSetup({
  alice: {
    personnel: [
      { kind: 7, status: 'none' },
      { kind: 2, status: 'none' },
      { kind: 4, status: 'none' },
    ],
    equipment: [],
    hand: [],
  },
  bob: {
    personnel: [
      { kind: 0, status: 'none' },
      { kind: 1, status: 'none' },
      { kind: 5, status: 'none' },
    ],
    equipment: [],
    hand: [],
  },
  turn: 0,
  lowerDecks: false,
});

/** A battle played out by the policies; with every event the actor emitted, as JSON. */
function fight(policies: GameOptions['policies']): {
  game: Game;
  emitted: string[];
  auto: readonly unknown[];
} {
  const game = createGame(SETUP, { seed: 5, policies });
  const emitted: string[] = [];
  game.actor.on('*', (event) => emitted.push(JSON.stringify(event)));
  copied.length = 0;
  const result = game.send(attackOnPlanet(SETUP));
  if (!result.ok) throw new Error(result.rejection.message);
  expect(game.battle()).toBeUndefined();
  return { game, emitted, auto: result.auto };
}

describe("GAME-INPUT-1: the engine's own commands skip the copy and the schema; a client's keep both", () => {
  it("GAME-INPUT-1: a client's policy's command is still copied and checked; the built-in policies' commands skip the copy and the schema", () => {
    const parsed = spyOnSchema();
    const builtIn = fight({ [ALICE]: 'strongest', [BOB]: 'strongest' });
    const types = builtIn.auto.map((command) => (command as { type: string }).type);
    expect(types).toContain('pass');
    expect(types).toContain('decide');
    // Only the attack, the player's own command, was copied and parsed.
    expect(copied.filter(isBattleAnswer)).toEqual([]);
    expect(parsed.filter(isBattleAnswer)).toEqual([]);
    expect(copied.map((value) => (value as { type: string }).type)).toEqual(['attack']);
    expect(parsed.map((value) => (value as { type: string }).type)).toEqual(['attack']);

    // The same choices, made by a client's functions: each is copied and parsed.
    parsed.length = 0;
    const strongest: Policy = (situation) => choose('strongest', situation);
    const client = fight({ [ALICE]: strongest, [BOB]: strongest });
    expect(copied.filter(isBattleAnswer)).toHaveLength(client.auto.length);
    expect(parsed.filter(isBattleAnswer)).toHaveLength(client.auto.length);
    // What the gate copied is never the client's own object.
    for (const command of parsed.filter(isBattleAnswer)) expect(copied).not.toContain(command);

    // Either way the same game, to the byte: every event emitted, the log, the save.
    expect(builtIn.emitted).toEqual(client.emitted);
    expect(JSON.stringify(builtIn.game.log())).toBe(JSON.stringify(client.game.log()));
    expect(JSON.stringify(saveGame(builtIn.game))).toBe(JSON.stringify(saveGame(client.game)));
  });

  it("CARD-ROGUE-BORG-1: the Rogue Borg's default policy takes the engine's door too", () => {
    const parsed = spyOnSchema();
    const game = tableBattleGame([
      { id: 'a', card: 'Fighter 1', owner: 'alice', at: { aboard: 'enterprise' } },
      ...['b1', 'b2'].map((id) => ({
        id,
        card: 'Rogue Borg Mercenaries',
        owner: 'bob',
        at: { aboard: 'enterprise' },
      })),
      { id: 'b3', card: 'Rogue Borg Mercenaries', owner: 'bob', at: 'hand' as const },
    ]);
    game.setPolicy(ALICE, 'pass');
    game.setPolicy(BOB, 'pass');
    copied.length = 0;
    const result = game.send({ type: 'play', player: BOB, card: 'b3', on: 'enterprise' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.auto).toContainEqual({ type: 'decide', player: ROGUE_BORG, outcome: 'mortally-wound' });
    expect(copied.filter(isBattleAnswer)).toEqual([]);
    expect(parsed.filter(isBattleAnswer)).toEqual([]);
  });

  it('GAME-INPUT-1: no object a client passes takes the engine’s door: the engine’s own commands sent again, by any door, are copied and checked', () => {
    const parsed = spyOnSchema();
    const { game, auto } = fight({ [ALICE]: 'strongest', [BOB]: 'strongest' });
    // Objects the engine made and judged without the copy, now in the client's hands.
    const made = auto.filter(isBattleAnswer);
    expect(made.length).toBeGreaterThan(1);
    for (const [index, command] of made.entries()) {
      copied.length = 0;
      parsed.length = 0;
      if (index % 2 === 0) expect(game.send(command).ok).toBe(false);
      else game.actor.send(command as never);
      expect(copied).toEqual([command]);
      expect(parsed).toHaveLength(1);
      expect(parsed[0]).not.toBe(command);
      expect(parsed[0]).toEqual(command);
    }

    // A client's policy answering with the engine's own objects (the legal list's, the log's), or
    // with one that claims trust: each is copied and parsed, and the claim refused by the schema.
    const second = createGame(SETUP, { seed: 5 });
    const returned: object[] = [];
    const answer = (command: object) => {
      returned.push(command);
      return command as never;
    };
    second.setPolicy(ALICE, (situation) =>
      answer(returned.length < 3 ? situation.legal[0]! : { ...situation.legal[0]!, trusted: true }),
    );
    second.setPolicy(BOB, (situation) =>
      answer(
        made.find((c) => JSON.stringify(c) === JSON.stringify(situation.legal[0])) ?? situation.legal[0]!,
      ),
    );
    copied.length = 0;
    parsed.length = 0;
    const result = second.send(attackOnPlanet(SETUP));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.policyRejection).toMatchObject({ code: 'malformed', clause: 'GAME-INPUT-1' });
    expect(result.policyRejection?.message).toContain('trusted');
    expect(returned.some((command) => made.includes(command))).toBe(true);
    expect(returned).toHaveLength(result.auto.length + 1);
    for (const command of returned) {
      expect(copied).toContain(command);
      // Parsed as the gate's copy of it (the legal list's own objects were parsed too, as it was made).
      const copies = parsed.filter(
        (value) => value !== command && JSON.stringify(value) === JSON.stringify(command),
      );
      expect(copies.length).toBeGreaterThan(0);
    }
  });

  it("GAME-INPUT-1: a client's policy's command is copied without running its code: a getter is refused, never run", () => {
    const game = createGame(SETUP, { seed: 5 });
    let ran = 0;
    game.setPolicy(
      BOB,
      () =>
        Object.defineProperty({ type: 'pass' }, 'player', {
          enumerable: true,
          get: () => {
            ran++;
            return BOB;
          },
        }) as never,
    );
    const result = game.send(attackOnPlanet(SETUP));
    expect(result.ok && result.policyRejection).toMatchObject({ code: 'malformed', clause: 'GAME-INPUT-1' });
    expect(ran).toBe(0);
  });

  it("GAME-INPUT-1: the rules still judge the engine's own command: an illegal one is refused with its clause, unparsed, and nothing changes", () => {
    const parsed = spyOnSchema();
    const game = createGame(SETUP, { seed: 5 });
    const rejections: unknown[] = [];
    game.actor.on('rejected', (event) => rejections.push(event));
    expect(game.send(attackOnPlanet(SETUP)).ok).toBe(true);
    const priority = game.awaiting()!.player;
    const other = priority === ALICE ? BOB : ALICE;
    const before = JSON.stringify([game.persistedSnapshot(), game.log(), game.step()]);
    parsed.length = 0;
    // Not the other's priority; no decision awaited; no such player.
    submitOwn(game.actor, { type: 'pass', player: other });
    submitOwn(game.actor, { type: 'decide', player: priority, outcome: 'stun' });
    submitOwn(game.actor, { type: 'pass', player: 'nobody' });
    expect(rejections).toHaveLength(3);
    expect(rejections.map((event) => (event as { code: string }).code)).toEqual([
      expect.any(String),
      expect.any(String),
      'unknown-player',
    ]);
    for (const event of rejections) expect((event as { clause: string }).clause).toMatch(/^(BATTLE|GAME)-/);
    expect(parsed).toEqual([]);
    expect(JSON.stringify([game.persistedSnapshot(), game.log(), game.step()])).toBe(before);
    // And a legal one is carried out.
    submitOwn(game.actor, { type: 'pass', player: priority });
    expect(rejections).toHaveLength(3);
    expect(game.log().at(-1)).toEqual({ type: 'pass', player: priority });
  });
});

describe('policies are checked where a client gives them', () => {
  it("a policy that is neither 'strongest', 'pass' nor a function is refused with TypeError, not played as no policy", async () => {
    const { battleOdds, OddsError, restoreGame } = await import('../src/index.ts');
    const { DEMO_BATTLE_SETUP } = await import('../src/demo/demo-setup.ts');
    for (const bogus of ['Strongest', 'bogus', 1, null, {}]) {
      expect(() => createGame(DEMO_BATTLE_SETUP, { seed: 1, policies: { bob: bogus as Policy } })).toThrow(
        TypeError,
      );
      const game = createGame(DEMO_BATTLE_SETUP, { seed: 1 });
      // (null is setPolicy's way to remove a policy.)
      if (bogus !== null) {
        expect(() => game.setPolicy('bob', bogus as Policy)).toThrow(
          /a policy is 'strongest', 'pass' or a function/,
        );
      }
      expect(() => restoreGame(saveGame(game), { policies: { bob: bogus as Policy } })).toThrow(TypeError);
      game.stop();
      expect(() => battleOdds(DEMO_BATTLE_SETUP, { battles: 2, policies: { bob: bogus as Policy } })).toThrow(
        OddsError,
      );
    }
    // Refused before any actor starts: the client's inspector sees nothing.
    const seen: unknown[] = [];
    expect(() =>
      createGame(DEMO_BATTLE_SETUP, {
        seed: 1,
        policies: { bob: 'bogus' as Policy },
        inspect: (event) => seen.push(event),
      }),
    ).toThrow(TypeError);
    expect(seen).toEqual([]);
    // A client's policy that throws: the odds say so, with its message.
    const failing = () => {
      throw new Error('my bot broke');
    };
    expect(() => battleOdds(DEMO_BATTLE_SETUP, { battles: 1, policies: { bob: failing } })).toThrow(
      /the policy of bob failed: .*my bot broke/,
    );
    // The good ones still go.
    const game = createGame(DEMO_BATTLE_SETUP, {
      seed: 1,
      policies: { alice: 'pass', bob: () => ({ type: 'pass', player: BOB }) },
    });
    game.setPolicy('bob', 'strongest');
    game.setPolicy('bob', null);
    game.stop();
  });
});

describe('a policy given to the player the game awaits', () => {
  it('BATTLE-2: setPolicy for the player who has priority answers at once; restoreGame with it answers on answerByPolicies; a stopped game awaits no one', async () => {
    const { restoreGame } = await import('../src/index.ts');
    const { DEMO_BATTLE_SETUP } = await import('../src/demo/demo-setup.ts');
    const game = createGame(DEMO_BATTLE_SETUP, { seed: 1 });
    const attack = game.legalCommands('alice').find((command) => command.type === 'attack')!;
    expect(game.send(attack).ok).toBe(true);
    const waiting = game.awaiting()!;
    expect(waiting.player).toBe(BOB);
    const save = saveGame(game);
    // Hot seat to computer: bob's policy plays his pass now, and the game moves on to alice.
    const handed = game.setPolicy(BOB, 'pass');
    expect(handed.ok && handed.auto[0]).toMatchObject({ type: 'pass', player: BOB });
    expect(game.awaiting()?.player).toBe(ALICE);
    // Setting a policy for a player the game does not await plays nothing.
    const idle = game.setPolicy(BOB, 'strongest');
    expect(idle.ok && idle.auto).toEqual([]);
    // A restored game with bob's policy waits for the client to let it answer.
    const restored = restoreGame(save, { policies: { [BOB]: 'pass' } });
    expect(restored.awaiting()?.player).toBe(BOB);
    const answered = restored.answerByPolicies();
    expect(answered.ok && answered.auto[0]).toMatchObject({ type: 'pass', player: BOB });
    expect(restored.awaiting()?.player).toBe(ALICE);
    // From a listener, while the game answers another input: the policy's command is queued, not refused.
    const again = restoreGame(save);
    let fromListener: ReturnType<typeof again.setPolicy> | undefined;
    again.actor.on('rejected', () => {
      fromListener ??= again.setPolicy(BOB, 'pass');
    });
    again.send({ type: 'endTurn', player: ALICE });
    expect(fromListener).toMatchObject({ ok: true, auto: [] });
    expect(fromListener && 'policyRejection' in fromListener).toBe(false);
    expect(again.log().at(-1)).toEqual({ type: 'pass', player: BOB });
    again.stop();
    restored.stop();
    expect(restored.awaiting()).toBeNull();
    expect(restored.answerByPolicies()).toMatchObject({ ok: true, auto: [], events: [] });
    game.stop();
  });
});

describe("the gate's own bookkeeping is out of every client's reach", () => {
  it('GAME-INPUT-1: no property of the gate on the actor, a logged command or a policy’s command: nothing to call or copy past the gate', () => {
    const game = createGame(SETUP, { policies: { alice: 'strongest', bob: 'strongest' } });
    const result = game.send(attackOnPlanet(SETUP));
    expect(result.ok && result.auto.length).toBeGreaterThan(0);
    const gateKeys = (value: object) => [...Object.getOwnPropertySymbols(value)];
    expect(gateKeys(game.actor)).toEqual([]);
    for (const command of [...game.log(), ...(result.ok ? result.auto : [])])
      expect(gateKeys(command)).toEqual([]);
  });

  it("GAME-INPUT-1: can() of another game, asked with the event one game's gate is handing on, is judged like any client's", () => {
    const other = createGame(SETUP);
    other.send({ type: 'endTurn', player: ALICE });
    const asked: boolean[] = [];
    const game = createGame(SETUP, {
      inspect: (event) => {
        // XState reports the microstep inside the transition, with the very event the gate handed on.
        if (event.type === '@xstate.microstep' && event.event.type === 'endTurn')
          asked.push(other.actor.getSnapshot().can(event.event as never));
      },
    });
    expect(game.send({ type: 'endTurn', player: ALICE }).ok).toBe(true);
    // In the other game it is Bob's turn: Alice may not end it.
    expect(asked).toEqual([false]);
  });
});
