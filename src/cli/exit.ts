/**
 * The exit codes of every `stccg` command (docs/cli.md): the same three everywhere, so that scripts
 * can tell a ruling that failed from a command that was given something it cannot use.
 */
export const EXIT = {
  /** Success: everything ran and every check passed. */
  ok: 0,
  /** A ruling or check failed: a scenario step, a replay that differs or is refused. */
  failed: 1,
  /** Bad input or usage: an unknown option, a missing, unreadable or malformed file, an unwritable output. */
  badInput: 2,
} as const;
