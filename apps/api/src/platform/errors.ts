import type { ErrorBody } from '@backoffice/contracts';

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

/** Database errors that reach the edge without a service having named them, as 4xx answers. */
export function fromDatabaseError(e: unknown): AppError | undefined {
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
