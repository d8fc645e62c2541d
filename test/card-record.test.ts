/**
 * The board's cards record (`src/model/card-record.ts`): a command's board shares every card it did not
 * change with the board before (structural sharing), and the record still reads, lists, serialises and
 * refuses writes as the frozen plain record of the board's public type.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { idleSetup } from '../bench/setups.ts';
import { type Command, createGame, gameMachine } from '../src/index.ts';
import { cardList, draftOf, SHARED_FROM, slotOf } from '../src/model/card-record.ts';
import { deepFreeze } from '../src/model/freeze.ts';

const MOVE: Command = { type: 'move', player: 'alice', cards: ['alice-crew-1'], to: { planet: 'ligos' } };

// A board of up to SHARED_FROM cards keeps a plain record; a larger one, the shared record.
describe.each([
  { size: 40, kind: 'plain' },
  { size: 160, kind: 'shared' },
])('the cards record of $size cards ($kind)', ({ size, kind }) => {
  it('is the kind it should be for its size', () => {
    expect(size > SHARED_FROM).toBe(kind === 'shared');
  });

  it('GAME-MOVE-1: a command replaces only the cards it changes; the board before stays as it was', () => {
    const game = createGame(idleSetup(size));
    const before = game.board();
    const json = JSON.stringify(before);
    expect(game.send(MOVE).ok).toBe(true);
    const after = game.board();
    expect(JSON.stringify(before)).toBe(json);
    expect(after.cards['alice-crew-1']!.at).toEqual({ in: 'planet', location: 'ligos' });
    expect(before.cards['alice-crew-1']!.at).toEqual({ in: 'aboard', host: 'alice-ship' });
    for (const id of Object.keys(before.cards)) {
      if (id !== 'alice-crew-1') expect(after.cards[id], id).toBe(before.cards[id]);
    }
    expect(Object.isFrozen(after.cards['alice-crew-1'])).toBe(true);
    expect(Object.isFrozen(after.cards['alice-crew-1']!.at)).toBe(true);
    expect(Object.isFrozen(after)).toBe(true);
    game.stop();
  });

  it('game.board() is plain data a client may structuredClone or post to a worker, at any size', () => {
    const game = createGame(idleSetup(size));
    game.send(MOVE);
    const board = game.board();
    const copy = structuredClone(board);
    expect(copy).toEqual(JSON.parse(JSON.stringify(board)));
    expect(copy.cards['alice-crew-1']!.at).toEqual({ in: 'planet', location: 'ligos' });
    // Asked twice at the same step, the same board (copied once, not per call).
    expect(game.board()).toBe(board);
    game.stop();
  });

  it("a persisted snapshot is plain data too, from the game or from the raw actor's getPersistedSnapshot()", () => {
    const game = createGame(idleSetup(size));
    game.send(MOVE);
    const raw = game.actor.getPersistedSnapshot() as unknown as { context: { board: unknown } };
    const copy = structuredClone(raw);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(raw));
    expect(JSON.stringify(game.persistedSnapshot())).toBe(JSON.stringify(raw));
    // It restores: XState's own idiom, createActor(machine, { snapshot }), from the structured clone.
    const again = createActor(gameMachine, { snapshot: copy as never }).start();
    expect(again.getSnapshot().context.board.cards['alice-crew-1']!.at).toEqual({
      in: 'planet',
      location: 'ligos',
    });
    again.stop();
    game.stop();
  });

  it('reads, lists and serialises like the plain record it replaced, in the same key order', () => {
    const game = createGame(idleSetup(size));
    const plain = game.board().cards;
    game.send(MOVE);
    game.send({ ...MOVE, to: { aboard: 'alice-ship' } } as Command);
    const record = game.board().cards;
    expect(Object.keys(record)).toEqual(Object.keys(plain));
    expect(JSON.stringify(record)).toBe(JSON.stringify(plain));
    expect(record).toEqual(plain);
    expect({ ...record }).toEqual({ ...plain });
    expect('alice-crew-1' in record).toBe(true);
    expect('nobody' in record).toBe(false);
    expect(Object.hasOwn(record, 'alice-crew-1')).toBe(true);
    expect(record.nobody).toBeUndefined();
    expect(Object.values(record)).toEqual(cardList(record));
    expect(slotOf(record, 'alice-crew-1')).toBe(Object.keys(plain).indexOf('alice-crew-1'));
    // console.log shows the cards (Node looks at a proxy's target, not through it).
    expect(inspect(record, { depth: 0 })).toBe(inspect(plain, { depth: 0 }));
    expect(Object.getOwnPropertySymbols(record)).toEqual([]);
    game.stop();
  });

  it('refuses every write, as a frozen record does', () => {
    const game = createGame(idleSetup(size));
    game.send(MOVE);
    const cards = game.board().cards as Record<string, unknown>;
    expect(() => {
      cards['alice-crew-1'] = null;
    }).toThrow(TypeError);
    expect(() => {
      cards.intruder = {};
    }).toThrow(TypeError);
    expect(() => delete cards['alice-crew-1']).toThrow(TypeError);
    expect(() => Object.defineProperty(cards, 'x', { value: 1 })).toThrow(TypeError);
    expect(() => Object.setPrototypeOf(cards, null)).toThrow(TypeError);
    // deepFreeze leaves it (and what it holds, frozen already) as it is.
    expect(deepFreeze(cards)).toBe(cards);
    expect(Object.keys(cards)).toHaveLength(size);
    game.stop();
  });

  it('a draft sees its own writes at once; a list handed out before a write keeps what it held', () => {
    const base = deepFreeze(
      Object.fromEntries(Array.from({ length: size }, (_, i) => [`c${i}`, { id: `c${i}`, n: i }])),
    ) as unknown as Parameters<typeof draftOf>[0];
    const [a, b] = Object.keys(base) as [string, string];
    const draft = draftOf(base);
    const list = cardList(draft.cards);
    const changed = { ...base[b]!, owner: 'bob' };
    draft.set(changed);
    expect(draft.cards[b]).toBe(changed);
    expect(cardList(draft.cards)[1]).toBe(changed);
    expect(list[1]).toBe(base[b]);
    expect(base[b]).not.toBe(changed);
    expect(draft.cards[a]).toBe(base[a]);
    expect(() => draft.set({ ...base[a]!, id: 'zz' })).toThrow(/no card zz/);
  });
});
