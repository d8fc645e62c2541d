import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** The folders this test file made, removed when it ends (registered on import: the file's own hook). */
const made: string[] = [];
afterAll(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
});

/** A new temp folder of the test file's own (`stccg-PREFIX-...`), removed when the file's tests end. */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `stccg-${prefix}-`));
  made.push(folder);
  return folder;
}
