import type { FormInstance } from 'antd';
import { ApiError, errorDetails } from '../../shared/lib/errors.ts';

/**
 * Puts the server's VALIDATION_FAILED issues (`body.contacts.0.email`) on the form's fields. The
 * forms check the same rules first, so this only matters when the two disagree. Whether any field
 * took an issue.
 */
export function showServerIssues(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
  const issues = errorDetails(error).issues;
  if (!Array.isArray(issues)) return false;
  const fields = issues.flatMap((issue: unknown) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || !path.startsWith('body.')) return [];
    const name = path
      .slice('body.'.length)
      .split('.')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    return [{ name, errors: [typeof message === 'string' ? message : ''] }];
  });
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
