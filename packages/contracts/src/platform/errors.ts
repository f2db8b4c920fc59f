import { z } from 'zod';

/** Every error the API answers has this shape; the web app translates `code`. */
export const ErrorBody = z
  .object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Error codes shared by every area. Areas add their own codes beside their contracts. */
export const PlatformErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** 400: the body is not JSON that parses. */
  INVALID_JSON: 'INVALID_JSON',
  /** 400 or 414: the request is malformed below the level of its fields (a broken %-escape, a too-long path). */
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  USER_INACTIVE: 'USER_INACTIVE',
  XSRF_TOKEN_INVALID: 'XSRF_TOKEN_INVALID',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  CONFLICT: 'CONFLICT',
  ALREADY_EXISTS: 'ALREADY_EXISTS',
  IN_USE: 'IN_USE',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_KEY_INVALID: 'IDEMPOTENCY_KEY_INVALID',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** 431: the request's headers (cookies, mostly) are larger than the server reads. */
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  /** 408: the request did not arrive in time. */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  NOT_AVAILABLE: 'NOT_AVAILABLE',
  /** 503 with Retry-After: the database does not answer for now (restarting, unreachable); the same request later works. */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  /** 503 from GET /api/ready: the server is starting or its database does not answer. */
  NOT_READY: 'NOT_READY',
  INTERNAL: 'INTERNAL',
} as const;
export type PlatformErrorCode = (typeof PlatformErrorCode)[keyof typeof PlatformErrorCode];
