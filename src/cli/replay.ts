import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import { createGame } from '../game/game.ts';
import { checkSave, replayGame, SaveError } from '../game/save.ts';
import { SetupError } from '../game/setup-board.ts';
import { isHostEffectType } from '../model/commands.ts';
import { MAX_JSON_DEPTH, nestsTooDeep } from '../model/plain.ts';

/**
 * `stccg replay LOG`: plays a game again from its origin and command log. LOG is a save (from
 * `saveGame`) or `{ "setup", "seed"?, "cards"?, "log" }`. With a save, the replayed game must reach the
 * very snapshot the save holds. `--narrate` prints every command with the rule events it caused.
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
    .action((file: string, options: { narrate?: boolean }) => {
      process.exitCode = replay(file, options.narrate ?? false, (line) => process.stdout.write(`${line}\n`));
    });
}

/** Replays the file; returns the exit code. Errors are printed without stack traces. */
export function replay(file: string, narrate: boolean, write: (line: string) => void): number {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    write(`${file}: cannot read a JSON file: ${(error as Error).message}`);
    return 2;
  }
  if (nestsTooDeep(content)) {
    write(`${file}: not a command log: it nests deeper than ${MAX_JSON_DEPTH} levels`);
    return 2;
  }
  const parsed = logFileSchema.safeParse(content);
  if (!parsed.success) {
    write(`${file}: not a command log: expected { origin, log } (a save) or { setup, seed, log }`);
    return 2;
  }
  const data = parsed.data;
  if ('origin' in data) {
    // A save: its format, version and checksum are checked as restoreGame checks them.
    try {
      checkSave(content);
    } catch (error) {
      if (!(error instanceof SaveError)) throw error;
      write(`${file}: ${error.message}`);
      return 1;
    }
  }
  const origin =
    'origin' in data ? data.origin : { setup: data.setup, seed: data.seed ?? 1, cards: data.cards ?? [] };
  try {
    if (narrate) narrateReplay(origin, data.log, write);
    const game = replayGame(origin, data.log);
    const snapshot = JSON.stringify(game.persistedSnapshot());
    write(
      `${file}: replayed ${data.log.length} commands; the game is at step ${game.step()}, turn ${game.board().turn.number}`,
    );
    if ('snapshot' in data && data.snapshot !== undefined) {
      const same = snapshot === JSON.stringify(data.snapshot);
      write(
        same
          ? 'the replayed game matches the saved snapshot'
          : 'the replayed game DIFFERS from the saved snapshot',
      );
      game.stop();
      return same ? 0 : 1;
    }
    game.stop();
    return 0;
  } catch (error) {
    if (error instanceof SaveError || error instanceof SetupError) {
      write(`${file}: ${error.message}`);
      return 1;
    }
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
