import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SetupError } from '../src/index.ts';
import type { CreatedGame, GameRequest } from './create-game.ts';
import { HostError } from './errors.ts';
import { pageFile } from './page-files.ts';
import { StoreError } from './store/store.ts';
import { tokenMatches } from './tokens.ts';

/** The largest body `POST /games` reads. */
const MAX_BODY_BYTES = 256 * 1024;

/** The host's own HTTP routes, beside Colyseus's matchmaking (which it answers itself). */
export async function answerHttp(
  req: IncomingMessage,
  res: ServerResponse,
  create: (request: GameRequest) => Promise<CreatedGame>,
  createTokenHash: string | undefined,
): Promise<void> {
  try {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    if (path === '/games' && req.method === 'POST') {
      if (createTokenHash !== undefined && !tokenMatches(req.headers.authorization, createTokenHash))
        return json(res, 401, { error: 'unauthorized', message: 'creating a game takes the host’s token' });
      const body = await readBody(req);
      let request: GameRequest;
      try {
        request = JSON.parse(body) as GameRequest;
      } catch {
        return json(res, 400, { error: 'malformed', message: 'the body is not JSON' });
      }
      try {
        return json(res, 201, await create(request));
      } catch (error) {
        if (error instanceof SetupError || error instanceof TypeError)
          return json(res, 400, { error: 'bad-setup', message: error.message });
        if (error instanceof StoreError)
          return json(res, error.reason === 'taken' ? 409 : 503, {
            error: error.reason,
            message: error.message,
          });
        throw error;
      }
    }
    if (path === '/health' && req.method === 'GET') return json(res, 200, { ok: true });
    const file = req.method === 'GET' ? pageFile(path) : undefined;
    if (file) {
      res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-cache' });
      res.end(readFileSync(file.path));
      return;
    }
    json(res, 404, { error: 'not-found', message: `no such route: ${req.method} ${path}` });
  } catch (error) {
    if (error instanceof HostError) return json(res, 413, { error: 'too-large', message: error.message });
    json(res, 500, { error: 'internal', message: 'the host could not answer' });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HostError(`a body holds at most ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
