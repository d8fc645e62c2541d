import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/**
 * The game's random generator, as plain state that lives in the snapshot (so a saved game goes on
 * drawing the same numbers). All randomness in the rules (shuffles, random selections) comes from here.
 */
export type RandomState = readonly number[];

export function seedRandom(seed: number): RandomState {
  return xoroshiro128plus(seed).getState();
}

/** A whole number from `min` to `max` (both included), and the generator's next state. */
export function drawInt(state: RandomState, min: number, max: number): [number, RandomState] {
  const rng = xoroshiro128plusFromState(state);
  const value = uniformInt(rng, min, max);
  return [value, rng.getState()];
}
