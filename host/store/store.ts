import type { Command, PlayerId, RuleEvent } from '../../src/index.ts';

/**
 * Where a host keeps its games: the truth, of which every room is a cache. A game is its origin and seats
 * (once), each step carried out (appended as it is accepted, before anyone is told), and a checkpoint
 * every so often (a signed save without its log): a room is rebuilt from the latest checkpoint and the
 * steps after it. Two stores keep it with the same SQL (`sql-store.ts`): PostgreSQL for production, and
 * an embedded PostgreSQL (PGlite) in a folder, the default, which needs no server.
 */
export interface GameStore {
  /** Where the store is, in words (for the host's first line): a folder, or a server with no password. */
  readonly where: string;
  /** Records a new game; refuses (`StoreError` `taken`) an id already recorded. */
  createGame(game: NewGame): Promise<void>;
  /**
   * Appends steps carried out, in one transaction, with a checkpoint if one is given. Refuses
   * (`StoreError` `conflict`) a step already stored, or, with a lease, where its owner no longer holds the
   * game: someone else carried the game on (another process owns it now), and this one's copy is stale.
   * The lease is renewed by the same transaction.
   */
  appendSteps(
    gameId: string,
    steps: readonly StoredStep[],
    checkpoint?: StoredCheckpoint,
    lease?: Lease,
  ): Promise<void>;
  /**
   * Takes a game for `lease.owner` (or keeps it, for its holder): true where it is now theirs; false
   * where another owner holds it and that owner's own lease has not lapsed. One owner at a time, by the
   * store's own clock and row locks: the one process that may accept commands for the game. A host's
   * lease is one for all its games (`renew`): a host that stops renewing it loses them all at once.
   */
  claim(gameId: string, lease: Lease): Promise<boolean>;
  /** Renews an owner's lease (one write, whatever its games); returns the games it still holds. */
  renew(lease: Lease): Promise<ReadonlySet<string>>;
  /** Gives a game's lease up (if `owner` holds it), so that another host may take it at once. */
  release(gameId: string, owner: string): Promise<void>;
  /**
   * Gives a seat a new token (its hash), so that the old one claims the seat no more (a leaked link
   * revoked): false, and nothing changed, for an unknown game or a seat no token holds (none such, or
   * the computer's).
   */
  replaceSeatToken(gameId: string, seat: PlayerId, hash: string): Promise<boolean>;
  /** Answers, or throws `StoreError` `unavailable` (a readiness check: one round trip, no table read). */
  ping(): Promise<void>;
  /**
   * Who may replay a game (`host/replay.ts`): the rule its creator chose and the hash of its replay
   * token; undefined for an unknown id. A game recorded before replays were kept has the rule `token` and
   * no token (nobody replays it but from the store itself).
   */
  replayRule(gameId: string): Promise<ReplayRule | undefined>;
  /** A game's seats, latest checkpoint and the steps after it; undefined for an unknown id. */
  loadGame(gameId: string): Promise<LoadedGame | undefined>;
  /**
   * The steps of a game after step `since`, in order (for a seat that missed more than a room keeps);
   * with `most`, only the latest `most` of them.
   */
  stepsSince(gameId: string, since: number, most?: number): Promise<StoredStep[]>;
  /**
   * The key the store's hosts sign checkpoints with: the one kept in the store, or, the first time, the
   * one `make` makes, kept (so every process on one store signs alike, and a restart reads its own).
   */
  keptKey(make: () => { id: string; secret: string }): Promise<{ id: string; secret: string }>;
  /**
   * Marks a game ended (it can go no further): its history may go at the next sweep (`host/retention.ts`).
   * The first time counts; marking it again changes nothing.
   */
  markEnded(gameId: string): Promise<void>;
  /** Ended games whose history is not yet pruned, the earliest ended first, at most `most`. */
  endedGames(most: number): Promise<string[]>;
  /**
   * Games holding steps before a second-to-last checkpoint written more than `olderThanMs` ago (history no
   * room needs, and no one has written near for that long), and less than a day before that (older ones
   * were a past sweep's), at most `most`.
   */
  gamesWithOldHistory(olderThanMs: number, most: number): Promise<string[]>;
  /**
   * Deletes the history no room needs from each of these games: its steps up to its second-to-last
   * checkpoint, and any checkpoint before that one. What stays rebuilds the game (the latest checkpoint
   * and the steps after it, sealed in a chain from that checkpoint's signature) and tells a returning seat
   * the steps since the second-to-last. An ended game among them is marked pruned (`endedGames` lists it
   * no more).
   */
  prune(gameIds: readonly string[]): Promise<Pruned>;
  /** A game whole, as the store holds it (to keep it elsewhere before its history goes); undefined for an unknown id. */
  exportGame(gameId: string): Promise<ExportedGame | undefined>;
  /** How many games, steps and checkpoints it holds (for the host's first line and the tests). */
  counts(): Promise<{ games: number; steps: number; checkpoints: number }>;
  /** Closes the store (its connections, its lock). */
  close(): Promise<void>;
}

/** Who holds a game, and for how long after each renewal (milliseconds). */
export interface Lease {
  readonly owner: string;
  readonly ttlMs: number;
}

/** A game as it is first recorded. */
export interface NewGame {
  readonly id: string;
  /** SHA-256 of each seat's token, by player: the tokens themselves are never stored. */
  readonly seats: Readonly<Record<PlayerId, string>>;
  /** The game at step 0, as a signed checkpoint (it holds the origin). */
  readonly checkpoint: StoredCheckpoint;
  /** Who may replay it (default: `token`, with no token). */
  readonly replays?: Omit<ReplayRule, 'ended'>;
}

/**
 * Who may replay a game, as its creator chose (`POST /games { replays }`): `public`, anyone once it has
 * ended; `token`, only the holder of its replay token. While a game runs, its replay always takes the
 * token: it shows what GAME-VIEW-1 hides from a spectator (the hands, the generator's seed).
 */
export interface ReplayRule {
  readonly replays: 'public' | 'token';
  /** SHA-256 of the replay token (the token itself is never stored); empty where the game has none. */
  readonly tokenHash: string;
  /** Whether the game has ended (`markEnded`): a public game's replay is open from then on. */
  readonly ended: boolean;
}

/** One step carried out: the command and the rule events it caused (every event: seats filter them). */
export interface StoredStep {
  readonly step: number;
  readonly command: Command;
  readonly events: readonly RuleEvent[];
  /**
   * The host's seal on the step: an HMAC under its key of the game, the step, its command and events, and
   * the seal before it (the checkpoint's signature for the first step after one): a row changed, added or
   * moved in the store is refused as the game is rebuilt (see `host/seal.ts`). Empty where none.
   */
  readonly mac?: string;
}

/** A checkpoint: the step it is at, and the save as text (its exact bytes, as signed). */
export interface StoredCheckpoint {
  readonly step: number;
  readonly save: string;
}

/** What a room is rebuilt from. */
export interface LoadedGame {
  readonly id: string;
  readonly seats: Readonly<Record<PlayerId, string>>;
  readonly checkpoint: StoredCheckpoint;
  readonly steps: readonly StoredStep[];
}

/** What `prune` deleted. */
export interface Pruned {
  readonly games: number;
  readonly steps: number;
  readonly checkpoints: number;
}

/**
 * A game whole, as one JSON value (`exportGame`): its seats (the tokens' hashes), when it was created and
 * ended, every checkpoint the store holds (the save as text, the exact bytes its signature covers) and
 * every step it holds, each with its seal. A checkpoint's save holds the game's origin: with every step
 * from 1 (a game not pruned yet), `replayGame` plays it through again.
 */
export interface ExportedGame {
  readonly format: 'stccg-rules/game-export';
  readonly version: 1;
  readonly id: string;
  readonly createdAt: string;
  /** When it was marked ended; null while it is in play. */
  readonly endedAt: string | null;
  readonly seats: Readonly<Record<PlayerId, string>>;
  readonly checkpoints: readonly StoredCheckpoint[];
  readonly steps: readonly StoredStep[];
}

/** Why a store refused, or could not answer. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    message: string,
    readonly reason: /** The game id is already recorded. */
      | 'taken'
      /** A step is already stored: another writer carried the game on. */
      | 'conflict'
      /** The store cannot be reached, or failed to commit (nothing was committed). */
      | 'unavailable'
      /** Another process has this embedded store open. */
      | 'locked'
      /** The store's data is not what this host wrote (a damaged row, a schema of another version). */
      | 'damaged',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
