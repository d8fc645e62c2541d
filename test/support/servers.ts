import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEmbeddedStore } from '../../host/store/embedded-store.ts';
import { startPostgres, startRedis } from '../../scripts/local-servers.ts';

export { freePort } from '../../scripts/local-servers.ts';

/**
 * Vitest's global setup for the host's tests on real servers: a PostgreSQL and a Redis of their own, on
 * loopback, started from Debian's packages (`postgresql`, `redis-server`, which `.ci/run` installs) and
 * stopped when the run ends; or the servers named by STCCG_POSTGRES_URL and STCCG_REDIS_URL (see
 * scripts/local-servers.ts). Where neither is to be had, their tests say so in one line and skip; where
 * STCCG_REQUIRE_SERVERS=1 (CI), that fails the run instead: CI never skips them.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL connection string for the tests' own use, or '' where there is none. */
    postgresUrl: string;
    /** A Redis URL for the tests' own use, or '' where there is none. */
    redisUrl: string;
    /**
     * A folder holding an embedded store just created (PostgreSQL's initdb, in WebAssembly, takes seconds):
     * tests copy it (`embeddedStoreFolder`) rather than create a store of their own each.
     */
    embeddedTemplate: string;
  }
}

const REQUIRED = process.env.STCCG_REQUIRE_SERVERS === '1';

export default async function servers(project: TestProject): Promise<() => Promise<void>> {
  const postgres = await startPostgres();
  let redis: Awaited<ReturnType<typeof startRedis>>;
  try {
    redis = await startRedis();
  } catch (error) {
    await postgres?.stop();
    throw error;
  }
  const missing = [
    !postgres && 'PostgreSQL (Debian: apt-get install postgresql, or set STCCG_POSTGRES_URL)',
    !redis && 'Redis (Debian: apt-get install redis-server, or set STCCG_REDIS_URL)',
  ].filter(Boolean);
  if (missing.length > 0) {
    const notice = `Tests on real servers skipped: no ${missing.join(' and no ')}.`;
    if (REQUIRED) throw new Error(`STCCG_REQUIRE_SERVERS=1, but ${notice}`);
    process.stdout.write(`\n${notice}\n\n`);
  }
  project.provide('postgresUrl', postgres?.url ?? '');
  project.provide('redisUrl', redis?.url ?? '');
  const template = mkdtempSync(join(tmpdir(), 'stccg-template-'));
  await (await openEmbeddedStore(template)).close();
  project.provide('embeddedTemplate', template);
  return async () => {
    redis?.stop();
    await postgres?.stop();
    rmSync(template, { recursive: true, force: true });
  };
}
