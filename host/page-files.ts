import { fileURLToPath } from 'node:url';

/**
 * The files of the play page the host serves (`/play`): the page itself, and the client's kit
 * (stccg-rules/client, with colyseus.js) as one browser file, built by scripts/client-bundle.mjs: into
 * dist by `npm run build`, beside the page's sources by the tests and `npm run stccg`.
 */
const own = (name: string) => fileURLToPath(new URL(`./page/${name}`, import.meta.url));

const FILES: Readonly<Record<string, { readonly path: () => string; readonly type: string }>> = {
  '/play': { path: () => own('play.html'), type: 'text/html; charset=utf-8' },
  '/play/play.js': { path: () => own('play.js'), type: 'text/javascript; charset=utf-8' },
  '/play/play.css': { path: () => own('play.css'), type: 'text/css; charset=utf-8' },
  '/play/client.js': { path: () => own('client.js'), type: 'text/javascript; charset=utf-8' },
};

/** The file a GET of this path serves, if it is one of the page's. */
export function pageFile(path: string): { path: string; type: string } | undefined {
  const file = Object.hasOwn(FILES, path) ? FILES[path] : undefined;
  return file && { path: file.path(), type: file.type };
}
