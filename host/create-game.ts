import { createGame, type PlayerId, SetupError, saveGame } from '../src/index.ts';
import { BOT_SEAT, type HostContext } from './room.ts';
import { revokeSeat } from './seat-revocation.ts';
import { newGameId, newSeatToken, tokenHash } from './tokens.ts';

/** A game's creation, as `POST /games` takes it. */
export interface GameRequest {
  readonly setup: unknown;
  /** Default `'random'`: a host deals every game afresh. */
  readonly seed?: number | 'random';
  /** Default: a new random id. */
  readonly id?: string;
  /** The client's own card definitions. */
  readonly cards?: readonly unknown[];
  /** The players the computer plays (`stccg-rules/bot`): their seats get no token. */
  readonly bots?: readonly string[];
  /**
   * Who may replay the game (`GET /games/:id/replay`, the judge's console): `'token'` (the default), the
   * holder of its replay token alone; `'public'`, anyone once the game has ended (while it runs, the token
   * still: a replay shows the hands). See docs/host.md, "Replays".
   */
  readonly replays?: 'public' | 'token';
}

/** A game created: its id, each seat's token (given this once, and never stored) and links to play. */
export interface CreatedGame {
  readonly gameId: string;
  /** The seats people play (the computer's are in `bots`). */
  readonly seats: Readonly<Record<string, { readonly token: string; readonly link: string }>>;
  /** The players the computer plays. */
  readonly bots: readonly string[];
  /** A link to watch the game (the public view). */
  readonly spectate: string;
  /** The game's replay: its token (given this once, and never stored) and the judge's console's link. */
  readonly replay: ReplayLink;
}

/** How a game is replayed: who may, the token, where the replay is and the link that opens it. */
export interface ReplayLink {
  readonly replays: 'public' | 'token';
  readonly token: string;
  /** The replay itself (`GET`, with `?token=` or `Authorization: Bearer`). */
  readonly url: string;
  /** The judge's console (the lab the host serves at `/lab/`) at the game's last step, with the token. */
  readonly link: string;
}

/** Records a new game in the store: its seats' token hashes and its first checkpoint (signed). */
export async function createStoredGame(
  context: HostContext,
  request: GameRequest,
  publicUrl: string,
): Promise<CreatedGame> {
  if (typeof request !== 'object' || request === null)
    throw new SetupError('a game is created from { setup, seed?, id?, cards? }', '(request)');
  const replays = request.replays ?? 'token';
  if (replays !== 'public' && replays !== 'token')
    throw new SetupError(`replays is 'public' or 'token', not ${JSON.stringify(replays)}`, 'replays');
  const gameId = request.id ?? newGameId();
  const game = createGame(request.setup, {
    seed: request.seed ?? 'random',
    id: gameId,
    ...(request.cards === undefined ? {} : { cards: request.cards }),
  });
  try {
    const all = game.board().players;
    const bots = request.bots ?? [];
    if (!Array.isArray(bots) || bots.some((bot) => typeof bot !== 'string' || !all.includes(bot)))
      throw new SetupError(`bots names players of the game (${all.join(', ')})`, 'bots');
    const players = all.filter((player) => !bots.includes(player));
    const tokens = Object.fromEntries(players.map((player) => [player, newSeatToken()]));
    const replayToken = newSeatToken();
    const checkpoint = { step: 0, save: JSON.stringify(saveGame(game, { key: context.key, log: false })) };
    await context.store.createGame({
      id: gameId,
      seats: Object.fromEntries(
        all.map((player) => [player, bots.includes(player) ? BOT_SEAT : tokenHash(tokens[player]!)]),
      ),
      checkpoint,
      replays: { replays, tokenHash: tokenHash(replayToken) },
    });
    context.log(
      `game ${gameId} created (${all.map((p) => (bots.includes(p) ? `${p}, the computer` : p)).join(' against ')})`,
    );
    return {
      gameId,
      seats: Object.fromEntries(
        players.map((player) => [
          player,
          { token: tokens[player]!, link: playLink(publicUrl, gameId, player, tokens[player]!) },
        ]),
      ),
      bots: [...bots],
      spectate: playLink(publicUrl, gameId),
      replay: replayLink(publicUrl, gameId, replays, replayToken),
    };
  } finally {
    game.stop();
  }
}

/** A seat's new token and link (`POST /games/:id/seats/:seat/token`), given this once. */
export interface RotatedSeat {
  readonly gameId: string;
  readonly seat: PlayerId;
  readonly token: string;
  readonly link: string;
}

/**
 * Gives a seat a new token, so that a leaked link claims it no more: the store's hash replaced, then the
 * game's room told, wherever it is open (it closes the connections the old token made). Undefined for an
 * unknown game, or a seat no token holds (none such, or the computer's).
 */
export async function rotateSeatToken(
  context: HostContext,
  gameId: string,
  seat: PlayerId,
  publicUrl: string,
): Promise<RotatedSeat | undefined> {
  const token = newSeatToken();
  if (!(await context.store.replaceSeatToken(gameId, seat, tokenHash(token)))) return undefined;
  context.log(`game ${gameId}: seat ${seat} has a new token`);
  await revokeSeat(context.rooms, gameId, seat, context.log);
  return { gameId, seat, token, link: playLink(publicUrl, gameId, seat, token) };
}

/** The page's link to a game: a seat's (with its token), or, without one, a spectator's. */
function playLink(publicUrl: string, gameId: string, seat?: PlayerId, token?: string): string {
  const claim = seat === undefined ? '' : `&seat=${encodeURIComponent(seat)}&token=${token}`;
  return `${publicUrl}/play#game=${encodeURIComponent(gameId)}${claim}`;
}

/**
 * A game's replay and the judge's console's link to it: the lab the host serves (`/lab/`), the replay's
 * address and the token in its fragment (never sent to a server by the browser; the lab sends the token
 * to the host alone). `&step=N` added to it opens the game at step N.
 */
function replayLink(
  publicUrl: string,
  gameId: string,
  replays: 'public' | 'token',
  token: string,
): ReplayLink {
  const game = `${publicUrl}/games/${encodeURIComponent(gameId)}`;
  return {
    replays,
    token,
    url: `${game}/replay`,
    link: `${publicUrl}/lab/#replay=${encodeURIComponent(game)}&token=${token}`,
  };
}
