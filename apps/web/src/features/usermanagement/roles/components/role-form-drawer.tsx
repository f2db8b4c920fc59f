import type { Role, RoleInput } from '@backoffice/contracts';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../../shared/lib/notify.ts';
import { useErrorText } from '../../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { useCreateRole, useUpdateRole } from '../api.ts';
import { PermissionPicker } from './permission-picker.tsx';

interface Values {
  name: string;
  description: string;
  permissions: string[];
}

const FORM_ID = 'role-form';

/** The fields; a fresh form (and initial values) each time the drawer opens. */
function RoleForm({ role, onSubmit }: { role: Role | null; onSubmit: (values: Values) => Promise<string | null> }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const handleFinish = async (values: Values) => {
    const nameError = await onSubmit(values);
    if (nameError) form.setFields([{ name: 'name', errors: [nameError] }]);
  };
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={handleFinish}
      initialValues={
        role
          ? { name: role.name, description: role.description, permissions: role.permissions }
          : { name: '', description: '', permissions: [] }
      }
    >
      <Form.Item
        name="name"
        label={t('roles.fields.name')}
        rules={[
          { required: true, whitespace: true, message: tc('form.required') },
          { max: 80, message: t('validation.maxLength', { max: 80 }) },
        ]}
      >
        <Input autoFocus autoComplete="off" maxLength={80} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('roles.fields.description')}
        rules={[{ max: 500, message: t('validation.maxLength', { max: 500 }) }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
      </Form.Item>
      {role?.isSystem ? (
        <Alert type="info" showIcon title={t('roles.systemRole')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item name="permissions" label={t('roles.fields.permissions')}>
        <PermissionPicker disabled={role?.isSystem} />
      </Form.Item>
    </Form>
  );
}

/** Creates a role, or edits one (`role` given): name, description and permissions chosen by area. */
export function RoleFormDrawer({ open, role, onClose }: { open: boolean; role: Role | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateRole();
  const updateRole = useUpdateRole();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    submission.reset();
    onClose();
  };

  /** Saves; resolves the message for the name field when the name is taken. */
  const handleSubmit = async (values: Values): Promise<string | null> => {
    setFailure(null);
    const body: RoleInput = {
      name: values.name.trim(),
      description: values.description.trim(),
      permissions: values.permissions,
    };
    try {
      if (role) await updateRole.mutateAsync({ id: role.id, body });
      else await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(role ? tc('form.saved') : tc('form.created'));
      close();
      return null;
    } catch (error) {
      const text = errorText(error);
      if (text && error instanceof ApiError && error.code === 'ROLE_NAME_TAKEN') return text;
      setFailure(text);
      return null;
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={role ? t('roles.editTitle', { name: role.name }) : t('roles.createTitle')}
      formId={FORM_ID}
      width={720}
      saving={create.isPending || updateRole.isPending}
      failure={failure}
    >
      {open ? <RoleForm key={role?.id ?? 'new'} role={role} onSubmit={handleSubmit} /> : null}
    </FormDrawer>
  );
}
