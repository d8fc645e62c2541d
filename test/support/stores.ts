import { constants, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';

/** The folders this test file made, removed when it ends (registered on import: the file's own hook). */
const made: string[] = [];
afterAll(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
});

/**
 * A folder for an embedded store of a test's own, already created: a copy of the one the global setup
 * created (test/support/servers.ts), so that each test does not pay PostgreSQL's initdb again. The copy
 * shares the template's blocks where the file system can (a reflink); hard links cannot do: PGlite
 * writes its files in place. The folder goes when the test file ends (after the file's own afterAll
 * hooks, which close the stores: vitest runs after-hooks last-registered first).
 */
export function embeddedStoreFolder(): string {
  const parent = mkdtempSync(join(tmpdir(), 'stccg-store-'));
  made.push(parent);
  const folder = join(parent, 'store');
  cpSync(inject('embeddedTemplate'), folder, { recursive: true, mode: constants.COPYFILE_FICLONE });
  return folder;
}
