import type { MatchMakerDriver, Presence } from '@colyseus/core';

/** What a host shares with the others through one Redis: Colyseus's server options for it. */
export interface RedisParts {
  readonly presence: Presence;
  readonly driver: MatchMakerDriver;
  /** Which process creates a room no process has listed: the one the join reached (see `createHere`). */
  readonly selectProcessIdToCreateRoom: () => Promise<string>;
}

/**
 * Colyseus's Redis presence, and the host's matchmaker on the same Redis (host/matchmaking.ts: a join's
 * lookup by game id, listings written and removed by their own rooms alone), loaded only where a host is
 * given a Redis. `holdsLeases`: whether the host surely still holds its games (its lease keeper's `fresh`).
 */
export async function redisParts(url: string, holdsLeases?: () => boolean): Promise<RedisParts> {
  const [{ RedisPresence }, { GameMatchmaker, createHere }] = await Promise.all([
    import('@colyseus/redis-presence'),
    import('./matchmaking.ts'),
  ]);
  return {
    presence: new RedisPresence(url),
    driver: new GameMatchmaker(url, holdsLeases ? { holdsLeases } : {}),
    selectProcessIdToCreateRoom: createHere,
  };
}
