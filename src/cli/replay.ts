import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import { createGame } from '../game/game.ts';
import { checkSave, checksumOfSaveBody, replayGame, SaveError } from '../game/save.ts';
import { SetupError } from '../game/setup-board.ts';
import { isHostEffectType } from '../model/commands.ts';
import { MAX_JSON_DEPTH, nestsTooDeep } from '../model/plain.ts';
import { EXIT } from './exit.ts';

/**
 * `stccg replay LOG`: plays a game again from its origin and command log. LOG is a save (from
 * `saveGame`) or `{ "setup", "seed"?, "cards"?, "log" }`. With a save, the replayed game must reach the
 * very snapshot the save holds. `--narrate` prints every command with the rule events it caused;
 * `--json` prints the outcome as data.
 */

const logFileSchema = z.union([
  z.object({
    origin: z.object({ setup: z.unknown(), seed: z.number().int(), cards: z.array(z.unknown()) }),
    log: z.array(z.unknown()),
    snapshot: z.unknown().optional(),
  }),
  z.object({
    setup: z.unknown(),
    seed: z.number().int().optional(),
    cards: z.array(z.unknown()).optional(),
    log: z.array(z.unknown()),
  }),
]);

export function register(program: Command): void {
  program
    .command('replay')
    .description('replay a game from its setup, seed and command log (a save, or { setup, seed, log })')
    .argument('<log>', 'a JSON file')
    .option('--narrate', 'print each command and the rule events it caused')
    .option('--json', 'print the outcome as JSON ({ file, commands, step, turn, matchesSnapshot, error })')
    .action((file: string, options: { narrate?: boolean; json?: boolean }) => {
      process.exitCode = replay(
        file,
        options.narrate ?? false,
        (line) => process.stdout.write(`${line}\n`),
        options.json ?? false,
      );
    });
}

/** What `stccg replay --json` prints. */
export interface ReplayOutcome {
  readonly file: string;
  /** How many commands were replayed (null when the file could not be replayed at all). */
  readonly commands: number | null;
  readonly step: number | null;
  readonly turn: number | null;
  /** For a save: whether the replayed game reached its snapshot; null for a plain log. */
  readonly matchesSnapshot: boolean | null;
  readonly error: string | null;
  /** Why a save's snapshot was not compared (a version this engine does not read), if so. */
  readonly note?: string;
}

/**
 * Replays the file; returns the exit code: 0 replayed (and, for a save, the snapshot reached), 1 a
 * logged command refused or the snapshot not reached, 2 the file unreadable, not a log, or its setup
 * refused. Errors are printed without stack traces.
 */
export function replay(file: string, narrate: boolean, write: (line: string) => void, json = false): number {
  const outcome = replayOutcome(file, narrate && !json, write);
  if (json) write(JSON.stringify(outcome.outcome, null, 2));
  else for (const line of outcome.lines) write(line);
  return outcome.code;
}

function replayOutcome(
  file: string,
  narrate: boolean,
  write: (line: string) => void,
): { code: number; outcome: ReplayOutcome; lines: string[] } {
  const none = { file, commands: null, step: null, turn: null, matchesSnapshot: null };
  const refused = (code: number, error: string) => ({
    code,
    outcome: { ...none, error },
    lines: [`${file}: ${error}`],
  });
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return refused(EXIT.badInput, `cannot read a JSON file: ${(error as Error).message}`);
  }
  if (nestsTooDeep(content)) {
    return refused(EXIT.badInput, `not a command log: it nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  const parsed = logFileSchema.safeParse(content);
  if (!parsed.success) {
    return refused(
      EXIT.badInput,
      'not a command log: expected { origin, log } (a save) or { setup, seed, log }',
    );
  }
  const data = parsed.data;
  // A save's snapshot, as this engine holds it (an older version's migrated): what the replay must reach.
  let saved: unknown = 'snapshot' in data ? data.snapshot : undefined;
  let notCompared: string | undefined;
  if ('origin' in data) {
    // A save: its format, version and checksum are checked as restoreGame checks them.
    try {
      const { save } = checkSave(content);
      // A checkpoint holds no log to replay (only the commands after it, kept elsewhere): nothing to compare.
      if (save.logStart > 0) {
        return refused(
          EXIT.badInput,
          `a checkpoint (its log starts after step ${save.logStart}) cannot be replayed: resume it with its journal (resumeGame)`,
        );
      }
      saved = save.snapshot;
    } catch (error) {
      if (!(error instanceof SaveError)) throw error;
      // A save of a version this engine does not restore (1, or a later one) is still replayed: its origin
      // and log are all a replay needs. Only its snapshot, of a shape this engine does not read, is not
      // compared. Any other failed check (damaged, not a save) is refused, as restoreGame refuses it.
      if (error.reason !== 'unknown-version') return refused(EXIT.failed, error.message);
      // Every version's checksum is the same digest of the same fields: a damaged one is refused.
      const { checksum, ...body } = content as { checksum?: unknown };
      if (checksum !== checksumOfSaveBody(body as Parameters<typeof checksumOfSaveBody>[0])) {
        return refused(EXIT.failed, 'the save is damaged: its checksum does not match its content');
      }
      saved = undefined;
      notCompared = `its snapshot is not compared: ${error.message.split(';')[0]}`;
    }
  }
  const origin =
    'origin' in data ? data.origin : { setup: data.setup, seed: data.seed ?? 1, cards: data.cards ?? [] };
  try {
    if (narrate) narrateReplay(origin, data.log, write);
    const game = replayGame(origin, data.log);
    const snapshot = JSON.stringify(game.persistedSnapshot());
    const replayed = { file, commands: data.log.length, step: game.step(), turn: game.board().turn.number };
    game.stop();
    const lines = [
      `${file}: replayed ${replayed.commands} commands; the game is at step ${replayed.step}, turn ${replayed.turn}`,
    ];
    if (notCompared) lines.push(notCompared);
    if (saved !== undefined) {
      const same = snapshot === JSON.stringify(saved);
      lines.push(
        same
          ? 'the replayed game matches the saved snapshot'
          : 'the replayed game DIFFERS from the saved snapshot',
      );
      return {
        code: same ? EXIT.ok : EXIT.failed,
        outcome: {
          ...replayed,
          matchesSnapshot: same,
          error: same ? null : 'the replayed game differs from the saved snapshot',
        },
        lines,
      };
    }
    return {
      code: EXIT.ok,
      outcome: {
        ...replayed,
        matchesSnapshot: null,
        error: null,
        ...(notCompared ? { note: notCompared } : {}),
      },
      lines,
    };
  } catch (error) {
    if (error instanceof SetupError) return refused(EXIT.badInput, error.message);
    if (error instanceof SaveError) return refused(EXIT.failed, error.message);
    throw error;
  }
}

function narrateReplay(
  origin: { setup: unknown; seed: number; cards: readonly unknown[] },
  log: readonly unknown[],
  write: (line: string) => void,
): void {
  const game = createGame(origin.setup, { seed: origin.seed, cards: origin.cards });
  log.forEach((command, i) => {
    write(`#${i + 1} ${JSON.stringify(command)}`);
    const result =
      typeof command === 'object' &&
      command !== null &&
      isHostEffectType((command as { type?: unknown }).type)
        ? game.effect(command)
        : game.send(command);
    if (result.ok) for (const event of result.events) write(`    ${event.message}`);
    else write(`    refused: ${result.rejection.message}`);
  });
  game.stop();
}
