/**
 * What stops a long-running command (`stccg host`): SIGTERM or SIGINT, heard from the command's first
 * moment (a host takes seconds to start, and one told to stop meanwhile still closes its store), or,
 * where npm started it (`npx stccg host`, `npm run`), its launcher gone. npm runs a bin in `sh -c`, and
 * forwards SIGTERM and SIGINT to that shell alone: the shell dies of it without passing it on, npm exits,
 * and the host, a grandchild nobody signalled, would keep its port and its store's lock. It sees its
 * parent go instead (its parent process id changes as it is handed to init) and stops as if signalled.
 */

/** How often a host started by npm looks for its launcher (milliseconds). */
const LAUNCHER_CHECK_MS = 250;

export interface StopRequests {
  /** Resolves, with what asked, once something asks the command to stop. */
  readonly requested: Promise<string>;
  /** Stops listening (the signals' handlers removed, the launcher no longer watched). */
  dispose(): void;
}

export function stopRequests(): StopRequests {
  let stop: (why: string) => void = () => {};
  const requested = new Promise<string>((resolve) => {
    stop = resolve;
  });
  // Heard once: a second signal, while the host closes, ends the process as it would have anyway.
  const signalled = (signal: NodeJS.Signals) => {
    unlisten();
    stop(signal);
  };
  const unlisten = () => {
    process.off('SIGTERM', signalled);
    process.off('SIGINT', signalled);
  };
  process.on('SIGTERM', signalled);
  process.on('SIGINT', signalled);
  // npm names the script it runs (`npx` for npx) in every process it starts.
  const launcher = process.env.npm_lifecycle_event === undefined ? undefined : process.ppid;
  const watch =
    launcher === undefined
      ? undefined
      : setInterval(() => {
          if (process.ppid !== launcher) stop('its launcher (npm) gone');
        }, LAUNCHER_CHECK_MS).unref();
  return {
    requested,
    dispose() {
      unlisten();
      clearInterval(watch);
    },
  };
}
