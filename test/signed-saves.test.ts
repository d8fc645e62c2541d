/**
 * Signed saves, checkpoints and hosts' randomness: a save signed with a key (HMAC-SHA256) is refused by
 * `restoreGame(save, { key })` if it is unsigned, signed by another key, or changed in any way, every
 * forgery a checksum cannot catch included; a checkpoint (a save without its log) and the commands
 * after it resume the very game; `seed: 'random'` is recorded in the origin, so replays still hold.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checksumOfSaveBody } from '../src/game/save.ts';
import {
  type Command,
  checkSave,
  createGame,
  createSaveKey,
  type Game,
  replayGame,
  restoreGame,
  resumeGame,
  type SavedGame,
  SaveError,
  saveGame,
} from '../src/index.ts';
import { hmacSha256Hex, portableHmacSha256Hex } from '../src/model/hmac.ts';
import { tempFolder } from './support/temp.ts';
import { sendAny } from './table.ts';

const BOARDING = JSON.parse(
  readFileSync(new URL('../examples/replays/boarding-party.json', import.meta.url), 'utf8'),
) as { setup: { cards: Array<Record<string, unknown>> }; seed: number; log: Command[] };

function boardingParty(steps = BOARDING.log.length, options: { id?: string } = {}): Game {
  const game = createGame(BOARDING.setup, { seed: BOARDING.seed, ...options });
  for (const command of BOARDING.log.slice(0, steps)) expect(sendAny(game, command).ok).toBe(true);
  return game;
}

const KEY = { id: 'host-1', secret: 'a secret of at least thirty-two bytes, kept by the host' };
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// biome-ignore lint/suspicious/noExplicitAny: a forger edits a save's JSON as freely as any text.
type Edited = Record<string, any>;

/** Edits a copy of a save and recomputes its checksum, as anyone holding the save can. */
function forge(save: SavedGame, edit: (copy: Edited) => void): SavedGame {
  const copy = throughJson(save) as Edited;
  edit(copy);
  const { checksum: _old, signature: _kept, ...body } = copy;
  return { ...copy, checksum: checksumOfSaveBody(body as never) } as SavedGame;
}

function refusal(save: unknown, options: Parameters<typeof restoreGame>[1]): SaveError {
  try {
    restoreGame(save, options).stop();
  } catch (error) {
    expect(error).toBeInstanceOf(SaveError);
    return error as SaveError;
  }
  throw new Error('the save was restored');
}

describe('signed saves', () => {
  it('a save signed with a key restores with that key, names it, and saves again to the same bytes', () => {
    const game = boardingParty();
    const save = throughJson(saveGame(game, { key: KEY }));
    expect(save.signature).toMatchObject({ algorithm: 'HMAC-SHA256', keyId: 'host-1', step: game.step() });
    expect(save.id).toBe(game.id);
    const restored = restoreGame(save, { key: KEY });
    expect(JSON.stringify(saveGame(restored, { key: KEY }))).toBe(JSON.stringify(save));
    // Without a key, a signed save is checked by its checksum as ever.
    restoreGame(save).stop();
    restored.stop();
  });

  it('with a key, an unsigned save is refused (unsigned), one signed by another key (unknown-key), and a save of an older version (unsigned)', () => {
    const game = boardingParty();
    expect(refusal(saveGame(game), { key: KEY }).reason).toBe('unsigned');
    const other = createSaveKey('host-2');
    const error = refusal(saveGame(game, { key: other }), { key: KEY });
    expect(error.reason).toBe('unknown-key');
    expect(error.message).toContain('"host-2"');
    // A key rotation: the old key and the new one both restore their saves.
    restoreGame(saveGame(game, { key: other }), { key: [KEY, other] }).stop();
    const old = JSON.parse(readFileSync(new URL('./fixtures/saves-v3.json', import.meta.url), 'utf8'))
      .startOfBattle as SavedGame;
    expect(refusal(old, { key: KEY }).reason).toBe('unsigned');
  });

  it('the same key id with another secret cannot pass a save off as signed (forged)', () => {
    const game = boardingParty();
    const impostor = { id: KEY.id, secret: 'another secret of thirty-two bytes or more here' };
    expect(refusal(saveGame(game, { key: impostor }), { key: KEY }).reason).toBe('forged');
  });

  // Every forgery a recomputed checksum lets through: with a key, each is refused as forged.
  const FORGERIES: Array<[string, (copy: Edited) => void]> = [
    [
      'a killed personnel put back',
      (copy) => {
        copy.snapshot.context.board.cards.korath.at = { in: 'aboard', host: 'buruk' };
      },
    ],
    [
      "the random generator's state replaced",
      (copy) => {
        copy.snapshot.context.random = [1, 2, 3, 4];
      },
    ],
    [
      "a player's decision changed",
      (copy) => {
        const decide = copy.log.findIndex((command: Command) => command.type === 'decide');
        copy.log[decide].outcome = 'none';
      },
    ],
    [
      'the seed changed',
      (copy) => {
        copy.origin.seed = 7;
      },
    ],
    [
      'a second copy of a unique card added',
      (copy) => {
        const data = copy.origin.setup.cards.find((card: { id: string }) => card.id === 'data');
        copy.origin.setup.cards.push({ ...data, id: 'data-2' });
        copy.snapshot.context.board.cards['data-2'] = {
          ...copy.snapshot.context.board.cards.data,
          id: 'data-2',
        };
      },
    ],
    [
      'the game’s id changed',
      (copy) => {
        copy.id = 'another-game';
      },
    ],
    [
      'the step a signature names changed',
      (copy) => {
        copy.signature.step += 1;
      },
    ],
  ];

  it.each(FORGERIES)('a signed save with %s (checksum recomputed) is refused as forged', (_what, edit) => {
    const save = saveGame(boardingParty(), { key: KEY });
    const forged = forge(save, edit);
    // Its checksum matches: only the signature tells.
    expect(() => checkSave(forged)).not.toThrow(/damaged/);
    expect(refusal(forged, { key: KEY }).reason).toBe('forged');
    expect(() => checkSave(forged, { key: KEY })).toThrow(/changed since it was signed/);
  });

  it('a weak or malformed key is the caller’s TypeError, for saving and restoring alike', () => {
    const game = boardingParty(1);
    for (const key of [
      { id: 'k', secret: 'short' },
      { id: '', secret: KEY.secret },
      { id: 'k', secret: 42 },
      'secret',
    ])
      expect(() => saveGame(game, { key: key as never })).toThrow(TypeError);
    expect(() => restoreGame(saveGame(game), { key: { id: 'k', secret: 'short' } })).toThrow(TypeError);
    expect(() => restoreGame(saveGame(game), { key: [] })).toThrow(TypeError);
    expect(() => saveGame(game, { keys: KEY } as never)).toThrow(/saveGame has no option "keys"/);
  });

  it('createSaveKey makes a fresh key of 32 random bytes each time', () => {
    const a = createSaveKey();
    const b = createSaveKey('mine');
    expect(a.secret).not.toBe(b.secret);
    expect(b.id).toBe('mine');
    expect(a.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('HMAC-SHA256 natively in Node and in JavaScript elsewhere give the same MAC (RFC 4231 case 2)', () => {
    const key = new TextEncoder().encode('Jefe');
    const expected = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
    expect(hmacSha256Hex(key, 'what do ya want for nothing?')).toBe(expected);
    expect(portableHmacSha256Hex(key, 'what do ya want for nothing?')).toBe(expected);
  });
});

describe('checkpoints: a save without its log, and the commands after it', () => {
  it('a checkpoint is of the same size at any step, and with the commands after it resumes the very game', () => {
    const sizes: number[] = [];
    for (const at of [2, 6, 10]) {
      const game = boardingParty(at);
      const checkpoint = throughJson(saveGame(game, { log: false, key: KEY }));
      expect(checkpoint.logStart).toBe(at);
      expect(checkpoint.log).toEqual([]);
      sizes.push(JSON.stringify(checkpoint).length);
      const later = BOARDING.log.slice(at);
      const resumed = resumeGame(checkpoint, later, { key: KEY });
      const whole = boardingParty();
      expect(resumed.persistedSnapshot()).toEqual(whole.persistedSnapshot());
      expect(resumed.step()).toBe(whole.step());
      expect(resumed.log()).toEqual(later);
      expect(resumed.logStart).toBe(at);
      // A save of the resumed game is a checkpoint of its own: its log starts where it resumed.
      const again = saveGame(resumed);
      expect(again.logStart).toBe(at);
      expect(restoreGame(again).persistedSnapshot()).toEqual(whole.persistedSnapshot());
    }
    // Nothing in a checkpoint grows with the log (the board and battle do, within a few hundred bytes).
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(1500);
  });

  it('a journal that does not follow its checkpoint is refused (refused-command), nothing left running', () => {
    const checkpoint = saveGame(boardingParty(6), { log: false });
    const error = (() => {
      try {
        resumeGame(checkpoint, BOARDING.log.slice(7));
      } catch (e) {
        return e as SaveError;
      }
    })();
    expect(error).toBeInstanceOf(SaveError);
    expect(error?.reason).toBe('refused-command');
    expect(error?.message).toMatch(/log entry 6/);
  });

  it('a checkpoint cannot be verified by replay (it has no log): refused, with what to do instead', () => {
    const checkpoint = saveGame(boardingParty(6), { log: false });
    expect(refusal(checkpoint, { verify: 'replay' }).message).toMatch(/sign your checkpoints/);
  });

  it('a checkpoint whose logStart was edited is refused (its step and its log disagree)', () => {
    const checkpoint = saveGame(boardingParty(6), { log: false });
    const edited = forge(checkpoint, (copy) => {
      copy.logStart = 2;
    });
    expect(refusal(edited, {}).reason).toBe('not-restorable');
  });
});

describe('randomness and ids for hosts', () => {
  it("seed: 'random' draws a seed from the cryptographic source and records it: the game replays", () => {
    const seeds = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const game = createGame(BOARDING.setup, { seed: 'random' });
      seeds.add(game.origin.seed);
      for (const command of BOARDING.log.slice(0, 8)) sendAny(game, command);
      const replayed = replayGame(game.origin, game.log());
      expect(replayed.persistedSnapshot()).toEqual(game.persistedSnapshot());
    }
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('the default seed is fixed (1): two games of one setup deal alike', () => {
    expect(createGame(BOARDING.setup).origin.seed).toBe(1);
  });

  it('a game’s id is given, or derived from its origin; a save keeps it, and a bad one is a TypeError', () => {
    expect(boardingParty(0, { id: 'table-7' }).id).toBe('table-7');
    expect(boardingParty(0).id).toBe(boardingParty(0).id);
    expect(boardingParty(0).id).not.toBe(createGame(BOARDING.setup, { seed: 2 }).id);
    const game = boardingParty(4, { id: 'table-7' });
    expect(restoreGame(saveGame(game)).id).toBe('table-7');
    for (const id of ['', 'a b', '__proto__', 'x'.repeat(65), 7])
      expect(() => createGame(BOARDING.setup, { id: id as never })).toThrow(TypeError);
  });
});

describe('stccg replay and checkpoints', () => {
  it('a checkpoint is refused by stccg replay (exit 2): it has no log to replay', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { stccg } = await import('./support/stccg.ts');
    const file = join(tempFolder('replay'), 'checkpoint.json');
    writeFileSync(file, JSON.stringify(saveGame(boardingParty(6), { log: false })));
    const { code, stdout, stderr } = await stccg('replay', file);
    expect(code).toBe(2);
    expect(`${stdout}${stderr}`).toMatch(/a checkpoint .* cannot be replayed/);
  });
});
