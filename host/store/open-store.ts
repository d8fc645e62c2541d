import { openEmbeddedStore } from './embedded-store.ts';
import { openPostgresStore, type PostgresStoreOptions } from './postgres-store.ts';
import type { GameStore } from './store.ts';

/**
 * The store a host is given: a `postgres://` (or `postgresql://`) connection string opens PostgreSQL;
 * anything else is a folder for the embedded store. `options` are PostgreSQL's (its timeouts follow the
 * hosts' lease).
 */
export function openStore(where: string, options: PostgresStoreOptions = {}): Promise<GameStore> {
  return /^postgres(ql)?:\/\//.test(where) ? openPostgresStore(where, options) : openEmbeddedStore(where);
}
