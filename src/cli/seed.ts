import { InvalidArgumentError } from 'commander';

/**
 * A seed given on the command line: a whole number the engine accepts, or a clear refusal. In a module
 * of its own, with nothing of the engine, so that the program's help loads no more than commander.
 */
export function parseSeed(value: string): number {
  const seed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(seed) || seed > 0xffff_ffff) {
    throw new InvalidArgumentError('a seed is a whole number from 0 to 4294967295');
  }
  return seed;
}
