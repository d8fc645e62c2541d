import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { StoreError } from './store.ts';

/**
 * A lock file that keeps a second process out of an embedded store: PGlite is one PostgreSQL in one
 * process, and two of them writing one folder would corrupt it. The file names its holder's pid; one
 * left by a process that died (SIGKILL) is taken over, so a host killed mid-battle starts again at once.
 */
export class StoreLock {
  private constructor(private readonly path: string) {}

  /** Takes the lock, or throws `StoreError` `locked` naming the live process that holds it. */
  static take(path: string): StoreLock {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx', 0o600);
        writeSync(fd, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
        closeSync(fd);
        return new StoreLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = holderOf(path);
      if (holder !== undefined && isAlive(holder)) {
        throw new StoreError(
          `the store is open in another process (pid ${holder}): one host per embedded store (${path})`,
          'locked',
        );
      }
      // Left by a process that is gone: taken over.
      rmSync(path, { force: true });
    }
    throw new StoreError(`the store's lock could not be taken (${path})`, 'locked');
  }

  /** Gives the lock up (only if it is still this process's). */
  release(): void {
    if (holderOf(this.path) === process.pid) rmSync(this.path, { force: true });
  }
}

function holderOf(path: string): number | undefined {
  try {
    const pid = (JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown }).pid;
    return typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
