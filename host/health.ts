import { matchMaker } from '@colyseus/core';
import type { GameStore } from './store/store.ts';
import { NoAnswer, withinMs } from './within.ts';

/**
 * `GET /health`, a readiness check for a load balancer or an orchestrator: the host takes games only
 * while its store answers, and, where hosts share a Redis, while that answers too (a host cut off from
 * it can be neither found nor reached by the others). Each is asked afresh, within a short time: a check
 * that hangs is a check that failed, and the probe that asked gets its answer in time.
 */

/** How long each check may take (milliseconds). */
const CHECK_MS = 1_000;

/** What `/health` answers: 200 with `ok`, or 503 naming what failed. */
export interface Health {
  readonly ok: boolean;
  /** Before it listens, or once it is closing, a host takes no games whatever its store says. */
  readonly host?: 'starting' | 'closing';
  readonly store?: 'ok' | 'failed';
  /** `none` where the host shares no Redis. */
  readonly redis?: 'ok' | 'failed' | 'none';
  /** Why it is not ready, where it is not. */
  readonly message?: string;
}

/** What a Redis connection of Colyseus's presence answers (ioredis). */
interface Pingable {
  ping(): Promise<unknown>;
}

/** A host's readiness: starting until it listens with its store open, closing from its `close`. */
export class Readiness {
  private state: 'starting' | 'ready' | 'closing' = 'starting';

  constructor(private readonly store: GameStore) {}

  /** The host listens, its store open: it takes games from now on. */
  opened(): void {
    if (this.state === 'starting') this.state = 'ready';
  }

  /** The host is closing: a balancer sends no one here from now on. */
  closing(): void {
    this.state = 'closing';
  }

  async check(): Promise<Health> {
    if (this.state !== 'ready')
      return {
        ok: false,
        host: this.state,
        message: this.state === 'starting' ? 'the host is starting' : 'the host is closing',
      };
    const redisClients = presenceClients();
    const [store, redis] = await Promise.all([
      answers('the store', () => this.store.ping()),
      redisClients.length === 0
        ? Promise.resolve(undefined)
        : answers('Redis', () => Promise.all(redisClients.map((client) => client.ping()))),
    ]);
    const failures = [store, redis].filter((failure) => failure !== undefined);
    return {
      ok: failures.length === 0,
      store: store === undefined ? 'ok' : 'failed',
      redis: redisClients.length === 0 ? 'none' : redis === undefined ? 'ok' : 'failed',
      ...(failures.length > 0 ? { message: failures.join('; ') } : {}),
    };
  }
}

/** Redis's connections, where the presence is Redis's (its `pub` and `sub`); none for one process alone. */
function presenceClients(): Pingable[] {
  const presence = matchMaker.presence as { pub?: Partial<Pingable>; sub?: Partial<Pingable> } | undefined;
  return [presence?.pub, presence?.sub].filter(
    (client): client is Pingable => typeof client?.ping === 'function',
  );
}

/** Undefined where `check` resolves within `CHECK_MS`; otherwise why not, in words. */
async function answers(what: string, check: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await withinMs(check(), CHECK_MS, what);
    return undefined;
  } catch (error) {
    if (error instanceof NoAnswer) return error.message;
    return `${what} failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
