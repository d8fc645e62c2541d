import { z } from 'zod';

/**
 * Keys that would reach an object's prototype if used as a record key: never valid ids (every name
 * Object.prototype has, and `prototype`).
 */
const FORBIDDEN_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/**
 * The id of a player, card or location: short, printable, and never a key that reaches an object's
 * prototype (ids are record keys on the board).
 */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.:'-]*$/,
    "an id is letters, digits and _ . : ' - (starting with a letter or digit)",
  )
  .refine((id) => !FORBIDDEN_KEYS.has(id), 'this word may not be used as an id');
