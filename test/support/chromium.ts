import { existsSync } from 'node:fs';

/**
 * Where the browser tests find Chromium: `CHROMIUM_PATH` when set, else the usual system paths
 * (Debian's `apt-get install chromium` puts it at /usr/bin/chromium). No browser is ever downloaded.
 *
 * Without one, the browser tests skip and `npm test` prints one line saying how to run them
 * (`test/support/browser-notice.ts`); with `STCCG_REQUIRE_BROWSER=1` (set by `.ci/run`) a missing
 * browser fails the run instead.
 */
const USUAL_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return USUAL_PATHS.find((path) => existsSync(path));
}

/** The path of Chromium, or undefined where there is none: `describe.skipIf(!CHROMIUM)`. */
export const CHROMIUM = findChromium();

/** Whether a missing browser must fail the run rather than skip (CI). */
export const BROWSER_REQUIRED = process.env.STCCG_REQUIRE_BROWSER === '1';

/** Chromium's flags for this machine: headless, as root, and quiet on a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const BROWSER_NOTICE =
  'Browser tests skipped: no Chromium found. Install it (Debian: apt-get install chromium) or set ' +
  'CHROMIUM_PATH=/path/to/chromium, then run npm test again.';
