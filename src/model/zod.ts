import { en } from 'zod/locales';
import { z } from 'zod/mini';

/**
 * The engine's zod: `zod/mini`, the tree-shakable form of zod (the same package), so that a web page
 * that plays a game carries only the checks it uses. zod/mini loads no locale, and every issue would
 * read "Invalid input"; the engine's refusals quote zod's messages, so English is configured here once,
 * for every schema module (which all import `z` from this module).
 */
z.config(en());

export { z };
