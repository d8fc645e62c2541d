import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The rules lab as the host serves it (`/lab/`), so that a game's replay link opens the judge's console
 * from the host alone: the lab's static site as `npm run lab:build` writes it (dist/lab). A host finds it
 * beside its own modules (dist/lab from the sources, or the package's dist/lab), or is given its folder
 * (`HostOptions.lab`); where there is none, `/lab/` is not served (the replay itself still is).
 */

/** The content types of a built site's files. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

/** A built lab is a folder with its page and its `assets/` (the lab's sources have no `assets/`). */
function isBuiltLab(folder: string): boolean {
  return existsSync(join(folder, 'index.html')) && existsSync(join(folder, 'assets'));
}

/** The built lab beside the host's modules: `dist/lab` (run from the sources, or from the package's dist/host). */
export function builtLabFolder(): string | undefined {
  const candidates = ['../dist/lab', '../lab'].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  return candidates.find(isBuiltLab);
}

/** The file of the lab a GET of this path serves (`/lab/…`), if the folder holds it. */
export function labFile(folder: string, path: string): { path: string; type: string } | undefined {
  if (!path.startsWith('/lab/')) return undefined;
  let inner: string;
  try {
    inner = decodeURIComponent(path.slice('/lab'.length)) || '/';
  } catch {
    return undefined;
  }
  const root = normalize(folder);
  const file = normalize(join(root, inner.endsWith('/') ? `${inner}index.html` : inner));
  // Nothing outside the folder, and no listing.
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  if (!existsSync(file) || !statSync(file).isFile()) return undefined;
  return { path: file, type: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' };
}
