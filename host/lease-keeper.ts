import type { GameStore, Lease } from './store/store.ts';

/** What the lease keeper needs of a room: when it took its game, and a way to tell it it lost it. */
export interface LeasedRoom {
  /** When the room last took its game's lease (`performance.now()`), while it holds the game. */
  readonly claimedAt: number | undefined;
  /** Another host holds the game now (or this one can no longer say it holds it): stop serving it. */
  leaseLost(): void;
}

/**
 * This host's lease on its games, renewed by a heartbeat (one write, whatever its games): a room whose
 * game another host took over (this one could not renew in time) is told so and closes.
 */
export class LeaseKeeper {
  private timer: NodeJS.Timeout | undefined;
  /**
   * When the last renewal the store confirmed was asked (`performance.now()`): the store's expiry is at
   * least a lease's length after it, so until then no other host can have taken this one's games.
   */
  private confirmedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: GameStore,
    readonly lease: Lease,
    private readonly rooms: ReadonlyMap<string, LeasedRoom>,
  ) {}

  /** Renews the lease every quarter of its length. */
  start(): void {
    this.timer ??= setInterval(() => void this.beat(), Math.max(100, this.lease.ttlMs / 4));
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Whether this host surely still holds its leases by its own clock: its last confirmed renewal was asked
   * less than most of a lease ago (a margin for the clocks' drift). False after a stall (SIGSTOP, a long
   * pause) or a cut from the store: then no game may be served from memory until a renewal confirms it.
   */
  fresh(now = performance.now()): boolean {
    return now - this.confirmedAt < this.lease.ttlMs * 0.8;
  }

  /** Notes a renewal the store confirmed elsewhere (a claim renews the host's lease too). */
  confirmed(asked: number): void {
    this.confirmedAt = Math.max(this.confirmedAt, asked);
  }

  /** One renewal, and the rooms whose games are no longer this host's told so. */
  async beat(): Promise<void> {
    try {
      // Only a room that held its game before the store was asked can have lost it since.
      const asked = performance.now();
      const held = await this.store.renew(this.lease);
      this.confirmedAt = Math.max(this.confirmedAt, asked);
      for (const [gameId, room] of this.rooms) {
        const claimedAt = room.claimedAt;
        if (claimedAt !== undefined && claimedAt < asked && !held.has(gameId)) room.leaseLost();
      }
    } catch {
      // The store is down: the rooms find it out at their next commit, and wait for it.
    }
  }
}
