/**
 * One of Node's own modules (`node:util`, `node:crypto`), reached without an import, so that the module
 * asking for it stays browser-safe (bundlers see no `node:` import); undefined where there is no Node.
 */
export function nodeBuiltin<T>(id: `node:${string}`): T | undefined {
  try {
    const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    return node?.getBuiltinModule?.(id) as T | undefined;
  } catch {
    return undefined;
  }
}
