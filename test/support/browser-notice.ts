import { BROWSER_NOTICE, BROWSER_REQUIRED, CHROMIUM } from './chromium.ts';

/**
 * Vitest's global setup: says once, for the whole run, that the browser tests are skipped and how to
 * run them, or fails the run where a browser is required (CI sets STCCG_REQUIRE_BROWSER=1).
 */
export default function browserNotice(): void {
  if (CHROMIUM) return;
  if (BROWSER_REQUIRED) {
    throw new Error(
      `STCCG_REQUIRE_BROWSER=1 but no Chromium was found (set CHROMIUM_PATH). ${BROWSER_NOTICE}`,
    );
  }
  process.stdout.write(`\n${BROWSER_NOTICE}\n\n`);
}
