import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer, type SMTPServerAuthentication } from 'smtp-server';

/**
 * A real SMTP server in the test's process, on a free loopback port, that keeps what it receives parsed
 * (envelope, headers, subject, text, HTML, attachments). Any area's test points the product at it (SMTP_URL, or
 * Configuration's settings) and reads the messages; `waitFor(n)` waits for them.
 */

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ReceivedMessage {
  /** The envelope's sender and recipients (what the SMTP conversation said). */
  from: string;
  to: string[];
  /** The user name the client signed in with, if it did. */
  auth: string | undefined;
  /** Header names in lower case, values unfolded and decoded (=?UTF-8?…?= words). */
  headers: Record<string, string>;
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
  html: string | undefined;
  attachments: ReceivedAttachment[];
  /** The message as it arrived. */
  raw: string;
}

export interface SmtpOptions {
  /** Required sign-in; without it anyone may send without signing in. */
  auth?: { user: string; pass: string };
}

export interface TestSmtpServer {
  port: number;
  host: string;
  /** Everything received so far, in order. */
  messages: ReceivedMessage[];
  /** Resolves once at least `count` messages have arrived in all (10 s by default). */
  waitFor(count: number, ms?: number): Promise<ReceivedMessage[]>;
  /** The next `count` messages are refused at RCPT TO with a temporary 451 (greylisting, a full queue …). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/** Starts the server; `close()` when done. */
export async function startSmtpServer(options: SmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMessage[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    logger: false,
    onAuth(auth: SMTPServerAuthentication, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const error = new Error('Try again later') as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const part = parsePart(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          auth: session.user as string | undefined,
          headers: part.headers,
          subject: part.headers.subject ?? '',
          text: findBody(part, 'text/plain') ?? '',
          html: findBody(part, 'text/html'),
          attachments: attachmentsOf(part),
          raw: Buffer.from(raw, 'latin1').toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    host: '127.0.0.1',
    messages,
    async waitFor(count, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (messages.length < count) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${count} e-mail(s); ${messages.length} arrived`);
        await sleep(25);
      }
      return messages.slice(0, count);
    },
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free loopback port nothing listens on (for "connection refused"). */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

// A small MIME reader: enough for what nodemailer writes (multipart, base64, quoted-printable, encoded words).

interface Part {
  headers: Record<string, string>;
  contentType: string;
  params: Record<string, string>;
  /** Decoded bytes of a leaf part. */
  body: Buffer;
  parts: Part[];
}

function parseHeaderValue(value: string): { value: string; params: Record<string, string> } {
  const [first = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const item of rest) {
    const m = /^\s*([^=\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))\s*$/.exec(item);
    if (!m?.[1]) continue;
    let name = m[1].toLowerCase();
    let v = m[2] ?? m[3] ?? '';
    // RFC 2231: name*=utf-8''percent-encoded (continuations name*0*= joined in order)
    const extended = /^(.+?)(\*\d+)?\*$/.exec(name);
    if (extended?.[1]) {
      name = extended[1];
      v = decodeURIComponent(v.replace(/^[\w-]*'[\w-]*'/, ''));
      params[name] = (params[name] && extended[2] && extended[2] !== '*0' ? params[name] : '') + v;
      continue;
    }
    const continued = /^(.+?)\*(\d+)$/.exec(name);
    if (continued?.[1]) {
      params[continued[1]] = (continued[2] === '0' ? '' : (params[continued[1]] ?? '')) + v;
      continue;
    }
    params[name] = decodeWords(v);
  }
  return { value: first.trim().toLowerCase(), params };
}

/** =?charset?B|Q?…?= words of a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([\w-]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : qpBytes(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function qpBytes(text: string): Buffer {
  const latin = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(latin, 'latin1');
}

/** A part from its raw text (bytes as latin1 characters). */
function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const bodyText = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] = decodeWords(Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8'));
  }
  const { value: contentType, params } = parseHeaderValue(headers['content-type'] ?? 'text/plain');
  if (contentType.startsWith('multipart/') && params.boundary) {
    const boundary = `--${params.boundary}`;
    const parts = bodyText
      .split(boundary)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .map((chunk) => parsePart(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    return { headers, contentType, params, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(bodyText.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? qpBytes(bodyText)
        : Buffer.from(bodyText, 'latin1');
  return { headers, contentType, params, body, parts: [] };
}

function isAttachment(part: Part) {
  return /^attachment/i.test(part.headers['content-disposition'] ?? '');
}

function findBody(part: Part, type: string): string | undefined {
  if (part.parts.length) {
    for (const child of part.parts) {
      const found = findBody(child, type);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return part.contentType === type && !isAttachment(part) ? part.body.toString('utf8') : undefined;
}

function attachmentsOf(part: Part): ReceivedAttachment[] {
  if (part.parts.length) return part.parts.flatMap(attachmentsOf);
  if (!isAttachment(part)) return [];
  const disposition = parseHeaderValue(part.headers['content-disposition'] ?? '');
  return [
    {
      filename: disposition.params.filename ?? part.params.name ?? '',
      contentType: part.contentType,
      content: part.body,
    },
  ];
}
