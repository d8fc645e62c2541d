/**
 * Deep-freezes plain data. The board is shared: the game actor's context, every view and every
 * snapshot a client reads point into it, so a client's stray write must fail at once rather than
 * corrupt the game. Freezing costs what changes: it stops at objects already frozen (everything an
 * earlier command made) and at read-only records that refuse writes by themselves (`markImmutable`),
 * so a command pays only for the few objects it made.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') freezeObject(value);
  return value;
}

/** Freezes an object and what it holds, looking only into objects (a battle's lists hold card ids). */
function freezeObject(value: object): void {
  if (Object.isFrozen(value) || immutable.has(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) {
    const held = (value as Record<string, unknown>)[key];
    if (held !== null && typeof held === 'object') freezeObject(held);
  }
}

const immutable = new WeakSet<object>();

/**
 * Marks an object that refuses every write by itself (a read-only proxy, which cannot be frozen
 * without copying all it holds): `deepFreeze` leaves it, and what it holds, as they are.
 */
export function markImmutable(value: object): void {
  immutable.add(value);
}
