import { PASSWORD_MIN_LENGTH, type User, type UserInput, type UserUpdate } from '@backoffice/contracts';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../../shared/lib/notify.ts';
import { useErrorText } from '../../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { useAllRoles } from '../../roles/api.ts';
import { useCreateUser, useUpdateUser } from '../api.ts';

interface Values {
  username: string;
  name: string;
  email: string;
  roleIds: string[];
  isActive: boolean;
  password: string;
}

const FORM_ID = 'user-form';
// The contract's rule for user names (lower-cased by the server).
const USERNAME = /^[A-Za-z0-9._@-]{2,60}$/;

/** Which field a server refusal belongs to. */
const FIELD_OF_CODE: Partial<Record<string, keyof Values>> = {
  USERNAME_TAKEN: 'username',
  EMAIL_TAKEN: 'email',
  PASSWORD_TOO_WEAK: 'password',
  UNKNOWN_ROLE: 'roleIds',
  CANNOT_DEACTIVATE_SELF: 'isActive',
};

function UserForm({
  user,
  withPassword,
  onSubmit,
}: {
  user: User | null;
  withPassword: boolean;
  onSubmit: (values: Values) => Promise<[keyof Values, string] | null>;
}) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const roles = useAllRoles();
  const handleFinish = async (values: Values) => {
    const fieldError = await onSubmit(values);
    if (fieldError) form.setFields([{ name: fieldError[0], errors: [fieldError[1]] }]);
  };
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={handleFinish}
      initialValues={
        user
          ? {
              username: user.username,
              name: user.name,
              email: user.email,
              roleIds: user.roles.map((role) => role.id),
              isActive: user.isActive,
              password: '',
            }
          : { username: '', name: '', email: '', roleIds: [], isActive: true, password: '' }
      }
    >
      <Form.Item
        name="username"
        label={t('users.fields.username')}
        rules={
          user
            ? []
            : [
                { required: true, whitespace: true, message: tc('form.required') },
                { pattern: USERNAME, message: t('validation.username') },
              ]
        }
      >
        <Input autoFocus={!user} disabled={!!user} autoComplete="off" maxLength={60} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('users.fields.name')}
        rules={[{ max: 120, message: t('validation.maxLength', { max: 120 }) }]}
      >
        <Input autoFocus={!!user} autoComplete="off" maxLength={120} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('users.fields.email')}
        rules={[
          { required: true, whitespace: true, message: tc('form.required') },
          { type: 'email', message: t('validation.email') },
          { max: 200, message: t('validation.maxLength', { max: 200 }) },
        ]}
      >
        <Input type="email" autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="roleIds" label={t('users.fields.roles')}>
        <Select
          mode="multiple"
          allowClear
          loading={roles.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(roles.data?.items ?? []).map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
      <Form.Item name="isActive" label={t('users.fields.isActive')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {withPassword && !user ? (
        <Form.Item
          name="password"
          label={t('users.fields.password')}
          extra={t('users.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          rules={[{ min: PASSWORD_MIN_LENGTH, message: t('validation.minLength', { min: PASSWORD_MIN_LENGTH }) }]}
        >
          <Input.Password autoComplete="new-password" maxLength={200} />
        </Form.Item>
      ) : null}
    </Form>
  );
}

/**
 * Creates a user (user name only then, and a password when passwords are managed here) or edits one.
 * Deactivating someone asks for confirmation first.
 */
export function UserFormDrawer({
  open,
  user,
  withPassword,
  onClose,
}: {
  open: boolean;
  user: User | null;
  withPassword: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const create = useCreateUser();
  const updateUser = useUpdateUser();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    submission.reset();
    onClose();
  };

  const save = async (values: Values): Promise<[keyof Values, string] | null> => {
    setFailure(null);
    try {
      if (user) {
        const body: UserUpdate = {
          name: values.name.trim(),
          email: values.email.trim(),
          roleIds: values.roleIds,
          isActive: values.isActive,
        };
        await updateUser.mutateAsync({ id: user.id, body });
      } else {
        const body: UserInput = {
          username: values.username.trim(),
          name: values.name.trim(),
          email: values.email.trim(),
          roleIds: values.roleIds,
          isActive: values.isActive,
          ...(withPassword && values.password ? { password: values.password } : {}),
        };
        await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      }
      notifySuccess(user ? tc('form.saved') : tc('form.created'));
      close();
      return null;
    } catch (error) {
      const text = errorText(error);
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (text && field) return [field, text];
      setFailure(text);
      return null;
    }
  };

  const handleSubmit = async (values: Values) => {
    if (user?.isActive && !values.isActive) {
      const confirmed = await modal.confirm({
        title: t('users.deactivateTitle', { name: user.name || user.username }),
        content: t('users.deactivateDescription'),
        okText: t('users.deactivate'),
        okButtonProps: { danger: true },
        cancelText: tc('actions.cancel'),
      });
      if (!confirmed) return null;
    }
    return save(values);
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={user ? t('users.editTitle', { name: user.name || user.username }) : t('users.createTitle')}
      formId={FORM_ID}
      width={520}
      saving={create.isPending || updateUser.isPending}
      failure={failure}
    >
      {modalHolder}
      {open ? (
        <UserForm key={user?.id ?? 'new'} user={user} withPassword={withPassword} onSubmit={handleSubmit} />
      ) : null}
    </FormDrawer>
  );
}
