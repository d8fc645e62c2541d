import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Seat tokens: a secret per seat, given once to the game's creator, which proves a client sits there.
 * Only its SHA-256 is stored, and a token is compared by its hash in constant time, so neither a store's
 * reader nor a timing measurement learns one.
 */

/** A new seat token: 32 random bytes, base64url (43 characters). */
export function newSeatToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps of a token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a token is the one whose hash is stored (in time that does not depend on either). */
export function tokenMatches(token: unknown, storedHash: string | undefined): boolean {
  if (typeof token !== 'string' || storedHash === undefined) return false;
  const given = Buffer.from(tokenHash(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A new game id: 12 random bytes, base64url (16 characters), an id the engine takes. */
export function newGameId(): string {
  // base64url may start with '-' or '_', which an id may not: a letter first.
  return `g${randomBytes(12).toString('base64url')}`;
}
