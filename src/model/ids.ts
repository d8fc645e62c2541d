import * as z from './zod.ts';

/**
 * Keys that would reach an object's prototype if used as a record key: never valid ids (every name
 * Object.prototype has, and `prototype`).
 */
const FORBIDDEN_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/**
 * The id of a player, card or location: short, printable, and never a key that reaches an object's
 * prototype (ids are record keys on the board).
 */
/** The checks of an id, for schemas of other kinds of zod too (the scenario schema's classic zod). */
export const ID_CHECKS = [
  z.minLength(1),
  z.maxLength(64),
  z.regex(
    /^[A-Za-z0-9][A-Za-z0-9_.:'-]*$/,
    "an id is letters, digits and _ . : ' - (starting with a letter or digit)",
  ),
  z.refine<string>((id) => !FORBIDDEN_KEYS.has(id), 'this word may not be used as an id'),
] as const;

export const idSchema = z.string().check(...ID_CHECKS);
