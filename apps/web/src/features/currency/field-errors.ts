import type { FormInstance } from 'antd';
import { issueFields } from '../../shared/ui/kit/form-errors.ts';

/** Fields of an antd form with the messages to show under them, as `form.setFields` takes them. */
export type FieldErrors<T> = Parameters<FormInstance<T>['setFields']>[0];

/**
 * The fields a 400 VALIDATION_FAILED names (`details.issues[].path`, e.g. `body.services.2.code`),
 * with the server's message, so that a refusal the form did not foresee still shows on its field.
 * Empty when the error names no field of the form. (The kit's mapping, typed for `form.setFields`.)
 */
export function serverFieldErrors<T>(error: unknown, knownFields: readonly string[]): FieldErrors<T> {
  // The names come from the server's paths, checked against the form's own fields.
  return issueFields(error, knownFields) as unknown as FieldErrors<T>;
}
