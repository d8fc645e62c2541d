import { typeName } from '../model/plain.ts';

/**
 * The client's options: none (undefined or null), or an object of the options the call takes (`known`);
 * anything else is the caller's error, a TypeError (or the call's own error, `Failure`): a misspelt
 * option is never quietly ignored, and an `inspect` that is not XState's observer nor a function is
 * refused before any actor would call it.
 */
export function checkedOptions<T extends object>(
  options: T | null | undefined,
  call: string,
  known: readonly string[],
  Failure: new (message: string) => Error = TypeError,
): T {
  if (options === undefined || options === null) return {} as T;
  if (typeof options !== 'object' || Array.isArray(options))
    throw new Failure(`the options are an object, not ${typeName(options)}`);
  const unknown = Object.keys(options).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    throw new Failure(
      `${call} has no option ${JSON.stringify(unknown.slice(0, 40))}: it takes ${known.join(', ')}`,
    );
  }
  const inspect = (options as { inspect?: unknown }).inspect;
  if (
    inspect !== undefined &&
    typeof inspect !== 'function' &&
    (typeof inspect !== 'object' || inspect === null)
  )
    throw new Failure(
      `inspect is a function or an observer { next, error, complete }, not ${typeName(inspect)}`,
    );
  return options;
}
