import type { z } from 'zod';

/**
 * Characters no code or name may hold: the C0 and C1 controls and DEL (tabs and line breaks included), the
 * Unicode line and paragraph separators, and the bidirectional overrides and isolates, which make text show
 * in another order than it is stored (a name that reads one way on screen and sorts, searches and exports
 * another). Letters of every script, combining marks and the joiners some scripts need stay allowed.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
export const CONTROL_CHARACTERS_MESSAGE =
  'control characters (tabs, line breaks, invisible direction marks) are not allowed';

/**
 * The one rule of every code and name field: a field error when the text holds a control character. Applied
 * after trimming, so a line break pasted at either end is simply dropped.
 */
export function singleLine<T extends z.ZodString>(schema: T): T {
  return schema.refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTERS_MESSAGE);
}
