import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StoreLock } from './lock.ts';
import { type Sql, SqlGameStore } from './sql-store.ts';
import { StoreError } from './store.ts';

/**
 * PostgreSQL's own memory settings are for a server of its own; embedded, a host needs far less (measured
 * in `bench/host.ts`: some 150 MB for the store, where the defaults take 280).
 */
const EMBEDDED_SETTINGS = [
  'shared_buffers = 8MB',
  'wal_buffers = 1MB',
  'work_mem = 1MB',
  'maintenance_work_mem = 8MB',
];

/**
 * The default store: PostgreSQL embedded in the host's own process (PGlite, WebAssembly), in a folder:
 * no server to install. A commit is written to the folder before it returns, so a host killed with
 * SIGKILL loses nothing it acknowledged. One process at a time (a lock file: `StoreError` `locked`).
 */
export async function openEmbeddedStore(folder: string): Promise<SqlGameStore> {
  const where = resolve(folder);
  mkdirSync(where, { recursive: true });
  const lock = StoreLock.take(join(where, 'host.lock'));
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(join(where, 'pgdata'), { postgresqlconf: EMBEDDED_SETTINGS });
    await db.waitReady;
    const sql: Sql = {
      // PGlite runs no autovacuum: the store vacuums what retention deletes.
      autovacuum: false,
      async query<Row>(text: string, params: readonly unknown[] = []) {
        return (await db.query<Row>(text, [...params])).rows;
      },
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            async query<Row>(text: string, params: readonly unknown[] = []) {
              return (await tx.query<Row>(text, [...params])).rows;
            },
          }),
        ),
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
    const store = new SqlGameStore(sql, where, join(where, 'host-key.json'));
    await store.migrate();
    // This process holds the store's lock: any lease in it is of a process gone (a host killed and
    // started again takes its games back at once, without waiting for their leases to lapse).
    await sql.query('delete from stccg_leases');
    await sql.query('delete from stccg_hosts');
    return store;
  } catch (error) {
    lock.release();
    if (error instanceof StoreError) throw error;
    throw new StoreError(
      `the embedded store in ${where} could not be opened: ${(error as Error).message}`,
      'unavailable',
      {
        cause: error,
      },
    );
  }
}
