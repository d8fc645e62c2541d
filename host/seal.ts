import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SaveKey } from '../src/index.ts';
import type { StoredStep } from './store/store.ts';

/**
 * Seals on the steps a host stores: each step's HMAC-SHA256 under the host's key, of the game's id, the
 * step, its command and rule events, and the seal before it (for the first step after a checkpoint, the
 * checkpoint's own signature). A checkpoint is a signed save; the steps after it are sealed in a chain
 * from it: a step changed, added, dropped from the middle or moved from another game is refused as the
 * room is rebuilt, and a room rebuilt from its store plays only what a host of this key wrote. Each seal
 * names its key (`keyId:mac`), so that a host whose key was rotated still reads what the old key sealed.
 */

function macOf(key: SaveKey, gameId: string, step: Omit<StoredStep, 'mac'>, previous: string): string {
  const secret = typeof key.secret === 'string' ? Buffer.from(key.secret, 'utf8') : key.secret;
  return createHmac('sha256', secret)
    .update(JSON.stringify(['stccg-rules/step', gameId, step.step, step.command, step.events, previous]))
    .digest('hex');
}

/** A step with its seal, chained to the seal before it. */
export function sealed(
  key: SaveKey,
  gameId: string,
  step: Omit<StoredStep, 'mac'>,
  previous: string,
): StoredStep {
  return { ...step, mac: `${key.id}:${macOf(key, gameId, step, previous)}` };
}

/**
 * Why a stored step's seal is not the one these keys give it after `previous`, if it is not; undefined
 * where it is.
 */
export function sealProblem(
  keys: readonly SaveKey[],
  gameId: string,
  step: StoredStep,
  previous: string,
): string | undefined {
  const [keyId, mac] = (step.mac ?? '').split(':');
  const key = keys.find((k) => k.id === keyId);
  if (!key || !mac) return `step ${step.step} is not sealed by this host's key`;
  const expected = Buffer.from(macOf(key, gameId, step, previous), 'hex');
  const given = Buffer.from(mac, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? undefined
    : `step ${step.step} has been changed since it was stored`;
}
