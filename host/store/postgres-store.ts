import type { PoolClient } from 'pg';
import { type Sql, SqlGameStore } from './sql-store.ts';
import { StoreError } from './store.ts';

/** How a PostgreSQL store is opened. */
export interface PostgresStoreOptions {
  /**
   * The lease of the hosts on this store, in milliseconds (default 2000, `startHost`'s `leaseMs`): every
   * timeout below is a fraction of it (`postgresTimeouts`).
   */
  readonly leaseMs?: number;
}

/**
 * How long the store waits for PostgreSQL, and how long PostgreSQL waits for the store, from a host's
 * lease. A host that cannot hear from the store within its lease has lost its games anyway; what matters
 * is that nothing waits longer than that, on either side of a partition:
 *
 * - `callMs`: a store call (a statement, or a whole transaction, with its wait for a connection) is given
 *   up after this, its connection closed (whatever was under way is then the server's to roll back). A
 *   little over `statementMs`, so that a server still reachable says why first.
 * - `statementMs` (`statement_timeout`): no statement of a host's runs near a lease's length.
 * - `lockMs` (`lock_timeout`): a wait for a row lock (a takeover waiting for the game's lease row, a
 *   commit waiting for a takeover) beyond half a lease is given up, and the caller tries again.
 * - `idleInTransactionMs` (`idle_in_transaction_session_timeout`): a transaction whose host went silent
 *   in its middle (cut off, or stalled) is ended by the server after half a lease, its locks with it: the
 *   lease row a cut host's checkpoint held is free before the host's lease has even lapsed, so another
 *   host's takeover never waits on it.
 */
export function postgresTimeouts(leaseMs = 2_000) {
  const statementMs = Math.max(1_000, leaseMs);
  return {
    callMs: Math.round(statementMs * 1.25),
    statementMs,
    lockMs: Math.max(500, Math.round(leaseMs / 2)),
    idleInTransactionMs: Math.max(500, Math.round(leaseMs / 2)),
  };
}

/**
 * The server's TCP keepalives on each connection (idle seconds, then probes a few seconds apart): a host
 * gone silent (a partition, a machine lost) has its connections, and their backends, ended within some
 * 15 s, not the two hours of the system's defaults. Its locks are freed sooner, by the timeouts above.
 */
const SERVER_KEEPALIVES = '-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=3 -c tcp_keepalives_count=3';

/**
 * The production store: a PostgreSQL server (through `pg`), shared by as many host processes as run.
 * `url` is a connection string (`postgres://user@host:5432/db`); its password is never shown. Every call
 * is bounded in time (`postgresTimeouts`): a store cut off answers `unavailable` within a lease and a
 * quarter, never hangs.
 */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<SqlGameStore> {
  const { default: pg } = await import('pg');
  const timeouts = postgresTimeouts(options.leaseMs);
  const pool = new pg.Pool({
    connectionString: url,
    max: 8,
    // The wait for a connection, new or pooled, is part of a call: bounded as the call is.
    connectionTimeoutMillis: timeouts.callMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    options: SERVER_KEEPALIVES,
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
  });
  // A connection lost while idle (the server restarted) is the pool's to replace: unheard, `pg` would
  // throw it out of everyone's reach and end the process.
  pool.on('error', () => {});

  /**
   * Runs `work` on a connection of its own, for at most `callMs` from the call (its wait for the
   * connection included): past it, the connection is closed under the work, which fails at once. A
   * connection that failed or timed out is never given back to the pool.
   */
  async function onConnection<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const started = performance.now();
    const client = await pool.connect();
    // A connection closed while checked out says so on the client: heard here, not left to end the process.
    const unheard = () => {};
    client.on('error', unheard);
    let failed: unknown;
    const timer = setTimeout(
      () => {
        failed = new StoreError(
          `PostgreSQL did not answer within ${timeouts.callMs} ms: the call is given up`,
          'unavailable',
        );
        closeUnder(client);
      },
      Math.max(0, timeouts.callMs - (performance.now() - started)),
    );
    try {
      const result = await work(client);
      if (failed) throw failed;
      return result;
    } catch (error) {
      failed ??= error;
      throw failed;
    } finally {
      clearTimeout(timer);
      client.removeListener('error', unheard);
      client.release(failed === undefined ? undefined : (failed as Error));
    }
  }

  const run = async <Row>(client: PoolClient, text: string, params: readonly unknown[], name?: string) => {
    const config = name ? { name, text, values: [...params] } : { text, values: [...params] };
    return (await client.query(config)).rows as Row[];
  };
  const sql: Sql = {
    query: <Row>(text: string, params: readonly unknown[] = [], name?: string) =>
      onConnection((client) => run<Row>(client, text, params, name)),
    transaction: (work) =>
      onConnection(async (client) => {
        await client.query('begin');
        try {
          const result = await work({
            query: <Row>(text: string, params: readonly unknown[] = [], name?: string) =>
              run<Row>(client, text, params, name),
          });
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        }
      }),
    // A server cut off would keep `end` waiting for its goodbyes: the pool is given a call's time.
    close: () =>
      Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, timeouts.callMs))]),
  };
  const store = new SqlGameStore(sql, withoutPassword(url));
  try {
    await store.migrate();
  } catch (error) {
    await sql.close().catch(() => {});
    throw error instanceof StoreError
      ? error
      : new StoreError(`PostgreSQL at ${withoutPassword(url)} could not be opened`, 'unavailable', {
          cause: error,
        });
  }
  return store;
}

/**
 * Closes a connection's socket under whatever it runs: its queries fail at once ("Connection
 * terminated"), and the server, seeing it gone or silent, rolls back what it had begun.
 */
function closeUnder(client: PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  stream?.destroy();
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
