import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A folder for an embedded store of a test's own, already created: a copy of the one the global setup
 * created (test/support/servers.ts), so that each test does not pay PostgreSQL's initdb again.
 */
export function embeddedStoreFolder(): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'stccg-store-')), 'store');
  cpSync(inject('embeddedTemplate'), folder, { recursive: true });
  return folder;
}
