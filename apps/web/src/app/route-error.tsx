import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Notice } from '../shared/ui/notice.tsx';

/** A route that failed to load (often a stale chunk after a new release) or threw while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404)
    return <Notice status="warning" title={t('notFound.title')} description={t('notFound.description')} />;
  return (
    <Notice
      status="error"
      title={t('routeError.title')}
      description={t('routeError.description')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      }
    />
  );
}
