/**
 * Vitest's setup file for every test file: the lines the host's libraries print on the console for
 * what the tests do on purpose, dropped, so that a run prints no expected error. colyseus.js warns of
 * every join a host refuses (`colyseus.js - onError => (4403) ...`, `Room connection was closed
 * unexpectedly ...`) besides rejecting the join, which is what the tests assert; @colyseus/schema logs
 * each malformed string it skips, which the fuzz tests send by the thousand. Any other line is printed.
 */
const EXPECTED = [
  /^colyseus\.js - onError => \(\d+\)/,
  /^Room connection was closed unexpectedly \(\d+\)/,
  /^decode\.utf8Read\(\): Invalid byte \d+ at offset \d+/,
];

for (const level of ['warn', 'error'] as const) {
  const print = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && EXPECTED.some((line) => line.test(args[0] as string))) return;
    print(...args);
  };
}
