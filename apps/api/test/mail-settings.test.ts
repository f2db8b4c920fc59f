import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorBody, Job, MailSettings, TestMailResult } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail, MAIL_JOB_KIND } from '../src/platform/mail.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { closedPort, startSmtpServer, type TestSmtpServer } from './smtp.ts';

const PATH = '/api/system-configuration/mail';
const PASSWORD = 'Sm7p-very-secret-passphrase';

let ta: TestApp;
let admin: ApiClient;
let adminEmail: string;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: 'office', pass: PASSWORD } });
  // No SMTP_URL: mail comes only from Configuration here.
  ta = await startTestApp({ SECRETS_KEY: 'a'.repeat(64) });
  const a = await clientWith(ta, ALL_PERMISSIONS);
  admin = a.api;
  adminEmail = `${a.user.username}@example.test`;
});
afterAll(async () => {
  await ta.close();
  await smtp.close();
});

const settingsOf = async () => (await admin.get<MailSettings>(PATH)).body;
const patch = <T = MailSettings>(body: unknown, client = admin) => client.call<T>('PATCH', PATH, body);
const testMail = <T = TestMailResult>(body: unknown = {}, client = admin) => client.post<T>(`${PATH}/test`, body);
const good = {
  host: '127.0.0.1',
  security: 'NONE',
  username: 'office',
  password: PASSWORD,
  fromAddress: 'backoffice@example.test',
  fromName: 'Back Office',
  replyTo: 'buyers@example.test',
};

/** Mail jobs' rows (kind mail.send) by id. */
const mailJob = (id: string) =>
  ta.t.db.selectFrom('jobs').selectAll().where('id', '=', id).where('kind', '=', MAIL_JOB_KIND).executeTakeFirst();

/** Lets a job waiting out its backoff run now, and waits for the runner to be idle. */
async function runNow(id: string) {
  await ta.t.db.updateTable('jobs').set({ run_after: sql`now()` }).where('id', '=', id).execute();
  ta.app.jobs.nudge();
  await ta.app.jobs.idle();
}

async function jobSettles(id: string, status: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const row = await mailJob(id);
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${row?.status}, not ${status}`);
    ta.app.jobs.nudge();
    await sleep(50);
  }
}

describe('settings', () => {
  it('start empty: no mail, and the test e-mail says what to set', async () => {
    const s = await settingsOf();
    expect(s).toMatchObject({ host: '', port: 587, security: 'STARTTLS', passwordSet: false });
    expect(s.status).toMatchObject({ source: 'none', server: null, environmentServer: null, queued: 0, failed: [] });
    expect(ta.app.mailer.configured).toBe(false);
    const res = await testMail<ErrorBody>();
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('MAIL_NOT_CONFIGURED');
    expect(res.body.message).toContain('Configuration → E-mail');
  });

  it('a server needs a sender address; a bad host or port is refused, nothing saved', async () => {
    const noFrom = await patch<ErrorBody>({ host: 'smtp.example.test' });
    expect(noFrom.status).toBe(400);
    expect(noFrom.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'body.fromAddress' }] },
    });
    expect((await patch<ErrorBody>({ host: 'smtp example;rm' })).status).toBe(400);
    expect((await patch<ErrorBody>({ port: 70000 })).status).toBe(400);
    expect((await patch<ErrorBody>({ security: 'SSL' })).status).toBe(400);
    expect((await patch<ErrorBody>({ password: '' })).status).toBe(400);
    expect((await settingsOf()).host).toBe('');
    const rows = await ta.t.db.selectFrom('system_settings').select('key').where('key', 'like', 'mail.%').execute();
    expect(rows).toEqual([]);
  });

  it('are saved and read back without the password, which is stored encrypted and audited only as set', async () => {
    const res = await patch({ ...good, port: smtp.port });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'NONE',
      username: 'office',
      passwordSet: true,
      fromAddress: 'backoffice@example.test',
      fromName: 'Back Office',
      replyTo: 'buyers@example.test',
      status: { source: 'configuration', server: `127.0.0.1:${smtp.port}` },
    });
    expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
    expect(JSON.stringify(await settingsOf())).not.toContain(PASSWORD);

    // The database holds the sealed bytes only: neither the password nor any piece of it.
    const stored = await ta.t.db.selectFrom('system_settings').selectAll().where('key', '=', 'mail.password').execute();
    expect(stored).toHaveLength(1);
    const sealed = JSON.stringify(stored[0]?.value);
    expect(sealed).toMatch(/^"v1:[A-Za-z0-9+/=]+"$/);
    expect(sealed).not.toContain(PASSWORD);
    expect(sealed).not.toContain(Buffer.from(PASSWORD).toString('base64').slice(0, 12));
    const everything = await sql<{
      dump: string;
    }>`SELECT string_agg(t::text, ' ') AS dump FROM system_settings t`.execute(ta.t.db);
    expect(everything.rows[0]?.dump).not.toContain(PASSWORD);

    const logs = await ta.t.db
      .selectFrom('system_logs')
      .selectAll()
      .where('entity', '=', 'system_configuration')
      .where('entity_id', '=', 'mail')
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'update' });
    expect(logs[0]?.after).toMatchObject({ host: '127.0.0.1', passwordSet: true, passwordChanged: true });
    expect(JSON.stringify(logs)).not.toContain(PASSWORD);
    expect(JSON.stringify(logs)).not.toContain(sealed.slice(4, 20));

    // A change without the password keeps it.
    const renamed = await patch({ fromName: 'Purchasing' });
    expect(renamed.body).toMatchObject({ passwordSet: true, fromName: 'Purchasing' });
  });

  it('the test e-mail goes through them to the signed-in user by default, signed in with the stored password', async () => {
    const before = smtp.messages.length;
    const res = await testMail();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ to: adminEmail, server: `127.0.0.1:${smtp.port}`, source: 'configuration' });
    const [message] = (await smtp.waitFor(before + 1)).slice(before);
    expect(message).toMatchObject({ from: 'backoffice@example.test', to: [adminEmail], auth: 'office' });
    expect(message?.headers.from).toBe('Purchasing <backoffice@example.test>');
    expect(message?.headers['reply-to']).toBe('buyers@example.test');
    expect(message?.subject).toBe('Back Office: test e-mail');
    expect(message?.text).toContain('outgoing mail works');

    const typed = await testMail({ to: 'Someone@Example.test' });
    expect(typed.status).toBe(200);
    expect((await smtp.waitFor(before + 2))[before + 1]?.to).toEqual(['someone@example.test']);
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'after'])
      .where('action', '=', 'send_test_email')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.after)).toEqual([res.body, typed.body]);
  });

  it('a refused login, a closed port and a TLS mismatch answer 422 with a code and words, never a 500', async () => {
    expect((await patch({ password: 'not-the-password' })).status).toBe(200);
    const auth = await testMail<ErrorBody>();
    expect(auth.status).toBe(422);
    expect(auth.body.code).toBe('MAIL_AUTH_FAILED');
    expect(auth.body.message).toContain('refused the user name or password');
    expect(auth.body.message).not.toContain('not-the-password');

    expect((await patch({ password: PASSWORD, security: 'STARTTLS' })).status).toBe(200);
    const tls = await testMail<ErrorBody>();
    expect(tls.status).toBe(422);
    expect(tls.body.code).toBe('MAIL_TLS_FAILED');
    expect(tls.body.message).toContain('secure connection');

    const closed = await closedPort();
    expect((await patch({ security: 'NONE', port: closed })).status).toBe(200);
    const refused = await testMail<ErrorBody>();
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'MAIL_CONNECTION_REFUSED',
      details: { server: `127.0.0.1:${closed}` },
    });
    expect(refused.body.message).toContain('refused the connection');

    // Nothing of a failed test is logged as sent.
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select('id')
      .where('action', '=', 'send_test_email')
      .execute();
    expect(audit).toHaveLength(2);
    expect((await patch({ port: smtp.port })).status).toBe(200);
  });

  it('forgetting the password keeps the rest; the server then refuses the login', async () => {
    const res = await patch({ password: null });
    expect(res.body.passwordSet).toBe(false);
    const rows = await ta.t.db.selectFrom('system_settings').select('key').where('key', '=', 'mail.password').execute();
    expect(rows).toEqual([]);
    expect((await testMail<ErrorBody>()).body.code).toBe('MAIL_AUTH_FAILED');
    expect((await patch({ password: PASSWORD })).body.passwordSet).toBe(true);
  });
});

describe('the mailer follows Configuration, else the environment, without a restart', () => {
  it('environment first when nothing is saved; Configuration when saved; the environment again when cleared', async () => {
    const envServer = await startSmtpServer();
    const other = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${envServer.port}`,
      MAIL_FROM: 'Env Sender <env@example.test>',
      SECRETS_KEY: 'b'.repeat(64),
    });
    try {
      const { api } = await clientWith(other, ALL_PERMISSIONS);
      const before = await api.get<MailSettings>(PATH);
      expect(before.body.status).toMatchObject({
        source: 'environment',
        server: `127.0.0.1:${envServer.port}`,
        environmentServer: `127.0.0.1:${envServer.port}`,
      });
      expect(other.app.mailer).toMatchObject({ configured: true, source: 'environment' });
      expect((await api.post<TestMailResult>(`${PATH}/test`, { to: 'a@example.test' })).body.source).toBe(
        'environment',
      );
      expect((await envServer.waitFor(1))[0]?.from).toBe('env@example.test');

      const saved = await api.call<MailSettings>('PATCH', PATH, { ...good, port: smtp.port });
      expect(saved.body.status.source).toBe('configuration');
      // In force at once, in this very server, with no restart.
      expect(other.app.mailer).toMatchObject({ source: 'configuration', server: `127.0.0.1:${smtp.port}` });
      const count = smtp.messages.length;
      expect((await api.post(`${PATH}/test`, { to: 'b@example.test' })).status).toBe(200);
      expect((await smtp.waitFor(count + 1))[count]?.to).toEqual(['b@example.test']);
      expect(envServer.messages).toHaveLength(1);

      // A change made behind the server's back (another server sharing the database) counts at the next message.
      await other.t.db
        .updateTable('system_settings')
        .set({ value: JSON.stringify('') })
        .where('key', '=', 'mail.host')
        .execute();
      const queued = await enqueueMail(other.app, other.t.db, { to: 'c@example.test', subject: 'Hi', text: 'Hello' });
      other.app.jobs.nudge();
      expect((await envServer.waitFor(2))[1]?.to).toEqual(['c@example.test']);
      expect(queued).toBeTruthy();
      expect(other.app.mailer.source).toBe('environment');

      const cleared = await api.call<MailSettings>('PATCH', PATH, { host: '' });
      expect(cleared.body.status).toMatchObject({ source: 'environment', server: `127.0.0.1:${envServer.port}` });
    } finally {
      await other.close();
      await envServer.close();
    }
  });
});

describe('queued mail (enqueueMail on the job runner)', () => {
  it('is sent once the transaction commits, with its attachment', async () => {
    const before = smtp.messages.length;
    const pdf = Buffer.from('%PDF-1.7\n% a purchase order\n%%EOF\n');
    const id = await ta.t.db.transaction().execute((tx) =>
      enqueueMail(ta.app, tx, {
        to: ['supplier@example.test', 'copy@example.test'],
        subject: 'Purchase order PO-2026-00001 — Müller & Söhne',
        text: 'Please find our order attached. Grüße',
        language: 'de',
        attachments: [{ filename: 'PO-2026-00001.pdf', contentType: 'application/pdf', content: pdf }],
      }),
    );
    if (!id) throw new Error('not queued');
    ta.app.jobs.nudge();
    const [message] = (await smtp.waitFor(before + 1)).slice(before);
    expect(message?.to).toEqual(['supplier@example.test', 'copy@example.test']);
    expect(message?.subject).toBe('Purchase order PO-2026-00001 — Müller & Söhne');
    expect(message?.text).toContain('Grüße');
    expect(message?.headers['content-language']).toBe('de');
    expect(message?.attachments).toHaveLength(1);
    expect(message?.attachments[0]).toMatchObject({ filename: 'PO-2026-00001.pdf', contentType: 'application/pdf' });
    expect(message?.attachments[0]?.content.equals(pdf)).toBe(true);
    expect((await jobSettles(id, 'DONE')).attempts).toBe(1);
  });

  it('a rolled-back transaction sends nothing', async () => {
    const before = smtp.messages.length;
    await ta.t.db
      .transaction()
      .execute(async (tx) => {
        await enqueueMail(ta.app, tx, { to: 'nobody@example.test', subject: 'Never', text: 'Never sent' });
        throw new Error('rolled back on purpose');
      })
      .catch(() => {});
    ta.app.jobs.nudge();
    await ta.app.jobs.idle();
    await sleep(300);
    expect(smtp.messages.slice(before)).toEqual([]);
    const rows = await ta.t.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', MAIL_JOB_KIND)
      .where(sql<boolean>`payload->>'subject' = 'Never'`)
      .execute();
    expect(rows).toEqual([]);
  });

  it('is tried again after a refusal, with backoff, and then delivered', async () => {
    const before = smtp.messages.length;
    smtp.refuseNext(1);
    const id = await enqueueMail(ta.app, ta.t.db, { to: 'later@example.test', subject: 'Greylisted', text: 'Hi' });
    if (!id) throw new Error('not queued');
    ta.app.jobs.nudge();
    for (let i = 0; i < 100 && !(await mailJob(id))?.last_error; i += 1) await sleep(50);
    const failedOnce = await mailJob(id);
    expect(failedOnce).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(failedOnce?.last_error).toContain('refused the sender or the recipient');
    // Backoff: not before some seconds from now.
    expect(new Date(failedOnce?.run_after ?? 0).getTime()).toBeGreaterThan(Date.now() + 5_000);
    expect(smtp.messages.length).toBe(before);

    await runNow(id);
    expect((await jobSettles(id, 'DONE')).attempts).toBe(2);
    expect((await smtp.waitFor(before + 1))[before]?.to).toEqual(['later@example.test']);
  });

  it('fails for good after its last attempt, is listed, and is started again by a person', async () => {
    const closed = await closedPort();
    expect((await patch({ port: closed })).status).toBe(200);
    const id = await enqueueMail(ta.app, ta.t.db, { to: 'lost@example.test', subject: 'Remittance', text: 'Paid' });
    if (!id) throw new Error('not queued');
    // Its last attempt comes now (the earlier ones are taken as spent).
    await ta.t.db.updateTable('jobs').set({ attempts: sql`max_attempts - 1` }).where('id', '=', id).execute();
    ta.app.jobs.nudge();
    const failed = await jobSettles(id, 'FAILED');
    expect(failed.last_error).toContain('refused the connection');

    const listed = await settingsOf();
    expect(listed.status.failed[0]).toMatchObject({
      jobId: id,
      to: ['lost@example.test'],
      subject: 'Remittance',
      lastError: expect.stringContaining('refused the connection'),
    });

    // Only the configuration's editors may start it again.
    const viewer = await clientWith(ta, ['view_system_configuration']);
    expect((await viewer.api.post(`/api/jobs/${id}/retry`)).status).toBe(403);
    expect((await patch({ port: smtp.port })).status).toBe(200);
    const before = smtp.messages.length;
    const retried = await admin.post<Job>(`/api/jobs/${id}/retry`);
    expect(retried.status).toBe(200);
    expect((await jobSettles(id, 'DONE')).attempts).toBe(1);
    expect((await smtp.waitFor(before + 1))[before]?.to).toEqual(['lost@example.test']);
    expect((await settingsOf()).status.failed.map((f) => f.jobId)).not.toContain(id);
  });

  it('refuses attachments over the limit before queuing anything', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    await expect(
      enqueueMail(ta.app, ta.t.db, {
        to: 'x@example.test',
        subject: 'Too big',
        text: '',
        attachments: [{ filename: 'big.bin', contentType: 'application/octet-stream', content: big }],
      }),
    ).rejects.toMatchObject({ status: 413 });
    const keyed = await enqueueMail(
      ta.app,
      ta.t.db,
      { to: 'y@example.test', subject: 'Once', text: '' },
      { key: 'k1' },
    );
    const again = await enqueueMail(
      ta.app,
      ta.t.db,
      { to: 'y@example.test', subject: 'Once', text: '' },
      { key: 'k1' },
    );
    expect(keyed).toBeTruthy();
    expect(again).toBeNull();
  });
});

describe('permissions', () => {
  it('viewing needs view_system_configuration; changing and testing need edit_system_configuration', async () => {
    const nobody = await clientWith(ta, []);
    expect((await nobody.api.get(PATH)).status).toBe(403);
    const viewer = await clientWith(ta, ['view_system_configuration']);
    const seen = await viewer.api.get<MailSettings>(PATH);
    expect(seen.status).toBe(200);
    expect(seen.body.passwordSet).toBe(true);
    const before = await settingsOf();
    expect((await patch({ fromName: 'Hacked' }, viewer.api)).status).toBe(403);
    expect((await testMail({}, viewer.api)).status).toBe(403);
    expect(await settingsOf()).toEqual(before);
  });
});
