import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { readPool } from '../cards/pool/read.ts';
import type { Game, GameOptions } from '../game/game.ts';
import {
  type Loaded,
  parseScenario,
  refused,
  SCENARIO_EXTENSIONS,
  type ScenarioError,
  WHOLE_FILE,
} from './load.ts';
import {
  malformed,
  type RunOptions,
  type RunSummary,
  runScenario,
  type ScenarioResult,
  summarise,
} from './runner.ts';
import type { Scenario } from './schema.ts';

/**
 * Scenario files and folders (Node only): reading them and naming them. Checking a scenario's text or
 * object, and running it, is browser-safe (`load.ts`, `runner.ts`).
 */

/** Reads and checks one scenario file. Never throws. */
export function loadScenario(file: string): Loaded {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return refused(
      file,
      WHOLE_FILE,
      `a readable file (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
    );
  }
  return parseScenario(text, file);
}

/**
 * The scenario files named: files as they are (whatever their extension), folders walked for `*.json`,
 * `*.yaml` and `*.yml`, each folder's files sorted by name. A name that is neither is an error.
 */
export function scenarioFiles(paths: readonly string[]): { files: string[]; errors: ScenarioError[] } {
  const files: string[] = [];
  const errors: ScenarioError[] = [];
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      errors.push({
        file: path,
        path: WHOLE_FILE,
        expected: 'a scenario file or a folder of them: not found',
      });
      continue;
    }
    if (!isFolder) files.push(path);
    else {
      const found = walk(path);
      if (found.length === 0)
        errors.push({
          file: path,
          path: WHOLE_FILE,
          expected: 'a folder with *.json, *.yaml or *.yml files',
        });
      files.push(...found);
    }
  }
  return { files, errors };
}

function walk(folder: string): string[] {
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return walk(path);
    const extension = extname(entry.name).toLowerCase();
    return SCENARIO_EXTENSIONS.some((e) => e === extension) ? [path] : [];
  });
}

export interface RunPathsOptions extends Omit<RunOptions, 'inspect' | 'onGame'> {
  /** An inspection observer for each scenario's game, if any, and what to do with the game once made. */
  readonly inspectorFor?: (
    file: string,
    scenario: Scenario,
  ) => { inspect: GameOptions['inspect']; onGame?: (game: Game) => void } | undefined;
}

/**
 * Runs every scenario file named (folders walked); malformed files are reported and run nothing. A
 * scenario that names pool cards plays with the package's pool, read from disk (or `options.pool`).
 */
export function runPaths(paths: readonly string[], options: RunPathsOptions = {}): RunSummary {
  const { files, errors } = scenarioFiles(paths);
  const scenarios: ScenarioResult[] = errors.map((error) => malformed(error));
  for (const file of files) {
    const loaded = loadScenario(file);
    if (!loaded.ok) {
      scenarios.push(malformed(loaded.error));
      continue;
    }
    const watch = options.inspectorFor?.(file, loaded.scenario);
    // The pool is read from disk only for a scenario that names pool cards.
    const pool = options.pool ?? (loaded.scenario.pool ? readPool() : undefined);
    scenarios.push(
      runScenario(loaded.scenario, file, { ...options, ...(watch ?? {}), ...(pool ? { pool } : {}) }),
    );
  }
  return summarise(scenarios);
}
