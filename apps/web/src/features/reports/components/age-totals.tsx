import type { AgeBucket, FifoValueTotals } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney as formatMoneyWithSign } from '../../../shared/lib/numbers.ts';
import { CategoryBarChart } from '../../../shared/ui/charts/chart.tsx';
import type { ReportChart, ReportTotalsGroup } from '../../../shared/ui/report-page.tsx';
import { Figure, formatQuantity } from '../../inventory/index.ts';

/**
 * The totals of a FIFO value filter for a report page: the value of our stock per age bucket as bars
 * (choosing one filters by it, choosing it again clears that), our stock in all (deficits included, so it is
 * the stock value), consigned stock apart (a quantity worth nothing to us), and the deficits when there are any.
 */
export function useAgeTotals({
  totals,
  selected,
  onSelect,
}: {
  totals: FifoValueTotals | undefined;
  selected: AgeBucket | undefined;
  onSelect: (bucket: AgeBucket | undefined) => void;
}): { chart: ReportChart; totals: ReportTotalsGroup[] } {
  const { t, i18n } = useTranslation('reports');
  const figure = (value: string | undefined, kind: 'quantity' | 'money' = 'quantity') =>
    value === undefined ? undefined : <Figure value={value} kind={kind} />;
  return {
    chart: {
      title: t('fifoValue.chartTitle'),
      content: totals ? (
        <CategoryBarChart
          testId="age-bucket-chart"
          label={t('fifoValue.chartTitle')}
          selected={selected}
          onSelect={(key) => onSelect(key === selected ? undefined : (key as AgeBucket))}
          format={(value) => formatMoneyWithSign(value, i18n.language)}
          bars={totals.buckets.map((b) => ({
            key: b.bucket,
            label: t(`ageBuckets.${b.bucket}`),
            value: b.value,
            note: `${t('fields.quantity')} ${formatQuantity(b.quantity, i18n.language)} · ${t('fifoValue.layerCount')} ${b.layers}`,
          }))}
        />
      ) : (
        <div style={{ minHeight: 120 }} />
      ),
      hint: t('common.chartHint'),
    },
    totals: [
      {
        title: t('fifoValue.ownTotals'),
        items: [
          { key: 'ownLayers', label: t('fifoValue.layerCount'), value: figure(totals && String(totals.own.layers)) },
          { key: 'ownQuantity', label: t('fields.quantity'), value: figure(totals?.own.quantity) },
          { key: 'ownValue', label: t('fields.value'), value: figure(totals?.own.value, 'money') },
        ],
      },
      {
        title: t('fifoValue.consignedTotals'),
        items: [
          {
            key: 'consignedLayers',
            label: t('fifoValue.layerCount'),
            value: figure(totals && String(totals.consigned.layers)),
          },
          { key: 'consignedQuantity', label: t('fields.quantity'), value: figure(totals?.consigned.quantity) },
        ],
      },
      ...(totals && totals.deficits.layers > 0
        ? [
            {
              title: t('fifoValue.deficitTotals'),
              items: [
                {
                  key: 'deficitLayers',
                  label: t('fifoValue.layerCount'),
                  value: figure(String(totals.deficits.layers)),
                },
                { key: 'deficitQuantity', label: t('fields.quantity'), value: figure(totals.deficits.quantity) },
                { key: 'deficitValue', label: t('fields.value'), value: figure(totals.deficits.value, 'money') },
              ],
            },
          ]
        : []),
    ],
  };
}
