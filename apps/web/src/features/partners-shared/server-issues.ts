import type { FormInstance } from 'antd';
import { issueFields } from '../../shared/ui/kit/form-errors.ts';

/**
 * Puts the server's VALIDATION_FAILED issues (`body.contacts.0.email`) on the form's fields. The
 * forms check the same rules first, so this only matters when the two disagree. Whether any field
 * took an issue.
 */
export function showServerIssues(form: FormInstance, error: unknown): boolean {
  const fields = issueFields(error, 'any');
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
