import type { Command } from 'commander';

/** Adds the `stccg odds` command to the program (being built; see the issues). */
export function register(_program: Command): void {}
