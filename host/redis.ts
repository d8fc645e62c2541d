import type { MatchMakerDriver, Presence } from '@colyseus/core';

/** Colyseus's Redis presence and driver, loaded only where a host is given a Redis. */
export async function redisParts(url: string): Promise<{ presence: Presence; driver: MatchMakerDriver }> {
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([
    import('@colyseus/redis-presence'),
    import('@colyseus/redis-driver'),
  ]);
  return { presence: new RedisPresence(url), driver: new RedisDriver(url) };
}
