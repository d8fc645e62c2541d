import { applyPatch, createPatch, type Operation } from 'rfc6902';
import { type Diff, diffAny } from 'rfc6902/diff.js';
import type { SeatPayload } from './seat.ts';

/**
 * Seat payloads sent as changes: an RFC 6902 JSON Patch from a seat's previous payload to its next, so
 * that a host sends a player the whole table once and then only what a step changed (a card moved, a
 * pairing turned over). A view's cards are keyed by id, so a card entering or leaving is one operation.
 */

/** One RFC 6902 operation (`add`, `remove`, `replace`, `move`, `copy`, `test`). */
export type PatchOperation = Operation;

/** The JSON Patch that turns one payload into the next (an empty list when nothing changed). */
export function payloadPatch(from: SeatPayload, to: SeatPayload): PatchOperation[] {
  return createPatch(from, to, shortest);
}

/**
 * The library's diff, node by node, but where one `replace` of a whole object or list is shorter than
 * the changes inside it (a pairing's three fields turned over at once), that one `replace`: the patch a
 * host sends is the shortest of the two at every level.
 */
const shortest: Diff = (input, output, pointer) => {
  // The same object: nothing changed under it (a view's unchanged cards are the very objects they were).
  if (input === output) return [];
  const tokens = pointer.tokens;
  // Every legal command carries the step, so every one changes with each step: the list is replaced
  // whole, rather than aligned element by element (a quadratic match of commands that all differ).
  if (tokens.length === 2 && tokens[1] === 'legal')
    return JSON.stringify(input) === JSON.stringify(output)
      ? []
      : [{ op: 'replace', path: '/legal', value: output }];
  const changes = diffAny(input, output, pointer, shortest);
  if (tokens.length < 2 || changes.length < 2) return changes;
  const whole: Operation[] = [{ op: 'replace', path: pointer.toString(), value: output }];
  return JSON.stringify(whole).length < JSON.stringify(changes).length ? whole : changes;
};

/** A patch that does not apply to the payload it was given (it was made from another one). */
export class PatchError extends Error {
  override readonly name = 'PatchError';
}

/**
 * The payload a patch leads to from `payload` (a new object: `payload` is left as it was). Throws
 * `PatchError` where the patch does not apply (made from another payload than this one: ask the host for
 * the whole payload again).
 */
export function applyPayloadPatch(payload: SeatPayload, patch: readonly PatchOperation[]): SeatPayload {
  if (!Array.isArray(patch)) throw new PatchError('a patch is a list of JSON Patch operations');
  const next = structuredClone(payload) as SeatPayload;
  const failures = applyPatch(next, structuredClone(patch as PatchOperation[]));
  const failed = failures.findIndex((failure) => failure !== null);
  if (failed >= 0) {
    throw new PatchError(
      `operation ${failed} of the patch does not apply to this payload (${failures[failed]!.name}): ask for the whole payload again`,
    );
  }
  return next;
}
