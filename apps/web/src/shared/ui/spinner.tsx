import { useTranslation } from 'react-i18next';

/** A loading indicator drawn by index.html's stylesheet (the same as before start-up), without antd Spin. */
export function Spinner({ minHeight = '60vh' }: { minHeight?: string | number }) {
  const { t } = useTranslation();
  return (
    <div className="boot" role="status" aria-label={t('states.loading')} style={{ minHeight }}>
      <div className="boot-spinner" />
    </div>
  );
}

/** A thin bar at the top of the page while the next route's code or data loads. */
export function RouteProgress() {
  const { t } = useTranslation();
  return <div className="route-progress" role="progressbar" aria-label={t('states.loading')} />;
}
