import { type Sql, SqlGameStore } from './sql-store.ts';
import { StoreError } from './store.ts';

/**
 * The production store: a PostgreSQL server (through `pg`), shared by as many host processes as run.
 * `url` is a connection string (`postgres://user@host:5432/db`); its password is never shown.
 */
export async function openPostgresStore(url: string): Promise<SqlGameStore> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 8, connectionTimeoutMillis: 5_000 });
  // A connection lost while idle (the server restarted) is the pool's to replace: unheard, `pg` would
  // throw it out of everyone's reach and end the process.
  pool.on('error', () => {});
  const sql: Sql = {
    async query<Row>(text: string, params: readonly unknown[] = [], name?: string) {
      const config = name ? { name, text, values: [...params] } : { text, values: [...params] };
      return (await pool.query(config)).rows as Row[];
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          async query<Row>(text: string, params: readonly unknown[] = [], name?: string) {
            const config = name ? { name, text, values: [...params] } : { text, values: [...params] };
            return (await client.query(config)).rows as Row[];
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  const store = new SqlGameStore(sql, withoutPassword(url));
  try {
    await store.migrate();
  } catch (error) {
    await pool.end().catch(() => {});
    throw error instanceof StoreError
      ? error
      : new StoreError(`PostgreSQL at ${withoutPassword(url)} could not be opened`, 'unavailable', {
          cause: error,
        });
  }
  return store;
}

/** A connection string as it may be shown: its password replaced. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a PostgreSQL connection string)';
  }
}
