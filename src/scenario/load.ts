import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import { isRecord, MAX_JSON_DEPTH, nestsTooDeep } from '../model/plain.ts';
import { type Scenario, scenarioSchema } from './schema.ts';

/**
 * Reading scenario files: JSON or YAML, checked against the scenario schema. A file that does not fit
 * is refused as a whole, with the file, the path inside it and what was expected there, so that
 * nothing of a half-understood ruling is run. Browser-safe: reading files and folders is `files.ts`
 * (Node).
 */

/** Why a scenario file cannot be run. */
export interface ScenarioError {
  readonly file: string;
  /** Where inside the file (`steps.3.do.player`, counting from 0); `(file)` for the file as a whole. */
  readonly path: string;
  /** What was expected there (and what was found). */
  readonly expected: string;
}

export type Loaded =
  | { readonly ok: true; readonly file: string; readonly scenario: Scenario }
  | { readonly ok: false; readonly error: ScenarioError };

export const SCENARIO_EXTENSIONS = ['.json', '.yaml', '.yml'] as const;

/** The path of an error about the file as a whole. */
export const WHOLE_FILE = '(file)';

/** Checks a scenario file's text; the file name's extension says whether it is YAML or JSON. */
export function parseScenario(text: string, file: string): Loaded {
  const yaml = /\.ya?ml$/i.test(file);
  let data: unknown;
  try {
    data = yaml ? parseYaml(text, { prettyErrors: true, uniqueKeys: true }) : JSON.parse(text);
  } catch (error) {
    // A parser that recursed too deep: the file nests far deeper than any JSON input may.
    if (
      error instanceof RangeError ||
      /Maximum call stack size exceeded/.test(String((error as Error)?.message))
    )
      return refused(file, WHOLE_FILE, `data nested at most ${MAX_JSON_DEPTH} levels deep`);
    return refused(file, WHOLE_FILE, syntaxError(error, text, yaml));
  }
  return checkScenario(data, file);
}

/**
 * Checks a scenario given as an object (what a JSON or YAML file holds). `file` names it in errors and
 * results.
 */
export function checkScenario(data: unknown, file = '(scenario)'): Loaded {
  // Before the schema walks it: data nested deeper than any JSON input may is refused, not a RangeError.
  if (nestsTooDeep(data))
    return refused(file, WHOLE_FILE, `data nested at most ${MAX_JSON_DEPTH} levels deep`);
  const result = scenarioSchema.safeParse(data);
  if (result.success) return { ok: true, file, scenario: result.data };
  const { path, expected } = explain(result.error.issues[0]!, data);
  return refused(file, path.length ? path.join('.') : WHOLE_FILE, expected);
}

/** A refusal: the scenario named `file` does not fit at `path`, where `expected` was wanted. */
export function refused(file: string, path: string, expected: string): Loaded {
  return { ok: false, error: { file, path, expected } };
}

function syntaxError(error: unknown, text: string, yaml: boolean): string {
  if (yaml && error instanceof YAMLParseError) {
    // The parser's first line says what and where ("... at line 3, column 1:").
    return `well-formed YAML: ${error.message.split('\n')[0]!.replace(/:$/, '')}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (!position) return `well-formed JSON: ${message}`;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `well-formed JSON at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+.*$/, '')}`;
}

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/**
 * An issue in words, with its path. A union's "Invalid input" says nothing, so a union is explained
 * by the one branch the value plainly means (a step with `do` is a command step; a position with
 * `capturedBy` and `aboard` is a captive's), or else by the forms it may take.
 */
function explain(issue: Issue, data: unknown, base: Path = []): { path: Path; expected: string } {
  const path = [...base, ...issue.path];
  const value = valueAt(data, path);
  if (issue.code !== 'invalid_union' || issue.errors.length === 0)
    return { path, expected: inWords(issue, value) };
  const meant = issue.errors
    .filter((issues) => fits(issues, value))
    .sort((a, b) => strayness(a) - strayness(b))[0];
  if (meant?.[0]) return explain(meant[0], data, path);
  const forms = [...new Set(issue.errors.map((issues) => formOf(issues, value)))];
  return { path, expected: `one of ${forms.join(', ')}; found ${preview(value)}` };
}

/** A branch the value means: of the right kind, with every key it requires, whatever else is wrong. */
function fits(issues: readonly Issue[], value: unknown): boolean {
  return !issues.some(
    (issue) =>
      (issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) ||
      isMissingKey(issue, value),
  );
}

/** How far a value strays from a branch it fits: its issues, each unknown key counted. */
function strayness(issues: readonly Issue[]): number {
  return issues.reduce((sum, issue) => sum + (issue.code === 'unrecognized_keys' ? issue.keys.length : 1), 0);
}

function isMissingKey(issue: Issue, value: unknown): boolean {
  return issue.code === 'invalid_type' && issue.path.length === 1 && valueAt(value, issue.path) === undefined;
}

/** A union branch's form, read from how the value failed it: a literal, a kind, or an object's keys. */
function formOf(issues: readonly Issue[], value: unknown): string {
  for (const issue of issues) {
    if (issue.path.length !== 0) continue;
    if (issue.code === 'invalid_value') return issue.values.map((v) => JSON.stringify(v)).join(' or ');
    if (issue.code === 'invalid_type') return issue.expected === 'object' ? 'an object' : issue.expected;
  }
  const unknown = new Set(
    issues.flatMap((i) => (i.code === 'unrecognized_keys' && i.path.length === 0 ? i.keys : [])),
  );
  const present = isRecord(value) ? Object.keys(value).filter((k) => !unknown.has(k)) : [];
  const missing = issues.filter((i) => isMissingKey(i, value)).map((i) => String(i.path[0]));
  return `{ ${[...new Set([...missing, ...present])].join(', ')} }`;
}

function inWords(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `no key ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} here`;
    case 'invalid_type':
      return `${issue.expected}; found ${preview(value)}`;
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v));
      const shown = values.length > 12 ? [...values.slice(0, 8), `... (${values.length} in all)`] : values;
      return `one of ${shown.join(', ')}; found ${preview(value)}`;
    }
    case 'invalid_union':
      // A discriminated union (a command's `type`) names its options itself.
      return `${issue.message.replace(/^Invalid discriminator value\. Expected /, 'one of ')}; found ${preview(value)}`;
    default:
      // zod's own wording, without its "Invalid input:" preamble.
      return issue.message.replace(/^Invalid (input|option): /, '');
  }
}

function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const key of path)
    value =
      isRecord(value) || Array.isArray(value) ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
