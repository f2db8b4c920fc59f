import type { Role, RoleInput } from '@backoffice/contracts';
import { Alert, Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { useRecordSave } from '../../../../shared/ui/kit/form-errors.ts';
import { useCreateRole, useUpdateRole } from '../api.ts';
import { PermissionPicker } from './permission-picker.tsx';

interface Values {
  name: string;
  description: string;
  permissions: string[];
}

const FORM_ID = 'role-form';
/** A taken name shows under the name; what else the server names, under its field; the rest above the form. */
const SERVER_ERRORS = { fields: ['name', 'description', 'permissions'], codes: { ROLE_NAME_TAKEN: 'name' } } as const;

/** The fields; a fresh form (and initial values) each time the drawer opens. */
function RoleForm({
  role,
  onSubmit,
}: {
  role: Role | null;
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<void>;
}) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
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
  const create = useCreateRole();
  const updateRole = useUpdateRole();
  const { failure, close, save, saving } = useRecordSave<Values, RoleInput, Role>(
    create,
    updateRole,
    SERVER_ERRORS,
    onClose,
  );

  const handleSubmit = async (values: Values, form: FormInstance<Values>) => {
    const body: RoleInput = {
      name: values.name.trim(),
      description: values.description.trim(),
      permissions: values.permissions,
    };
    await save(form, body, role?.id);
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={role ? t('roles.editTitle', { name: role.name }) : t('roles.createTitle')}
      formId={FORM_ID}
      width={720}
      saving={saving}
      failure={failure}
    >
      {open ? <RoleForm key={role?.id ?? 'new'} role={role} onSubmit={handleSubmit} /> : null}
    </FormDrawer>
  );
}
