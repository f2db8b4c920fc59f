import type { DashboardFigure } from '@backoffice/contracts';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { formatMoney, formatNumber } from '../../../shared/lib/numbers.ts';
import { DatedLineChart } from '../../../shared/ui/charts/chart.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { useDashboardSummary } from '../api.ts';

/** Figures that mean something is wrong when they are above zero: their tile is marked. */
const ALERTS: ReadonlySet<DashboardFigure['key']> = new Set([
  'lateShipments',
  'purchaseOrdersOverdue',
  'connectorFailures',
]);

/** One figure: a link to the list that shows its records, named by its label and its figure. */
function FigureTile({ figure }: { figure: DashboardFigure }) {
  const { t, i18n } = useTranslation('dashboards');
  const { token } = theme.useToken();
  const isAlert = ALERTS.has(figure.key) && (figure.count ?? 0) > 0;
  const money = figure.value === null ? null : formatMoney(figure.value, i18n.language);
  const main = figure.count === null ? (money ?? '') : formatNumber(figure.count, i18n.language);
  return (
    <li style={{ listStyle: 'none', margin: 0 }}>
      <Link
        to={figure.url}
        data-testid={`home-figure-${figure.key}`}
        style={{
          display: 'flex',
          flexDirection: 'column',
          gap: token.marginXXS,
          minBlockSize: 96,
          blockSize: '100%',
          boxSizing: 'border-box',
          paddingBlock: token.paddingSM,
          paddingInline: token.padding,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderInlineStart: `4px solid ${isAlert ? token.colorError : token.colorPrimary}`,
          borderRadius: token.borderRadiusLG,
          color: token.colorText,
        }}
      >
        <span style={{ color: token.colorTextSecondary }}>{t(`home.figures.${figure.key}`)}</span>
        <strong
          style={{ fontSize: token.fontSizeHeading3, lineHeight: 1.2, color: isAlert ? token.colorError : undefined }}
        >
          {main}
        </strong>
        {figure.count !== null && money !== null ? (
          <span style={{ color: token.colorTextSecondary }}>{t('home.worth', { value: money })}</span>
        ) : null}
      </Link>
    </li>
  );
}

/** A 30-day series per channel as one line each, or a sentence when there is nothing in the window. */
function SeriesChart({
  title,
  series,
  kind,
  empty,
  testId,
  from,
  to,
}: {
  title: string;
  series: readonly { channel: string; points: readonly { date: string; value: string | number }[] }[];
  kind: 'money' | 'quantity';
  empty: string;
  testId: string;
  from: string;
  to: string;
}) {
  const { t, i18n } = useTranslation('dashboards');
  const { token } = theme.useToken();
  const lines = series.map((s) => ({
    name: t(`home.channels.${s.channel}`, { defaultValue: s.channel }),
    points: s.points.map((p) => ({ date: p.date, value: String(p.value) })),
  }));
  return (
    <Panel title={title} testId={testId} style={{ minInlineSize: 0 }}>
      <div style={{ padding: token.paddingSM }}>
        {lines.length === 0 ? (
          <p style={{ margin: 0 }}>{empty}</p>
        ) : (
          <DatedLineChart
            series={lines}
            kind={kind}
            label={`${title}: ${from} – ${to}`}
            format={(value) =>
              kind === 'money' ? formatMoney(value, i18n.language) : formatNumber(Number(value), i18n.language)
            }
          />
        )}
      </div>
    </Panel>
  );
}

/**
 * The day's work at a glance: each figure the user's permissions open as a tile linking to its list, then 30 days
 * of sales and shipments per channel. Read again every minute and on focus. With no figure to show it shows nothing:
 * the page's links to the user's areas remain.
 */
export function HomeFigures() {
  const { t } = useTranslation('dashboards');
  const { token } = theme.useToken();
  const summary = useDashboardSummary();

  if (summary.isPending)
    return (
      <div style={{ marginBottom: token.marginLG }}>
        <Spinner minHeight={160} />
      </div>
    );
  if (summary.isError && !summary.data)
    return (
      <div style={{ marginBottom: token.marginLG }} data-testid="home-figures-error">
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      </div>
    );
  const data = summary.data;
  if (!data || (data.figures.length === 0 && !data.sales && !data.shipments)) return null;

  return (
    <section aria-labelledby="home-figures-title" data-testid="home-figures" style={{ marginBottom: token.marginLG }}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: token.marginXS,
        }}
      >
        <h2 id="home-figures-title" style={{ fontSize: token.fontSizeHeading4, marginBlock: 0 }}>
          {t('home.title')}
        </h2>
        <span style={{ color: token.colorTextSecondary }}>
          {summary.isFetching ? t('home.refreshing') : t('home.updated', { at: formatDateTime(data.generatedAt) })}
        </span>
      </div>
      {summary.isError ? (
        <p role="alert" style={{ color: token.colorError }}>
          {t('home.stale')}
        </p>
      ) : null}
      {data.figures.length > 0 ? (
        <ul
          data-testid="home-figure-tiles"
          style={{
            display: 'grid',
            gap: token.margin,
            gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
            paddingInlineStart: 0,
            marginBlock: token.margin,
          }}
        >
          {data.figures.map((figure) => (
            <FigureTile key={figure.key} figure={figure} />
          ))}
        </ul>
      ) : null}
      {data.sales && data.shipments && data.seriesFrom ? (
        <div
          style={{
            display: 'grid',
            gap: token.margin,
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
          }}
        >
          <SeriesChart
            title={t('home.salesChart')}
            series={data.sales}
            kind="money"
            empty={t('home.noSales')}
            testId="home-sales-chart"
            from={data.seriesFrom}
            to={data.today}
          />
          <SeriesChart
            title={t('home.shipmentsChart')}
            series={data.shipments}
            kind="quantity"
            empty={t('home.noShipments')}
            testId="home-shipments-chart"
            from={data.seriesFrom}
            to={data.today}
          />
        </div>
      ) : null}
    </section>
  );
}
