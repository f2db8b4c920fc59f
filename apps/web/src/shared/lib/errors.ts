/** An error the API answered with its `{ code, message, details }` body (or a transport failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/**
 * An error that has already been dealt with (sign-out on 401, the "Restricted!" toast on 403):
 * screens ignore it and show no message of their own.
 */
export class SilentError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SilentError';
  }
}

export function isSilentError(error: unknown): error is SilentError {
  return error instanceof SilentError;
}

/** The `details` object of an error body, when it is one. */
export function errorDetails(error: ApiError): Record<string, unknown> {
  const details = error.details;
  return details && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
}
