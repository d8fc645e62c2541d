// Which modules does importing an entry load? `node loaded.mjs stccg-rules` prints their URLs (JSON).
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const urls = [];
port1.on('message', (url) => urls.push(url));
register('./hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
await import(process.argv[2]);
// The hooks thread posts as it resolves; give the last messages a moment to arrive.
await new Promise((resolve) => setTimeout(resolve, 200));
port1.close();
process.stdout.write(`${JSON.stringify(urls)}\n`);
