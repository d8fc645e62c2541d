import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SetupError } from '../src/index.ts';
import type { CreatedGame, GameRequest, RotatedSeat } from './create-game.ts';
import { HostError } from './errors.ts';
import type { Health } from './health.ts';
import { labFile } from './lab-files.ts';
import { pageFile } from './page-files.ts';
import type { Replay, ReplayRefusal, ReplayRequest } from './replay.ts';
import { StoreError } from './store/store.ts';
import { tokenMatches } from './tokens.ts';

/** The largest body `POST /games` reads. */
const MAX_BODY_BYTES = 256 * 1024;

/** `POST /games/:id/seats/:seat/token`: a seat's token replaced. */
const SEAT_TOKEN = /^\/games\/([^/]+)\/seats\/([^/]+)\/token$/;

/** What the host's routes do: the host's own work, given to them. */
export interface Door {
  create(request: GameRequest): Promise<CreatedGame>;
  /** A seat's new token; undefined for an unknown game, or a seat no token holds. */
  rotate(gameId: string, seat: string): Promise<RotatedSeat | undefined>;
  /** Marks a game ended (its creator says it is over); false for an unknown game. */
  end(gameId: string): Promise<boolean>;
  health(): Promise<Health>;
  /** A game's replay, checked against the host's keys, or why not (`host/replay.ts`); none: no replays. */
  replay?(request: ReplayRequest): Promise<Replay | ReplayRefusal>;
  /** The built lab's folder, served at `/lab/` (the page of a replay link); none: not served. */
  readonly lab?: string | undefined;
  /** The hash of `Bearer TOKEN` for the host's create token; undefined where it has none. */
  readonly createTokenHash: string | undefined;
}

/** `GET /games/:id/replay`: a game's replay (`host/replay.ts`). */
const REPLAY = /^\/games\/([^/]+)\/replay$/;

/** A body longer than the host reads. */
class TooLarge extends HostError {}

/** The host's own HTTP routes, beside Colyseus's matchmaking (which it answers itself). */
export async function answerHttp(req: IncomingMessage, res: ServerResponse, door: Door): Promise<void> {
  try {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    if (path === '/games' && req.method === 'POST') return await createGame(req, res, door);
    const replay = REPLAY.exec(path);
    if (replay && req.method === 'GET' && door.replay) return await answerReplay(req, res, door, replay[1]!);
    // A lab served elsewhere (`npm run lab`) fetches replays too: the token travels in the query.
    if (replay && req.method === 'OPTIONS') return void res.writeHead(204, CROSS_ORIGIN).end();
    const seatToken = SEAT_TOKEN.exec(path);
    if (seatToken && req.method === 'POST') return await rotate(req, res, door, seatToken[1]!, seatToken[2]!);
    const ending = END.exec(path);
    if (ending && req.method === 'POST') return await end(req, res, door, ending[1]!);
    if (path === '/health' && req.method === 'GET') {
      const health = await door.health();
      return json(res, health.ok ? 200 : 503, health);
    }
    // The judge's console (the built lab), where the host has one: the page of a replay link.
    if (path === '/lab' && door.lab) return void res.writeHead(301, { location: 'lab/' }).end();
    const file =
      req.method !== 'GET' ? undefined : (pageFile(path) ?? (door.lab ? labFile(door.lab, path) : undefined));
    if (file) {
      res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-cache' });
      res.end(readFileSync(file.path));
      return;
    }
    json(res, 404, { error: 'not-found', message: `no such route: ${req.method} ${path}` });
  } catch (error) {
    if (error instanceof TooLarge)
      // Answered before the body is read to its end, and the connection closed after the answer: a
      // client still sending reads the 413 (a connection reset, with no status, told it nothing).
      return json(res, 413, { error: 'too-large', message: error.message }, { connection: 'close' });
    if (error instanceof StoreError)
      return json(res, error.reason === 'taken' ? 409 : 503, { error: error.reason, message: error.message });
    json(res, 500, { error: 'internal', message: 'the host could not answer' });
  }
}

/** `POST /games`: a game created from `{ setup, seed?, id?, cards?, bots? }`. */
async function createGame(req: IncomingMessage, res: ServerResponse, door: Door): Promise<void> {
  if (!authorized(req, door))
    return json(res, 401, { error: 'unauthorized', message: 'creating a game takes the host’s token' });
  const body = await readBody(req);
  let request: GameRequest;
  try {
    request = JSON.parse(body) as GameRequest;
  } catch {
    return json(res, 400, { error: 'malformed', message: 'the body is not JSON' });
  }
  try {
    return json(res, 201, await door.create(request));
  } catch (error) {
    if (error instanceof SetupError || error instanceof TypeError)
      return json(res, 400, { error: 'bad-setup', message: error.message });
    throw error;
  }
}

/**
 * `POST /games/:id/seats/:seat/token`: the seat's new token and link, given this once; the old token
 * claims the seat no more. Only with the host's create token: whoever holds it gave the links out, while
 * a seat's own token is the very thing that leaked. A host without one (anyone may create games there)
 * rotates no seat over HTTP: its own process may (`host.rotateSeatToken`).
 */
async function rotate(
  req: IncomingMessage,
  res: ServerResponse,
  door: Door,
  rawGameId: string,
  rawSeat: string,
): Promise<void> {
  if (door.createTokenHash === undefined)
    return json(res, 403, {
      error: 'forbidden',
      message: 'this host has no create token: a seat’s token is replaced only with one',
    });
  if (!authorized(req, door))
    return json(res, 401, {
      error: 'unauthorized',
      message: 'replacing a seat’s token takes the host’s token',
    });
  const [gameId, seat] = [decoded(rawGameId), decoded(rawSeat)];
  const rotated = gameId !== undefined && seat !== undefined ? await door.rotate(gameId, seat) : undefined;
  // One answer for an unknown game and an unknown seat: neither tells the other apart.
  if (!rotated)
    return json(res, 404, {
      error: 'not-found',
      message: `game "${gameId ?? rawGameId}" has no seat "${seat ?? rawSeat}" a token holds`,
    });
  json(res, 200, rotated, { 'cache-control': 'no-store' });
}

/** `POST /games/:id/end`: a game marked ended. */
const END = /^\/games\/([^/]+)\/end$/;

/**
 * `POST /games/:id/end`: the game's creator says it is over. The engine knows no end of a game but a game
 * where no seat has a command left (rare: a turn can always be ended), so a game played out is marked by
 * whoever created it: from then on retention (`--retain ended`) prunes its history, and its replays, if
 * public, are open. Only with the host's create token, as a rotation.
 */
async function end(req: IncomingMessage, res: ServerResponse, door: Door, rawGameId: string): Promise<void> {
  if (door.createTokenHash === undefined)
    return json(res, 403, {
      error: 'forbidden',
      message: 'this host has no create token: a game is marked ended only with one',
    });
  if (!authorized(req, door))
    return json(res, 401, { error: 'unauthorized', message: 'ending a game takes the host’s token' });
  const gameId = decoded(rawGameId);
  if (gameId === undefined || !(await door.end(gameId)))
    return json(res, 404, { error: 'not-found', message: `there is no game "${gameId ?? rawGameId}"` });
  json(res, 200, { gameId, ended: true });
}

/** Answers that any page may read (a replay: what it shows is the token's, or public). */
const CROSS_ORIGIN = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization',
} as const;

/**
 * `GET /games/:id/replay?token=&from=&to=`: the game's replay, or the stretch of its steps after `from` up
 * to `to`. The token is the game's replay token (`POST /games` gives it with the `replay` link), in the
 * query or as `Authorization: Bearer TOKEN`; a game whose creator made its replays public needs none once
 * it has ended.
 */
async function answerReplay(
  req: IncomingMessage,
  res: ServerResponse,
  door: Door,
  rawGameId: string,
): Promise<void> {
  const query = new URL(req.url ?? '/', 'http://host').searchParams;
  const headers = { ...CROSS_ORIGIN, 'cache-control': 'no-store' };
  const step = (name: string): number | undefined | null => {
    const text = query.get(name);
    if (text === null) return undefined;
    return /^\d{1,15}$/.test(text) ? Number(text) : null;
  };
  const [from, to, gameId] = [step('from'), step('to'), decoded(rawGameId)];
  if (from === null || to === null || gameId === undefined)
    return json(res, 400, { error: 'malformed', message: 'from and to are steps (whole numbers)' }, headers);
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const token = query.get('token') ?? bearer;
  const answer = await door.replay!({ gameId, token, from, to });
  if ('refused' in answer) {
    const status = { 'not-found': 404, forbidden: 403, damaged: 500 }[answer.refused];
    return json(res, status, { error: answer.refused, message: answer.message }, headers);
  }
  json(res, 200, answer, headers);
}

function authorized(req: IncomingMessage, door: Door): boolean {
  return door.createTokenHash === undefined || tokenMatches(req.headers.authorization, door.createTokenHash);
}

function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** The request's body as text; `TooLarge` past `MAX_BODY_BYTES` (declared, or as it arrives). */
function readBody(req: IncomingMessage): Promise<string> {
  const tooLarge = () => new TooLarge(`a body holds at most ${MAX_BODY_BYTES} bytes`);
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit, the rest is read and dropped until the connection closes after the 413.
      if (size > MAX_BODY_BYTES) return reject(tooLarge());
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}
