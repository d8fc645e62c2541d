import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/**
 * The game's random generator, as plain state that lives in the snapshot (so a saved game goes on
 * drawing the same numbers). All randomness in the rules (shuffles, random selections) comes from here.
 */
export type RandomState = readonly number[];

const MASK64 = (1n << 64n) - 1n;

/**
 * One step of SplitMix64 (Steele, Lea and Flood), the seeding the xoroshiro generators' authors
 * recommend: its output, and the next state. Neighbouring inputs give unrelated outputs.
 */
function splitMix64(state: bigint): [output: bigint, next: bigint] {
  const next = (state + 0x9e3779b97f4a7c15n) & MASK64;
  let z = next;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return [z ^ (z >> 31n), next];
}

/** The high and low 32 bits of a 64-bit word, as the signed integers pure-rand keeps its state in. */
const high = (word: bigint) => Number(BigInt.asIntN(32, word >> 32n));
const low = (word: bigint) => Number(BigInt.asIntN(32, word));

/**
 * The generator's state for a seed: xoroshiro128+'s 128 bits of state drawn from SplitMix64 seeded
 * with the seed. (pure-rand's own `xoroshiro128plus(seed)` puts the seed into the state almost as it
 * is, so the first draws of small or consecutive seeds agree: battles from seeds 1, 2, 3... were not
 * independent.) SplitMix64 never yields two zero words in a row, so the state is never all zero.
 */
export function seedRandom(seed: number): RandomState {
  const [s0, next] = splitMix64(BigInt(seed));
  const [s1] = splitMix64(next);
  // pure-rand's state order: [s01, s00, s11, s10], the high word of each half first.
  return [high(s0), low(s0), high(s1), low(s1)];
}

/** A whole number from `min` to `max` (both included), and the generator's next state. */
export function drawInt(state: RandomState, min: number, max: number): [number, RandomState] {
  const rng = xoroshiro128plusFromState(state);
  const value = uniformInt(rng, min, max);
  return [value, rng.getState()];
}

/** A pile in a new order (Fisher-Yates, from the generator), and the generator's next state. */
export function shuffledWith(
  pile: readonly string[],
  from: RandomState,
): { pile: string[]; random: RandomState } {
  const cards = [...pile];
  let random = from;
  for (let i = cards.length - 1; i > 0; i--) {
    const [j, next] = drawInt(random, 0, i);
    random = next;
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return { pile: cards, random };
}
