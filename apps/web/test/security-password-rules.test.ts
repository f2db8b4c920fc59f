import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { passwordRules } from '../src/features/usermanagement/users/components/password-rules.ts';

/** The German texts, with {{…}} filled in as i18next does. */
const de = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../src/locales/de/users.json'), 'utf8'),
) as Record<string, Record<string, string>>;
const t = ((key: string, values: Record<string, unknown> = {}) => {
  const [group = '', name = ''] = key.split('.');
  const text = de[group]?.[name] ?? key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, v: string) => String(values[v]));
}) as unknown as TFunction<'users'>;

/** The message the form shows under the field, or undefined when the password passes. */
async function check(password: string): Promise<string | undefined> {
  for (const rule of passwordRules(t) as RuleObject[]) {
    if (rule.max !== undefined && password.length > rule.max) return String(rule.message);
    try {
      await rule.validator?.(rule, password, () => undefined);
    } catch (e) {
      return (e as Error).message;
    }
  }
  return undefined;
}

describe('the password field of the user forms', () => {
  it("says in the user's language what the API would refuse", async () => {
    expect(await check('kurz-11-abc')).toBe('Mindestens 12 Zeichen');
    expect(await check('Sunshine2024!')).toBe(de.validation?.passwordCommon);
    expect(await check('password1234')).toBe(de.validation?.passwordCommon);
    expect(await check('x'.repeat(201))).toMatch(/200/);
  });

  it('lets a long password of ones own through, and leaves an empty one to the required rule', async () => {
    expect(await check('vier Wörter auf Deutsch')).toBeUndefined();
    expect(await check('')).toBeUndefined();
  });
});
