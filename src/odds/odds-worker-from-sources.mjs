// The odds worker run from the TypeScript sources: tsx compiles them in this thread too (as
// bin/stccg.mjs does on the main thread), then the worker module is the task.
import { register } from 'tsx/esm/api';

register();
const { default: playTask } = await import('./odds-worker.ts');

export default playTask;
