import { Segmented, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SignedBarChart } from '../../../shared/ui/charts/chart.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { formatMoney } from '../../inventory/index.ts';
import { useVariances, type VarianceGrouping } from './api.ts';

/**
 * The value of the differences by zone or by product, as signed bars from a middle line: losses
 * towards the start of the line, gains towards its end (mirrored in right-to-left, as the text is).
 * Every bar has its exact value beside it, so the chart reads without colour and without a pointer.
 */
export function VarianceChart({ countId }: { countId: string }) {
  const { t, i18n } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const [by, setBy] = useGrouping();
  const query = useVariances(countId, by, true);
  const groups = query.data?.groups ?? [];

  return (
    <Panel
      title={t('review.chartTitle')}
      extra={
        <Segmented<VarianceGrouping>
          size="small"
          value={by}
          onChange={setBy}
          data-testid="variance-grouping"
          options={[
            { value: 'zone', label: t('review.byZone') },
            { value: 'product', label: t('review.byProduct') },
          ]}
        />
      }
      style={{ marginBottom: token.margin }}
    >
      {query.error && !query.data ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && groups.length === 0 ? (
        <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('review.noVariance')}</p>
      ) : null}
      {groups.length ? (
        <SignedBarChart
          testId="variance-chart"
          label={t('review.chartTitle')}
          bars={groups.map((g) => ({ key: g.key, label: g.label || t('review.noZone'), value: g.differenceValue }))}
          format={(value) => `£ ${formatMoney(value, i18n.language)}`}
        />
      ) : null}
    </Panel>
  );
}

/** The grouping, kept in the URL (`chart`) with the page's other choices. */
function useGrouping(): [VarianceGrouping, (by: VarianceGrouping) => void] {
  const [params, setParams] = useSearchParams();
  const by: VarianceGrouping = params.get('chart') === 'product' ? 'product' : 'zone';
  const set = (next: VarianceGrouping) =>
    setParams(
      (previous) => {
        const out = new URLSearchParams(previous);
        if (next === 'zone') out.delete('chart');
        else out.set('chart', next);
        return out;
      },
      { replace: true },
    );
  return [by, set];
}
