import type { MatchMakerDriver, Presence } from '@colyseus/core';
import type { LeaseLink } from './lease-keeper.ts';

/** What the host asks of each of Colyseus's Redis connections: a round trip. */
interface Pingable {
  ping(): Promise<unknown>;
}

/**
 * The host's Redis as its lease keeper asks after it: every connection Colyseus keeps to it (the
 * driver's, which lists rooms, and the presence's two, which carry the processes' calls to each other)
 * answers a PING. A host whose Redis stops answering cannot be found by clients nor reached by the other
 * hosts, which take it for gone: it fences itself (see `LeaseKeeper`).
 */
export function redisLink(parts: { presence: Presence; driver: MatchMakerDriver }): LeaseLink {
  const clients = [
    (parts.driver as { _client?: Pingable })._client,
    (parts.presence as { pub?: Pingable }).pub,
    (parts.presence as { sub?: Pingable }).sub,
  ].filter((client): client is Pingable => typeof client?.ping === 'function');
  return {
    name: 'Redis',
    answers: async () => {
      await Promise.all(clients.map((client) => client.ping()));
    },
  };
}
