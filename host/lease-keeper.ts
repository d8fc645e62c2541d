import type { GameStore, Lease } from './store/store.ts';
import { withinMs } from './within.ts';

/** What the lease keeper needs of a room: when it took its game, and a way to tell it it lost it. */
export interface LeasedRoom {
  /** When the room last took its game's lease (`performance.now()`), while it holds the game. */
  readonly claimedAt: number | undefined;
  /**
   * Stop serving the game: another host holds it now (`taken`), or this one can no longer say it holds it
   * (`fenced`: it could not renew its lease within the lease, cut off from the store or from Redis, or
   * stalled), and has given it up so that a host that can may take it over. Either way the room takes no
   * more commands, serves no view, and closes its connections telling the players to join again (they
   * find the game wherever it is held next).
   */
  leaseLost(why?: 'taken' | 'fenced'): void;
}

/** A service besides the store that a host's games need (Redis): asked at every renewal whether it answers. */
export interface LeaseLink {
  readonly name: string;
  /** Resolves once the service has answered (a round trip), rejects where it cannot. */
  answers(): Promise<void>;
}

/**
 * This host's lease on its games, renewed by a heartbeat (one write, whatever its games): a room whose
 * game another host took over (this one could not renew in time) is told so and closes.
 *
 * A host that cannot renew its lease within the lease **fences itself**: cut off from the store (it
 * cannot tell whether another host has its games), cut off from Redis (clients cannot be sent to its
 * rooms, and other hosts take it for gone), or stalled past it (a SIGSTOP, a long pause), it closes every
 * room, telling the players to join again, and gives its games' leases up where the store still hears it,
 * so that a host that can serve them takes them over at once (else once the lease lapses in the store).
 */
export class LeaseKeeper {
  private timer: NodeJS.Timeout | undefined;
  /**
   * When the last renewal the store confirmed was asked (`performance.now()`): the store's expiry is at
   * least a lease's length after it, so until then no other host can have taken this one's games.
   */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  /** When every link last answered a renewal's question (asked then); +∞ while the host has none. */
  private linksAnsweredAt = Number.POSITIVE_INFINITY;
  private readonly links: LeaseLink[] = [];
  /** The renewal under way: one at a time, so that a store that hangs does not pile them up. */
  private renewing: Promise<void> | undefined;
  /** Rooms told to stop since this host last fenced itself (each told once). */
  private readonly fenced = new WeakSet<LeasedRoom>();

  constructor(
    private readonly store: GameStore,
    readonly lease: Lease,
    private readonly rooms: ReadonlyMap<string, LeasedRoom>,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /**
   * Another service the host's games need (Redis): from now on a renewal counts only once it answers
   * too, so that a host cut off from it fences itself as one cut off from the store does.
   */
  needs(link: LeaseLink): void {
    this.links.push(link);
    if (this.linksAnsweredAt === Number.POSITIVE_INFINITY) this.linksAnsweredAt = performance.now();
  }

  /** Renews the lease every quarter of its length, and fences the host where a lease passed without one. */
  start(): void {
    this.timer ??= setInterval(() => this.tick(), Math.max(100, this.lease.ttlMs / 4));
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Whether this host surely still holds its leases by its own clock: its last confirmed renewal was asked
   * less than most of a lease ago (a margin for the clocks' drift), and every link it needs (Redis) answered
   * as recently. False after a stall (SIGSTOP, a long pause) or a cut from the store or Redis: then no game
   * may be served from memory until a renewal confirms it.
   */
  fresh(now = performance.now()): boolean {
    return now - this.heardAt() < this.lease.ttlMs * 0.8;
  }

  /** Notes a renewal the store confirmed elsewhere (a claim renews the host's lease too). */
  confirmed(asked: number): void {
    this.confirmedAt = Math.max(this.confirmedAt, asked);
  }

  /** One turn of the heartbeat: the host fenced if its lease has passed unrenewed, and a renewal asked. */
  tick(): void {
    this.fenceIfLapsed();
    void this.beat();
  }

  /**
   * One renewal, and the rooms whose games are no longer this host's told so (`leaseLost('taken')`); the
   * host fenced if its lease has passed unrenewed. One at a time: a call while one is under way waits for
   * that one (a store that hangs never piles renewals up).
   */
  beat(): Promise<void> {
    this.renewing ??= this.renew().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private async renew(): Promise<void> {
    // Only a room that held its game before the store was asked can have lost it since.
    const asked = performance.now();
    const links = Promise.all(this.links.map((link) => link.answers())).then(
      () => {
        this.linksAnsweredAt = Math.max(this.linksAnsweredAt, asked);
      },
      () => {}, // unanswered: the host fences itself once its lease has passed
    );
    try {
      // A renewal answered after a whole lease confirms nothing: given up then (the store's own
      // timeouts end the call itself).
      const held = await withinMs(this.store.renew(this.lease), this.lease.ttlMs, 'the store');
      this.confirmed(asked);
      for (const [gameId, room] of this.rooms) {
        const claimedAt = room.claimedAt;
        if (claimedAt !== undefined && claimedAt < asked && !held.has(gameId)) tell(room, 'taken');
      }
    } catch {
      // The store is cut off or down: no renewal; the host fences itself once its lease has passed.
    }
    await withinMs(links, this.lease.ttlMs, 'a link').catch(() => {});
    this.fenceIfLapsed();
  }

  /** When the host last heard both from the store and from every link it needs. */
  private heardAt(): number {
    return Math.min(this.confirmedAt, this.linksAnsweredAt);
  }

  /**
   * Fences the host where its lease has passed since it last heard from the store and its links: every
   * room holding a game is told it lost it, and its lease given up (where the store hears it).
   */
  private fenceIfLapsed(now = performance.now()): void {
    const silent = now - this.heardAt();
    if (silent < this.lease.ttlMs) return;
    const held = [...this.rooms].filter(([, room]) => room.claimedAt !== undefined && !this.fenced.has(room));
    if (held.length === 0) return;
    const unheard =
      this.confirmedAt <= this.linksAnsweredAt ? 'the store' : this.links.map((link) => link.name).join(', ');
    this.log(
      `no word from ${unheard} for ${Math.round(silent)} ms (the lease is ${this.lease.ttlMs} ms): ` +
        `this host fences itself, closing ${held.length} room(s); their players join again elsewhere`,
    );
    for (const [gameId, room] of held) {
      this.fenced.add(room);
      tell(room, 'fenced');
      // Given up where the store still hears this host (Redis cut, or a stall): another host takes the
      // game at once. Else the lease lapses in the store by itself.
      void this.store.release(gameId, this.lease.owner).catch(() => {});
    }
  }
}

/** Tells a room it lost its game (a room's mistake in hearing it is its own: the others are told too). */
function tell(room: LeasedRoom, why: 'taken' | 'fenced'): void {
  try {
    room.leaseLost(why);
  } catch {
    // The room logs its own mistakes (onUncaughtException); the heartbeat goes on.
  }
}
