import { readFileSync } from 'node:fs';
import { CardPool, type PoolFile } from './load.ts';

/**
 * The card pool read from disk at once (Node only), for what must have it synchronously: `runPaths`,
 * which makes each scenario's game as it reads the file. Beside `pool.json` in the source as in the
 * build (`dist/src/cards/pool/`). Browsers fetch it with `loadPool()`.
 */

let read: CardPool | undefined;

/** The pool, read once. */
export function readPool(): CardPool {
  read ??= new CardPool(
    JSON.parse(readFileSync(new URL('./pool.json', import.meta.url), 'utf8')) as PoolFile,
  );
  return read;
}
