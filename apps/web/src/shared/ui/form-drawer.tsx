import { Alert, Button, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The side panel every create/edit form uses: title, the form, a failure shown above it, and
 * Cancel / Save in the footer (Save submits the form by its id, so Enter in a field does too).
 */
export function FormDrawer({
  open,
  title,
  formId,
  width,
  saving,
  failure,
  onClose,
  children,
  testId,
  submitTestId = 'submit',
}: {
  open: boolean;
  title: ReactNode;
  /** The `name` of the antd Form inside, which is its DOM id. */
  formId: string;
  width: number;
  saving: boolean;
  failure?: string | null;
  onClose: () => void;
  children: ReactNode;
  /** The drawer's `data-testid`, for browser tests. */
  testId?: string;
  submitTestId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={width}
      destroyOnHidden
      data-testid={testId}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={formId} loading={saving} data-testid={submitTestId}>
            {t('actions.save')}
          </Button>
        </div>
      }
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {children}
    </Drawer>
  );
}
