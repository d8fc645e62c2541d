import { vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

/** Runs `stccg` in-process, with its output captured and `process.exitCode` left as it was found. */
export async function stccg(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const capture = (add: (text: string) => void) =>
    ((chunk: unknown) => {
      add(String(chunk));
      return true;
    }) as typeof process.stdout.write;
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture((t) => (stdout += t)));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture((t) => (stderr += t)));
  process.exitCode = undefined;
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = undefined;
  }
}
