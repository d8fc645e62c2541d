/** Stand-in for `node:crypto` (see README.md): the lab never saves; issue 10 brings a browser-safe hash. */
export function createHash(): never {
  throw new Error('saves are not available in the browser until the engine hashes without node:crypto');
}
