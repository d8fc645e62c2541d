// The bot measure's worker thread (bench/bot.ts): tsx compiles the TypeScript sources in this thread
// too, then bot-worker.ts plays the games it is handed.
import { register } from 'tsx/esm/api';

register();
await import('./bot-worker.ts');
