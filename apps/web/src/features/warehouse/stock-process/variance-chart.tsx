import type { StockCountVariances } from '@backoffice/contracts';
import { Segmented, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../../../shared/ui/panel.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { Figure } from '../../inventory/components/figure.tsx';
import { useVariances, type VarianceGrouping } from './api.ts';

type Group = StockCountVariances['groups'][number];

/** A group's bar length: its value's share of the largest (drawing only; the label shows the exact text). */
const share = (value: string, largest: number) =>
  largest === 0 ? 0 : Math.min(100, (Math.abs(Number.parseFloat(value)) / largest) * 100);

/**
 * The value of the differences by zone or by product, as horizontal bars from a middle line: losses
 * towards the start, gains towards the end (mirrored in right-to-left, as the text is). Every bar has its
 * exact value beside it, so the chart reads without colour and without a pointer.
 */
export function VarianceChart({ countId }: { countId: string }) {
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const [by, setBy] = useGrouping();
  const query = useVariances(countId, by, true);
  const groups = query.data?.groups ?? [];
  const largest = Math.max(0, ...groups.map((g) => Math.abs(Number.parseFloat(g.differenceValue))));

  const bar = (g: Group) => {
    const negative = g.differenceValue.startsWith('-');
    const width = `${share(g.differenceValue, largest)}%`;
    const fill = negative ? token.colorError : token.colorSuccess;
    return (
      <div aria-hidden style={{ display: 'flex', alignItems: 'center', height: 14, minWidth: 0, flex: '1 1 160px' }}>
        <div style={{ flex: 1, display: 'flex', justifyContent: 'flex-end' }}>
          {negative ? <div style={{ width, height: 14, background: fill, borderRadius: 2 }} /> : null}
        </div>
        <div style={{ width: 1, alignSelf: 'stretch', background: token.colorBorder }} />
        <div style={{ flex: 1, display: 'flex', justifyContent: 'flex-start' }}>
          {negative ? null : <div style={{ width, height: 14, background: fill, borderRadius: 2 }} />}
        </div>
      </div>
    );
  };

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
        <ul
          data-testid="variance-chart"
          aria-label={t('review.chartTitle')}
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: token.marginXXS }}
        >
          {groups.map((g) => (
            <li
              key={g.key}
              data-testid="variance-bar"
              style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginXS }}
            >
              <bdi
                style={{
                  flex: '0 0 140px',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
                title={g.label || t('review.noZone')}
              >
                {g.label || t('review.noZone')}
              </bdi>
              {bar(g)}
              <span style={{ flex: '0 0 auto', minWidth: 96, textAlign: 'end' }}>
                £ <Figure value={g.differenceValue} kind="money" signed />
              </span>
            </li>
          ))}
        </ul>
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
