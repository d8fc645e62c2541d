import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page served on this machine only. */
export interface Served {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves one HTML file on 127.0.0.1, on a free port the system picks, for `stccg view --open`: every
 * path answers with the page (it is self-contained). Read anew on each request, so a rewritten page
 * shows on reload.
 */
export async function serveFile(path: string): Promise<Served> {
  const server = createServer((request, response) => {
    readFile(path).then(
      (page) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : page);
      },
      (error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`cannot read ${path}: ${error.message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections of a browser would otherwise hold the server open.
        server.closeAllConnections();
      }),
  };
}
