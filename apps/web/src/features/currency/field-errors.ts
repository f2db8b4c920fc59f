import type { FormInstance } from 'antd';
import { ApiError, errorDetails } from '../../shared/lib/errors.ts';

/** Fields of an antd form with the messages to show under them, as `form.setFields` takes them. */
export type FieldErrors<T> = Parameters<FormInstance<T>['setFields']>[0];

/**
 * The fields a 400 VALIDATION_FAILED names (`details.issues[].path`, e.g. `body.services.2.code`),
 * with the server's message, so that a refusal the form did not foresee still shows on its field.
 * Empty when the error names no field of the form.
 */
export function serverFieldErrors<T>(error: unknown, knownFields: readonly string[]): FieldErrors<T> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const issues = errorDetails(error).issues;
  if (!Array.isArray(issues)) return [];
  const found: { name: (string | number)[]; errors: string[] }[] = [];
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path !== 'string' || typeof issue.message !== 'string') continue;
    const name = issue.path
      .replace(/^body\.?/, '')
      .split('.')
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    if (typeof name[0] === 'string' && knownFields.includes(name[0])) found.push({ name, errors: [issue.message] });
  }
  // The names come from the server's paths, checked against the form's own fields above.
  return found as unknown as FieldErrors<T>;
}
