import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type User,
  type UserInput,
  type UserUpdate,
} from '@backoffice/contracts';
import { Form, type FormInstance, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { useFormSave } from '../../../../shared/ui/kit/form-errors.ts';
import { useAllRoles } from '../../roles/api.ts';
import { useCreateUser, useUpdateUser } from '../api.ts';
import { passwordRules } from './password-rules.ts';

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

/** Which field a server refusal belongs to; the rest shows above the form. */
const SERVER_ERRORS = {
  fields: ['username', 'name', 'email', 'roleIds', 'isActive', 'password'],
  codes: {
    USERNAME_TAKEN: 'username',
    EMAIL_TAKEN: 'email',
    PASSWORD_TOO_WEAK: 'password',
    UNKNOWN_ROLE: 'roleIds',
    CANNOT_DEACTIVATE_SELF: 'isActive',
  },
} as const;

function UserForm({
  user,
  withPassword,
  onSubmit,
}: {
  user: User | null;
  withPassword: boolean;
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<void>;
}) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const roles = useAllRoles();
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
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
          rules={passwordRules(t)}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
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
  const [modal, modalHolder] = Modal.useModal();
  const create = useCreateUser();
  const updateUser = useUpdateUser();
  const { failure, close, submit } = useFormSave<Values>(SERVER_ERRORS, onClose);

  const save = async (values: Values, form: FormInstance<Values>) => {
    if (user) {
      const body: UserUpdate = {
        name: values.name.trim(),
        email: values.email.trim(),
        roleIds: values.roleIds,
        isActive: values.isActive,
      };
      await submit(form, body, () => updateUser.mutateAsync({ id: user.id, body }), false);
      return;
    }
    const body: UserInput = {
      username: values.username.trim(),
      name: values.name.trim(),
      email: values.email.trim(),
      roleIds: values.roleIds,
      isActive: values.isActive,
      ...(withPassword && values.password ? { password: values.password } : {}),
    };
    await submit(form, body, (idempotencyKey) => create.mutateAsync({ body, idempotencyKey }), true);
  };

  const handleSubmit = async (values: Values, form: FormInstance<Values>) => {
    if (user?.isActive && !values.isActive) {
      const confirmed = await modal.confirm({
        title: t('users.deactivateTitle', { name: user.name || user.username }),
        content: t('users.deactivateDescription'),
        okText: t('users.deactivate'),
        okButtonProps: { danger: true },
        cancelText: tc('actions.cancel'),
      });
      if (!confirmed) return;
    }
    await save(values, form);
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
