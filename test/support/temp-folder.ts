import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest's global setup, first of all: one temp folder for the whole run, given to every worker and
 * every program a test starts (`TMPDIR`, which `os.tmpdir()` reads), and removed when the run ends. The
 * tests remove their own folders too; this is the net under them, so that a test that fails halfway,
 * or a browser's profile, leaves nothing behind: `npm test` leaves 0 bytes in the temp folder.
 * `STCCG_KEEP_TEMP=1` keeps the folder and prints where it is, to find a test that does not clean up.
 */
export default function tempFolder(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'stccg-test-run-'));
  // Others may pass through, not list it: PostgreSQL, run as its own user where the tests run as root,
  // reaches its data folder (its own, inside) through this one.
  chmodSync(folder, 0o711);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    if (process.env.STCCG_KEEP_TEMP === '1')
      process.stdout.write(`\nThe run's temp folder, kept: ${folder}\n`);
    else rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  };
}
