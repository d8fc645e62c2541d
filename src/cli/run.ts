import { basename, dirname, extname, join } from 'node:path';
import type { Command } from 'commander';
import { recordTrace, type TraceRecorder } from '../debug/trace.ts';
import { reportInText } from '../scenario/report.ts';
import { runPaths } from '../scenario/runner.ts';

/**
 * `stccg run FILE_OR_DIR... [--json] [--trace OUT.jsonl]`: runs scenario files (rulings) and prints,
 * step by step, where the engine and the ruling agree. Exits non-zero if any step failed or any file is
 * malformed. With `--trace`, each scenario's game is recorded for the viewer (`stccg view`): into OUT
 * for a single scenario, into `OUT.<scenario>.jsonl` beside it for several.
 */
export function register(program: Command): void {
  program
    .command('run')
    .description('run scenario files (rulings that run): each step passes, or shows expected against actual')
    .argument('<paths...>', 'scenario files (.json, .yaml, .yml) or folders of them')
    .option('--json', 'print machine-readable results')
    .option('--trace <file>', 'record each scenario game as a trace (JSON Lines) for `stccg view`')
    .action(async (paths: string[], options: { json?: boolean; trace?: string }) => {
      const recorders: Array<{ file: string; recorder: TraceRecorder }> = [];
      const summary = runPaths(paths, {
        ...(options.trace
          ? {
              inspectorFor: (file: string, scenario: { title: string }) => {
                const recorder = recordTrace({ title: `${basename(file)}: ${scenario.title}` });
                recorders.push({ file, recorder });
                return { inspect: recorder.inspect, onGame: (game) => recorder.attach(game) };
              },
            }
          : {}),
      });
      if (options.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      else {
        const report = reportInText(summary);
        for (const line of report.errors) process.stderr.write(`stccg run: ${line}\n`);
        process.stdout.write(`${report.lines.join('\n')}\n`);
      }
      if (options.trace) {
        for (const { file, recorder } of recorders) {
          const out = recorders.length === 1 ? options.trace : traceFileFor(options.trace, file);
          await recorder.write(out);
          process.stderr.write(`stccg run: trace of ${file} written to ${out}\n`);
        }
      }
      if (!summary.passed) process.exitCode = 1;
    });
}

/** `out/trace.jsonl` and `rulings/holo-act-3.json` give `out/trace.holo-act-3.jsonl`. */
function traceFileFor(out: string, scenarioFile: string): string {
  const base = basename(out, extname(out));
  return join(dirname(out), `${base}.${basename(scenarioFile, extname(scenarioFile))}.jsonl`);
}
