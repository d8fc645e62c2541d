import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The lab built for the browser tests, into `outDir` (vite's default, dist/lab, where none is given). */
export async function buildLab(outDir?: string): Promise<void> {
  await promisify(execFile)(process.execPath, [
    'node_modules/vite/bin/vite.js',
    'build',
    '--config',
    'lab/vite.config.ts',
    ...(outDir === undefined ? [] : ['--outDir', outDir]),
    '--logLevel',
    'error',
  ]);
}
