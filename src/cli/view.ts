import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { serveFile } from '../debug/serve.ts';
import { parseTrace } from '../debug/trace-records.ts';
import { writeViewer } from '../debug/viewer.ts';
import { EXIT } from './exit.ts';

/**
 * Adds `stccg view TRACE.jsonl [--out FILE] [--open] [--json]`: the trace viewer, one self-contained
 * HTML page; with `--open`, served on 127.0.0.1 until Ctrl-C. Exit code 0, or 2 when the trace cannot be
 * read or the page cannot be written.
 */
export function register(program: Command): void {
  program
    .command('view')
    .description(
      'write the trace viewer: one self-contained HTML page (statecharts, timeline, board, clauses)',
    )
    .argument('<trace>', 'a JSON Lines trace (stccg demo --trace, or a recorder of your own)')
    .option('--out <file>', 'the page to write (default: the trace file name with .html)')
    .option('--open', 'also serve the page on 127.0.0.1 (a free port) and print its address; Ctrl-C stops')
    .option('--json', 'print what was written as JSON ({ "page", "records" })')
    .action(async (tracePath: string, options: { out?: string; open?: boolean; json?: boolean }) => {
      const out = options.out ?? htmlPathFor(tracePath);
      try {
        const trace = parseTrace(await readFile(tracePath, 'utf8'));
        await writeViewer(trace, out);
        const records = trace.records.length;
        process.stdout.write(
          options.json ? `${JSON.stringify({ page: out, records })}\n` : `${out} (${records} records)\n`,
        );
      } catch (error) {
        // No trace yet is the newcomer's case (`npm start` records none): say how to make one.
        const hint =
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? 'record a trace first: stccg demo --trace (writes out/demo-trace.jsonl), or stccg run FILE --trace OUT\n'
            : '';
        process.stderr.write(
          `stccg view: ${tracePath}: ${error instanceof Error ? error.message : String(error)}\n${hint}`,
        );
        process.exitCode = EXIT.badInput;
        return;
      }
      if (options.open) await serveUntilInterrupted(out);
    });
}

/** `trace.jsonl` → `trace.html`. */
export function htmlPathFor(tracePath: string): string {
  return `${tracePath.replace(/\.jsonl?$/i, '')}.html`;
}

async function serveUntilInterrupted(page: string): Promise<void> {
  const served = await serveFile(page);
  process.stdout.write(`serving ${page} at ${served.url} (Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => {
      served.close().then(resolve, resolve);
    });
  });
  process.stdout.write('stopped\n');
}
