import { z } from 'zod';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';

/**
 * The password rules of the embedded sign-in, checked by the web form as it is typed and by the API when a
 * password is set (NIST SP 800-63B: a length floor and a list of known passwords, no composition rules).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** Why a password is refused: too short, or one that attackers try first. */
export const PASSWORD_WEAKNESSES = ['TOO_SHORT', 'COMMON'] as const;
export type PasswordWeakness = (typeof PASSWORD_WEAKNESSES)[number];

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split(/\s+/).filter(Boolean));
  return common;
}

/** Runs of keys that people type as passwords: digits, the alphabet, the keyboard's rows. */
const SEQUENCES = ['0123456789012345678901234567890', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];

/**
 * Whether a password is one attackers try first, whatever its case: a listed common password; a common word
 * with only digits, spaces or symbols around it ("Sunshine2024!"); one short run repeated ("abcabcabcabc");
 * or a run of the keyboard or the alphabet ("1234567890123", "zyxwvutsrqpo").
 */
export function isCommonPassword(password: string): boolean {
  const text = password.normalize('NFKC').toLowerCase();
  const list = commonPasswords();
  if (list.has(text)) return true;
  const core = text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (core && list.has(core)) return true;
  if (/^([\s\S]{1,4})\1+$/u.test(text)) return true;
  return SEQUENCES.some((run) => run.includes(text) || [...run].reverse().join('').includes(text));
}

/** What is wrong with a new password, or undefined when it may be used. Counts characters, not UTF-16 units. */
export function passwordWeakness(password: string): PasswordWeakness | undefined {
  if ([...password.normalize('NFKC')].length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT';
  if (isCommonPassword(password)) return 'COMMON';
  return undefined;
}

/** A new password on the wire: its length is a format rule (400 VALIDATION_FAILED); the API then refuses a
 * common one with 400 PASSWORD_TOO_WEAK. */
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `a password has at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `a password has at most ${PASSWORD_MAX_LENGTH} characters`);
