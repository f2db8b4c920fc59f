import { AGE_BUCKETS, type AgeBucket, type FifoLayerRow } from '@backoffice/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ReportPage, useReportFilters } from '../../../shared/ui/report-page.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { TestId } from '../../inventory/index.ts';
import { exportFifoValue, type FifoValueFilter, useFifoValue } from '../api.ts';
import { useAgeTotals } from '../components/age-totals.tsx';
import { layerKey, useLayerColumns } from '../components/layer-columns.tsx';
import { OptionFilter } from '../components/option-filter.tsx';
import { FIFO_VALUE_FILTERS } from '../urls.ts';

export const isAgeBucket = (value: string | undefined): value is AgeBucket =>
  value !== undefined && (AGE_BUCKETS as readonly string[]).includes(value);
export const isOwnership = (value: string | undefined): value is 'own' | 'consigned' =>
  value === 'own' || value === 'consigned';

/** The age bucket and ownership filters, shared with the beta view. */
export function AgeAndOwnershipFilters({
  ageBucket,
  ownership,
  onChange,
}: {
  ageBucket: string | undefined;
  ownership: string | undefined;
  onChange: (patch: { ageBucket?: string | undefined; ownership?: string | undefined }) => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <>
      <Select
        aria-label={t('fields.ageBucket')}
        data-testid="fifo-filter-age"
        value={isAgeBucket(ageBucket) ? ageBucket : ''}
        onChange={(value: string) => onChange({ ageBucket: value || undefined })}
        style={{ minWidth: 150 }}
        options={[
          { value: '', label: t('filters.anyAge') },
          ...AGE_BUCKETS.map((b) => ({ value: b, label: t(`ageBuckets.${b}`) })),
        ]}
      />
      <Select
        aria-label={t('filters.ownership')}
        data-testid="fifo-filter-ownership"
        value={isOwnership(ownership) ? ownership : ''}
        onChange={(value: string) => onChange({ ownership: value || undefined })}
        style={{ minWidth: 170 }}
        options={[
          { value: '', label: t('filters.allStock') },
          { value: 'own', label: t('filters.ownStock') },
          { value: 'consigned', label: t('filters.consignedStock') },
        ]}
      />
    </>
  );
}

/**
 * FIFO stock value: the open cost layers with quantity, unit cost, value, received date and age; totals
 * of the whole filter per age bucket as a chart (choosing a bar filters by it), consigned stock apart;
 * filters in the URL; export of the filter.
 */
export function FifoStockValuePage() {
  const { t } = useTranslation('reports');
  const { state, update, filtered, clear } = useReportFilters(FIFO_VALUE_FILTERS);
  const { warehouseId, brandId, ageBucket, ownership } = state.filters;
  const filter: FifoValueFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(warehouseId ? { warehouseId } : {}),
    ...(brandId ? { brandId } : {}),
    ...(isAgeBucket(ageBucket) ? { ageBucket } : {}),
    ...(isOwnership(ownership) ? { ownership } : {}),
  };
  const report = useFifoValue({ page: state.page, pageSize: state.pageSize, ...filter });
  const columns = useLayerColumns({ sort: state.sort });
  const summary = useAgeTotals({
    totals: report.data?.totals,
    selected: isAgeBucket(ageBucket) ? ageBucket : undefined,
    onSelect: (bucket) => update({ ageBucket: bucket }),
  });

  return (
    <ReportPage
      intro={t('fifoValue.intro')}
      onExport={() => exportFifoValue(filter, t('fifoValue.fileName'))}
      filtered={filtered}
      onClear={clear}
      filters={
        <>
          <TestId id="fifo-value-filter-q">
            <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('filters.search')} autoFocus />
          </TestId>
          <OptionFilter
            kind="warehouses"
            testId="fifo-value-filter-warehouse"
            ariaLabel={t('fields.warehouse')}
            placeholder={t('filters.allWarehouses')}
            value={warehouseId}
            onChange={(id) => update({ warehouseId: id })}
          />
          <OptionFilter
            kind="brands"
            testId="fifo-value-filter-brand"
            ariaLabel={t('fields.brand')}
            placeholder={t('filters.anyBrand')}
            value={brandId}
            onChange={(id) => update({ brandId: id })}
          />
          <AgeAndOwnershipFilters ageBucket={ageBucket} ownership={ownership} onChange={update} />
        </>
      }
      chart={summary.chart}
      chartFirst
      totals={summary.totals}
      totalsTestId="fifo-value-totals"
    >
      <DataTable<FifoLayerRow>
        testId="fifo-value-table"
        rowKey={layerKey}
        columns={columns}
        state={state}
        onChange={update}
        page={report.data}
        isLoading={report.isFetching}
        error={report.error}
        onRetry={() => void report.refetch()}
        filtered={filtered}
      />
    </ReportPage>
  );
}
