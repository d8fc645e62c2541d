import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Trace, traceText } from './trace-records.ts';

/**
 * Writes a trace (from `recordTrace(...).trace()`, or `parseTrace`) as a JSON Lines file, creating its
 * directory. Node only: in a browser, `traceText(trace)` gives the same text.
 */
export async function writeTrace(path: string, trace: Trace): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, traceText(trace));
}
