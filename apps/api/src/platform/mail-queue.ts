import { randomUUID } from 'node:crypto';
import { type FailedMail, MAIL_ATTACHMENTS_MAX_BYTES } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from './errors.ts';
import type { MailMessage } from './mail.ts';
import type { Ctx } from './routes.ts';

/**
 * Mail that cannot be lost: a message queued with `enqueueMail` in the caller's transaction is a `mail.send` job
 * (platform/jobs), so it exists once that commits and never when it rolls back. The job runner sends it through
 * `app.mailer`, trying again with backoff (a mail server that is down, a greylisting 4xx); after its last attempt
 * it is FAILED with the reason in words, listed in Configuration → E-mail, and `POST /api/jobs/:id/retry` starts
 * it again. Attachments travel in the job's row (base64), at most MAIL_ATTACHMENTS_MAX_BYTES in all.
 */
export const MAIL_JOB_KIND = 'mail.send';

/** Attempts before a message is FAILED: with the backoff below, about a day of trying. */
const MAX_ATTEMPTS = 12;

interface QueuedMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  language?: string;
  attachments?: { filename: string; contentType: string; base64: string }[];
}

/** Registers the `mail.send` job kind (app.ts). */
export function registerMailQueue(app: FastifyInstance, options: { backoffBaseMs?: number } = {}) {
  app.jobs.register({
    kind: MAIL_JOB_KIND,
    concurrency: 2,
    maxAttempts: MAX_ATTEMPTS,
    backoffBaseMs: options.backoffBaseMs ?? 30_000,
    backoffMaxMs: 4 * 60 * 60_000,
    retryPermission: 'edit_system_configuration',
    async run(ctx) {
      const queued = ctx.job.payload as unknown as QueuedMessage;
      await app.mailer.send({
        to: queued.to,
        subject: queued.subject,
        text: queued.text,
        html: queued.html,
        language: queued.language,
        attachments: queued.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.base64, 'base64'),
        })),
      });
    },
  });
}

/**
 * Queues a message in the caller's transaction (`db`): sent by the job runner once that commits, never if it
 * rolls back; retried until the mail server takes it. `key` makes it once per business event (a settlement's
 * id): a second message with the same key is not queued. With a request's `ctx` the runner starts at once
 * after the answer. Answers the job's id (null when the key was queued before).
 */
export async function enqueueMail(
  app: FastifyInstance,
  db: Kysely<Database>,
  message: MailMessage,
  options: { key?: string; createdBy?: string | null; ctx?: Pick<Ctx, 'reply' | 'requestId'> } = {},
): Promise<string | null> {
  const to = typeof message.to === 'string' ? [message.to] : [...message.to];
  if (to.length === 0) throw new Error('enqueueMail: a message needs at least one recipient.');
  let bytes = 0;
  for (const a of message.attachments ?? []) bytes += a.content.length;
  if (bytes > MAIL_ATTACHMENTS_MAX_BYTES)
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `The e-mail's attachments are ${Math.ceil(bytes / 1024 / 1024)} MB; at most ${MAIL_ATTACHMENTS_MAX_BYTES / 1024 / 1024} MB can be sent.`,
      { bytes, maxBytes: MAIL_ATTACHMENTS_MAX_BYTES },
    );
  const key = options.key ?? randomUUID();
  if (options.key) {
    const existing = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', MAIL_JOB_KIND)
      .where('key', '=', key)
      .executeTakeFirst();
    if (existing) return null;
  }
  const payload: QueuedMessage = {
    to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.language ? { language: message.language } : {}),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            base64: a.content.toString('base64'),
          })),
        }
      : {}),
  };
  return app.jobs.enqueue(
    db,
    {
      kind: MAIL_JOB_KIND,
      key,
      payload: payload as unknown as Record<string, unknown>,
      createdBy: options.createdBy ?? null,
      requestId: options.ctx?.requestId ?? null,
    },
    options.ctx,
  );
}

/** How many messages wait, and the last ones that failed for good (Configuration → E-mail). */
export async function mailQueueState(db: Kysely<Database>): Promise<{ queued: number; failed: FailedMail[] }> {
  const waiting = await db
    .selectFrom('jobs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', MAIL_JOB_KIND)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .executeTakeFirstOrThrow();
  const failed = await db
    .selectFrom('jobs')
    .select([
      'id',
      'attempts',
      'last_error',
      'created_at',
      'finished_at',
      sql<string[]>`array(SELECT jsonb_array_elements_text(payload->'to'))`.as('to'),
      sql<string>`coalesce(payload->>'subject', '')`.as('subject'),
    ])
    .where('kind', '=', MAIL_JOB_KIND)
    .where('status', '=', 'FAILED')
    .orderBy('finished_at', 'desc')
    .limit(20)
    .execute();
  return {
    queued: waiting.n,
    failed: failed.map((r) => ({
      jobId: r.id,
      to: r.to,
      subject: r.subject,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: new Date(r.created_at).toISOString(),
      finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    })),
  };
}
