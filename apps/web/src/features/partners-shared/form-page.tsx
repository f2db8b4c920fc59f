import { Alert, Button, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/**
 * A full-page form: the page heading with what is being edited, the form's sections, a failure above
 * them, and Cancel / Save kept in reach at the bottom (Save submits the form by its id, so Enter does too).
 */
export function FormPage({
  heading,
  formId,
  saving,
  failure,
  onCancel,
  children,
}: {
  heading: ReactNode;
  /** The `name` of the antd Form inside, which is its DOM id. */
  formId: string;
  saving: boolean;
  failure: string | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <>
      <PageHeader>
        <div style={{ color: token.colorTextSecondary, marginTop: token.marginXXS }}>{heading}</div>
      </PageHeader>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: token.margin }} /> : null}
      {children}
      <div
        style={{
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          display: 'flex',
          justifyContent: 'flex-end',
          gap: token.marginXS,
          marginTop: token.margin,
          padding: `${token.paddingSM}px 0`,
          background: token.colorBgLayout,
          borderTop: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" form={formId} loading={saving} data-testid="submit">
          {t('actions.save')}
        </Button>
      </div>
    </>
  );
}
