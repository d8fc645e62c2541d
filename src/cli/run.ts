import type { Command } from 'commander';
import { reportInText } from '../scenario/report.ts';
import { runPaths } from '../scenario/runner.ts';

/**
 * `stccg run FILE_OR_DIR... [--json]`: runs scenario files (rulings) and prints, step by step, where the
 * engine and the ruling agree. Exits non-zero if any step failed or any file is malformed.
 */
export function register(program: Command): void {
  program
    .command('run')
    .description('run scenario files (rulings that run): each step passes, or shows expected against actual')
    .argument('<paths...>', 'scenario files (.json, .yaml, .yml) or folders of them')
    .option('--json', 'print machine-readable results')
    .action((paths: string[], options: { json?: boolean }) => {
      const summary = runPaths(paths);
      if (options.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      else {
        const report = reportInText(summary);
        for (const line of report.errors) process.stderr.write(`stccg run: ${line}\n`);
        process.stdout.write(`${report.lines.join('\n')}\n`);
      }
      if (!summary.passed) process.exitCode = 1;
    });
}
