import type { FastifyBaseLogger } from 'fastify';
import { type DestinationStream, pino } from 'pino';
import type { LogSettings } from '../config.ts';

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** The keys pino writes on every line; anything else a message carries is context. */
const FRAME_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'err', 'component']);

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * One JSON line from pino as one line a person reads: `12:03:04 WARN  message (context)`. An error adds its
 * message (and with LOG_LEVEL=debug pino's JSON keeps the stack); a request's line ends with its id, which the
 * client also received in `x-request-id`.
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.trimEnd();
  }
  const level = LEVEL_NAMES[Number(entry.level)] ?? 'LOG';
  const parts = [`${clock(entry.time)} ${level.padEnd(5)}`];
  if (typeof entry.component === 'string') parts.push(`[${entry.component}]`);
  parts.push(String(entry.msg ?? ''));
  const err = entry.err as { message?: unknown; type?: unknown } | undefined;
  if (err && typeof err.message === 'string' && err.message !== entry.msg) parts.push(`: ${err.message}`);
  const context = Object.entries(entry)
    .filter(([key]) => !FRAME_KEYS.has(key))
    .map(([key, value]) => `${key}=${short(value)}`);
  const req = entry.req as { method?: unknown; url?: unknown } | undefined;
  if (req && typeof req.method === 'string') context.push(`${req.method} ${short(req.url)}`);
  if (typeof entry.reqId === 'string') context.push(`request ${entry.reqId}`);
  return `${parts.join(' ').replace(/ : /, ': ')}${context.length ? ` (${context.join(', ')})` : ''}`;
}

/** Writes each line short: warnings and errors to stderr, the rest to stdout. */
class TextDestination implements DestinationStream {
  write(line: string): void {
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 30);
    (level >= 40 ? process.stderr : process.stdout).write(`${formatLogLine(line)}\n`);
  }
}

/** Redacted wherever they appear in a logged request. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

/** The server's logger, for Fastify (`loggerInstance`) and for what runs before it (embedded PostgreSQL). */
export function createLogger(settings: LogSettings): FastifyBaseLogger {
  const options = { level: settings.level, redact: REDACT };
  return settings.format === 'json' ? pino(options) : pino({ ...options, base: undefined }, new TextDestination());
}

/**
 * Fastify logs every request at info ("incoming request", "request completed"): as JSON for a collector those
 * lines are the point; on a console they drown the rest, so the text format leaves them out.
 */
export function logsRequests(settings: LogSettings): boolean {
  return settings.format === 'json';
}
