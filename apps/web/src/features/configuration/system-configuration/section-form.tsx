import type { SystemConfiguration } from '@backoffice/contracts';
import { Alert, Button, Form, type FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { type SettingsPatches, useUpdateSettings } from './api.ts';

/** The fields the server named in a 400 VALIDATION_FAILED (`body.postcode` → postcode), with its messages. */
function fieldIssues(error: unknown): { name: string; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const issues = errorDetails(error).issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: { path?: unknown; message?: unknown }) => {
    const path = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '').split('.')[0] : '';
    return path ? [{ name: path, errors: [String(issue.message ?? '')] }] : [];
  });
}

/**
 * One section of the system configuration: its own form, saved on its own (a PATCH of its group),
 * refused values shown on their fields or above the form; read-only without the edit permission.
 */
export function SectionForm<V extends object, G extends keyof SettingsPatches>({
  group,
  configuration,
  valuesOf,
  toPatch,
  canEdit,
  children,
}: {
  group: G;
  configuration: SystemConfiguration;
  /** The form's values from the configuration (at first, and again after each save). */
  valuesOf: (configuration: SystemConfiguration) => V;
  toPatch: (values: V) => SettingsPatches[G];
  canEdit: boolean;
  children: (form: FormInstance<V>) => ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form] = Form.useForm<V>();
  const save = useUpdateSettings(group);
  const [failure, setFailure] = useState<string | null>(null);

  const handleFinish = async (values: V) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(toPatch(values));
      form.setFieldsValue(valuesOf(saved) as Parameters<typeof form.setFieldsValue>[0]);
      notifySuccess(t('form.saved'));
    } catch (error) {
      const issues = fieldIssues(error);
      if (issues.length) form.setFields(issues as Parameters<typeof form.setFields>[0]);
      setFailure(errorText(error));
    }
  };

  return (
    <Form<V>
      form={form}
      name={`settings-${group}`}
      layout="vertical"
      disabled={!canEdit}
      initialValues={valuesOf(configuration)}
      onFinish={handleFinish}
      style={{ maxWidth: 880 }}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {children(form)}
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`save-${group}`}>
          {t('actions.save')}
        </Button>
      ) : null}
    </Form>
  );
}
