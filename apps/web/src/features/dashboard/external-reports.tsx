import { ExportOutlined } from '@ant-design/icons';
import { Card, Empty, Select, Skeleton, Spin, Typography, theme } from 'antd';
import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { ErrorState } from '../../shared/ui/states.tsx';
import { useVisibleBiReports } from './bi-reports/api.ts';
import { chosenReport, frameableReports } from './bi-reports/embed.ts';

/** Where the register is kept (Management Dashboards). */
const MANAGE_PATH = '/dashboard/manage-dashboard';

/**
 * The external BI reports the signed-in user may see (those registered for one of their roles in Management
 * Dashboards), the chosen one shown in a sandboxed frame. The server's content security policy lets the browser
 * frame only the registered addresses; the frame sends no referrer and cannot navigate this page.
 */
export function ExternalReports() {
  const { t } = useTranslation('dashboards');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const canManage = has('powerbi_dashboard_flow');
  const visible = useVisibleBiReports();
  const [chosenId, setChosenId] = useState<string | undefined>();
  // The address whose frame has finished loading: any other shows the loading state.
  const [loadedUrl, setLoadedUrl] = useState<string | undefined>();
  const headingId = useId();
  const descriptionId = useId();

  const reports = frameableReports(visible.data?.items ?? []);
  const report = chosenReport(reports, chosenId);
  const loading = report !== undefined && loadedUrl !== report.embedUrl;

  let body: ReactNode;
  if (visible.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (visible.error) body = <ErrorState error={visible.error} onRetry={() => void visible.refetch()} />;
  else if (!report)
    body = (
      <Empty
        data-testid="external-reports-empty"
        description={
          <>
            <Typography.Paragraph style={{ marginBottom: canManage ? token.marginXS : 0 }}>
              {t('biReports.external.empty')}
            </Typography.Paragraph>
            {canManage ? (
              <Typography.Paragraph style={{ margin: 0 }}>
                {t('biReports.external.emptyManage')}{' '}
                <Link to={MANAGE_PATH} style={{ textDecoration: 'underline' }}>
                  {t('biReports.external.manageLink')}
                </Link>
              </Typography.Paragraph>
            ) : null}
          </>
        }
      />
    );
  else
    body = (
      <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginSM }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginSM }}>
          {reports.length > 1 ? (
            <Select
              aria-label={t('biReports.external.choose')}
              data-testid="external-report-select"
              value={report.id}
              onChange={(id: string) => setChosenId(id)}
              options={reports.map((r) => ({ value: r.id, label: r.name }))}
              style={{ flex: '1 1 220px', maxWidth: 420, minWidth: 0 }}
            />
          ) : (
            <Typography.Text strong style={{ flex: '1 1 220px', minWidth: 0 }}>
              <bdi>{report.name}</bdi>
            </Typography.Text>
          )}
          <a
            href={report.embedUrl}
            target="_blank"
            rel="noopener noreferrer"
            referrerPolicy="no-referrer"
            data-testid="external-report-open"
            style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXXS, marginInlineStart: 'auto' }}
          >
            <ExportOutlined aria-hidden />
            {t('biReports.external.openInNewTab')}
            <span style={visuallyHidden}>{` (${report.name})`}</span>
          </a>
        </div>
        {report.description ? (
          <Typography.Paragraph id={descriptionId} type="secondary" style={{ margin: 0 }}>
            {report.description}
          </Typography.Paragraph>
        ) : null}
        <div
          style={{
            position: 'relative',
            width: '100%',
            height: 'clamp(360px, 70vh, 900px)',
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
            overflow: 'hidden',
            background: token.colorBgContainer,
          }}
          aria-busy={loading}
        >
          {loading ? (
            <div
              role="status"
              style={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                background: token.colorBgContainer,
              }}
            >
              <Spin description={t('biReports.external.loading')}>
                <div style={{ padding: token.paddingLG }} />
              </Spin>
            </div>
          ) : null}
          <iframe
            // A new frame per report: the previous one's page never shows under the next one's name.
            key={report.id}
            data-testid="external-report-frame"
            src={report.embedUrl}
            title={t('biReports.external.frameTitle', { name: report.name })}
            aria-describedby={report.description ? descriptionId : undefined}
            sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
            referrerPolicy="no-referrer"
            allow="fullscreen"
            allowFullScreen
            onLoad={() => setLoadedUrl(report.embedUrl)}
            style={{ display: 'block', width: '100%', height: '100%', border: 0 }}
          />
        </div>
      </div>
    );

  return (
    <Card
      data-testid="external-reports"
      aria-labelledby={headingId}
      title={
        <h2 id={headingId} style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>
          {t('biReports.external.heading')}
        </h2>
      }
      styles={{ body: { padding: token.paddingSM } }}
    >
      {body}
    </Card>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
