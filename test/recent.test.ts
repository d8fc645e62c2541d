import { describe, expect, it } from 'vitest';
import { Recent } from '../src/model/recent.ts';

/**
 * The caches of what is read from each snapshot (tables, battle views) hold the last few keys and no
 * more: a WeakMap's entries survived V8's minor collections and took whole games to the old generation.
 */
describe('Recent: what was worked out from the last few objects', () => {
  it('answers for the last `size` keys, by identity, and forgets the older ones', () => {
    const recent = new Recent<object, number>(3);
    const keys = [{}, {}, {}, {}];
    for (const [i, key] of keys.entries()) recent.set(key, i);
    expect(recent.get(keys[0]!)).toBeUndefined();
    expect([1, 2, 3].map((i) => recent.get(keys[i]!))).toEqual([1, 2, 3]);
    // An equal object is another key.
    expect(recent.get({})).toBeUndefined();
  });

  it('a key set again is updated in place, and pushes none of the others out', () => {
    const recent = new Recent<object, string>(2);
    const [a, b] = [{}, {}];
    recent.set(a, 'a');
    recent.set(b, 'b');
    recent.set(a, 'a again');
    expect(recent.get(a)).toBe('a again');
    expect(recent.get(b)).toBe('b');
  });
});
