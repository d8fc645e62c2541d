import { openEmbeddedStore } from './embedded-store.ts';
import { openPostgresStore } from './postgres-store.ts';
import type { GameStore } from './store.ts';

/**
 * The store a host is given: a `postgres://` (or `postgresql://`) connection string opens PostgreSQL;
 * anything else is a folder for the embedded store.
 */
export function openStore(where: string): Promise<GameStore> {
  return /^postgres(ql)?:\/\//.test(where) ? openPostgresStore(where) : openEmbeddedStore(where);
}
