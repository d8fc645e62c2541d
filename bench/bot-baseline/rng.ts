/**
 * The bot's own chances: seeds derived from its seed (one for each decision, one for each playout), and
 * a small generator for the choices a playout makes. Deterministic and browser-safe: the same seed gives
 * the same choice on any machine.
 */

/**
 * A seed derived from a seed and an index (MurmurHash3's finaliser over the two): neighbouring indices
 * give unrelated seeds. A whole number from 0 to 2^32 - 1, as `game.fork({ seed })` takes.
 */
export function derivedSeed(seed: number, index: number): number {
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A generator of whole numbers below a bound (mulberry32): for a playout's own choices, not the game's. */
export function generator(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}
