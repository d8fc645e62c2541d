import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { hmacSha256Hex } from '../model/hmac.ts';
import { idSchema } from '../model/ids.ts';
import { safeText, typeName } from '../model/plain.ts';

/**
 * The keys that sign saves. A checksum tells damage from a save; only a key its holder keeps tells a
 * forgery: HMAC-SHA256 under the host's secret, over the save's exact content, with the key's id, the
 * game's id and its step inside what is signed. Synchronous, and browser-safe (`@noble/hashes` where
 * Node's own crypto is not at hand).
 */

/** A key that signs saves: an id a save names (so keys can be rotated), and its secret. */
export interface SaveKey {
  /** Letters, digits and `_ . : ' -`, up to 64: named in each save it signs, never secret. */
  readonly id: string;
  /** At least 32 bytes: as bytes, or as text (its UTF-8 bytes; `createSaveKey` makes base64url text). */
  readonly secret: Uint8Array | string;
}

/** The signature a signed save carries. */
export interface SaveSignature {
  readonly algorithm: 'HMAC-SHA256';
  /** The id of the key that signed it. */
  readonly keyId: string;
  /** The game's step the save holds, signed with it. */
  readonly step: number;
  /** HMAC-SHA256 of the signed content, lowercase hex. */
  readonly mac: string;
}

/** The fewest bytes a secret may have: 256 bits, the hash's own size. */
export const MIN_SECRET_BYTES = 32;

/** A key checked, with its secret as bytes. */
export interface CheckedKey {
  readonly id: string;
  readonly secret: Uint8Array;
}

/** A key as given, checked (`TypeError` for anything else: a weak or malformed key never signs). */
export function checkedKey(key: unknown): CheckedKey {
  if (typeof key !== 'object' || key === null)
    throw new TypeError(`a save key is { id, secret }, not ${typeName(key)}`);
  const { id, secret } = key as { id?: unknown; secret?: unknown };
  if (!idSchema.safeParse(id).success)
    throw new TypeError(
      `a save key's id is 1 to 64 letters, digits and _ . : ' -, not ${safeText(JSON.stringify(id) ?? String(id), 80)}`,
    );
  const bytes = typeof secret === 'string' ? utf8ToBytes(secret) : secret;
  if (!(bytes instanceof Uint8Array))
    throw new TypeError(`a save key's secret is text or a Uint8Array, not ${typeName(secret)}`);
  if (bytes.length < MIN_SECRET_BYTES)
    throw new TypeError(
      `a save key's secret has at least ${MIN_SECRET_BYTES} bytes (it has ${bytes.length}): createSaveKey() makes one`,
    );
  return { id: id as string, secret: Uint8Array.from(bytes) };
}

/**
 * Checks a key as saving and restoring check it: `TypeError` for a key that is not `{ id, secret }` with
 * a secret of at least 32 bytes (a host checks its key as it starts, not at its first save).
 */
export function checkSaveKey(key: unknown): asserts key is SaveKey {
  checkedKey(key);
}

/** The keys a restore accepts: one key or several (old ones kept while saves signed by them live on). */
export function checkedKeys(keys: unknown): readonly CheckedKey[] {
  const list = Array.isArray(keys) ? keys.map(checkedKey) : [checkedKey(keys)];
  if (list.length === 0) throw new TypeError('a list of save keys holds at least one key');
  return list;
}

/**
 * A new key with a secret of 32 random bytes from the platform's cryptographic source, as base64url
 * text (so it can be kept in a file or an environment variable as it is).
 */
export function createSaveKey(id = `key-${bytesToHex(randomBytes(4))}`): SaveKey {
  const key = { id, secret: base64url(randomBytes(MIN_SECRET_BYTES)) };
  checkedKey(key);
  return key;
}

/** The MAC of a save's signed content under a key. */
export function macOf(key: CheckedKey, content: string): string {
  return hmacSha256Hex(key.secret, content);
}

/** Whether two MACs (lowercase hex of one length) are equal, in time that does not depend on where they differ. */
export function sameMac(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function randomBytes(count: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(count));
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes as base64url text, without padding (browser-safe: no Buffer). */
function base64url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < chars; j++) text += BASE64URL[(n >> (18 - 6 * j)) & 63];
  }
  return text;
}
