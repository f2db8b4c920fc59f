import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from './notice.tsx';
import { PageHeader } from './page-header.tsx';

/** An honest page for a screen of the product that is not built yet, under its real route and title. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Notice
        status="info"
        title={t('notAvailable.title')}
        description={t('notAvailable.description')}
        extra={
          <Link to="/dashboard/dashboard1">
            <Button type="primary">{t('actions.backToDashboard')}</Button>
          </Link>
        }
      />
    </>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t('notFound.title');
  const appName = t('appName');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <Notice
      status="warning"
      title={t('notFound.title')}
      description={t('notFound.description')}
      extra={
        <Link to="/dashboard/dashboard1">
          <Button type="primary">{t('actions.backToDashboard')}</Button>
        </Link>
      }
    />
  );
}
