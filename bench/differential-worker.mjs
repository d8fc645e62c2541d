// The differential bench's worker thread (bench/differential.ts): tsx compiles the TypeScript sources
// in this thread too, then differential-task.ts plays the battles it is handed.
import { register } from 'tsx/esm/api';

register();
const { default: playDifferential } = await import('./differential-task.ts');

export default playDifferential;
