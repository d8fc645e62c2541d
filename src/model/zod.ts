import { en } from 'zod/locales';
import { config } from 'zod/mini';

/**
 * The engine's zod: `zod/mini`, the tree-shakable form of zod (the same package), so that a web page
 * that plays a game carries only the checks it uses. Every schema module imports it as a namespace
 * (`import * as z from './zod.ts'`), as zod/mini's own docs do: a bundler keeps only the functions the
 * schemas call. (Re-exporting zod/mini's `z` object instead made esbuild keep all of zod, its 40
 * locales included: 430 KB of a 600 KB page.)
 *
 * zod/mini loads no locale, and every issue would read "Invalid input"; the engine's refusals quote
 * zod's messages, so English is configured here once, as this module is first evaluated (package.json
 * lists it among the modules with side effects, so that no bundler drops the call).
 */
config(en());

export * from 'zod/mini';
