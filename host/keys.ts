import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkSaveKey, createSaveKey, type SaveKey } from '../src/index.ts';
import type { GameStore } from './store/store.ts';

/**
 * The key a host signs its checkpoints with, where none is given: the store's own, made by the first host
 * to start on it and kept beside an embedded store (a file in its folder) or in a PostgreSQL (a table,
 * so that every host process on it signs alike), so that a restarted host reads what it wrote.
 */
export function hostKeyFor(store: GameStore): Promise<SaveKey> {
  return store.keptKey(
    () => createSaveKey(`host-${new Date().toISOString().slice(0, 10)}`) as { id: string; secret: string },
  );
}

/**
 * A key from a secret file (`stccg host --secret-file F`): JSON `{ "id": ..., "secret": ... }`, or the
 * secret alone as text (its id then made from its hash, so it is the same on every start). Throws
 * `TypeError` for a secret shorter than 32 bytes.
 */
export function keyFromFile(path: string): SaveKey {
  const text = readFileSync(path, 'utf8');
  try {
    const parsed = JSON.parse(text) as { id?: unknown; secret?: unknown };
    if (typeof parsed === 'object' && parsed !== null && typeof parsed.secret === 'string') {
      const key = {
        id: typeof parsed.id === 'string' ? parsed.id : idOf(parsed.secret),
        secret: parsed.secret,
      };
      checkSaveKey(key);
      return key;
    }
  } catch (error) {
    if (error instanceof TypeError) throw error;
    // Not JSON: the secret itself.
  }
  const secret = text.trim();
  const key = { id: idOf(secret), secret };
  checkSaveKey(key);
  return key;
}

function idOf(secret: string): string {
  return `file-${createHash('sha256').update(secret).digest('hex').slice(0, 12)}`;
}
