import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BlueprintFile } from './import.ts';

/** Blueprint files from paths (Node only): files as given, and the `.json` and `.hjson` files of folders. */

/** A path that could not be read, and why. */
export interface UnreadablePath {
  readonly path: string;
  readonly message: string;
}

const BLUEPRINT_FILE = /\.h?json$/i;

/**
 * Reads the blueprint files at `paths` for `importCards`, each named by its path: a file as given, a
 * folder's `.json` and `.hjson` files in name order (not its subfolders). A path that cannot be read is
 * reported, and the others are still read.
 */
export function readBlueprintFiles(paths: readonly string[]): {
  readonly files: BlueprintFile[];
  readonly unreadable: UnreadablePath[];
} {
  const files: BlueprintFile[] = [];
  const unreadable: UnreadablePath[] = [];
  const read = (path: string) => {
    try {
      files.push({ name: path, text: readFileSync(path, 'utf8') });
    } catch (error) {
      unreadable.push({ path, message: (error as Error).message });
    }
  };
  for (const path of paths) {
    let folder = false;
    try {
      folder = statSync(path).isDirectory();
    } catch (error) {
      unreadable.push({ path, message: (error as Error).message });
      continue;
    }
    if (!folder) {
      read(path);
      continue;
    }
    const names = readdirSync(path)
      .filter((name) => BLUEPRINT_FILE.test(name))
      .sort();
    for (const name of names) {
      const inside = join(path, name);
      if (!statSync(inside).isDirectory()) read(inside);
    }
  }
  return { files, unreadable };
}
