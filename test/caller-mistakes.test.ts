import { describe, expect, it } from 'vitest';
import { recordGame } from '../src/debug/index.ts';
import {
  createGame,
  DEMO_BATTLE_SETUP,
  gameInput,
  replayGame,
  restoreGame,
  SaveError,
  SetupError,
  saveGame,
} from '../src/index.ts';
import { ROGUE_BORG } from '../src/model/battle.ts';

/**
 * GAME-INPUT-1 for the client's own calls: a mistake in what a client passes is a typed error that says
 * what was wrong (TypeError for the caller's options, SetupError for a setup, SaveError for a save or
 * log), raised before any game starts; never a TypeError from deep inside, nor an option ignored.
 */
describe("the caller's mistakes", () => {
  const withCards = (change: (cards: Record<string, unknown>[]) => void) => {
    const setup = structuredClone(DEMO_BATTLE_SETUP) as unknown as { cards: Record<string, unknown>[] };
    change(setup.cards);
    return setup;
  };

  it('GAME-INPUT-1: options are an object or nothing; verify is checksum or replay', () => {
    expect(createGame(DEMO_BATTLE_SETUP, null as never).step()).toBe(0);
    expect(() => createGame(DEMO_BATTLE_SETUP, 5 as never)).toThrow(TypeError);
    const save = saveGame(createGame(DEMO_BATTLE_SETUP));
    expect(restoreGame(save, null as never).step()).toBe(0);
    expect(() => restoreGame(save, { verify: 'nope' as never })).toThrow(/verify is 'checksum' or 'replay'/);
  });

  it('GAME-INPUT-1: a misspelt option is a TypeError naming the options the call takes, never ignored', () => {
    expect(() => createGame(DEMO_BATTLE_SETUP, { sead: 42 } as never)).toThrow(
      /createGame has no option "sead": it takes seed, cards, policies, inspect/,
    );
    const save = saveGame(createGame(DEMO_BATTLE_SETUP));
    expect(() => restoreGame(save, { polices: { alice: 'pass' } } as never)).toThrow(
      /restoreGame has no option "polices": it takes policies, inspect, verify/,
    );
    expect(() => replayGame(save.origin, save.log, { seed: 3 } as never)).toThrow(TypeError);
    expect(() => gameInput(DEMO_BATTLE_SETUP, { sed: 1 } as never)).toThrow(/gameInput has no option "sed"/);
    expect(() => recordGame(DEMO_BATTLE_SETUP, { sead: 1 } as never)).toThrow(
      /recordGame has no option "sead": it takes seed, cards, policies, title/,
    );
    // The recorder is recordGame's inspection: an inspect of the caller's would be ignored, so it is refused.
    expect(() => recordGame(DEMO_BATTLE_SETUP, { inspect: () => {} } as never)).toThrow(TypeError);
    // An inspector is XState's observer or a function; anything else is refused before any actor calls it.
    expect(() => createGame(DEMO_BATTLE_SETUP, { inspect: 5 as never })).toThrow(
      /inspect is a function or an observer/,
    );
    expect(createGame(DEMO_BATTLE_SETUP, { seed: 42, inspect: () => {} }).step()).toBe(0);
    expect(createGame(DEMO_BATTLE_SETUP, { inspect: { next: () => {} } }).step()).toBe(0);
  });

  it('GAME-INPUT-1: a policy answers for a player of the game (or the Rogue Borg), never for a stranger', () => {
    expect(() => createGame(DEMO_BATTLE_SETUP, { policies: { carol: 'pass' } })).toThrow(
      /a policy for "carol", who does not play in this game/,
    );
    expect(() => createGame(DEMO_BATTLE_SETUP, { policies: { [ROGUE_BORG]: 'pass' } })).not.toThrow();
    const game = createGame(DEMO_BATTLE_SETUP);
    expect(() => game.setPolicy('carol', 'strongest')).toThrow(TypeError);
    const save = saveGame(game);
    expect(() => restoreGame(save, { policies: { carol: 'pass' } })).toThrow(TypeError);
    // The stranger's policy was not kept: the game answers as before.
    expect(game.setPolicy('bob', null)).toMatchObject({ ok: true, events: [] });
  });

  it('GAME-INPUT-1: replayGame takes an origin and a list of commands; anything else is a SaveError', () => {
    const game = createGame(DEMO_BATTLE_SETUP);
    expect(() => replayGame(game.origin, 'x' as never)).toThrow(
      expect.objectContaining({ name: 'SaveError', reason: 'damaged' }),
    );
    expect(() => replayGame(undefined as never, [])).toThrow(SaveError);
    expect(() => replayGame(game.origin, [], 'inspect' as never)).toThrow(TypeError);
    // No policy answers in a replay, whatever is passed: the log holds every command.
    game.send({
      type: 'attack',
      player: 'alice',
      attackers: { aboard: 'buruk' },
      defenders: { aboard: 'buruk' },
    });
    const policies = { policies: { alice: 'strongest', bob: 'strongest' } } as never;
    expect(replayGame(game.origin, game.log(), policies).log()).toEqual(game.log());
    expect(() => replayGame(undefined as never, [])).toThrow(/an origin is \{ setup, seed, cards \}/);
  });

  it('HOLO-ACT-3, GAME-INPUT-1: a setup may not say a hologram deactivated on a turn to come', () => {
    const future = withCards((cards) => {
      const fek = cards.find((card) => card.id === 'fek')!;
      delete fek.hologram;
      fek.deactivatedOnTurn = 6;
    });
    expect(() => createGame(future)).toThrow(SetupError);
    expect(() => createGame(future)).toThrow(/turn 6, a turn to come \(the game starts at turn 5\)/);
    const past = withCards((cards) => {
      const fek = cards.find((card) => card.id === 'fek')!;
      delete fek.hologram;
      fek.deactivatedOnTurn = 5;
    });
    expect(createGame(past).hologramState('fek')).toBe('deactivated');
  });

  it('GAME-INPUT-1: a card worn that is no emitter is refused as such, not as a second emitter', () => {
    const setup = withCards((cards) => {
      cards.find((card) => card.id === 'phaser')!.at = { wornBy: 'doctor' };
    });
    expect(() => createGame(setup)).toThrow(/Starfleet Type II Phaser is not a Mobile Holo-Emitter/);
  });
});
