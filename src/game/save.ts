import { battleMachine } from '../../machines/battle.machine.ts';
import { hologramMachine } from '../../machines/hologram.machine.ts';
import type { Command } from '../model/commands.ts';
import { commandSchema, isHostEffect } from '../model/commands.ts';
import { idSchema } from '../model/ids.ts';
import { copyPlain, isRecord, MAX_JSON_DEPTH, safeText, typeName } from '../model/plain.ts';
import { sha256Hex } from '../model/sha256.ts';
import * as z from '../model/zod.ts';
import { decisionTheRulesAwait } from '../rules/battle/steps.ts';
import {
  checkPolicyHolder,
  createGame,
  Game,
  type GameOptions,
  type GameOrigin,
  idFromOrigin,
  markReplay,
  ownSnapshot,
  unmarkReplay,
} from './game.ts';
import { checkedOptions } from './options.ts';
import { checkedPolicy } from './policies.ts';
import { originProblem, snapshotProblem } from './restore-checks.ts';
import { checkedSeed, gameInputFromSetup, SetupError } from './setup-board.ts';
import {
  type CheckedKey,
  checkedKey,
  checkedKeys,
  macOf,
  type SaveKey,
  type SaveSignature,
  sameMac,
} from './signing.ts';

/**
 * Saving, restoring and replaying games. A save is JSON: the game's id and origin (setup, seed, the
 * client's cards), the commands carried out (all of them, or none for a checkpoint), and the XState
 * persisted snapshot (hologram actors, the running battle and its response window, the random
 * generator's state), with a format version, a checksum, and a signature where a key signed it.
 */

export const SAVE_FORMAT = 'stccg-rules/save';
/**
 * The save format version this engine writes. Version 5 (stccg-rules 0.7) holds the game's `id`, the
 * step its log starts after (`logStart`: 0, or a checkpoint's step), and a signature where a key signed
 * it; a version 4 save is migrated with an id made from its checksum. Version 4 (0.4) records, in a battle's data,
 * who left it while it ran (`left`, BATTLE-6); version 3 (0.3) held the decision a battle's pairing
 * awaits in the game's context (`awaitedDecision`) rather than the battle's (`decision`). Versions 3 and
 * 2 are migrated as they are read (`migrateVersion3`, `migrateVersion2`). A version 1 save (0.1) is
 * refused, but its origin and log still replay (`replayGame`, `stccg replay`).
 */
export const SAVE_VERSION = 5;

/** The older versions this engine still reads, migrating each to SAVE_VERSION. */
const MIGRATED_VERSIONS: ReadonlySet<number> = new Set([2, 3, 4]);

export interface SavedGame {
  readonly format: typeof SAVE_FORMAT;
  readonly version: number;
  /** The game's id (`game.id`), signed with the rest. */
  readonly id: string;
  readonly origin: GameOrigin;
  /**
   * The step the log starts after: 0 for a whole save (origin and log replay it); the save's own step
   * for a checkpoint (`saveGame(game, { log: false })`), which carries no log at all.
   */
  readonly logStart: number;
  /** The commands carried out after step `logStart`, in order. */
  readonly log: readonly Command[];
  readonly snapshot: unknown;
  /** sha256 of the rest, so that a damaged save is refused rather than half-loaded. */
  readonly checksum: string;
  /** HMAC-SHA256 under the key that signed it (`saveGame(game, { key })`); absent from an unsigned save. */
  readonly signature?: SaveSignature;
}

/** How `saveGame` writes a save. */
export interface SaveOptions {
  /** Signs the save with this key (HMAC-SHA256): `restoreGame(save, { key })` then refuses any change to it. */
  readonly key?: SaveKey;
  /**
   * `false` writes a checkpoint: the game as it is now without the commands that led there, of the same
   * size at step 10,000 as at step 10 (for a host that appends each command to its own journal and
   * checkpoints every so often: restore the latest checkpoint and `resumeGame` with the commands after
   * it). Default true: the whole log, which replays.
   */
  readonly log?: boolean;
}

/** A save that cannot be restored, or a log that cannot be replayed; `reason` says which check failed. */
export class SaveError extends Error {
  override readonly name = 'SaveError';
  constructor(
    message: string,
    readonly reason:
      | 'not-a-save'
      | 'unknown-version'
      | 'damaged'
      | 'bad-setup'
      | 'refused-command'
      | 'not-restorable'
      /** A key was given, and the save carries no signature. */
      | 'unsigned'
      /** A key was given, and the save is signed by another key (its `keyId` names no key given). */
      | 'unknown-key'
      /** The save's signature does not match its content: it was changed after it was signed. */
      | 'forged',
  ) {
    super(message);
  }
}

/**
 * The text a save's checksum and signature are made over: its content, in one order, as JSON. A save of
 * version 4 or before had neither id nor logStart.
 */
function contentOf(body: Omit<SavedGame, 'checksum' | 'signature'>): string {
  return body.version >= 5
    ? JSON.stringify([
        body.format,
        body.version,
        body.id,
        body.origin,
        body.logStart,
        body.log,
        body.snapshot,
      ])
    : JSON.stringify([body.format, body.version, body.origin, body.log, body.snapshot]);
}

function checksumOf(body: Omit<SavedGame, 'checksum' | 'signature'>): string {
  // SHA-256, synchronous in browsers and Node alike (native in Node: see sha256.ts).
  return sha256Hex(contentOf(body));
}

/**
 * What a signature is made over: the key's id, the game's id and its step, then the save's content
 * exactly as its checksum reads it. A change to any byte of it (a card put back, the generator's state,
 * a decision in the log, the seed, a card added to the setup) changes the MAC.
 */
function signedText(keyId: string, step: number, content: string): string {
  return `${JSON.stringify(['stccg-rules/signed-save', keyId, step])}\n${content}`;
}

/** Why a save of another version is refused, in words (a version 1 save can still be replayed). */
function versionRefusal(version: number): string {
  if (version === 1) {
    return (
      `this is a version 1 save (stccg-rules 0.1); this engine reads versions 2 to ${SAVE_VERSION} only, ` +
      'because version 1 snapshots are not migrated: replay its origin and log instead (replayGame, or `stccg replay FILE`)'
    );
  }
  return `save format version ${version} is not known (this engine reads versions 2 to ${SAVE_VERSION})`;
}

/**
 * The game now, as a save (plain JSON): signed where a key is given, a checkpoint without its log where
 * `log: false` (see `SaveOptions`). Throws `SaveError` for a stopped game, and `TypeError` for a bad
 * option or key.
 */
export function saveGame(game: Game, given: SaveOptions = {}): SavedGame {
  const options = checkedOptions(given, 'saveGame', ['key', 'log']);
  const key = options.key === undefined ? undefined : checkedKey(options.key);
  if (options.log !== undefined && typeof options.log !== 'boolean')
    throw new TypeError(`log is true (the whole log) or false (a checkpoint), not ${typeName(options.log)}`);
  const whole = options.log !== false;
  // A stopped actor's snapshot is no running game's: refuse it here rather than write a save that
  // restoreGame would refuse.
  const status = game.actor.getSnapshot().status;
  if (status === 'error')
    throw new SaveError(
      'a game stopped on an error inside the engine cannot be saved: restore its last save',
      'not-restorable',
    );
  if (status !== 'active')
    throw new SaveError('a stopped game cannot be saved: save it before game.stop()', 'not-restorable');
  const body = {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    id: game.id,
    origin: game.origin,
    logStart: whole ? game.logStart : game.step(),
    // In the schema's own key order, so that a restored game saves to the very same bytes.
    log: whole ? game.log().map((command) => commandSchema.parse(command)) : [],
    snapshot: game.persistedSnapshot(),
  } as const;
  // Through JSON once, so the checksum is of exactly what a file would hold.
  const plain = JSON.parse(JSON.stringify(body)) as Omit<SavedGame, 'checksum'>;
  const content = contentOf(plain);
  const saved: SavedGame = { ...plain, checksum: sha256Hex(content) };
  if (!key) return saved;
  const step = game.step();
  const mac = macOf(key, signedText(key.id, step, content));
  return { ...saved, signature: { algorithm: 'HMAC-SHA256', keyId: key.id, step, mac } };
}

/**
 * How many values (objects, arrays and leaves, an array's holes counted) a save may hold: a log of some
 * two million commands, a save of some 70 MB. Every value is paid for before it is copied, so a forged
 * save (sparse arrays, one object shared a million times over, as structuredClone keeps them) is
 * refused after at most this much work.
 */
export const SAVE_MAX_VALUES = 10_000_000;

const saveSchema = z.object({
  format: z.literal(SAVE_FORMAT),
  version: z.int(),
  // Version 5 on: required (checked after the version); absent from the older versions.
  id: z.optional(idSchema),
  origin: z.object({ setup: z.unknown(), seed: z.int(), cards: z.array(z.unknown()) }),
  logStart: z.optional(z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER))),
  log: z.array(z.unknown()),
  snapshot: z.record(z.string(), z.unknown()),
  checksum: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  signature: z.optional(
    z.strictObject({
      algorithm: z.literal('HMAC-SHA256'),
      keyId: idSchema,
      step: z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
      mac: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
    }),
  ),
});

/** How a save is checked before anything of it runs (`checkSave`). */
export interface CheckOptions {
  /**
   * The key (or keys: during a rotation, the old ones too) a save must be signed with. Given, an
   * unsigned save is refused (`unsigned`), one signed by a key not given (`unknown-key`), and one changed
   * in any way since it was signed (`forged`). Without it, a save is checked by its checksum alone.
   */
  readonly key?: SaveKey | readonly SaveKey[];
}

export interface RestoreOptions extends Omit<GameOptions, 'seed' | 'cards' | 'id'>, CheckOptions {
  /**
   * How far to trust the save. `'checksum'` (the default) refuses damaged saves and checks that the
   * restored game answers; `'replay'` also replays the origin and log, and refuses a save whose
   * snapshot is not where they lead: for saves from hands you do not trust (a checksum detects damage,
   * not forgery).
   */
  readonly verify?: 'checksum' | 'replay';
}

/**
 * A save checked as `restoreGame` checks it before running anything: plain JSON data nested at most
 * `MAX_JSON_DEPTH` levels, of this format and version, with a checksum that matches its content and a
 * log of commands. Returns the save (a copy) and its log; throws `SaveError` otherwise. `stccg replay`
 * checks a save with it too.
 */
export function checkSave(saved: unknown, given: CheckOptions = {}): { save: SavedGame; log: Command[] } {
  const options = checkedOptions(given, 'checkSave', ['key']);
  // The caller's keys first: a malformed key is the caller's error (TypeError), not the save's.
  const keys = options.key === undefined ? undefined : checkedKeys(options.key);
  // Copied by value without running any code of the caller's (no getter, toJSON or proxy), and no
  // deeper than any JSON input may nest: a deeply nested save is refused, not a RangeError.
  const copy = copyPlain(saved, { maxDepth: MAX_JSON_DEPTH, maxNodes: SAVE_MAX_VALUES });
  if (!copy.ok) throw new SaveError(`not a saved game: not plain JSON data (${copy.why})`, 'not-a-save');
  const plain = copy.value;
  const parsed = saveSchema.safeParse(plain);
  if (!parsed.success) {
    const version = (plain as { version?: unknown } | null)?.version;
    if (
      (plain as { format?: unknown } | null)?.format === SAVE_FORMAT &&
      typeof version === 'number' &&
      version !== SAVE_VERSION &&
      !MIGRATED_VERSIONS.has(version)
    ) {
      throw new SaveError(versionRefusal(version), 'unknown-version');
    }
    const issue = parsed.error.issues[0]!;
    throw new SaveError(
      `not a saved game: ${safeText(issue.path.join('.'), 120) || '(save)'}: ${safeText(issue.message, 200)}`,
      'not-a-save',
    );
  }
  const save = parsed.data;
  if (save.version !== SAVE_VERSION && !MIGRATED_VERSIONS.has(save.version)) {
    throw new SaveError(versionRefusal(save.version), 'unknown-version');
  }
  if (save.version >= 5 && (save.id === undefined || save.logStart === undefined)) {
    throw new SaveError(
      `not a saved game: a version ${save.version} save names its game's id and its logStart`,
      'not-a-save',
    );
  }
  const { checksum, signature, ...body } = save;
  // The checksum and the signature are of the save as it was written, so they are checked before any
  // migration; the signature first, for a forger can always make the checksum match.
  const content = contentOf(body as Omit<SavedGame, 'checksum'>);
  if (keys) checkSignature(signature, keys, content);
  if (sha256Hex(content) !== checksum) {
    throw new SaveError('the save is damaged: its checksum does not match its content', 'damaged');
  }
  let current = save as SavedGame;
  if (current.version === 2) current = migrateVersion2(current);
  if (current.version === 3) current = migrateVersion3(current);
  if (current.version === 4) current = migrateVersion4(current);
  // The log is part of the copy made above: its entries are plain data already.
  return { save: current, log: parseLog(save.log, true) };
}

/**
 * Refuses a save whose signature is missing, by a key not given, or not of its content (`SaveError`
 * naming which). The MAC is compared in time that does not depend on where it differs.
 */
function checkSignature(
  signature: SaveSignature | undefined,
  keys: readonly CheckedKey[],
  content: string,
): void {
  if (!signature)
    throw new SaveError('the save is not signed, and a key was given: it is refused', 'unsigned');
  const key = keys.find((k) => k.id === signature.keyId);
  if (!key) {
    throw new SaveError(
      `the save is signed by key ${JSON.stringify(signature.keyId)}, which is not among the keys given (${keys.map((k) => JSON.stringify(k.id)).join(', ')})`,
      'unknown-key',
    );
  }
  if (!sameMac(macOf(key, signedText(key.id, signature.step, content)), signature.mac)) {
    throw new SaveError(
      'the save has been changed since it was signed: its signature does not match its content',
      'forged',
    );
  }
}

/**
 * A version 4 save as version 5 holds it: the id a game of its origin is given by default (so that the
 * migrated game and its log replayed save alike), and a log from the start (`logStart` 0). The checksum
 * is made anew for the migrated content.
 */
function migrateVersion4(save: SavedGame): SavedGame {
  return resealed({ ...save, version: 5, id: idFromOrigin(save.origin), logStart: 0 });
}

/**
 * A version 2 save as version 3 would hold it: the decision the battle's pairing awaits moves from the
 * battle's context (`decision`) to the game's (`awaitedDecision`), and the last battle's record loses
 * its `decision` (always null once a battle is over). Anything else is left for the restore checks to
 * judge. The checksum is made anew for the migrated content.
 */
function migrateVersion2(save: SavedGame): SavedGame {
  const snapshot = save.snapshot;
  if (!isRecord(snapshot) || !isRecord(snapshot.context)) return save;
  let awaitedDecision: unknown = null;
  const children = editBattleContext(snapshot.children, ({ decision = null, ...battleContext }) => {
    awaitedDecision = decision;
    return battleContext;
  });
  // In the order version 3 writes its keys (`awaitedDecision` after `battle`), so that the migrated game
  // and the same game replayed save to the same bytes.
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(snapshot.context)) {
    if (key === 'lastBattle' && isRecord(value)) {
      const { decision: _alwaysNull, ...record } = value;
      context.lastBattle = record;
    } else context[key] = value;
    if (key === 'battle') context.awaitedDecision = awaitedDecision;
  }
  if (!('awaitedDecision' in context)) context.awaitedDecision = awaitedDecision;
  return resealed({ ...save, version: 3, snapshot: { ...snapshot, context, children } });
}

/**
 * A version 3 save as version 4 holds it: a battle's data (the running battle's, the last battle's
 * record) gains `left`, who left the battle while it ran. A version 3 save did not record it: for a
 * battle still running, its log replayed tells (`leftByReplay`), so the battle ends as version 4 ends
 * it; a battle already over keeps what 0.3 made of it (none left). Written where version 4 writes it
 * (before `piles`), so that the migrated game and the same game replayed save to the same bytes.
 */
function migrateVersion3(save: SavedGame): SavedGame {
  const snapshot = save.snapshot;
  if (!isRecord(snapshot) || !isRecord(snapshot.context)) return save;
  // `left` is worked out only where it is missing (a replay for a running battle costs a game).
  const withLeft = (
    data: Record<string, unknown>,
    left: () => readonly string[],
  ): Record<string, unknown> => {
    if ('left' in data) return data;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      if (key === 'piles') out.left = left();
      out[key] = value;
    }
    if (!('left' in out)) out.left = left();
    return out;
  };
  const lastBattle = snapshot.context.lastBattle;
  const context = isRecord(lastBattle)
    ? { ...snapshot.context, lastBattle: withLeft(lastBattle, () => []) }
    : snapshot.context;
  const children = editBattleContext(snapshot.children, (battle) =>
    withLeft(battle, () => leftByReplay(save)),
  );
  return resealed({ ...save, version: 4, snapshot: { ...snapshot, context, children } });
}

/**
 * Who left the battle running in a version 3 save, which did not record it: its log replayed knows (the
 * battle is the same up to its end, where version 4's BATTLE-6 reads `left`). None, if it does not replay.
 */
function leftByReplay(save: SavedGame): readonly string[] {
  try {
    const replayed = replayGame(save.origin, save.log);
    const left = replayed.battle()?.data.left ?? [];
    replayed.stop();
    return left;
  } catch {
    return [];
  }
}

/** A persisted game snapshot's children with the battle actor's context edited (as they are without one). */
function editBattleContext(
  children: unknown,
  edit: (context: Record<string, unknown>) => Record<string, unknown>,
): unknown {
  const battle = isRecord(children) ? children.battle : undefined;
  if (
    !isRecord(children) ||
    !isRecord(battle) ||
    !isRecord(battle.snapshot) ||
    !isRecord(battle.snapshot.context)
  )
    return children;
  return {
    ...children,
    battle: { ...battle, snapshot: { ...battle.snapshot, context: edit(battle.snapshot.context) } },
  };
}

/** A migrated save with its checksum made anew for its content (an older save has no signature). */
function resealed(save: SavedGame): SavedGame {
  const { checksum: _old, signature: _none, ...content } = save;
  return { ...content, checksum: checksumOf(content) };
}

/** What a save's origin sets up, as `originProblem` compares it with the save's snapshot. */
type SetUp = Parameters<typeof originProblem>[0];

/**
 * Origins set up lately, by their JSON text: a server restores the same game at each of its players'
 * moves, and setting its origin up again each time would cost a fifth of a restore. A few are kept.
 */
const setUpOrigins = new Map<string, SetUp>();
const MAX_SET_UP_ORIGINS = 16;

/**
 * The game a save's origin sets up, checked as createGame checks a setup (a save must replay, whatever
 * else it holds): `SaveError` with `bad-setup` otherwise.
 */
function setUpOrigin(origin: GameOrigin): SetUp {
  const text = JSON.stringify([origin.setup, origin.seed, origin.cards]);
  const known = setUpOrigins.get(text);
  if (known) return known;
  let input: ReturnType<typeof gameInputFromSetup>;
  try {
    input = gameInputFromSetup(origin.setup, checkedSeed(origin.seed), origin.cards);
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    throw new SaveError(`the save's setup is refused: ${error.message}`, 'bad-setup');
  }
  const setUp: SetUp = { board: input.board, customCards: input.customCards };
  if (setUpOrigins.size >= MAX_SET_UP_ORIGINS)
    setUpOrigins.delete(setUpOrigins.keys().next().value as string);
  setUpOrigins.set(text, setUp);
  return setUp;
}

/**
 * A saved game, running again exactly where it stopped. Refuses (with `SaveError`) a save of an unknown
 * format or version, one whose checksum does not match, and one the engine cannot run: a snapshot of
 * the wrong shape, an impossible board (a card in two places or none, a card carrying itself), actors
 * that are not exactly those the board calls for (a hologram actor for each hologram in play, a battle
 * actor exactly while battling, a response window exactly where the battle has one). Never a
 * half-loaded game, and never another exception.
 */
export function restoreGame(saved: unknown, given: RestoreOptions = {}): Game {
  // The client's options first: a misspelt policy or check is the caller's error (TypeError), not the save's.
  const options = checkedOptions(given, 'restoreGame', ['policies', 'inspect', 'verify', 'key', 'history']);
  for (const [player, policy] of Object.entries(options.policies ?? {})) checkedPolicy(player, policy);
  if (options.verify !== undefined && options.verify !== 'checksum' && options.verify !== 'replay')
    throw new TypeError(`verify is 'checksum' or 'replay', not ${typeName(options.verify)}`);
  const { verify = 'checksum', key, ...gameOptions } = options;
  const { save, log } = checkSave(saved, key === undefined ? {} : { key });
  if (verify === 'replay' && save.logStart > 0) {
    throw new SaveError(
      `a checkpoint (its log starts after step ${save.logStart}) cannot be verified by replay: sign your checkpoints (a key) instead`,
      'not-restorable',
    );
  }
  const origin = setUpOrigin(save.origin);
  const { context } = save.snapshot as { context: Parameters<typeof originProblem>[1] };
  const problem =
    snapshotProblem(save.snapshot, save.logStart + log.length) ?? originProblem(origin, context);
  if (problem) throw new SaveError(`the save cannot be restored: ${problem}`, 'not-restorable');
  // A policy for someone who does not play in the saved game is the caller's error, as at createGame.
  for (const player of Object.keys(options.policies ?? {})) checkPolicyHolder(player, context.board.players);
  let game: Game;
  try {
    // `checkSave` made this snapshot for this restore alone (a copy of the caller's save): no other copy.
    game = new Game(save.origin, gameOptions, {
      snapshot: ownSnapshot(save.snapshot as object),
      log,
      logStart: save.logStart,
      id: save.id,
    });
  } catch (error) {
    if (error instanceof SetupError)
      throw new SaveError(`the save's setup is refused: ${error.message}`, 'bad-setup');
    throw new SaveError(`the save cannot be restored: ${(error as Error)?.message}`, 'not-restorable');
  }
  let health: string | undefined;
  try {
    health = healthOf(game) ?? (verify === 'replay' ? replayDiffers(save.origin, log, game) : undefined);
  } catch (error) {
    health = `the rules cannot read it (${(error as Error)?.message})`;
  }
  if (health) {
    game.stop();
    throw new SaveError(
      `the save cannot be restored: ${health}`,
      health.startsWith('its log') ? 'damaged' : 'not-restorable',
    );
  }
  return game;
}

// The states an actor of each kind can rest in, read from the statecharts themselves.
const BATTLE_STEPS = new Set(Object.keys(battleMachine.root.states));
const HOLOGRAM_STATES = new Set(Object.keys(hologramMachine.root.states));

/** Why a restored game cannot go on, if it cannot: every actor in a known state, and the rules answer. */
function healthOf(game: Game): string | undefined {
  const snapshot = game.actor.getSnapshot();
  if (snapshot.status !== 'active') return `the game actor is ${snapshot.status}`;
  if (snapshot.value !== 'playing' && snapshot.value !== 'battling') return 'the game is in no known state';
  const context = snapshot.context;
  if ((snapshot.value === 'battling') !== (context.battle !== null))
    return 'its battle and its state disagree';
  if (context.battle && !BATTLE_STEPS.has(String(context.battle.getSnapshot().value))) {
    return 'its battle is at no known step';
  }
  for (const hologram of Object.values(context.holograms)) {
    if (!HOLOGRAM_STATES.has(String(hologram?.getSnapshot().value))) return 'a hologram is in no known state';
  }
  try {
    // What every client asks first: each player's view, and what the game waits for.
    for (const player of game.board().players) game.view(player);
    game.awaiting();
  } catch (error) {
    return `the rules cannot read it (${(error as Error).message})`;
  }
  // BATTLE-4a/b/c: the decision a pairing awaits is the rules' own judgement of this board.
  const expected = decisionTheRulesAwait(game.table(), context.random);
  if (JSON.stringify(expected) !== JSON.stringify(context.awaitedDecision))
    return 'the decision it awaits is not the one the rules give its pairing (BATTLE-4a/b/c)';
  return undefined;
}

/** With `verify: 'replay'`: does the origin and log lead elsewhere than the snapshot? */
function replayDiffers(origin: GameOrigin, log: readonly Command[], restored: Game): string | undefined {
  let replayed: Game;
  try {
    replayed = replayGame(origin, log);
  } catch (error) {
    return `its log does not replay (${(error as Error).message})`;
  }
  const same = JSON.stringify(replayed.persistedSnapshot()) === JSON.stringify(restored.persistedSnapshot());
  replayed.stop();
  return same ? undefined : 'its log leads elsewhere than its snapshot';
}

/** The commands of a log: each entry copied by value (unless `copied`: the caller's copy is plain data), then checked. */
function parseLog(log: readonly unknown[], copied = false): Command[] {
  if (!Array.isArray(log))
    throw new SaveError(`a log is a list of commands, not ${typeName(log)}`, 'damaged');
  return log.map((entry, i) => {
    const copy = copied
      ? { ok: true as const, value: entry }
      : copyPlain(entry, { maxDepth: MAX_JSON_DEPTH });
    if (!copy.ok) throw new SaveError(`log entry ${i} is not a command (${copy.why})`, 'damaged');
    const command = commandSchema.safeParse(copy.value);
    if (!command.success) throw new SaveError(`log entry ${i} is not a command`, 'damaged');
    return command.data;
  });
}

/**
 * Plays a game again from its origin and command log, without policies (the log holds the commands
 * the policies sent). The same origin and log give the very same game. Throws `SaveError` if a logged
 * command is refused (the log does not belong to that origin).
 */
export function replayGame(
  origin: GameOrigin,
  log: readonly unknown[],
  options: Omit<GameOptions, 'seed' | 'cards' | 'policies'> = {},
): Game {
  // The log is checked before any game starts, so a bad one leaves nothing running.
  const commands = parseLog(log);
  if (typeof origin !== 'object' || origin === null)
    throw new SaveError(`an origin is { setup, seed, cards }, not ${typeName(origin)}`, 'bad-setup');
  // Only the inspection is used: the seed and cards are the origin's (passing them is the caller's
  // error), and `policies` is taken but no policy answers in a replay: the log holds every command.
  const { inspect, id } = checkedOptions(options, 'replayGame', ['inspect', 'policies', 'id']) as GameOptions;
  const game = createGame(origin.setup, {
    seed: origin.seed,
    cards: origin.cards,
    ...(inspect ? { inspect } : {}),
    ...(id === undefined ? {} : { id }),
  });
  markReplay(game);
  playLogged(game, commands, 0);
  return game;
}

/**
 * Plays logged commands into a game marked as a replay (no policy answers: the log holds every command),
 * stopping the game and throwing `SaveError` at the first one refused. `first` numbers the first entry.
 */
function playLogged(game: Game, commands: readonly Command[], first: number): void {
  commands.forEach((command, i) => {
    const result = isHostEffect(command) ? game.effect(command) : game.send(command);
    if (!result.ok) {
      game.stop();
      throw new SaveError(
        `log entry ${first + i} (${command.type}) is refused on replay: ${result.rejection.message}`,
        'refused-command',
      );
    }
  });
}

/**
 * A game brought back from a host's journal: its latest checkpoint (a save, usually one written with
 * `saveGame(game, { log: false, key })`) and the commands carried out after it, in order. The save is
 * checked as `restoreGame` checks it (with `key`, its signature too); the commands are played as a
 * replay plays them (no policy answers between them: they include what the policies played), then the
 * policies given answer whatever the game awaits. Throws `SaveError` as `restoreGame` does, or
 * `refused-command` for a command the game refuses (a journal that does not follow its checkpoint).
 */
export function resumeGame(saved: unknown, later: readonly unknown[], given: RestoreOptions = {}): Game {
  const options = checkedOptions(given, 'resumeGame', ['policies', 'inspect', 'verify', 'key', 'history']);
  const commands = parseLog(later);
  const { policies, ...restoreOptions } = options;
  const game = restoreGame(saved, restoreOptions);
  markReplay(game);
  playLogged(game, commands, game.step());
  unmarkReplay(game);
  for (const [player, policy] of Object.entries(policies ?? {})) game.setPolicy(player, policy);
  game.answerByPolicies();
  return game;
}

/**
 * The checksum a save's body would carry. Not exported from the package: the engine's own tests forge
 * saves with it (a checksum detects damage, not forgery; `restoreGame` must still refuse what it cannot run).
 */
export { checksumOf as checksumOfSaveBody };
