import { openEmbeddedStore } from '../host/index.ts';

/**
 * `node --import tsx bench/embedded-start.ts FOLDER`: opens the embedded store in FOLDER in this process
 * (otherwise idle) and prints how long it took and the process's resident memory before and after (JSON).
 */
const folder = process.argv[2];
if (!folder) throw new Error('usage: embedded-start.ts FOLDER');
const mb = () => Math.round((process.memoryUsage().rss / 2 ** 20) * 10) / 10;
const before = mb();
const started = performance.now();
const store = await openEmbeddedStore(folder);
const ms = performance.now() - started;
await store.counts();
const after = mb();
await store.close();
process.stdout.write(`${JSON.stringify({ ms: Math.round(ms), rssBeforeMb: before, rssAfterMb: after })}\n`);
