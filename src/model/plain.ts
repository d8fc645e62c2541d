/**
 * Plain data from untrusted hands. Every input the engine takes (a command, a host effect, a setup, a
 * save, a scenario file) is plain JSON data: objects, arrays, strings, finite numbers, booleans and
 * null, nested at most `MAX_JSON_DEPTH` levels. This module copies such input by value without running
 * any code of the sender's (no `toJSON`, no getter, no proxy trap), and measures nesting without
 * recursion, so that a hostile value is refused with a clear reason instead of throwing
 * (`RangeError: Maximum call stack size exceeded`) or deciding for itself what the engine reads.
 */

import { nodeBuiltin } from './node-builtin.ts';

/**
 * How deep any JSON input may nest (saves, setups, scenario files, commands). A save's persisted
 * snapshot, the deepest input the engine itself writes, nests about a dozen levels; a setup less.
 */
export const MAX_JSON_DEPTH = 64;

/** Why a value is not plain data, in words (for a rejection or an error message). */
export type PlainRefusal = string;

/** The result of copying: the copy, or why the value is not plain data. */
export type PlainCopy =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly why: PlainRefusal };

/** Limits of `copyPlain`, beyond the nesting depth. */
export interface PlainLimits {
  /** How deep the value may nest (default `MAX_JSON_DEPTH`). */
  readonly maxDepth?: number;
  /** How many values (objects, arrays and leaves) it may hold in all (default 1,000,000). */
  readonly maxNodes?: number;
}

type ProxyCheck = (value: object) => boolean;

/**
 * Tells a proxy apart without running its traps. Node has `util.types.isProxy` (`nodeBuiltin`); a
 * browser has no such check, and there a proxy is read like the object it stands for.
 */
const isProxy: ProxyCheck =
  nodeBuiltin<{ types?: { isProxy?: ProxyCheck } }>('node:util')?.types?.isProxy ?? (() => false);

/**
 * Whether `key` of an object can be read as data, running none of its sender's code: the object is no
 * proxy, and the property it has or inherits there is data, not a getter. Where a proxy cannot be told
 * apart (a browser), one whose traps throw is no data either.
 */
export function readsAsData(object: object, key: string): boolean {
  try {
    for (let at: object | null = object; at !== null; at = Object.getPrototypeOf(at) as object | null) {
      if (isProxy(at)) return false;
      const descriptor = Object.getOwnPropertyDescriptor(at, key);
      if (descriptor) return 'value' in descriptor;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * A copy of plain data made without running the sender's code: only own enumerable data properties are
 * read (symbol keys and non-enumerable properties are left out, as JSON leaves them out); an accessor
 * (getter or setter), a proxy, a function, a big integer, a symbol, a number that is not finite, an
 * object of any class but Object or Array, a cycle or nesting deeper than the limit make the whole value
 * refused. `undefined` in an object is left out, and in an array becomes `null`, as JSON does.
 */
export function copyPlain(value: unknown, limits: PlainLimits = {}): PlainCopy {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  // Every value is paid for as its array or object is first read, by its length or key count, holes
  // included: a sparse array costs what copying it costs, before a slot of it is made.
  let nodes = (limits.maxNodes ?? 1_000_000) - 1;
  const charge = (count: number): boolean => {
    nodes -= count;
    return nodes >= 0;
  };
  let refusal: string | undefined;
  const refuse = (why: string): undefined => {
    refusal ??= why;
    return undefined;
  };
  // Iterative, so that no input can exhaust the stack: each task fills one slot of a copy.
  const root: { value?: unknown } = {};
  const tasks: Array<{
    value: unknown;
    depth: number;
    into: Record<string, unknown> | unknown[];
    key: string | number;
  }> = [{ value, depth: 0, into: root as Record<string, unknown>, key: 'value' }];
  const push = (
    inner: unknown,
    depth: number,
    into: Record<string, unknown> | unknown[],
    key: string | number,
  ) => {
    tasks.push({ value: inner, depth, into, key });
  };
  while (tasks.length > 0 && refusal === undefined) {
    const task = tasks.pop()!;
    let copy: unknown;
    try {
      copy = copyOne(task.value, task.depth, maxDepth, charge, refuse, push);
    } catch {
      // Where a proxy cannot be told apart (a browser), its traps run as it is read, and may throw (a
      // revoked proxy always does): the value is refused like any other that is not data.
      return { ok: false, why: 'reading it threw (a proxy?)' };
    }
    if (refusal !== undefined) break;
    if (copy === OMIT) {
      if (!Array.isArray(task.into)) delete (task.into as Record<string, unknown>)[task.key as string];
      continue;
    }
    // Assigned to the slot `copyOne` made: an own writable data property (defined there, never assigned,
    // where the key is inherited), so the assignment never reaches a setter or a prototype.
    (task.into as Record<string | number, unknown>)[task.key] = copy;
  }
  if (refusal !== undefined) return { ok: false, why: refusal };
  return { ok: true, value: root.value };
}

const OMIT = Symbol('omit');

function copyOne(
  value: unknown,
  depth: number,
  maxDepth: number,
  /** Pays for this many values more; false when the limit is passed (the object is refused unread). */
  charge: (count: number) => boolean,
  refuse: (why: string) => undefined,
  push: (
    value: unknown,
    depth: number,
    into: Record<string, unknown> | unknown[],
    key: string | number,
  ) => void,
): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : refuse('it holds a number that is not finite');
    case 'undefined':
      return OMIT;
    case 'bigint':
      return refuse('it holds a big integer');
    case 'symbol':
      return refuse('it holds a symbol');
    case 'function':
      return refuse('it holds a function');
  }
  if (value === null) return null;
  const object = value as object;
  if (depth >= maxDepth) return refuse(`it nests deeper than ${maxDepth} levels (or refers to itself)`);
  if (isProxy(object)) return refuse('it is a proxy');
  const proto = Object.getPrototypeOf(object);
  const array = Array.isArray(object);
  if (array ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) {
    return refuse('it holds an object of a class (only plain objects and arrays are data)');
  }
  const keys = array ? undefined : Object.keys(object);
  if (!charge((keys ?? (object as unknown[])).length)) return refuse('it holds too many values');
  // One property at a time: a descriptor of every property at once costs a dictionary the size of the
  // object, which a save's thousands of objects pay for (a non-proxy's keys and descriptors run no code).
  if (array) {
    const length = (object as unknown[]).length;
    const copy: unknown[] = new Array(length).fill(null);
    for (let i = 0; i < length; i++) {
      const descriptor = Object.getOwnPropertyDescriptor(object, i);
      if (!descriptor) continue;
      if (!('value' in descriptor)) return refuse('it has a getter or setter');
      push(descriptor.value, depth + 1, copy, i);
    }
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const key of keys!) {
    const descriptor = Object.getOwnPropertyDescriptor(object, key)!;
    if (!('value' in descriptor)) return refuse('it has a getter or setter');
    // Each key in its place now (the values come later): the copy keeps the input's key order. A key the
    // copy inherits (`__proto__`, `constructor`, `toString`, or one planted on Object.prototype) is
    // defined, not assigned: an assignment would run an inherited setter (or set the prototype), and
    // throw where Object.prototype is frozen (a hardened host).
    if (key in copy) {
      Object.defineProperty(copy, key, {
        value: undefined,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    } else copy[key] = undefined;
    push(descriptor.value, depth + 1, copy, key);
  }
  return copy;
}

/** An object of plain data's kind: neither null nor an array (what a JSON object parses to). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How deep a value nests (a leaf is 0, `[]` and `{}` are 1), counted without recursion; stops counting
 * past `limit`, so a value nested a million levels costs no more than one nested `limit + 1`.
 */
export function nestingDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (level > limit) return level;
    for (const inner of Array.isArray(current) ? current : Object.values(current)) {
      if (inner !== null && typeof inner === 'object') stack.push([inner, level]);
    }
  }
  return deepest;
}

/** Whether a value parsed from JSON (or YAML) nests deeper than the limit every JSON input shares. */
export function nestsTooDeep(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  return nestingDepth(value, limit) > limit;
}

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether a free-text field holds a control character (a newline would forge a second log line). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * Text from a thrown value or another unchecked source, safe to put in a result: a string, without
 * control characters, at most `max` characters. Reads `message` only when it is an own data property
 * of an Error (no getter runs).
 */
export function safeText(value: unknown, max = 300): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Error) {
    const descriptor = Object.getOwnPropertyDescriptor(value, 'message');
    text =
      descriptor && 'value' in descriptor && typeof descriptor.value === 'string'
        ? descriptor.value
        : 'an error';
  } else text = value === null ? 'null' : typeof value === 'object' ? 'an object' : typeof value;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them.
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** A short, printable name for whatever was given as an input's type (never the whole of a huge or odd value). */
export function typeName(type: unknown): string {
  if (typeof type === 'string') return JSON.stringify(type.length > 40 ? `${type.slice(0, 40)}…` : type);
  return type === undefined
    ? 'none'
    : `a ${Array.isArray(type) ? 'list' : type === null ? 'null' : typeof type}`;
}
