/**
 * Saving, restoring and replaying: a game saved at any moment (a battle's response window open, a
 * decision awaited) and restored goes on exactly as the game that never stopped; a command log replays
 * to the very same game; a save that is not one, of an unknown version, or damaged is refused with a
 * `SaveError`, and nothing is left loaded or running.
 */

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, type InspectionEvent } from 'xstate';
import { DEMO_BATTLE_SETUP } from '../src/demo/demo-setup.ts';
import { checksumOfSaveBody } from '../src/game/save.ts';
import {
  type CommandResult,
  createGame,
  type Game,
  gameMachine,
  replayGame,
  restoreGame,
  SAVE_FORMAT,
  SAVE_VERSION,
  type SavedGame,
  SaveError,
  type Setup,
  saveGame,
} from '../src/index.ts';
import { NATIVE_SHA256, portableSha256Hex, sha256Hex } from '../src/model/sha256.ts';
import { closeWindow } from './battle-table.ts';
import {
  attackOnPlanet,
  battleMoment,
  battleSetup,
  battleSpecArb,
  legalNow,
  NOISY,
  newGame,
  PLAY,
  PLAYERS,
  play,
  seedArb,
  setupArb,
  stepArb,
} from './generators.ts';
import { demoBattle, sendAny } from './table.ts';

/** A save through JSON text and back, as a file or a database would hold it. */
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Saves written by an earlier engine, by the moment each was taken (test/fixtures). */
const savesIn = <Moment extends string>(file: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as Record<
    Moment,
    SavedGame
  >;

const snapshotOf = (game: Game) => JSON.stringify(game.persistedSnapshot());

/** Saves the game, through JSON, and restores it: the restored game is the same game now. */
function saveAndRestore(game: Game): Game {
  const text = JSON.stringify(saveGame(game));
  const restored = restoreGame(JSON.parse(text));
  expect(restored.actor.getSnapshot().status).toBe('active');
  expectSameGame(restored, game);
  // A restored game saves to the very same save, byte for byte.
  expect(JSON.stringify(saveGame(restored))).toBe(text);
  return restored;
}

/** Everything a client can read of the two games is the same (the snapshot holds the generator's state). */
function expectSameGame(game: Game, original: Game): void {
  expect(snapshotOf(game)).toBe(snapshotOf(original));
  expect(game.actor.getSnapshot().context.random).toEqual(original.actor.getSnapshot().context.random);
  expect(game.step()).toBe(original.step());
  expect(game.log()).toEqual(original.log());
  expect(game.awaiting()).toEqual(original.awaiting());
  expect(game.battle()).toEqual(original.battle());
  expect(game.lastBattle()).toEqual(original.lastBattle());
  for (const player of PLAYERS) {
    expect(game.view(player)).toEqual(original.view(player));
    expect(game.legalCommands(player)).toEqual(original.legalCommands(player));
  }
}

/**
 * The same command to both games: the same answer (rule events, random outcomes, rejection), and the
 * same snapshot after it (the generator's state included).
 */
function expectSameAnswer(restored: Game, original: Game, command: unknown, result: CommandResult): void {
  expect(JSON.stringify(sendAny(restored, command))).toBe(JSON.stringify(result));
  expect(snapshotOf(restored)).toBe(snapshotOf(original));
}

/** How many random cases each property runs. */
const RUNS = { games: 100, battles: 100, replays: 100, policyBattles: 50, damages: 300 } as const;

/** Where the saves of random battles fell (checked after the runs). */
const tally = new Map<string, number>();
const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);

/** The moments of a battle a save is aimed at (the n-th time it comes), or after the battle. */
const MOMENTS = [
  'window start-of-battle',
  'window pairing',
  'decision',
  'window until-winner',
  'no battle',
] as const;

describe('save and restore at a random moment of random games and battles', () => {
  it('a game saved after a random command and restored plays on exactly as the original: same snapshots, rule events and random outcomes', () => {
    fc.assert(
      fc.property(
        setupArb,
        seedArb,
        fc.array(stepArb(PLAY), { minLength: 1, maxLength: 20, size: 'medium' }),
        fc.nat(),
        (setup: Setup, seed, plan, cut) => {
          // Somewhere from before the first command to after the last.
          const total = plan.reduce((n, step) => n + (step.kind === 'run' ? step.count : 1), 0);
          const saveAt = cut % (total + 1);
          let restored: Game | null = null;
          let commands = 0;
          const { game } = play(
            setup,
            seed,
            plan,
            ({ game, command, result }) => {
              commands++;
              if (restored) expectSameAnswer(restored, game, command, result);
              if (commands === saveAt) restored = saveAndRestore(game);
            },
            (game) => {
              if (saveAt === 0) restored = saveAndRestore(game);
            },
          );
          expect(restored).not.toBeNull();
          expectSameGame(restored!, game);
          restored!.stop();
          game.stop();
        },
      ),
      { numRuns: RUNS.games },
    );
  });

  it('a battle saved in any response window or while a decision is awaited, and restored, is fought to the same end (BATTLE-3 piles, BATTLE-5a kill)', () => {
    fc.assert(
      fc.property(
        battleSpecArb,
        seedArb,
        fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        // Decisions come less often than windows: aimed at twice as often.
        fc.constantFrom(...MOMENTS, 'decision'),
        fc.nat(),
        (spec, seed, choices, target, nth) => {
          const setup = battleSetup(spec);
          /** The battle, then a few commands after it (the turn ends, the survivors recover...). */
          const fight = (game: Game, each: (i: number, moment: string) => void) => {
            let after = 0;
            for (let i = 0; i < 400; i++) {
              const moment = battleMoment(game);
              each(i, moment);
              const command = legalNow(game, choices[i % choices.length]! + i);
              if (command === undefined || (moment === 'no battle' && after++ >= 3)) return;
              const result = sendAny(game, command);
              expect(result.ok, JSON.stringify(result)).toBe(true);
              if (restored) expectSameAnswer(restored, game, command, result);
            }
          };
          // A first run finds when each moment comes; the save is at the n-th time the aimed-at one does.
          const moments: string[] = [];
          let restored: Game | null = null;
          const dry = newGame(setup, seed);
          if (!dry.send(attackOnPlanet(setup)).ok) {
            // No one able to attack, or no one to attack (BATTLE-1).
            dry.stop();
            return;
          }
          fight(dry, (_, moment) => moments.push(moment));
          dry.stop();
          const times = moments.flatMap((moment, i) => (moment === target ? [i] : []));
          const saveAt = times.length > 0 ? times[nth % times.length]! : nth % moments.length;
          const game = newGame(setup, seed);
          game.send(attackOnPlanet(setup));
          fight(game, (i, moment) => {
            if (i !== saveAt) return;
            count(`saved: ${moment}`);
            restored = saveAndRestore(game);
          });
          expect(restored).not.toBeNull();
          expectSameGame(restored!, game);
          restored!.stop();
          game.stop();
        },
      ),
      { numRuns: RUNS.battles },
    );
    // Saves fell in every kind of window and while decisions were awaited.
    for (const moment of MOMENTS) expect(tally.get(`saved: ${moment}`) ?? 0, moment).toBeGreaterThan(2);
  });
});

describe('replay', () => {
  it('a random command log replays from its origin to the very same game, and so does every prefix of it', () => {
    fc.assert(
      fc.property(
        setupArb,
        seedArb,
        fc.array(stepArb(NOISY), { minLength: 1, maxLength: 25, size: 'medium' }),
        fc.nat(),
        (setup, seed, plan, cut) => {
          const snapshots = new Map<number, string>();
          const { game } = play(
            setup,
            seed,
            plan,
            ({ game, result }) => {
              if (result.ok) snapshots.set(game.step(), snapshotOf(game));
            },
            (game) => snapshots.set(0, snapshotOf(game)),
          );
          const log = throughJson(game.log());
          expect(log).toHaveLength(game.step());
          const replayed = replayGame(throughJson(game.origin), log);
          expectSameGame(replayed, game);
          replayed.stop();
          // The first k commands replay to the game as it was after the k-th.
          const k = cut % (log.length + 1);
          const prefix = replayGame(game.origin, log.slice(0, k));
          expect(snapshotOf(prefix)).toBe(snapshots.get(k));
          prefix.stop();
          game.stop();
        },
      ),
      { numRuns: RUNS.replays },
    );
  });

  it('a battle fought by policies replays from its log (the policies’ commands are logged) without them', () => {
    fc.assert(
      fc.property(
        battleSpecArb,
        seedArb,
        fc.constantFrom('strongest', 'pass') as fc.Arbitrary<'strongest' | 'pass'>,
        (spec, seed, policy) => {
          const setup = battleSetup(spec);
          const game = createGame(setup, { seed, policies: { alice: policy, bob: 'strongest' } });
          const result = game.send(attackOnPlanet(setup));
          if (result.ok) {
            expect(game.battle()).toBeUndefined();
            expect(game.log().length).toBe(1 + result.auto.length);
          }
          const replayed = replayGame(game.origin, throughJson(game.log()));
          expectSameGame(replayed, game);
          replayed.stop();
          game.stop();
        },
      ),
      { numRuns: RUNS.policyBattles },
    );
  });

  it('a log that does not belong to its origin is refused (SaveError refused-command), and no game is left running', () => {
    const setup = battleSetup({
      alice: { personnel: [{ kind: 1, status: 'none' }], equipment: [], hand: [] },
      bob: { personnel: [{ kind: 0, status: 'none' }], equipment: [], hand: [] },
      turn: 0,
      lowerDecks: false,
    });
    const game = createGame(setup, { seed: 3 });
    game.send(attackOnPlanet(setup));
    closeWindow(game);
    const log = throughJson(game.log());
    const actors = watchActors();
    const refused = (entries: unknown[]) =>
      expectSaveError(() => replayGame(game.origin, entries, { inspect: actors.inspect }));
    // The same commands in another order, and one from the wrong player.
    expect(refused([log[1], log[0], log[2]]).reason).toBe('refused-command');
    expect(refused([log[0], { type: 'pass', player: 'alice' }]).reason).toBe('refused-command');
    actors.expectNoneRunning();
    game.stop();
  });

  // Engine bug (reported): replayGame starts the game before it checks the log, and does not stop it
  // when a log entry is no command (SaveError 'damaged'). Expected to fail until fixed; then drop `.fails`.
  it('a log with an entry that is no command is refused (SaveError damaged), and no game is left running', () => {
    const game = midBattleGame();
    const actors = watchActors();
    const error = expectSaveError(() =>
      replayGame(game.origin, [game.log()[0], { type: 'teleport' }], { inspect: actors.inspect }),
    );
    expect(error.reason).toBe('damaged');
    game.stop();
    actors.expectNoneRunning();
  });
});

// ---------------------------------------------------------------------------------------------
// Refused saves

/** A game mid-battle with a hologram (its actor, the battle actor and the battle's open window are all in the save). */
function midBattleGame(): Game {
  const setup = battleSetup({
    alice: {
      personnel: [
        { kind: 7, status: 'none' },
        { kind: 8, status: 'none' },
      ],
      equipment: [0],
      hand: [2],
    },
    bob: { personnel: [{ kind: 9, status: 'none' }], equipment: [], hand: [3] },
    turn: 0,
    lowerDecks: false,
  });
  const game = createGame(setup, { seed: 7 });
  expect(game.send(attackOnPlanet(setup)).ok).toBe(true);
  expect(game.send({ type: 'pass', player: 'bob' }).ok).toBe(true);
  expect(game.awaiting()).toMatchObject({ player: 'alice', for: 'response', window: 'start-of-battle' });
  return game;
}

/** Every actor started while watching, to check that none is left running after a refusal. */
function watchActors() {
  const started: AnyActorRef[] = [];
  return {
    inspect: (event: InspectionEvent) => {
      // An actor starts with XState's init event (one created from a snapshot that is done never starts).
      if (event.type === '@xstate.event' && event.event.type === 'xstate.init') {
        started.push(event.actorRef as AnyActorRef);
      }
    },
    expectNoneRunning: () => {
      for (const actor of started) expect(actor.getSnapshot().status, actor.id).not.toBe('active');
    },
  };
}

/** Runs `attempt`, which must throw a SaveError (and nothing else); returns it. */
function expectSaveError(attempt: () => unknown): SaveError {
  let thrown: unknown;
  try {
    attempt();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(SaveError);
  expect((thrown as SaveError).message.length).toBeGreaterThan(0);
  return thrown as SaveError;
}

/** Restoring must throw a SaveError with one of these reasons, leave no actor running and no error behind. */
function expectRefused(save: unknown, reasons: readonly string[]): SaveError {
  const actors = watchActors();
  vi.useFakeTimers();
  try {
    const error = expectSaveError(() => restoreGame(save, { inspect: actors.inspect }));
    expect(reasons).toContain(error.reason);
    actors.expectNoneRunning();
    // Nothing left to go off later (an actor's error rethrown from a timer would crash a server).
    expect(() => vi.runAllTimers()).not.toThrow();
    return error;
  } finally {
    vi.clearAllTimers();
    vi.useRealTimers();
  }
}

/** Every path to a field or element of a JSON value. */
function fieldPaths(value: unknown, prefix: readonly (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [
    [...prefix, key],
    ...fieldPaths((value as Record<string | number, unknown>)[key], [...prefix, key]),
  ]);
}

/** A copy of the save without the field at this path. */
function without(save: SavedGame, path: readonly (string | number)[]): unknown {
  const copy = throughJson(save) as unknown as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
}

/** The save's checksum, as `saveGame` computes it: what someone who edits a save by hand can recompute. */
function withChecksum(save: Omit<SavedGame, 'checksum'>): SavedGame {
  return { ...save, checksum: checksumOfSaveBody(save) };
}

describe('restoring', () => {
  // XState revives the actor references of a persisted context in place: restored from the caller's own
  // object, the save would then hold the restored game's live actors, and a second game restored from it
  // would share the first's hologram and battle actors. restoreGame restores from its copy.
  it('restoring leaves the save as it was, and two games restored from one save are independent', () => {
    const game = midBattleGame();
    const saved = throughJson(saveGame(game));
    const first = restoreGame(saved);
    const second = restoreGame(saved);
    const before = snapshotOf(first);
    expect(second.send({ type: 'pass', player: 'alice' }).ok).toBe(true);
    expect(snapshotOf(first)).toBe(before);
    expect(first.awaiting()).toEqual(game.awaiting());
    expect(saved).toEqual(throughJson(saveGame(game)));
    first.stop();
    second.stop();
    game.stop();
  });
});

describe('long games', () => {
  it('GAME-INPUT-1: a forged save of sparse arrays is refused before it is copied, holes counted', () => {
    // Three arrays of 4 million holes each: 12 million slots, past SAVE_MAX_VALUES (10 million), though
    // no slot holds a value. Each used to be measured against what was left alone, and copied slot by slot.
    const hollow: unknown[] = [];
    hollow.length = 4_000_000;
    expect(() => restoreGame({ format: SAVE_FORMAT, log: [hollow, hollow, hollow] })).toThrow(
      /not plain JSON data \(it holds too many values\)/,
    );
  });

  it('GAME-INPUT-1: a save of more than a million values (a long game) is read whole, not refused unread', () => {
    const game = midBattleGame();
    const saved = throughJson(saveGame(game));
    game.stop();
    // 400,000 more log entries, some 1.6 million values: past the limit of a command's or a setup's
    // copy, within a save's (SAVE_MAX_VALUES). Read whole, the save is then found damaged by its
    // checksum, which covers the log; refused unread, it would be "not a save".
    const log = [...saved.log];
    for (let i = 0; i < 400_000; i++) log.push({ type: 'endTurn', player: 'alice', step: i });
    try {
      restoreGame({ ...saved, log });
      expect.unreachable('a save whose log does not match its checksum is refused');
    } catch (error) {
      expect(error).toBeInstanceOf(SaveError);
      expect((error as SaveError).reason).toBe('damaged');
    }
  });
});

describe('refused saves: never half-loaded', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a save of the current version restores (the control case of the refusals below)', () => {
    const game = midBattleGame();
    const saved = throughJson(saveGame(game));
    expect(saved.format).toBe(SAVE_FORMAT);
    expect(saved.version).toBe(SAVE_VERSION);
    const restored = restoreGame(saved);
    expectSameGame(restored, game);
    restored.stop();
    game.stop();
  });

  it('a save from an unknown format version is refused (SaveError unknown-version)', () => {
    const saved = throughJson(saveGame(midBattleGame()));
    for (const version of [0, 1, SAVE_VERSION + 1, 99, -1, 1.5]) {
      // With its checksum recomputed, so that only the version is wrong.
      const error = expectRefused(withChecksum({ ...saved, version }), ['unknown-version']);
      expect(error.message).toContain(String(version));
      expectRefused({ ...saved, version }, ['unknown-version']);
    }
  });

  it('a version 1 save (stccg-rules 0.1) is refused with why, and its origin and log still replay', () => {
    const game = midBattleGame();
    const saved = throughJson(saveGame(game));
    expect(SAVE_VERSION).toBe(5);
    const old = withChecksum({ ...saved, version: 1 });
    const error = expectRefused(old, ['unknown-version']);
    expect(error.message).toMatch(/version 1 save .* reads versions 2 to 5 .* replay its origin and log/);
    const replayed = replayGame(old.origin, old.log);
    expect(replayed.persistedSnapshot()).toEqual(game.persistedSnapshot());
    replayed.stop();
    game.stop();
  });

  /**
   * Saves written by stccg-rules 0.2 (version 2) in a 3-against-3 battle: at its start, in a pairing's
   * window, awaiting a pairing's decision (held by the battle then, by the game now), and after it.
   */
  const V2_SAVES = savesIn<'startOfBattle' | 'engaged' | 'deciding' | 'afterBattle'>('saves-v2.json');

  it.each(Object.keys(V2_SAVES) as (keyof typeof V2_SAVES)[])(
    'BATTLE-4a: a version 2 save (stccg-rules 0.2, %s) is migrated: the same game as its log replays, the awaited decision held by the game',
    (moment) => {
      const old = V2_SAVES[moment];
      expect(old.version).toBe(2);
      const restored = restoreGame(old, { verify: 'replay' });
      const replayed = replayGame(old.origin, old.log);
      expect(restored.persistedSnapshot()).toEqual(replayed.persistedSnapshot());
      expect(restored.awaiting()).toEqual(replayed.awaiting());
      const snapshot = restored.persistedSnapshot() as unknown as {
        context: { awaitedDecision: unknown; lastBattle: Record<string, unknown> | null };
        children: Record<string, { snapshot: { context: Record<string, unknown> } }>;
      };
      const battle = snapshot.children.battle?.snapshot.context;
      expect(battle && 'decision' in battle).toBeFalsy();
      expect(snapshot.context.lastBattle && 'decision' in snapshot.context.lastBattle).toBeFalsy();
      if (moment === 'deciding') {
        expect(restored.awaiting()).toMatchObject({ for: 'decision' });
        expect(snapshot.context.awaitedDecision).toEqual(
          (old.snapshot as { children: { battle: { snapshot: { context: { decision: unknown } } } } })
            .children.battle.snapshot.context.decision,
        );
      } else expect(snapshot.context.awaitedDecision).toBeNull();
      // It plays on, and saves as the current version.
      const next = restored.awaiting();
      if (next) {
        const command =
          next.for === 'decision'
            ? { type: 'decide', player: next.player, outcome: next.options[0] }
            : { type: 'pass', player: next.player };
        expect(restored.send(command).ok).toBe(true);
      }
      expect(saveGame(restored).version).toBe(SAVE_VERSION);
      // The checksum is the one version 2 wrote: a damaged version 2 save is refused, not migrated.
      expectRefused({ ...old, log: old.log.slice(1) }, ['damaged']);
      restored.stop();
      replayed.stop();
    },
  );

  /** Saves written by stccg-rules 0.3 (version 3), at the same four moments of the same battle. */
  const V3_SAVES = savesIn<keyof typeof V2_SAVES>('saves-v3.json');

  it.each(Object.keys(V3_SAVES) as (keyof typeof V3_SAVES)[])(
    'BATTLE-6: a version 3 save (stccg-rules 0.3, %s) is migrated: its battle data gains who left it (none), the same bytes as its log replayed',
    (moment) => {
      const old = V3_SAVES[moment];
      expect(old.version).toBe(3);
      const restored = restoreGame(old, { verify: 'replay' });
      const replayed = replayGame(old.origin, old.log);
      expect(JSON.stringify(saveGame(restored))).toBe(JSON.stringify(saveGame(replayed)));
      const snapshot = restored.persistedSnapshot() as unknown as {
        context: { lastBattle: { left?: unknown } | null };
        children: Record<string, { snapshot: { context: { left?: unknown } } }>;
      };
      const battles = [snapshot.context.lastBattle, snapshot.children.battle?.snapshot.context];
      expect(battles.some(Boolean)).toBe(true);
      for (const data of battles) if (data) expect(data.left).toEqual([]);
      // The version 2 save of the same moment migrates to the same game.
      expect(JSON.stringify(saveGame(restoreGame(V2_SAVES[moment])))).toBe(
        JSON.stringify(saveGame(restored)),
      );
      expectRefused({ ...old, log: old.log.slice(1) }, ['damaged']);
      restored.stop();
      replayed.stop();
    },
  );

  it('BATTLE-6: a version 3 save of a running battle that a stunned card has left (written by 0.3.0, c65f5f2) learns who left by its log replayed, and the card recovers at the battle’s end', () => {
    const old = savesIn<'afterLeave'>('saves-v3-left.json').afterLeave;
    expect(old.version).toBe(3);
    const restored = restoreGame(old, { verify: 'replay' });
    const replayed = replayGame(old.origin, old.log);
    expect(JSON.stringify(saveGame(restored))).toBe(JSON.stringify(saveGame(replayed)));
    expect(restored.battle()?.data.left).toEqual(['w2']);
    expect(restored.board().cards.w2!.status.stunned).toBe(true);
    restored.setPolicy('alice', 'pass');
    restored.setPolicy('bob', 'pass');
    restored.answerByPolicies();
    expect(restored.battle()).toBeUndefined();
    expect(restored.board().cards.w2!.status.stunned).toBe(false);
    restored.stop();
    replayed.stop();
  });

  it('a save with one byte of its snapshot changed is refused (damaged or not-a-save)', () => {
    const saved = saveGame(midBattleGame());
    const text = JSON.stringify(saved);
    const from = text.indexOf('"snapshot":') + '"snapshot":'.length;
    const to = text.indexOf(',"checksum":');
    expect(to).toBeGreaterThan(from);
    let damaged = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: from, max: to - 1 }),
        fc.constantFrom(...'0123456789abcdefxyzAZ-_:{}[]",. '),
        (at, byte) => {
          fc.pre(text[at] !== byte);
          let changed: unknown;
          try {
            changed = JSON.parse(text.slice(0, at) + byte + text.slice(at + 1));
          } catch {
            return; // No longer JSON: the client's parser refuses it before the engine sees it.
          }
          damaged++;
          expectRefused(changed, ['damaged', 'not-a-save']);
        },
      ),
      { numRuns: RUNS.damages },
    );
    expect(damaged).toBeGreaterThan(50);
  });

  it('a save with any one field removed (of the save, its origin, log or snapshot) is refused (damaged or not-a-save)', () => {
    const saved = throughJson(saveGame(midBattleGame()));
    const paths = fieldPaths(saved);
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) {
      expectRefused(without(saved, path), ['damaged', 'not-a-save']);
    }
  });

  it('a save whose command log was changed is refused (damaged)', () => {
    const saved = throughJson(saveGame(midBattleGame()));
    expect(saved.log.length).toBeGreaterThan(1);
    const logs: unknown[][] = [
      saved.log.slice(0, -1),
      [...saved.log, { type: 'pass', player: 'alice' }],
      [...saved.log].reverse(),
      saved.log.map((command, i) => (i === 0 ? { ...command, player: 'bob' } : command)),
      [],
    ];
    for (const log of logs) expectRefused({ ...saved, log }, ['damaged']);
    // A log entry that is no command at all, even with the checksum recomputed.
    expectRefused(withChecksum({ ...saved, log: [...saved.log, { type: 'teleport' }] as never }), [
      'damaged',
    ]);
  });

  it('a changed origin or checksum is refused (damaged or not-a-save)', () => {
    const saved = throughJson(saveGame(midBattleGame()));
    expectRefused({ ...saved, origin: { ...saved.origin, seed: saved.origin.seed + 1 } }, ['damaged']);
    expectRefused({ ...saved, checksum: '0'.repeat(64) }, ['damaged']);
    expectRefused({ ...saved, checksum: saved.checksum.toUpperCase() }, ['damaged', 'not-a-save']);
    expectRefused({ ...saved, checksum: 42 }, ['not-a-save']);
  });

  it('garbage is no save (SaveError not-a-save)', () => {
    const saved = throughJson(saveGame(midBattleGame()));
    const garbage: unknown[] = [
      null,
      undefined,
      [],
      'x',
      '',
      {},
      0,
      Number.NaN,
      true,
      [saved],
      JSON.stringify(saved),
      { format: SAVE_FORMAT },
      { ...saved, format: 'another-engine/save' },
      { ...saved, version: '1' },
      { ...saved, snapshot: null },
      { ...saved, snapshot: [] },
      { ...saved, log: {} },
      JSON.parse('{"__proto__": {"polluted": true}, "format": "stccg-rules/save"}'),
    ];
    for (const value of garbage) expectRefused(value, ['not-a-save']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a save whose checksum was recomputed over a snapshot XState cannot restore is refused with its reason', () => {
    const saved = throughJson(saveGame(midBattleGame()));
    const snapshot = saved.snapshot as { status: string; value: string };
    const error = expectSaveError(() => {
      const actors = watchActors();
      vi.useFakeTimers();
      try {
        restoreGame(withChecksum({ ...saved, snapshot: { ...snapshot, status: 'done' } }), {
          inspect: actors.inspect,
        });
      } finally {
        actors.expectNoneRunning();
        vi.clearAllTimers();
        vi.useRealTimers();
      }
    });
    expect(error.reason).toBe('not-restorable');
  });

  // Engine bug (reported): `Game`'s constructor starts the restored actor with no error observer, so
  // XState rethrows the actor's error from a timer after restoreGame has already refused the save with
  // a SaveError: an uncaught exception that crashes a Node server. Expected to fail until it is fixed;
  // then drop `.fails`.
  it('a snapshot that XState cannot restore (a state that does not exist) is refused with a SaveError and nothing thrown later', () => {
    const saved = throughJson(saveGame(midBattleGame()));
    const snapshot = { ...(saved.snapshot as object), value: 'nowhere' };
    expectRefused(withChecksum({ ...saved, snapshot }), ['not-restorable']);
  });
});

describe('saves made while a command is answered (autosave from a listener or subscriber)', () => {
  it('GAME-INPUT-1: a save made by a rule or accepted listener, or a subscriber, restores (with verify: replay) to the game its log replays to, even as a battle ends', () => {
    const game = createGame(DEMO_BATTLE_SETUP, {
      seed: 1,
      policies: { alice: 'strongest', bob: 'strongest' },
    });
    const saves: SavedGame[] = [];
    const autosave = () => saves.push(throughJson(saveGame(game)));
    game.actor.on('rule', autosave);
    game.actor.on('accepted', autosave);
    game.actor.subscribe(autosave);
    const attack = game.legalCommands('alice').find((command) => command.type === 'attack')!;
    expect(game.send(attack).ok).toBe(true);
    // Some were made as the battle ended, before the game closed it: the battle actor done, the game battling.
    const ending = saves.filter(
      (save) =>
        (save.snapshot as { children: { battle?: { snapshot: { status: string } } } }).children.battle
          ?.snapshot.status === 'done',
    );
    expect(ending.length).toBeGreaterThan(0);
    // XState's own idiom restores it too: the game closes the battle as it starts.
    const raw = createActor(gameMachine, { snapshot: throughJson(ending[0]!.snapshot) as never }).start();
    expect(raw.getSnapshot().value).toBe('playing');
    expect(raw.getSnapshot().context.lastBattle).not.toBeNull();
    raw.stop();
    // Its battle's record is checked like the battle: one that is not this battle's is refused.
    const forged = throughJson(ending[0]!) as SavedGame & {
      snapshot: { children: { battle: { snapshot: { output: { next: string[] } } } } };
    };
    forged.snapshot.children.battle.snapshot.output.next = ['nowhere'];
    const { checksum: _, ...body } = forged;
    expect(() => restoreGame({ ...body, checksum: checksumOfSaveBody(body) })).toThrow(
      /over without its own battle's record/,
    );
    for (const save of saves) {
      expect(save.log.length).toBe((save.snapshot as { context: { step: number } }).context.step);
      const restored = restoreGame(save, { verify: 'replay' });
      const replayed = replayGame(save.origin, save.log);
      expect(JSON.stringify(saveGame(restored))).toBe(JSON.stringify(saveGame(replayed)));
      restored.stop();
      replayed.stop();
    }
    // The last save is the game as it ended.
    expect(JSON.stringify(saveGame(restoreGame(saves.at(-1)!)))).toBe(JSON.stringify(saveGame(game)));
    game.stop();
  });
});

describe('forged saves', () => {
  /** A save edited by hand, its checksum recomputed as a forger would. */
  function forge(
    save: SavedGame,
    edit: (snapshot: {
      context: Record<string, unknown>;
      children: Record<string, { snapshot: { value: unknown } }>;
    }) => void,
  ): SavedGame {
    const copy = JSON.parse(JSON.stringify(save)) as SavedGame & { snapshot: never };
    edit(copy.snapshot);
    const { checksum: _, ...body } = copy;
    return { ...copy, checksum: checksumOfSaveBody(body) };
  }

  it('a restored game that the rules cannot read (no board) is refused, never half-loaded', () => {
    const game = createGame(DEMO_BATTLE_SETUP, { seed: 3 });
    const forged = forge(saveGame(game), (snapshot) => {
      snapshot.context.board = null;
    });
    expect(() => restoreGame(forged)).toThrow(SaveError);
  });

  it('SaveError: a snapshot of the wrong shape, or one its own origin cannot have set up, is refused without a replay', () => {
    const game = createGame(DEMO_BATTLE_SETUP, {
      seed: 3,
      policies: { alice: 'strongest', bob: 'strongest' },
    });
    const attack = game.legalCommands('alice').find((command) => command.type === 'attack')!;
    expect(game.send(attack).ok).toBe(true);
    expect(game.lastBattle()).not.toBeNull();
    const save = saveGame(game);
    const hologram = Object.keys(game.board().cards).find((id) => game.hologramState(id) !== undefined)!;
    const ordinary = Object.values(game.board().cards).find(
      (card) => card.at.in === 'hand' && game.hologramState(card.id) === undefined,
    )!.id;
    const refusals: Array<[string, Parameters<typeof forge>[1], RegExp]> = [
      [
        'a last battle of the wrong shape',
        (s) => {
          s.context.lastBattle = { winner: 'zed' };
        },
        /lastBattle/,
      ],
      [
        'a last battle won by a stranger',
        (s) => {
          (s.context.lastBattle as { winner: string }).winner = 'zed';
        },
        /last battle is not between the two players/,
      ],
      [
        'an erased hologram still in play',
        (s) => {
          const child = s.children[`hologram:${hologram}`]!;
          child.snapshot.value = 'erased';
          (child.snapshot as { status?: string }).status = 'done';
          const board = s.context.board as { cards: Record<string, { at: unknown }> };
          board.cards[hologram]!.at = { in: 'aboard', host: 'enterprise' };
        },
        /is erased, but its card is in play/,
      ],
      [
        'players who are not the setup’s',
        (s) => {
          // Every card of bob's becomes carol's too, so that the board alone is possible.
          const board = s.context.board as { players: string[]; cards: Record<string, { owner: string }> };
          board.players[1] = 'carol';
          s.context.lastBattle = null;
          for (const card of Object.values(board.cards)) if (card.owner === 'bob') card.owner = 'carol';
          for (const child of Object.values(s.children)) {
            const context = (child.snapshot as { context?: { owner?: string } }).context;
            if (context?.owner === 'bob') context.owner = 'carol';
          }
        },
        /players are not those of its setup/,
      ],
      [
        'a location its setup has not',
        (s) => {
          const board = s.context.board as { locations: Record<string, unknown> };
          board.locations.elsewhere = { id: 'elsewhere', name: 'Elsewhere' };
        },
        /locations are not those of its setup/,
      ],
      [
        'card definitions that are not its origin’s',
        (s) => {
          const mine = s.context.customCards as unknown[];
          s.context.customCards = [...mine, { name: 'Fighter 99', type: 'Personnel', strength: 99 }];
        },
        /card definitions are not its origin's/,
      ],
      [
        'a card that changed hands',
        (s) => {
          const cards = (s.context.board as { cards: Record<string, { owner: string; card: string }> }).cards;
          const card = cards[ordinary]!;
          card.owner = card.owner === 'alice' ? 'bob' : 'alice';
        },
        /not the one its setup deals/,
      ],
    ];
    for (const [what, edit, why] of refusals) {
      expect(() => restoreGame(forge(save, edit)), what).toThrow(why);
    }
    // An origin that sets up no game: refused as a bad setup, not restored into a game that cannot replay.
    for (const origin of [
      { ...save.origin, setup: { players: [] } },
      { ...save.origin, seed: 2 ** 40 },
    ]) {
      const { checksum: _, ...body } = { ...save, origin };
      const bad = { ...body, checksum: checksumOfSaveBody(body) };
      expect(() => restoreGame(bad)).toThrow(expect.objectContaining({ reason: 'bad-setup' }));
    }
    expect(restoreGame(save).lastBattle()).toEqual(game.lastBattle());
  });

  it('SaveError: a running battle whose data the rules could not read is refused, never restored into a game that fails at its next step', () => {
    const game = demoBattle(5);
    const atStart = saveGame(game);
    expect(game.send({ type: 'pass', player: 'bob' }).ok).toBe(true);
    expect(game.send({ type: 'pass', player: 'alice' }).ok).toBe(true);
    const engaged = saveGame(game);
    type Battle = { value: unknown; context: Record<string, unknown>; historyValue: unknown };
    const battleOf = (s: Parameters<Parameters<typeof forge>[1]>[0]) =>
      s.children.battle!.snapshot as unknown as Battle;
    expect(battleOf(engaged.snapshot as never).value).toBe('engaged');
    const refusals: Array<[string, SavedGame, Parameters<typeof forge>[1], RegExp]> = [
      ['a group gone', atStart, (s) => void delete battleOf(s).context.defendingGroup, /no battle data/],
      [
        'ships to battle next that are no list',
        atStart,
        (s) => {
          battleOf(s).context.next = 'battling';
        },
        /no battle data/,
      ],
      [
        'a field no battle has',
        atStart,
        (s) => {
          battleOf(s).context.extra = 1;
        },
        /no battle data/,
      ],
      [
        'players who are not the game’s',
        atStart,
        (s) => {
          battleOf(s).context.players = ['alice', 'x'];
        },
        /players are not the game's/,
      ],
      [
        'another turn’s battle',
        atStart,
        (s) => {
          battleOf(s).context.activePlayer = 'bob';
        },
        /not of the turn/,
      ],
      [
        'a pairing window with no pairing',
        engaged,
        (s) => {
          battleOf(s).context.pairing = null;
        },
        /no pairing engaged/,
      ],
      [
        'a history',
        engaged,
        (s) => {
          battleOf(s).historyValue = { x: 1 };
        },
        /no battle's/,
      ],
    ];
    for (const [what, save, edit, why] of refusals) {
      expect(() => restoreGame(forge(save, edit)), what).toThrow(why);
    }
    expect(restoreGame(engaged).awaiting()).toEqual(game.awaiting());
  });

  it("with verify: 'replay', a snapshot that its origin and log do not lead to is refused", () => {
    const game = createGame(DEMO_BATTLE_SETUP, { seed: 3 });
    game.send({ type: 'endTurn', player: 'alice' });
    const forged = forge(saveGame(game), (snapshot) => {
      (snapshot.context.board as { turn: { number: number } }).turn.number = 42;
    });
    // The checksum alone cannot tell a forgery; the replay can.
    expect(restoreGame(forged).board().turn.number).toBe(42);
    expect(() => restoreGame(forged, { verify: 'replay' })).toThrow(/leads elsewhere than its snapshot/);
    expect(restoreGame(saveGame(game), { verify: 'replay' }).board().turn.number).toBe(6);
  });
});

describe('the save checksum', () => {
  it('GAME-INPUT-1: SHA-256 natively in Node and in JavaScript elsewhere give the same digest, for any text', () => {
    expect(NATIVE_SHA256).toBe(true);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(portableSha256Hex('abc')).toBe(sha256Hex('abc'));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(portableSha256Hex(text)).toBe(sha256Hex(text));
      }),
      { numRuns: 300 },
    );
  });
});
