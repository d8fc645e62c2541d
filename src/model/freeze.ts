/**
 * Deep-freezes plain data. The board is shared: the game actor's context, every view and every
 * snapshot a client reads point into it, so a client's stray write must fail at once rather than
 * corrupt the game. Freezing what changes costs little: a command creates a handful of new objects.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
