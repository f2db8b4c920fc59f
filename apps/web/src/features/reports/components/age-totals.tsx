import type { AgeBucket, FifoValueTotals } from '@backoffice/contracts';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../shared/ui/panel.tsx';
import { formatQuantity } from '../../inventory/components/numbers.ts';
import { StockFigures } from '../../inventory/components/stock-figures.tsx';
import { ValueBars } from './value-bars.tsx';

/**
 * The totals of a FIFO value filter: the value of our stock per age bucket as bars (choosing one filters
 * by it), our stock in all, and consigned stock apart (a quantity worth nothing to us).
 */
export function AgeTotals({
  totals,
  selected,
  onSelect,
}: {
  totals: FifoValueTotals | undefined;
  selected: AgeBucket | undefined;
  onSelect: (bucket: AgeBucket | undefined) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
        gap: token.margin,
        marginBottom: token.margin,
      }}
    >
      <Panel title={t('fifoValue.chartTitle')}>
        {totals ? (
          <ValueBars
            testId="age-bucket-chart"
            label={t('fifoValue.chartTitle')}
            selected={selected}
            onSelect={(key) => onSelect(key === selected ? undefined : (key as AgeBucket))}
            bars={totals.buckets.map((b) => ({
              key: b.bucket,
              label: t(`ageBuckets.${b.bucket}`),
              value: b.value,
              note: `${t('fields.quantity')} ${formatQuantity(b.quantity, i18n.language)} · ${t('fifoValue.layerCount')} ${b.layers}`,
            }))}
          />
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
        <p style={{ margin: `${token.marginSM}px 0 0`, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {t('common.chartHint')}
        </p>
      </Panel>
      <div data-testid="fifo-value-totals" style={{ display: 'grid', gap: token.margin, alignContent: 'start' }}>
        <Panel title={t('fifoValue.ownTotals')}>
          <StockFigures
            figures={[
              {
                key: 'ownLayers',
                label: t('fifoValue.layerCount'),
                value: totals ? String(totals.own.layers) : undefined,
              },
              { key: 'ownQuantity', label: t('fields.quantity'), value: totals?.own.quantity },
              { key: 'ownValue', label: t('fields.value'), value: totals?.own.value, kind: 'money' },
            ]}
          />
        </Panel>
        <Panel title={t('fifoValue.consignedTotals')}>
          <StockFigures
            figures={[
              {
                key: 'consignedLayers',
                label: t('fifoValue.layerCount'),
                value: totals ? String(totals.consigned.layers) : undefined,
              },
              { key: 'consignedQuantity', label: t('fields.quantity'), value: totals?.consigned.quantity },
            ]}
          />
        </Panel>
      </div>
    </div>
  );
}
