import { z } from 'zod';
import { singleLine } from '../platform/text.ts';

/** Field rules the partner contracts share. Only the constants are exported from the package (see addresses.ts). */

/** Lengths of the partners' text fields; the web forms use the same. */
export const PARTNER_LIMITS = {
  email: 254,
  phone: 32,
  notes: 2000,
  vatNumber: 20,
  contactName: 120,
  contactRole: 80,
  externalId: 100,
} as const;
/** The HTML standard's e-mail rule, with a dot in the domain. */
export const PARTNER_EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Digits with an optional leading +, and spaces, brackets, dots, slashes or hyphens between them. */
export const PARTNER_PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]{4,29}[0-9]$/;

/** Trimmed text of at most `max` characters; empty or missing becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** Trimmed text of 1 to `max` characters on one line (names, address lines, ids). */
export const requiredText = (max: number, missing: string) =>
  singleLine(z.string().trim().min(1, missing).max(max, `at most ${max} characters`));

/** An optional e-mail address, stored lower-case. */
export const OptionalEmail = optionalText(PARTNER_LIMITS.email)
  .transform((v) => v?.toLowerCase() ?? null)
  .refine((v) => v === null || PARTNER_EMAIL_PATTERN.test(v), 'not an e-mail address (name@example.com)');

/** An optional phone number, its spaces collapsed. */
export const OptionalPhone = optionalText(PARTNER_LIMITS.phone)
  .transform((v) => v?.replace(/\s+/g, ' ') ?? null)
  .refine((v) => v === null || PARTNER_PHONE_PATTERN.test(v), 'a phone number is digits, with an optional + first');
