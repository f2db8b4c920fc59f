import {
  ALL_PERMISSIONS,
  type ErrorBody,
  PASSWORD_MIN_LENGTH,
  passwordWeakness,
  type User,
} from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWith, signIn, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
});
afterAll(() => ta.close());

const COMMON = [
  'password1234',
  'Qwerty123456',
  'qwertyuiopasdf',
  'iloveyou1234',
  'Sunshine2024!',
  '!!Dragon!!2024',
  'abcabcabcabc',
  'aaaaaaaaaaaa',
  '123456789012',
  '1qaz2wsx3edc',
  'zyxwvutsrqpo',
  'ADMINISTRATOR',
];

describe('the password rules in the contracts', () => {
  it('ask for at least 12 characters, counted as a person counts them', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(passwordWeakness('Tr0ub4dor&3')).toBe('TOO_SHORT');
    expect(passwordWeakness('ÿ'.repeat(5) + 'é'.repeat(6))).toBe('TOO_SHORT');
    expect(passwordWeakness('😀'.repeat(6))).toBe('TOO_SHORT');
  });

  it('refuse the most common passwords whatever their case, alone or dressed in digits and symbols', () => {
    for (const p of COMMON) expect(passwordWeakness(p), p).toBe('COMMON');
  });

  it('accept a long password of words of ones own, as the test suites use', () => {
    for (const p of [
      'correct horse battery',
      'reader password 1',
      'e2e-admin-password',
      'a brand new passphrase 7',
      'Tr0ub4dor&3xx',
      'pw-4f1c9a2b7d3e5f60',
    ])
      expect(passwordWeakness(p), p).toBeUndefined();
  });
});

describe('setting a password through the API', () => {
  it('refuses a common password on create and on reset with PASSWORD_TOO_WEAK, and writes nothing', async () => {
    const logsBefore = await ta.t.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    for (const password of COMMON) {
      const created = await admin.post<ErrorBody>('/api/users', {
        username: 'weakling',
        email: 'weakling@example.test',
        password,
      });
      expect([created.status, created.body.code], password).toEqual([400, 'PASSWORD_TOO_WEAK']);
      expect(created.body.details).toMatchObject({
        reason: 'COMMON',
        minLength: 12,
        issues: [{ path: 'body.password' }],
      });
    }
    expect(await ta.t.db.selectFrom('users').where('username', '=', 'weakling').execute()).toEqual([]);

    const user = await admin.post<User>('/api/users', {
      username: 'strong.one',
      email: 'strong.one@example.test',
      password: 'a strong first passphrase',
    });
    expect(user.status).toBe(201);
    const hash = await ta.t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.body.id)
      .executeTakeFirst();
    for (const password of ['Sunshine2024!', 'aaaaaaaaaaaa']) {
      const reset = await admin.post<ErrorBody>(`/api/users/${user.body.id}/password`, { password });
      expect([reset.status, reset.body.code], password).toEqual([400, 'PASSWORD_TOO_WEAK']);
    }
    // Too short is a format rule, refused like any malformed field.
    const short = await admin.post<ErrorBody>(`/api/users/${user.body.id}/password`, { password: 'Short-pw-11' });
    expect([short.status, short.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(
      await ta.t.db.selectFrom('users').select('password_hash').where('id', '=', user.body.id).executeTakeFirst(),
    ).toEqual(hash);
    const logsAfter = await ta.t.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    // One row: the creation of the strong user.
    expect(Number(logsAfter?.n) - Number(logsBefore?.n)).toBe(1);

    // The user signs in with the password that was accepted.
    await signIn(ta, 'strong.one', 'a strong first passphrase');
  });
});
