import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StoreError } from './store.ts';

/**
 * A lock file that keeps a second process out of an embedded store: PGlite is one PostgreSQL in one
 * process, and two of them writing one folder would corrupt it. The file names its holder: its pid, the
 * time the process started (so that a pid used again by another process, or by this host restarted as
 * the same pid in a container, is not taken for the holder), and a nonce of its own. One left by a
 * process that is gone (SIGKILL) is taken over, so a host killed mid-battle starts again at once.
 *
 * The file is written whole, then linked into place (a link fails where the lock exists: no process
 * ever sees a lock half written); a stale lock is taken over by one process at a time (under a second,
 * short-lived lock), and only if it is still the very lock found stale.
 */

/** The locks this process holds, by path: a second open in the same process is refused too. */
const held = new Set<string>();

interface Holder {
  readonly pid: number;
  /** The process's start, as /proc tells it (undefined where there is no /proc). */
  readonly started?: string;
  readonly nonce: string;
}

/** A takeover lock older than this is of a process that died taking over: removed. */
const TAKEOVER_STALE_MS = 10_000;

export class StoreLock {
  private constructor(
    private readonly path: string,
    private readonly nonce: string,
  ) {}

  /** Takes the lock, or throws `StoreError` `locked` naming the live process that holds it. */
  static take(given: string): StoreLock {
    const path = resolve(given);
    if (held.has(path)) throw locked(path, process.pid);
    const me: Holder = {
      pid: process.pid,
      started: startOf(process.pid),
      nonce: randomBytes(12).toString('hex'),
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      if (place(path, me)) {
        held.add(path);
        return new StoreLock(path, me.nonce);
      }
      const holder = holderOf(path);
      if (holder && isAlive(holder, path)) throw locked(path, holder.pid);
      takeOver(path, holder);
    }
    throw new StoreError(`the store's lock could not be taken (${path})`, 'locked');
  }

  /** Gives the lock up (only if it is still this one). */
  release(): void {
    if (holderOf(this.path)?.nonce === this.nonce) rmSync(this.path, { force: true });
    held.delete(this.path);
  }
}

function locked(path: string, pid: number): StoreError {
  return new StoreError(
    `the store is open in another process (pid ${pid}): one host per embedded store (${path})`,
    'locked',
  );
}

/** Writes the holder to a file of its own, and links it into place: false where a lock is there. */
function place(path: string, holder: Holder): boolean {
  const own = `${path}.${holder.nonce}`;
  writeFileSync(own, JSON.stringify(holder), { mode: 0o600 });
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(own, { force: true });
  }
}

/**
 * Removes a stale lock, under a takeover lock so that two processes never both remove one and place
 * their own: the lock is removed only if it is still the one found stale (its nonce).
 */
function takeOver(path: string, stale: Holder | undefined): void {
  const guard = `${path}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking over; one that died doing so leaves a guard that goes stale.
    if (Date.now() - statSync(guard, { throwIfNoEntry: false })!.mtimeMs > TAKEOVER_STALE_MS)
      rmSync(guard, { force: true });
    return;
  }
  try {
    if (holderOf(path)?.nonce === stale?.nonce) rmSync(path, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

function holderOf(path: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' &&
      Number.isSafeInteger(holder.pid) &&
      holder.pid > 0 &&
      typeof holder.nonce === 'string'
      ? (holder as Holder)
      : undefined;
  } catch {
    return undefined;
  }
}

/** When a process started (clock ticks since boot, field 22 of /proc/PID/stat); undefined without /proc. */
function startOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(holder: Holder, path: string): boolean {
  // This process's pid, but not a lock it holds: left by an earlier process of the same pid.
  if (holder.pid === process.pid) return held.has(path);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A pid used again by a process started since is not the holder.
  const started = startOf(holder.pid);
  return holder.started === undefined || started === undefined || started === holder.started;
}
