import {
  DEFAULT_MAIL_PORTS,
  MAIL_SECURITY,
  MailErrorCode,
  type MailSecurity,
  type MailSettings,
  type MailSettingsPatch,
  type TestMailResult,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { MailFailure, type MailSettingsLoader, type MailTransportSettings } from '../../platform/mail.ts';
import { mailQueueState } from '../../platform/mail-queue.ts';
import type { Ctx } from '../../platform/routes.ts';
import { type SecretBox, SecretUnreadable } from '../../platform/secrets.ts';
import * as repo from './settings.repository.ts';

/**
 * The outgoing mail (SMTP) settings of Configuration, kept as `mail.*` rows of the system settings. The password
 * is sealed (platform/secrets.ts, AES-256-GCM, bound to its key name) before it is stored, is never answered nor
 * audited (only whether one is set), and is opened only to hand it to the mailer.
 */

type Db = Kysely<Database>;
const PREFIX = 'mail.';
const PASSWORD_KEY = 'mail.password';

interface Stored {
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  /** As stored: sealed. */
  sealedPassword: string | null;
  fromAddress: string;
  fromName: string;
  replyTo: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

async function loadStored(db: Db): Promise<Stored> {
  const saved = await repo.loadSettings(db, PREFIX);
  const security = (MAIL_SECURITY as readonly string[]).includes(text(saved.get('mail.security')))
    ? (saved.get('mail.security') as MailSecurity)
    : 'STARTTLS';
  const port = saved.get('mail.port');
  return {
    host: text(saved.get('mail.host')),
    port: typeof port === 'number' && Number.isInteger(port) ? port : DEFAULT_MAIL_PORTS[security],
    security,
    username: text(saved.get('mail.username')),
    sealedPassword: text(saved.get(PASSWORD_KEY)) || null,
    fromAddress: text(saved.get('mail.fromAddress')),
    fromName: text(saved.get('mail.fromName')),
    replyTo: text(saved.get('mail.replyTo')),
  };
}

/** The settings as people see them (and the audit records them): the password only as whether one is set. */
function publicView(s: Stored) {
  const { sealedPassword, ...rest } = s;
  return { ...rest, passwordSet: sealedPassword !== null };
}

/** The mailer's reader of these settings (app.ts): decrypted, or null when no server is saved here. */
export function mailSettingsLoader(pool: Db, box: SecretBox): MailSettingsLoader {
  return async (db?: Db): Promise<MailTransportSettings | null> => {
    const s = await loadStored(db ?? pool);
    if (!s.host) return null;
    let password: string | null = null;
    let passwordUnreadable = false;
    if (s.sealedPassword)
      try {
        password = box.open(s.sealedPassword, PASSWORD_KEY);
      } catch (e) {
        if (!(e instanceof SecretUnreadable)) throw e;
        passwordUnreadable = true;
      }
    const { sealedPassword: _, ...rest } = s;
    return { ...rest, password, passwordUnreadable };
  };
}

const environmentServer = (config: Pick<Config, 'mail'>) => (config.mail ? new URL(config.mail.url).host : null);

export async function getMailSettings(db: Db, config: Pick<Config, 'mail'>): Promise<MailSettings> {
  const stored = await loadStored(db);
  const fromEnvironment = environmentServer(config);
  const source = stored.host ? 'configuration' : fromEnvironment ? 'environment' : 'none';
  return {
    ...publicView(stored),
    status: {
      source,
      server: stored.host ? `${stored.host}:${stored.port}` : fromEnvironment,
      environmentServer: fromEnvironment,
      ...(await mailQueueState(db)),
    },
  };
}

/** 400 VALIDATION_FAILED on one field, as the platform answers schema failures (the form shows it there). */
function invalid(field: string, message: string) {
  return badRequest('VALIDATION_FAILED', `Some values are not valid: ${field}: ${message}`, {
    issues: [{ path: `body.${field}`, message }],
  });
}

/**
 * Changes the given settings; a password is sealed, null forgets it. A server needs a sender address. The
 * mailer reads the settings again in this transaction (and once more when it has committed), so the next
 * message goes through the new server without a restart.
 */
export async function updateMailSettings(
  ctx: Ctx,
  config: Pick<Config, 'mail'>,
  box: SecretBox,
  patch: MailSettingsPatch,
): Promise<MailSettings> {
  await repo.lockSettings(ctx.db);
  const before = await loadStored(ctx.db);
  const next: Stored = { ...before };
  if (patch.host !== undefined) next.host = patch.host;
  if (patch.security !== undefined) {
    next.security = patch.security;
    // The usual port of the new security, unless one is given or was chosen.
    if (patch.port === undefined && before.port === DEFAULT_MAIL_PORTS[before.security])
      next.port = DEFAULT_MAIL_PORTS[patch.security];
  }
  if (patch.port !== undefined) next.port = patch.port;
  if (patch.username !== undefined) next.username = patch.username;
  if (patch.fromAddress !== undefined) next.fromAddress = patch.fromAddress;
  if (patch.fromName !== undefined) next.fromName = patch.fromName;
  if (patch.replyTo !== undefined) next.replyTo = patch.replyTo;
  if (patch.password !== undefined)
    next.sealedPassword = patch.password === null ? null : box.seal(patch.password, PASSWORD_KEY);
  if (next.host && !next.fromAddress)
    throw invalid('fromAddress', 'the address mail is sent from is needed with a server');

  const values: Record<string, unknown> = {
    host: next.host,
    port: next.port,
    security: next.security,
    username: next.username,
    fromAddress: next.fromAddress,
    fromName: next.fromName,
    replyTo: next.replyTo,
  };
  for (const [field, value] of Object.entries(values))
    if (value !== before[field as keyof Stored] || (field === 'port' && patch.port !== undefined))
      await repo.saveSetting(ctx.db, `${PREFIX}${field}`, value, ctx.user.id);
  if (patch.password === null) await repo.forgetSetting(ctx.db, PASSWORD_KEY);
  else if (next.sealedPassword && patch.password !== undefined)
    await repo.saveSetting(ctx.db, PASSWORD_KEY, next.sealedPassword, ctx.user.id);

  const after = await loadStored(ctx.db);
  await ctx.audit({
    action: 'update',
    entity: 'system_configuration',
    entityId: 'mail',
    before: publicView(before),
    // Whether the password was replaced, never what it is.
    after: { ...publicView(after), ...(patch.password !== undefined ? { passwordChanged: true } : {}) },
  });
  const mailer = ctx.request.server.mailer;
  await mailer.refresh(ctx.db);
  // Read once more after the commit: a rolled-back change must not stay in force.
  ctx.reply.raw.once('finish', () => void mailer.refresh().catch(() => {}));
  return getMailSettings(ctx.db, config);
}

/**
 * Sends a test message with the settings in force, to `to` or the signed-in user. A failure is a 422 saying in
 * words what went wrong (refused connection, authentication, TLS, timeout …), from the mailer.
 */
export async function sendTestMail(ctx: Ctx, to: string | undefined): Promise<TestMailResult> {
  const recipient = to ?? ctx.user.email;
  if (!recipient) throw invalid('to', 'your account has no e-mail address: type the address to send the test to');
  const mailer = ctx.request.server.mailer;
  await mailer.refresh(ctx.db);
  if (!mailer.configured || !mailer.source)
    throw new MailFailure(
      MailErrorCode.MAIL_NOT_CONFIGURED,
      'Outgoing mail is not set up: fill in the SMTP server in Configuration → E-mail (or set SMTP_URL on the server).',
    );
  await mailer.send({
    to: recipient,
    subject: 'Back Office: test e-mail',
    text: [
      `This is a test e-mail from Back Office, sent by ${ctx.user.name || ctx.user.username} through ${mailer.server}.`,
      '',
      'If you can read it, outgoing mail works: purchase orders, remittance advice and notifications can be e-mailed.',
    ].join('\n'),
  });
  const result = { to: recipient, server: mailer.server ?? '', source: mailer.source };
  await ctx.audit({
    action: 'send_test_email',
    entity: 'system_configuration',
    entityId: 'mail',
    after: result,
  });
  return result;
}
