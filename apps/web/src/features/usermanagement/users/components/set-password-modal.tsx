import { PASSWORD_MIN_LENGTH, type User } from '@backoffice/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../shared/lib/notify.ts';
import { useErrorText } from '../../../../shared/lib/use-error-text.ts';
import { useSetUserPassword } from '../api.ts';
import { passwordRules } from './password-rules.ts';

interface Values {
  password: string;
  confirm: string;
}

const FORM_ID = 'password-form';

function PasswordForm({ onSubmit }: { onSubmit: (password: string) => void }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <Form<Values> form={form} name={FORM_ID} layout="vertical" onFinish={(values) => onSubmit(values.password)}>
      <Form.Item
        name="password"
        label={t('users.fields.password')}
        extra={t('users.passwordRule', { min: PASSWORD_MIN_LENGTH })}
        rules={[{ required: true, message: tc('form.required') }, ...passwordRules(t)]}
      >
        <Input.Password autoFocus autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('users.fields.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: tc('form.required') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation.passwordsDiffer'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </Form>
  );
}

/** Sets or resets a user's password (only where passwords are managed here, with edit_user). */
export function SetPasswordModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const setPassword = useSetUserPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const handleSubmit = async (password: string) => {
    if (!user) return;
    setFailure(null);
    try {
      await setPassword.mutateAsync({ id: user.id, password });
      notifySuccess(t('users.passwordSet'));
      close();
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={!!user}
      title={user ? t('users.setPasswordTitle', { name: user.name || user.username }) : ''}
      onCancel={close}
      okText={tc('actions.save')}
      cancelText={tc('actions.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: setPassword.isPending, 'data-testid': 'submit' }}
      destroyOnHidden
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {user ? <PasswordForm key={user.id} onSubmit={handleSubmit} /> : null}
    </Modal>
  );
}
