import { MailErrorCode, type MailSecurity } from '@backoffice/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from './errors.ts';

/** A file sent with a message (a purchase order's PDF, an export). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string | readonly string[];
  subject: string;
  /** The plain-text body; every message has one. */
  text: string;
  /** An HTML body beside the text, optional. */
  html?: string;
  /** The language of the message (Content-Language), e.g. `de`. */
  language?: string;
  attachments?: readonly MailAttachment[];
}

/** The SMTP settings saved in Configuration (domains/configuration reads and decrypts them). */
export interface MailTransportSettings {
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  /** Decrypted; null when none is stored. */
  password: string | null;
  /** A password is stored but this server's key cannot read it. */
  passwordUnreadable: boolean;
  fromAddress: string;
  fromName: string;
  replyTo: string;
}

/** Reads the Configuration's settings (null: none saved, the environment applies), with the pool or a transaction. */
export type MailSettingsLoader = (db?: Kysely<Database>) => Promise<MailTransportSettings | null>;

export type MailSource = 'configuration' | 'environment';

/**
 * Outgoing mail, one per server. The SMTP settings of Configuration come first, then the environment's
 * `SMTP_URL` (`smtp://user:password@host:587`, STARTTLS when offered; `smtps://…:465` for TLS from the start) and
 * `MAIL_FROM`; without either `configured` is false, so a caller can say what to do instead (ask an administrator,
 * download the PDF). The settings are read again before every message and after every change, and the transport
 * is rebuilt when they differ, so a change applies without a restart (on every server sharing the database).
 */
export interface Mailer {
  readonly configured: boolean;
  /** Where mail goes, without credentials, for people to read ("smtp.example.com:587"); null when none. */
  readonly server: string | null;
  /** Where the settings in force come from; null when none. */
  readonly source: MailSource | null;
  /**
   * Sends one message now; rejects when it cannot (a `MailFailure`, a 422 with a code and a sentence saying what
   * went wrong: not configured, connection refused, authentication failed, TLS, timeout …).
   */
  send(message: MailMessage): Promise<void>;
  /** Reads the settings again (with `db`, a transaction's view) and rebuilds the transport if they changed. */
  refresh(db?: Kysely<Database>): Promise<void>;
  close(): void;
}

/** Mail that could not be sent, in words: a 422 with one of MailErrorCode. */
export class MailFailure extends AppError {
  constructor(code: MailErrorCode, message: string, details?: Record<string, unknown>) {
    super(422, code, message, details);
    this.name = 'MailFailure';
  }
}

/** What went wrong in a person's words, from nodemailer's error codes (and the system error under them). */
export function describeMailError(error: unknown, server: string | null): MailFailure {
  if (error instanceof MailFailure) return error;
  const e = (error ?? {}) as { code?: string; originalCode?: string; responseCode?: number; message?: string };
  const at = server ?? 'the mail server';
  const reply = typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {};
  const system = e.originalCode ?? e.code;
  if (system === 'ECONNREFUSED')
    return new MailFailure(
      MailErrorCode.MAIL_CONNECTION_REFUSED,
      `${at} refused the connection: nothing answers on that port. Check the host and port.`,
      { server },
    );
  if (e.code === 'EDNS' || system === 'ENOTFOUND' || system === 'EAI_AGAIN')
    return new MailFailure(
      MailErrorCode.MAIL_HOST_NOT_FOUND,
      `The mail server's name (${at}) could not be found. Check the host name.`,
      { server },
    );
  if (e.code === 'ETIMEDOUT' || system === 'ETIMEDOUT' || system === 'EHOSTUNREACH' || system === 'ENETUNREACH')
    return new MailFailure(
      MailErrorCode.MAIL_TIMEOUT,
      `${at} did not answer in time. Check the host and port, and that a firewall lets the connection through.`,
      { server },
    );
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH')
    return new MailFailure(
      MailErrorCode.MAIL_AUTH_FAILED,
      `${at} refused the user name or password. Check them (some providers want an app password).`,
      { server, ...reply },
    );
  if (e.code === 'ETLS' || /certificate|ssl|tls|wrong version number/i.test(e.message ?? ''))
    return new MailFailure(
      MailErrorCode.MAIL_TLS_FAILED,
      `A secure connection to ${at} could not be set up. Check the security setting: STARTTLS usually goes with port 587, TLS with 465.`,
      { server },
    );
  if (e.code === 'EENVELOPE')
    return new MailFailure(
      MailErrorCode.MAIL_REJECTED,
      `${at} refused the sender or the recipient${e.responseCode ? ` (reply ${e.responseCode})` : ''}. Check the sender address is one this server may send from.`,
      { server, ...reply },
    );
  return new MailFailure(
    MailErrorCode.MAIL_SEND_FAILED,
    `The message could not be sent through ${at}${e.responseCode ? ` (reply ${e.responseCode})` : ''}.`,
    { server, ...reply },
  );
}

const NOT_CONFIGURED =
  'Outgoing mail is not set up: fill in the SMTP server in Configuration → E-mail (or set SMTP_URL on the server).';

interface Transport {
  transporter: Transporter;
  inFlight: number;
  retired: boolean;
}

interface InForce {
  source: MailSource | null;
  server: string | null;
  from: string;
  replyTo?: string;
  /** Compared to decide whether the transport must be rebuilt. */
  fingerprint: string;
  transport: Transport | null;
  passwordUnreadable: boolean;
}

/** "Name <address>" with the name quoted when it needs to be. */
function mailbox(name: string, address: string) {
  if (!name) return address;
  return `"${name.replace(/["\\]/g, '')}" <${address}>`;
}

function fromSettings(s: MailTransportSettings): Omit<InForce, 'transport'> & { options: object } {
  const server = `${s.host}:${s.port}`;
  return {
    source: 'configuration',
    server,
    from: mailbox(s.fromName, s.fromAddress),
    replyTo: s.replyTo || undefined,
    passwordUnreadable: s.passwordUnreadable,
    fingerprint: JSON.stringify(['configuration', s]),
    options: {
      host: s.host,
      port: s.port,
      secure: s.security === 'TLS',
      requireTLS: s.security === 'STARTTLS',
      ignoreTLS: s.security === 'NONE',
      ...(s.username ? { auth: { user: s.username, pass: s.password ?? '' } } : {}),
    },
  };
}

function fromEnvironment(mail: NonNullable<Config['mail']>): Omit<InForce, 'transport'> & { options: object } {
  return {
    source: 'environment',
    server: new URL(mail.url).host,
    from: mail.from,
    passwordUnreadable: false,
    fingerprint: JSON.stringify(['environment', mail]),
    options: { url: mail.url },
  };
}

const NONE: InForce = {
  source: null,
  server: null,
  from: '',
  fingerprint: 'none',
  transport: null,
  passwordUnreadable: false,
};

/** How often the settings are read again when no message is sent (so `configured` follows other servers' changes). */
const REFRESH_EVERY_MS = 30_000;

class ServerMailer implements Mailer {
  private inForce: InForce = NONE;
  private requested = 0;
  private applied = 0;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly environment: Config['mail'],
    private readonly load: MailSettingsLoader | undefined,
    private readonly log: FastifyBaseLogger | undefined,
  ) {
    this.apply(null);
    if (load) {
      this.timer = setInterval(() => void this.refresh().catch(() => {}), REFRESH_EVERY_MS);
      this.timer.unref();
    }
  }

  get configured() {
    return this.inForce.source !== null;
  }
  get server() {
    return this.inForce.server;
  }
  get source() {
    return this.inForce.source;
  }

  async refresh(db?: Kysely<Database>): Promise<void> {
    if (!this.load) return;
    this.requested += 1;
    const ticket = this.requested;
    const settings = await this.load(db);
    // A slower, older read never replaces a newer one.
    if (ticket < this.applied) return;
    this.applied = ticket;
    this.apply(settings);
  }

  private apply(settings: MailTransportSettings | null) {
    const next = settings?.host ? fromSettings(settings) : this.environment ? fromEnvironment(this.environment) : null;
    if ((next?.fingerprint ?? 'none') === this.inForce.fingerprint) return;
    this.retire(this.inForce.transport);
    if (!next) {
      this.inForce = NONE;
      return;
    }
    const { options, ...rest } = next;
    // A pool keeps a connection open for a burst (a batch of purchase orders) and closes it when idle.
    const transporter = createTransport({
      ...options,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.inForce = { ...rest, transport: { transporter, inFlight: 0, retired: false } };
    this.log?.info({ source: rest.source, server: rest.server }, 'outgoing mail settings in force');
  }

  /** Closes a transport no longer in force once the messages under way on it are through. */
  private retire(transport: Transport | null) {
    if (!transport) return;
    transport.retired = true;
    if (transport.inFlight === 0) transport.transporter.close();
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.refresh();
    } catch (err) {
      // The database is away: send with the settings last read rather than not at all.
      this.log?.warn({ err: { message: (err as Error).message } }, 'mail settings could not be read again');
    }
    const inForce = this.inForce;
    const transport = inForce.transport;
    if (!transport) throw new MailFailure(MailErrorCode.MAIL_NOT_CONFIGURED, NOT_CONFIGURED);
    if (inForce.passwordUnreadable)
      throw new MailFailure(
        MailErrorCode.MAIL_PASSWORD_UNREADABLE,
        'The stored SMTP password cannot be read with this server’s key (SECRETS_KEY changed): enter the password again in Configuration → E-mail.',
      );
    transport.inFlight += 1;
    try {
      await transport.transporter.sendMail({
        from: inForce.from,
        replyTo: inForce.replyTo,
        to: typeof message.to === 'string' ? message.to : [...message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.language ? { 'Content-Language': message.language } : undefined,
        attachments: message.attachments?.map((a) => ({ ...a })),
      });
    } catch (error) {
      throw describeMailError(error, inForce.server);
    } finally {
      transport.inFlight -= 1;
      if (transport.retired && transport.inFlight === 0) transport.transporter.close();
    }
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    this.retire(this.inForce.transport);
    this.inForce = NONE;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's mailer (app.ts): `app.mailer.configured`, `app.mailer.send(…)`. */
    mailer: Mailer;
  }
}

/**
 * The server's mailer: Configuration's settings through `load` when saved, else the environment's (`mail`), else
 * none. Without `load` (the identity provider's own, in tests) only the environment counts.
 */
export function createMailer(
  mail: Config['mail'],
  options: { load?: MailSettingsLoader; log?: FastifyBaseLogger } = {},
): Mailer {
  return new ServerMailer(mail, options.load, options.log);
}

// Mail that cannot be lost (queued in the caller's transaction, sent by the job runner): platform/mail-queue.ts.
export { enqueueMail, MAIL_JOB_KIND } from './mail-queue.ts';
