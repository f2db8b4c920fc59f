import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';

/**
 * Outgoing mail (SMTP) as set in Configuration → E-mail. These settings come first; without a server here the
 * environment's SMTP_URL and MAIL_FROM apply; without either the product sends no mail. The password is
 * write-only: stored encrypted, never answered (only whether one is set).
 */
export const MailErrorCode = {
  /** Neither Configuration nor the environment names an SMTP server. */
  MAIL_NOT_CONFIGURED: 'MAIL_NOT_CONFIGURED',
  /** The server refused the connection (nothing listens on that port). */
  MAIL_CONNECTION_REFUSED: 'MAIL_CONNECTION_REFUSED',
  /** The host name does not resolve. */
  MAIL_HOST_NOT_FOUND: 'MAIL_HOST_NOT_FOUND',
  /** No answer in time. */
  MAIL_TIMEOUT: 'MAIL_TIMEOUT',
  /** The user name or password was refused. */
  MAIL_AUTH_FAILED: 'MAIL_AUTH_FAILED',
  /** TLS could not be set up (STARTTLS not offered, a certificate refused, TLS against a plain port). */
  MAIL_TLS_FAILED: 'MAIL_TLS_FAILED',
  /** The server refused the sender or the recipient. */
  MAIL_REJECTED: 'MAIL_REJECTED',
  /** Any other failure of the SMTP conversation. */
  MAIL_SEND_FAILED: 'MAIL_SEND_FAILED',
  /** A password is stored but cannot be read with this server's key (SECRETS_KEY changed): enter it again. */
  MAIL_PASSWORD_UNREADABLE: 'MAIL_PASSWORD_UNREADABLE',
} as const;
export type MailErrorCode = (typeof MailErrorCode)[keyof typeof MailErrorCode];

/** How the connection is secured: STARTTLS on 587, TLS from the start on 465, none (a relay on a trusted network). */
export const MAIL_SECURITY = ['STARTTLS', 'TLS', 'NONE'] as const;
export const MailSecurity = z.enum(MAIL_SECURITY);
export type MailSecurity = z.infer<typeof MailSecurity>;

/** The port each security usually goes with, proposed when none is given. */
export const DEFAULT_MAIL_PORTS: Record<MailSecurity, number> = { STARTTLS: 587, TLS: 465, NONE: 25 };

/** Attachments of one queued message, in all (a purchase order's PDF is far below). */
export const MAIL_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;

export const MAIL_HOST_MAX_LENGTH = 253;
export const MAIL_PASSWORD_MAX_LENGTH = 256;

const MailAddress = z.string().trim().toLowerCase().max(254).pipe(z.email('not an e-mail address'));
const MailHost = z
  .string()
  .trim()
  .max(MAIL_HOST_MAX_LENGTH)
  .refine(
    (v) => v === '' || /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$|^[0-9A-Fa-f:]+$/.test(v),
    'a host name such as smtp.example.com, or an IP address',
  );

/** What a change (PATCH) may carry; fields left out stay as they are. */
export const MAIL_SETTING_FIELDS = {
  /** The SMTP server; empty: the environment's SMTP_URL applies again. */
  host: MailHost,
  port: z.number().int().min(1).max(65535),
  security: MailSecurity,
  username: singleLine(z.string().trim().max(254, 'at most 254 characters')),
  /** Write-only: a new password, or null to forget the stored one. Never answered. */
  password: z.string().min(1, 'type the password, or leave it as it is').max(MAIL_PASSWORD_MAX_LENGTH).nullable(),
  fromAddress: z.union([z.literal(''), MailAddress]),
  fromName: singleLine(z.string().trim().max(120, 'at most 120 characters')),
  replyTo: z.union([z.literal(''), MailAddress]),
};
export const MailSettingsPatch = z
  .object(MAIL_SETTING_FIELDS)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'change at least one setting');
export type MailSettingsPatch = z.input<typeof MailSettingsPatch>;

/** A queued message that failed for good, shown so a person can start it again (POST /api/jobs/:id/retry). */
export const FailedMail = z.object({
  jobId: Uuid,
  to: z.array(z.string()),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FailedMail = z.infer<typeof FailedMail>;

export const MailSettings = z
  .object({
    host: z.string(),
    port: z.number().int(),
    security: MailSecurity,
    username: z.string(),
    /** Whether a password is stored (it is never answered). */
    passwordSet: z.boolean(),
    fromAddress: z.string(),
    fromName: z.string(),
    replyTo: z.string(),
    status: z.object({
      /** Where the mail in force comes from: these settings, the SMTP_URL variable, or nowhere. */
      source: z.enum(['configuration', 'environment', 'none']),
      /** The server in force without credentials ("smtp.example.com:587"), null when none. */
      server: z.string().nullable(),
      /** The environment's server (SMTP_URL without credentials), shown as the fallback; null when unset. */
      environmentServer: z.string().nullable(),
      /** Messages waiting to be sent (queued or being sent). */
      queued: z.number().int(),
      /** Messages that failed for good, newest first (at most 20). */
      failed: z.array(FailedMail),
    }),
  })
  .meta({ id: 'MailSettings' });
export type MailSettings = z.infer<typeof MailSettings>;

export const TestMailInput = z
  .object({
    /** Where the test goes; the signed-in user's own address when left out. */
    to: MailAddress.optional(),
  })
  .strict();
export type TestMailInput = z.input<typeof TestMailInput>;

export const TestMailResult = z.object({
  to: z.string(),
  /** The server that took the message ("smtp.example.com:587"). */
  server: z.string(),
  source: z.enum(['configuration', 'environment']),
});
export type TestMailResult = z.infer<typeof TestMailResult>;

export const mailSettingsApi = {
  getMailSettings: endpoint({
    method: 'GET',
    path: '/api/system-configuration/mail',
    permission: 'view_system_configuration',
    tag: 'configuration',
    summary:
      'The outgoing mail (SMTP) settings without the password (only whether one is set), where the mail in force comes from, and the queue',
    response: MailSettings,
  }),
  updateMailSettings: endpoint({
    method: 'PATCH',
    path: '/api/system-configuration/mail',
    permission: 'edit_system_configuration',
    tag: 'configuration',
    summary:
      'Change some or all of the SMTP settings; the password is stored encrypted and never answered. Applies at once, without a restart. Audited without the password',
    body: MailSettingsPatch,
    response: MailSettings,
  }),
  sendTestMail: endpoint({
    method: 'POST',
    path: '/api/system-configuration/mail/test',
    permission: 'edit_system_configuration',
    tag: 'configuration',
    summary:
      'Sends a test e-mail with the settings in force (to the address given, else the signed-in user’s); a failure answers 422 with what went wrong in words',
    body: TestMailInput,
    response: TestMailResult,
  }),
};
