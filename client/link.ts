/**
 * Where a seat is: the host's address, the game, and the seat with its token (none: a spectator). A
 * play link (`http://HOST/play#game=ID&seat=alice&token=…`, as `POST /games` gives each seat) holds all
 * four, in its fragment so that they never reach a server's log.
 */
export interface SeatAddress {
  /** The host: `http://`, `https://`, `ws://` or `wss://`, with any path the host is served under. */
  readonly url: string;
  /** The game's id. */
  readonly game: string;
  /** The seat's player; none to watch. */
  readonly seat?: string;
  /** The seat's token (given once, by `POST /games`); none to watch. */
  readonly token?: string;
  /** The step last seen (a client coming back): the welcome then carries the events after it. */
  readonly since?: number;
}

/** A play link read into its address; throws `TypeError` for a link that names no game. */
export function addressOfLink(link: string): SeatAddress {
  const parsed = new URL(link);
  const params = new URLSearchParams(parsed.hash.slice(1));
  const game = params.get('game');
  if (!game) throw new TypeError(`this link names no game (it ends with #game=…): ${link.slice(0, 80)}`);
  const seat = params.get('seat');
  const token = params.get('token');
  // The host is what comes before its page (`/play`), so a host served under a path keeps it.
  const url = `${parsed.origin}${parsed.pathname.replace(/\/play\/?$/, '')}`;
  return { url, game, ...(seat ? { seat } : {}), ...(token ? { token } : {}) };
}
