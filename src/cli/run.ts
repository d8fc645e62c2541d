import { basename, extname, join } from 'node:path';
import type { Command } from 'commander';
import { recordTrace, type TraceRecorder } from '../debug/trace.ts';
import { writeTrace } from '../debug/trace-files.ts';
import { runPaths, scenarioFiles } from '../scenario/files.ts';
import { reportInText } from '../scenario/report.ts';
import { EXIT } from './exit.ts';

/**
 * `stccg run FILE_OR_DIR... [--json] [--trace OUT] [--kernel]`: runs scenario files (rulings) and prints, step by
 * step, where the engine and the ruling agree. Exit code 0 when every step passed, 1 when a step failed,
 * 2 when a file is missing or malformed (or `--trace` cannot be written as asked).
 *
 * `--trace OUT` records each scenario's game for the viewer (`stccg view`). OUT ending in `.jsonl` is one
 * file: then exactly one scenario file must be named. Any other OUT is a folder: one
 * `<scenario file name>.jsonl` per scenario is written into it.
 *
 * `--kernel` plays the steps on the kernel, the engine's second driver (`src/kernel/`), and reads each
 * expectation off its position: a ruling must hold on both drivers alike.
 */
export function register(program: Command): void {
  program
    .command('run')
    .description('run scenario files (rulings that run): each step passes, or shows expected against actual')
    .argument('<paths...>', 'scenario files (.json, .yaml, .yml) or folders of them')
    .option('--json', 'print the results as JSON')
    .option(
      '--trace <out>',
      'record each scenario game as a trace for `stccg view`: OUT.jsonl is one file (one scenario only); ' +
        'any other OUT is a folder that gets <scenario>.jsonl for each',
    )
    .option('--kernel', 'play the steps on the kernel (the second driver) rather than the statecharts')
    .action(async (paths: string[], options: { json?: boolean; trace?: string; kernel?: boolean }) => {
      process.exitCode = await run(paths, options, {
        out: (text) => process.stdout.write(text),
        err: (line) => process.stderr.write(`stccg run: ${line}\n`),
      });
    });
}

/** Runs the scenarios; returns the exit code. */
export async function run(
  paths: readonly string[],
  options: { json?: boolean; trace?: string; kernel?: boolean },
  output: { out: (text: string) => void; err: (line: string) => void },
): Promise<number> {
  if (options.kernel && options.trace !== undefined) {
    output.err('--trace records the statecharts, which --kernel does not run: use one or the other');
    return EXIT.badInput;
  }
  const oneFile = options.trace !== undefined && /\.jsonl$/i.test(options.trace);
  if (oneFile) {
    const { files } = scenarioFiles(paths);
    if (files.length !== 1) {
      output.err(
        `--trace ${options.trace} is one file, but ${files.length} scenario files are named: ` +
          'name one scenario file, or give --trace a folder',
      );
      return EXIT.badInput;
    }
  }
  const recorders: Array<{ file: string; recorder: TraceRecorder }> = [];
  const summary = runPaths(paths, {
    ...(options.kernel ? { driver: 'kernel' as const } : {}),
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
  if (options.json) output.out(`${JSON.stringify(summary, null, 2)}\n`);
  else {
    const report = reportInText(summary);
    for (const line of report.errors) output.err(line);
    output.out(`${report.lines.join('\n')}\n`);
  }
  if (options.trace) {
    try {
      for (const { file, recorder } of recorders) {
        const out = oneFile ? options.trace : join(options.trace, `${basename(file, extname(file))}.jsonl`);
        await writeTrace(out, recorder.trace());
        output.err(`trace of ${file} written to ${out}`);
      }
    } catch (error) {
      output.err(`cannot write the trace: ${(error as Error).message}`);
      return EXIT.badInput;
    }
  }
  if (summary.malformed > 0) return EXIT.badInput;
  return summary.passed ? EXIT.ok : EXIT.failed;
}
