import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The files of the play page the host serves (`/play`): the page itself, and the browser builds of the
 * two libraries it uses, as their packages ship them (colyseus.js, the Colyseus 0.16 client; rfc6902,
 * to apply each update's JSON Patch).
 */
const require = createRequire(import.meta.url);
const own = (name: string) => fileURLToPath(new URL(`./page/${name}`, import.meta.url));

const FILES: Readonly<Record<string, { readonly path: () => string; readonly type: string }>> = {
  '/play': { path: () => own('play.html'), type: 'text/html; charset=utf-8' },
  '/play/play.js': { path: () => own('play.js'), type: 'text/javascript; charset=utf-8' },
  '/play/play.css': { path: () => own('play.css'), type: 'text/css; charset=utf-8' },
  '/play/vendor/colyseus.js': {
    // Its exports do not name the browser build: it is found beside the package's package.json.
    path: () =>
      fileURLToPath(new URL('dist/colyseus.js', pathToFileURL(require.resolve('colyseus.js/package.json')))),
    type: 'text/javascript; charset=utf-8',
  },
  '/play/vendor/rfc6902.js': {
    path: () => require.resolve('rfc6902/dist/rfc6902.min.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

/** The file a GET of this path serves, if it is one of the page's. */
export function pageFile(path: string): { path: string; type: string } | undefined {
  const file = Object.hasOwn(FILES, path) ? FILES[path] : undefined;
  return file && { path: file.path(), type: file.type };
}
