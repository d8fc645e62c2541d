import { readFileSync, writeFileSync } from 'node:fs';
import type { Command, PlayerId, RuleEvent } from '../../src/index.ts';
import {
  type ExportedGame,
  type GameStore,
  type Lease,
  type LoadedGame,
  type NewGame,
  type Pruned,
  type ReplayRule,
  type StoredCheckpoint,
  type StoredStep,
  StoreError,
} from './store.ts';

/**
 * The one SQL both stores speak (PostgreSQL's own, which PGlite is): three tables, and every write of a
 * step in a transaction with its checkpoint. Text columns, not jsonb: a checkpoint is kept as the exact
 * bytes its signature covers (jsonb would reorder its keys).
 */
export const SCHEMA = `
create table if not exists stccg_games (
  id text primary key,
  created_at timestamptz not null default now(),
  seats text not null
);
create table if not exists stccg_steps (
  game_id text not null references stccg_games (id),
  step integer not null,
  command text not null,
  events text not null,
  mac text not null default '',
  primary key (game_id, step)
);
create table if not exists stccg_hosts (
  owner text primary key,
  expires_at timestamptz not null
);
create table if not exists stccg_leases (
  game_id text primary key references stccg_games (id),
  owner text not null,
  expires_at timestamptz not null default now()
);
create index if not exists stccg_leases_owner on stccg_leases (owner);
create table if not exists stccg_host_keys (
  id text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
create table if not exists stccg_checkpoints (
  game_id text not null references stccg_games (id),
  step integer not null,
  save text not null,
  primary key (game_id, step)
);
`;

/**
 * Appends steps under a game's lease, in one statement, so one round trip (a transaction of its own).
 * The lease's row is locked (`for update`) to the commit: no other host can take the game over between
 * this check and the steps it guards (a takeover waits for the lock, then finds this owner); where this
 * owner does not hold the game, the steps are not written. Without a lease (`$2` null), they are written
 * as they are. The primary key refuses a step already stored. Prepared (named): the database keeps their
 * plans.
 */
const APPEND = {
  name: 'stccg_append_steps',
  text: `
with held as (
  select 1 from stccg_leases where game_id = $1 and owner = $2 for update
)
insert into stccg_steps (game_id, step, command, events, mac)
select $1, s.step, s.command, s.events, s.mac from unnest($3::int[], $4::text[], $5::text[], $6::text[]) as s (step, command, events, mac)
where $2::text is null or exists (select 1 from held)
returning step`,
};

/** The same for the one step a command usually is (no arrays to unnest: less of the database's work). */
const APPEND_ONE = {
  name: 'stccg_append_step',
  text: `
with held as (
  select 1 from stccg_leases where game_id = $1 and owner = $2 for update
)
insert into stccg_steps (game_id, step, command, events, mac)
select $1, $3, $4, $5, $6 where $2::text is null or exists (select 1 from held)
returning step`,
};

/** Appends steps (under a lease, where one is given): whether every step was written. */
async function appended(
  sql: Pick<Sql, 'query'>,
  gameId: string,
  steps: readonly StoredStep[],
  lease: Lease | undefined,
): Promise<boolean> {
  const head = [gameId, lease?.owner ?? null];
  const [first] = steps;
  const rows =
    steps.length === 1 && first
      ? await sql.query(
          APPEND_ONE.text,
          [...head, first.step, JSON.stringify(first.command), JSON.stringify(first.events), first.mac ?? ''],
          APPEND_ONE.name,
        )
      : await sql.query(
          APPEND.text,
          [
            ...head,
            steps.map((step) => step.step),
            steps.map((step) => JSON.stringify(step.command)),
            steps.map((step) => JSON.stringify(step.events)),
            steps.map((step) => step.mac ?? ''),
          ],
          APPEND.name,
        );
  return rows.length === steps.length;
}

/**
 * The columns retention reads, added to a store of any age: a game's end and the pruning of its history
 * (null until then), and when each checkpoint was written. The partial index keeps a sweep's look for
 * ended games to the few not yet pruned, however many games the store holds.
 */
const RETENTION_SCHEMA = [
  'alter table stccg_games add column if not exists ended_at timestamptz',
  'alter table stccg_games add column if not exists pruned_at timestamptz',
  'alter table stccg_checkpoints add column if not exists created_at timestamptz not null default now()',
  'create index if not exists stccg_games_ended on stccg_games (ended_at) where ended_at is not null and pruned_at is null',
  'create index if not exists stccg_checkpoints_created on stccg_checkpoints (created_at)',
];

/** Who may replay a game: the creator's rule and the replay token's hash (a game of an older store: token, none). */
const REPLAY_SCHEMA = [
  "alter table stccg_games add column if not exists replays text not null default 'token'",
  "alter table stccg_games add column if not exists replay_token text not null default ''",
];

/**
 * How far back past the time kept a sweep looks for old history (ms): a day. What lies further back was
 * a past sweep's (a sweep runs every minute), or is a game's that has been idle since (it keeps its last
 * two checkpoints' worth); without a bound, every game ever abandoned would be looked at every sweep.
 */
const LOOKBACK_MS = 86_400_000;

/**
 * A game's history no room needs, deleted in one statement: for each game listed, its steps up to its
 * second-to-last checkpoint and the checkpoints before that one (a game with one checkpoint keeps
 * everything); its end, where it has ended, marked pruned. Counts what went.
 */
const PRUNE = `
with kept as (
  select game_id, (array_agg(step order by step desc))[2] as step
  from stccg_checkpoints where game_id = any($1::text[]) group by game_id
), steps as (
  delete from stccg_steps s using kept where s.game_id = kept.game_id and s.step <= kept.step returning s.game_id
), checkpoints as (
  delete from stccg_checkpoints c using kept where c.game_id = kept.game_id and c.step < kept.step returning c.game_id
), ended as (
  -- Run though unread: a statement's data-modifying parts always are.
  update stccg_games set pruned_at = now() where id = any($1::text[]) and ended_at is not null and pruned_at is null
  returning id
)
select (select count(distinct game_id) from (select game_id from steps union all select game_id from checkpoints) as gone)::int as games,
       (select count(*) from steps)::int as steps, (select count(*) from checkpoints)::int as checkpoints`;

/** Steps an export reads in one call (some 400 B each as stored: well under a second's work). */
const EXPORT_PAGE = 2_000;

/** A host's own lease, renewed: while it lasts, the games it holds are its own. */
const RENEW_HOST = `insert into stccg_hosts (owner, expires_at) values ($1, clock_timestamp() + $2 * interval '1 millisecond')
  on conflict (owner) do update set expires_at = excluded.expires_at`;

/** What a store runs its SQL on: a pg pool, or PGlite. */
export interface Sql {
  /** Runs a statement; a `name` lets the database keep its plan (a prepared statement) for the next time. */
  query<Row>(text: string, params?: readonly unknown[], name?: string): Promise<Row[]>;
  /** Runs `work` in one transaction: all of it committed, or none. */
  transaction<T>(work: (sql: Pick<Sql, 'query'>) => Promise<T>): Promise<T>;
  /**
   * False where nothing reclaims deleted rows' space by itself (PGlite runs no autovacuum): the store
   * vacuums what it pruned, or its files would grow forever all the same. A server's autovacuum does it.
   */
  readonly autovacuum?: boolean;
  close(): Promise<void>;
}

/** PostgreSQL's code for a unique violation: a row already there. */
const UNIQUE_VIOLATION = '23505';

/** A database error as the store tells it: a row already there, or the store unavailable. */
function storeError(error: unknown, taken: () => StoreError): StoreError {
  if (error instanceof StoreError) return error;
  if ((error as { code?: unknown })?.code === UNIQUE_VIOLATION) return taken();
  const message = error instanceof Error ? error.message : String(error);
  return new StoreError(`the store is unavailable: ${message}`, 'unavailable', { cause: error });
}

/** A game store on SQL: the same statements on PostgreSQL and on the embedded PGlite. */
export class SqlGameStore implements GameStore {
  constructor(
    private readonly sql: Sql,
    readonly where: string,
    /**
     * Where the store's own key is kept: a file beside an embedded store (out of the database, so that
     * whoever edits the database cannot sign what they wrote); without one, a table of the database,
     * shared by every host on a PostgreSQL (give those hosts `--secret-file` to keep it apart).
     */
    private readonly keyFile?: string,
  ) {}

  /** Creates the tables where they are not (every statement is idempotent). */
  async migrate(): Promise<void> {
    try {
      await this.sql.transaction(async (sql) => {
        // Hosts starting together on a new database: one creates the schema while the others wait for it
        // (two `create table if not exists` at once collide on PostgreSQL's catalog).
        await sql.query("select pg_advisory_xact_lock(hashtext('stccg-rules: schema'))");
        for (const statement of SCHEMA.split(';').filter((text) => text.trim())) await sql.query(statement);
        // A store written before steps were sealed gains the column (its rows, unsealed, are refused).
        await sql.query("alter table stccg_steps add column if not exists mac text not null default ''");
        // Retention (`prune`): when a game ended and when its history went, and each checkpoint's age (an
        // older store's checkpoints count their age from this migration).
        for (const statement of RETENTION_SCHEMA) await sql.query(statement);
        // Replays (`host/replay.ts`): who may replay a game, and its replay token's hash.
        for (const statement of REPLAY_SCHEMA) await sql.query(statement);
      });
    } catch (error) {
      throw storeError(error, () => new StoreError('the schema could not be created', 'damaged'));
    }
  }

  async createGame(game: NewGame): Promise<void> {
    try {
      await this.sql.transaction(async (sql) => {
        await sql.query(
          'insert into stccg_games (id, seats, replays, replay_token) values ($1, $2, $3, $4)',
          [
            game.id,
            JSON.stringify(game.seats),
            game.replays?.replays ?? 'token',
            game.replays?.tokenHash ?? '',
          ],
        );
        await sql.query('insert into stccg_checkpoints (game_id, step, save) values ($1, $2, $3)', [
          game.id,
          game.checkpoint.step,
          game.checkpoint.save,
        ]);
      });
    } catch (error) {
      throw storeError(error, () => new StoreError(`a game "${game.id}" is already recorded`, 'taken'));
    }
  }

  async appendSteps(
    gameId: string,
    steps: readonly StoredStep[],
    checkpoint?: StoredCheckpoint,
    lease?: Lease,
  ): Promise<void> {
    if (steps.length === 0 && !checkpoint) return;
    try {
      const lost = () => new StoreError(`game "${gameId}" is held by another host now`, 'conflict');
      // A command's step alone: one statement. A checkpoint, every so often, in a transaction with it.
      if (!checkpoint) {
        if (!(await appended(this.sql, gameId, steps, lease))) throw lost();
        return;
      }
      await this.sql.transaction(async (sql) => {
        if (!(await appended(sql, gameId, steps, lease))) throw lost();
        if (checkpoint) {
          await sql.query('insert into stccg_checkpoints (game_id, step, save) values ($1, $2, $3)', [
            gameId,
            checkpoint.step,
            checkpoint.save,
          ]);
          // The one before it is kept too (a room being rebuilt may be reading it); older ones go.
          await sql.query(
            `delete from stccg_checkpoints where game_id = $1 and step < (
               select min(step) from (select step from stccg_checkpoints where game_id = $1 order by step desc limit 2) as kept)`,
            [gameId],
          );
        }
      });
    } catch (error) {
      throw storeError(
        error,
        () =>
          new StoreError(
            `step ${steps[0]?.step ?? checkpoint?.step} of game "${gameId}" is already stored: another host carried it on`,
            'conflict',
          ),
      );
    }
  }

  async claim(gameId: string, lease: Lease): Promise<boolean> {
    try {
      // This host alive first (its lease renewed); then the game taken where no one holds it, where its
      // holder's own lease has lapsed (that host is gone), or kept by its holder.
      await this.sql.query(RENEW_HOST, [lease.owner, lease.ttlMs]);
      const taken = await this.sql.query(
        `insert into stccg_leases (game_id, owner) values ($1, $2)
         on conflict (game_id) do update set owner = excluded.owner
         where stccg_leases.owner = excluded.owner or not exists (
           select 1 from stccg_hosts where stccg_hosts.owner = stccg_leases.owner and stccg_hosts.expires_at > clock_timestamp())
         returning game_id`,
        [gameId, lease.owner],
      );
      return taken.length > 0;
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async renew(lease: Lease): Promise<ReadonlySet<string>> {
    try {
      // One row a host, whatever the number of its games: a heartbeat costs the store one write.
      await this.sql.query(RENEW_HOST, [lease.owner, lease.ttlMs]);
      const held = await this.sql.query<{ game_id: string }>(
        'select game_id from stccg_leases where owner = $1',
        [lease.owner],
      );
      return new Set(held.map((row) => row.game_id));
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async release(gameId: string, owner: string): Promise<void> {
    try {
      await this.sql.query('delete from stccg_leases where game_id = $1 and owner = $2', [gameId, owner]);
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async replaceSeatToken(gameId: string, seat: PlayerId, hash: string): Promise<boolean> {
    try {
      return await this.sql.transaction(async (sql) => {
        // Read and written under the game's row lock: of two rotations at once, the later one's token
        // holds the seat, and the earlier one's claims it no more.
        const [game] = await sql.query<{ seats: string }>(
          'select seats from stccg_games where id = $1 for update',
          [gameId],
        );
        if (!game) return false;
        const seats = JSON.parse(game.seats) as Record<PlayerId, string>;
        // A seat a token holds keeps its token's SHA-256; the computer's holds none to replace.
        if (!Object.hasOwn(seats, seat) || !/^[0-9a-f]{64}$/.test(seats[seat] ?? '')) return false;
        await sql.query('update stccg_games set seats = $2 where id = $1', [
          gameId,
          JSON.stringify({ ...seats, [seat]: hash }),
        ]);
        return true;
      });
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async ping(): Promise<void> {
    try {
      await this.sql.query('select 1');
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async replayRule(gameId: string): Promise<ReplayRule | undefined> {
    try {
      const [game] = await this.sql.query<{ replays: string; replay_token: string; ended: boolean }>(
        'select replays, replay_token, ended_at is not null as ended from stccg_games where id = $1',
        [gameId],
      );
      if (!game) return undefined;
      return {
        replays: game.replays === 'public' ? 'public' : 'token',
        tokenHash: game.replay_token,
        ended: game.ended === true,
      };
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async loadGame(gameId: string): Promise<LoadedGame | undefined> {
    try {
      return await this.sql.transaction(async (sql) => {
        const [game] = await sql.query<{ seats: string }>('select seats from stccg_games where id = $1', [
          gameId,
        ]);
        if (!game) return undefined;
        const [checkpoint] = await sql.query<{ step: number; save: string }>(
          'select step, save from stccg_checkpoints where game_id = $1 order by step desc limit 1',
          [gameId],
        );
        if (!checkpoint) throw new StoreError(`game "${gameId}" has no checkpoint`, 'damaged');
        const steps = await sql.query<StepRow>(
          'select step, command, events, mac from stccg_steps where game_id = $1 and step > $2 order by step',
          [gameId, checkpoint.step],
        );
        return {
          id: gameId,
          seats: JSON.parse(game.seats) as Record<string, string>,
          checkpoint: { step: Number(checkpoint.step), save: checkpoint.save },
          steps: steps.map(stepOf),
        };
      });
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async stepsSince(gameId: string, since: number, most?: number): Promise<StoredStep[]> {
    try {
      // The latest `most` of them, where a limit is given (a reply carries no more): read newest first.
      const rows = await this.sql.query<StepRow>(
        `select step, command, events, mac from stccg_steps where game_id = $1 and step > $2
         order by step desc limit $3`,
        [gameId, since, most ?? null],
      );
      return rows.reverse().map(stepOf);
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async keptKey(make: () => { id: string; secret: string }): Promise<{ id: string; secret: string }> {
    if (this.keyFile) return keptInFile(this.keyFile, make);
    try {
      const made = make();
      // The first host to start keeps its key; every later one (another process too) reads it.
      await this.sql.query(
        'insert into stccg_host_keys (id, secret) select $1, $2 where not exists (select 1 from stccg_host_keys) on conflict do nothing',
        [made.id, made.secret],
      );
      const [kept] = await this.sql.query<{ id: string; secret: string }>(
        'select id, secret from stccg_host_keys order by created_at, id limit 1',
      );
      return kept!;
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async markEnded(gameId: string): Promise<void> {
    try {
      await this.sql.query('update stccg_games set ended_at = now() where id = $1 and ended_at is null', [
        gameId,
      ]);
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async endedGames(most: number): Promise<string[]> {
    try {
      const rows = await this.sql.query<{ id: string }>(
        'select id from stccg_games where ended_at is not null and pruned_at is null order by ended_at, id limit $1',
        [most],
      );
      return rows.map((row) => row.id);
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async gamesWithOldHistory(olderThanMs: number, most: number): Promise<string[]> {
    try {
      // A checkpoint with a later one is a second-to-last (or older); steps up to it are history.
      const rows = await this.sql.query<{ game_id: string }>(
        `select distinct c.game_id from stccg_checkpoints c
         where c.created_at < clock_timestamp() - $1 * interval '1 millisecond'
           and c.created_at > clock_timestamp() - ($1 + $3) * interval '1 millisecond'
           and exists (select 1 from stccg_checkpoints later where later.game_id = c.game_id and later.step > c.step)
           and exists (select 1 from stccg_steps s where s.game_id = c.game_id and s.step <= c.step)
         limit $2`,
        [olderThanMs, most, LOOKBACK_MS],
      );
      return rows.map((row) => row.game_id);
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async prune(gameIds: readonly string[]): Promise<Pruned> {
    if (gameIds.length === 0) return { games: 0, steps: 0, checkpoints: 0 };
    try {
      const [row] = await this.sql.query<Pruned>(PRUNE, [[...gameIds]]);
      if (this.sql.autovacuum === false && row!.steps + row!.checkpoints > 0)
        await this.sql.query('vacuum stccg_steps, stccg_checkpoints');
      return { games: row!.games, steps: row!.steps, checkpoints: row!.checkpoints };
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async exportGame(gameId: string): Promise<ExportedGame | undefined> {
    try {
      // Read a page at a time, each call short (a PostgreSQL store bounds every call, a transaction too,
      // within a lease): a long game is read in many. A prune meanwhile (another host's sweep) deletes the
      // lowest steps only, so a torn read shows as a gap; read again, it is the pruned game, whole.
      for (;;) {
        const [game] = await this.sql.query<{ seats: string; created_at: Date; ended_at: Date | null }>(
          'select seats, created_at, ended_at from stccg_games where id = $1',
          [gameId],
        );
        if (!game) return undefined;
        const rows: StepRow[] = [];
        for (let after = -1; ; ) {
          const page = await this.sql.query<StepRow>(
            'select step, command, events, mac from stccg_steps where game_id = $1 and step > $2 order by step limit $3',
            [gameId, after, EXPORT_PAGE],
          );
          rows.push(...page);
          if (page.length < EXPORT_PAGE) break;
          after = Number(page.at(-1)!.step);
        }
        const checkpoints = await this.sql.query<{ step: number; save: string }>(
          'select step, save from stccg_checkpoints where game_id = $1 order by step',
          [gameId],
        );
        if (rows.some((row, i) => i > 0 && Number(row.step) !== Number(rows[i - 1]!.step) + 1)) continue;
        return {
          format: 'stccg-rules/game-export',
          version: 1,
          id: gameId,
          createdAt: new Date(game.created_at).toISOString(),
          endedAt: game.ended_at === null ? null : new Date(game.ended_at).toISOString(),
          seats: JSON.parse(game.seats) as Record<string, string>,
          checkpoints: checkpoints.map((row) => ({ step: Number(row.step), save: row.save })),
          steps: rows.map(stepOf),
        } satisfies ExportedGame;
      }
    } catch (error) {
      throw storeError(error, () => new StoreError('unreachable', 'damaged'));
    }
  }

  async counts(): Promise<{ games: number; steps: number; checkpoints: number }> {
    const [row] = await this.sql.query<{ games: number; steps: number; checkpoints: number }>(
      `select (select count(*) from stccg_games)::int as games, (select count(*) from stccg_steps)::int as steps,
              (select count(*) from stccg_checkpoints)::int as checkpoints`,
    );
    return row!;
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}

/** The key kept in a file (made there the first time, readable by this user alone). */
function keptInFile(
  path: string,
  make: () => { id: string; secret: string },
): { id: string; secret: string } {
  try {
    writeFileSync(path, `${JSON.stringify(make())}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const kept = JSON.parse(readFileSync(path, 'utf8')) as { id?: unknown; secret?: unknown };
  if (typeof kept.id !== 'string' || typeof kept.secret !== 'string')
    throw new StoreError(`the store's key file ${path} is not { id, secret }`, 'damaged');
  return { id: kept.id, secret: kept.secret };
}

interface StepRow {
  step: number;
  command: string;
  events: string;
  mac: string;
}

function stepOf(row: StepRow): StoredStep {
  return {
    step: Number(row.step),
    command: JSON.parse(row.command) as Command,
    events: JSON.parse(row.events) as RuleEvent[],
    mac: row.mac,
  };
}
