import { describe, expect, it } from 'vitest';
import { createMailer, describeMailError, MailFailure } from './mail.ts';

describe('mail failures in words', () => {
  const cases: [object, string][] = [
    [{ code: 'ESOCKET', originalCode: 'ECONNREFUSED' }, 'MAIL_CONNECTION_REFUSED'],
    [{ code: 'EDNS', originalCode: 'ENOTFOUND' }, 'MAIL_HOST_NOT_FOUND'],
    [{ code: 'ETIMEDOUT' }, 'MAIL_TIMEOUT'],
    [{ code: 'ESOCKET', originalCode: 'EHOSTUNREACH' }, 'MAIL_TIMEOUT'],
    [{ code: 'EAUTH', responseCode: 535 }, 'MAIL_AUTH_FAILED'],
    [{ code: 'ETLS' }, 'MAIL_TLS_FAILED'],
    [{ code: 'ESOCKET', message: 'ssl3_get_record:wrong version number' }, 'MAIL_TLS_FAILED'],
    [{ code: 'EENVELOPE', responseCode: 550 }, 'MAIL_REJECTED'],
    [{ code: 'EMESSAGE', responseCode: 554 }, 'MAIL_SEND_FAILED'],
    [new Error('anything else'), 'MAIL_SEND_FAILED'],
  ];
  for (const [error, code] of cases)
    it(`${JSON.stringify(error)} → ${code}, a 422 naming the server`, () => {
      const failure = describeMailError(error, 'smtp.example.test:587');
      expect(failure).toBeInstanceOf(MailFailure);
      expect(failure.status).toBe(422);
      expect(failure.code).toBe(code);
      expect(failure.message).toContain('smtp.example.test');
    });
});

describe('the mailer without Configuration', () => {
  it('follows the environment, or says mail is not set up', async () => {
    const none = createMailer(undefined);
    expect(none).toMatchObject({ configured: false, server: null, source: null });
    await expect(none.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toMatchObject({
      status: 422,
      code: 'MAIL_NOT_CONFIGURED',
    });
    const env = createMailer({ url: 'smtp://user:pw@smtp.example.test:2525', from: 'x@example.test' });
    expect(env).toMatchObject({ configured: true, server: 'smtp.example.test:2525', source: 'environment' });
    env.close();
  });
});
