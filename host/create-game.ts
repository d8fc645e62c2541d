import { createGame, SetupError, saveGame } from '../src/index.ts';
import { BOT_SEAT, type HostContext } from './room.ts';
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
}

/** Records a new game in the store: its seats' token hashes and its first checkpoint (signed). */
export async function createStoredGame(
  context: HostContext,
  request: GameRequest,
  publicUrl: string,
): Promise<CreatedGame> {
  if (typeof request !== 'object' || request === null)
    throw new SetupError('a game is created from { setup, seed?, id?, cards? }', '(request)');
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
    const checkpoint = { step: 0, save: JSON.stringify(saveGame(game, { key: context.key, log: false })) };
    await context.store.createGame({
      id: gameId,
      seats: Object.fromEntries(
        all.map((player) => [player, bots.includes(player) ? BOT_SEAT : tokenHash(tokens[player]!)]),
      ),
      checkpoint,
    });
    context.log(
      `game ${gameId} created (${all.map((p) => (bots.includes(p) ? `${p}, the computer` : p)).join(' against ')})`,
    );
    const link = (fragment: string) => `${publicUrl}/play#game=${encodeURIComponent(gameId)}${fragment}`;
    return {
      gameId,
      seats: Object.fromEntries(
        players.map((player) => [
          player,
          {
            token: tokens[player]!,
            link: link(`&seat=${encodeURIComponent(player)}&token=${tokens[player]}`),
          },
        ]),
      ),
      bots: [...bots],
      spectate: link(''),
    };
  } finally {
    game.stop();
  }
}
