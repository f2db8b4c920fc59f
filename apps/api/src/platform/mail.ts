import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

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

/**
 * Outgoing mail, one per server: `SMTP_URL` (`smtp://user:password@host:587`, STARTTLS when the server offers
 * it; `smtps://…:465` for TLS from the start) and `MAIL_FROM`. Without SMTP_URL the product sends no mail and
 * `configured` is false, so a caller can say what to do instead (ask an administrator, download the PDF).
 */
export interface Mailer {
  readonly configured: boolean;
  /** Where mail goes, without credentials, for people to read ("smtp.example.com:587"); null when none. */
  readonly server: string | null;
  /** Sends one message; rejects when the server refuses it or cannot be reached (the caller decides what to say). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

class NoMailer implements Mailer {
  readonly configured = false;
  readonly server = null;
  async send(): Promise<void> {
    throw new Error('Mail is not configured: set SMTP_URL and MAIL_FROM.');
  }
  close() {}
}

class SmtpMailer implements Mailer {
  readonly configured = true;
  readonly server: string;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.server = new URL(url).host;
    // A pool keeps a connection open for a burst (a batch of purchase orders) and closes it when idle.
    this.transport = createTransport({ url, pool: true, maxConnections: 2, connectionTimeout: 10_000 });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: typeof message.to === 'string' ? message.to : [...message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.language ? { 'Content-Language': message.language } : undefined,
      attachments: message.attachments?.map((a) => ({ ...a })),
    });
  }

  close() {
    this.transport.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's mailer (app.ts): `app.mailer.configured`, `app.mailer.send(…)`. */
    mailer: Mailer;
  }
}

/** The server's mailer from its configuration. */
export function createMailer(mail: Config['mail']): Mailer {
  return mail ? new SmtpMailer(mail.url, mail.from) : new NoMailer();
}
