import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorBody, PlatformErrorCode } from '@backoffice/contracts';

/** An expected failure: a code the web app translates, a sentence a person understands, and details. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthenticated = (message = 'Sign in to continue.', code = 'UNAUTHENTICATED') =>
  new AppError(401, code, message);
export const forbidden = (
  message = 'You do not have the permission this needs.',
  details?: unknown,
  code = 'FORBIDDEN',
) => new AppError(403, code, message, details);
export const notFound = (entity: string, id?: string) =>
  new AppError(404, 'NOT_FOUND', `${entity} not found.`, id === undefined ? undefined : { entity, id });
export const conflict = (code: string, message: string, details?: unknown) => new AppError(409, code, message, details);
export const unprocessable = (code: string, message: string, details?: unknown) =>
  new AppError(422, code, message, details);

interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
  table?: string;
}
function isPgError(e: unknown): e is PgError {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((e as PgError).code)
  );
}

/** Whether `e` is PostgreSQL's unique violation of `constraint` (a race a service's own check lost). */
export function isUniqueViolation(e: unknown, constraint: string): boolean {
  return isPgError(e) && e.code === '23505' && e.constraint === constraint;
}

/** Seconds a client is told to wait (Retry-After) when the database does not answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new AppError(
    503,
    'DATABASE_UNAVAILABLE',
    'The database does not answer at the moment (it may be restarting). Try again in a few seconds.',
  );

/** Node's codes for a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What pg says, without a code, when its connection ends under it or it has been ended. */
const CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/**
 * Whether `e` says the database cannot be reached or went away (as opposed to refusing a statement): the
 * connection was refused, cut or timed out, or PostgreSQL is shutting down, starting up or recovering
 * (SQLSTATE class 08, 57P01 to 57P03). The same request can work once the database is back.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code))
      return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
  }
  // Node answers a refused connection to a host with several addresses as an AggregateError of them.
  if (Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
}

/**
 * Database errors that reach the edge without a service having named them: 4xx where the caller is at fault,
 * 503 DATABASE_UNAVAILABLE when the database could not be reached.
 */
export function fromDatabaseError(e: unknown): AppError | undefined {
  if (isDatabaseUnavailable(e)) return databaseUnavailable();
  if (!isPgError(e)) return undefined;
  switch (e.code) {
    case '23505':
      return conflict('ALREADY_EXISTS', 'A record with the same unique value already exists.', {
        constraint: e.constraint,
      });
    case '23503':
      return conflict('IN_USE', 'This record is referenced by another record.', { constraint: e.constraint });
    case '23514':
    case '23502':
      return badRequest('VALIDATION_FAILED', 'A value breaks a rule of the data.', { constraint: e.constraint });
    case '40001':
    case '40P01':
    case '55P03':
      return conflict('CONFLICT', 'Someone else changed the same data at the same moment. Please try again.');
    default:
      if (e.code.startsWith('22')) return badRequest('VALIDATION_FAILED', 'A value is out of range or malformed.');
      return undefined;
  }
}

/** What Node's HTTP parser refused before any route saw the request, as the status and body every error has. */
export function clientErrorAnswer(code: string | undefined): { status: number; body: ErrorBody } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      body: {
        code: PlatformErrorCode.HEADERS_TOO_LARGE,
        message: 'The request headers are too large. Clear this site’s cookies and try again.',
      },
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: 408,
      body: { code: PlatformErrorCode.REQUEST_TIMEOUT, message: 'The request took too long to arrive.' },
    };
  return { status: 400, body: { code: 'BAD_REQUEST', message: 'The request was not understood.' } };
}

/**
 * Fastify's clientErrorHandler: the socket has no request object yet, so the answer is written by hand, in the
 * shape of every other error, and the connection is closed (Node's parser cannot go on after such an error).
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  // A connection reset or already destroyed has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, body } = clientErrorAnswer(err.code);
    const text = JSON.stringify(body);
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(text)}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        text,
      ].join('\r\n'),
    );
  }
  socket.destroy(err);
}
