/** Stand-in for `node:path` (see README.md): the few pure helpers engine files use, for `/` paths. */
export function extname(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot) : '';
}
export function join(...parts: string[]): string {
  return parts
    .filter((part) => part !== '')
    .join('/')
    .replace(/\/+/g, '/');
}
export function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash > 0 ? path.slice(0, slash) : slash === 0 ? '/' : '.';
}
