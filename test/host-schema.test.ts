/**
 * Hosts started together on a new PostgreSQL database: each opens its store, and so creates the schema,
 * at the same moment. One creates it while the others wait (an advisory lock in `migrate`); without it,
 * two `create table if not exists` at once collide on PostgreSQL's catalog and a host fails to start.
 */

import { describe, expect, inject, it } from 'vitest';
import { openPostgresStore } from '../host/store/postgres-store.ts';
import { freshDatabase } from './support/host-processes.ts';

const POSTGRES = inject('postgresUrl');

describe.runIf(POSTGRES !== '')('the store’s schema, made by hosts starting together', () => {
  it('six stores opened at once on a new database: every one opens, and they share one schema', async () => {
    for (let round = 0; round < 3; round++) {
      const url = await freshDatabase(POSTGRES);
      const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openPostgresStore(url)));
      const failures = opened.filter((result) => result.status === 'rejected');
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      expect(failures.map((failure) => String((failure as PromiseRejectedResult).reason))).toEqual([]);
    }
  }, 60_000);
});
