import type { Difference } from './expectations.ts';
import type { RunSummary, ScenarioResult, StepResult } from './runner.ts';
import { compact, exact } from './words.ts';

/**
 * The runner's results as text for a terminal: each scenario's question, each step with ✓ or ✗ and
 * what the engine said, every difference as expected against actual, and the rule events that led
 * to a failure. Malformed files come out on their own list (`errors`), for standard error.
 */

const MARK = { passed: '✓', failed: '✗', 'not-run': '·' } as const;

/** A run's results as text: the lines for standard output, and the malformed files for standard error. */
export interface Report {
  readonly lines: readonly string[];
  /** One line per malformed file: file, path inside it, what was expected. */
  readonly errors: readonly string[];
}

/** The results of a run (`runPaths`, or `summarise` of your own results) as text, for a terminal. */
export function reportInText(summary: RunSummary): Report {
  const lines: string[] = [];
  const errors: string[] = [];
  for (const scenario of summary.scenarios) {
    if (scenario.status === 'malformed') {
      const error = scenario.error!;
      errors.push(`${error.file}: ${error.path}: expected ${error.expected}`);
      lines.push(`✗ ${scenario.file}: malformed at ${error.path}, not run`, '');
      continue;
    }
    lines.push(...scenarioLines(scenario), '');
  }
  lines.push(totals(summary));
  return { lines, errors };
}

function scenarioLines(scenario: ScenarioResult): string[] {
  const lines = [
    `${scenario.status === 'passed' ? '✓' : '✗'} ${scenario.file}`,
    `  ${scenario.title} [${scenario.clauses.join(', ')}]`,
  ];
  if (scenario.answer) lines.push(`  ${scenario.answer}`);
  for (const step of scenario.steps) lines.push(...stepLines(step));
  return lines;
}

function stepLines(step: StepResult): string[] {
  const lines = [`    ${MARK[step.status]} ${step.description}`];
  if (step.status === 'not-run') return lines;
  for (const said of step.said) lines.push(`        ${said}`);
  if (step.status === 'passed') return lines;
  lines.push(`        differs from the ruling at step ${step.index} (${step.kind}):`);
  for (const difference of step.differences) lines.push(...differenceLines(difference));
  if (step.ledThere.length) {
    lines.push('        the rule events that led here:');
    for (const message of step.ledThere) lines.push(`          ${message}`);
  }
  return lines;
}

function differenceLines({ path, expected, actual }: Difference): string[] {
  // Prose (a refusal, events in words) reads best as it is; values exactly, so "5" and 5 differ.
  const prose = (value: unknown) => typeof value === 'string' && /\s/.test(value);
  const show = (value: unknown) =>
    prose(value) || (Array.isArray(value) && value.length > 0 && value.every(prose))
      ? compact(value)
      : exact(value);
  return [
    `          ${path}:`,
    `            expected: ${show(expected)}`,
    `            actual:   ${show(actual)}`,
  ];
}

function totals(summary: RunSummary): string {
  const { passed, failed } = summary.steps;
  const notRun = summary.steps['not-run'];
  const failedFiles = summary.scenarios.filter((s) => s.status === 'failed').length;
  const parts = [
    `${summary.files} scenario file${summary.files === 1 ? '' : 's'}`,
    `${passed + failed + notRun} steps: ${passed} passed, ${failed} failed, ${notRun} not run`,
  ];
  if (failedFiles) parts.push(`${failedFiles} file${failedFiles === 1 ? '' : 's'} failed`);
  if (summary.malformed) parts.push(`${summary.malformed} malformed`);
  return `${summary.passed ? '✓' : '✗'} ${parts.join('; ')}`;
}
