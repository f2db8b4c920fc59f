import { Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { isSilentError } from '../lib/errors.ts';
import { type BasePatch, type ListState, PAGE_SIZES, sortFromSorter } from '../lib/list-state.ts';
import { EmptyState, ErrorState } from './states.tsx';

export interface PageData<T> {
  items: T[];
  total: number;
}

/**
 * An antd Table over a server-paged list: page, size and sort come from and go to the URL (list
 * state); loading, empty ("nothing yet" or "nothing matches") and error states are built in.
 */
export function DataTable<T extends object>({
  testId,
  state,
  onChange,
  page,
  isLoading,
  error,
  onRetry,
  filtered,
  ...table
}: {
  testId: string;
  state: Pick<ListState<never>, 'page' | 'pageSize' | 'sort'>;
  onChange: (patch: BasePatch) => void;
  page: PageData<T> | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Whether search or filters are set, to tell "nothing matches" from "nothing yet". */
  filtered: boolean;
} & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange' | 'loading'>) {
  const { t } = useTranslation();
  const handleChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const single: SorterResult<T> | undefined = Array.isArray(sorter) ? sorter[0] : sorter;
      onChange({ sort: sortFromSorter(single?.columnKey ?? single?.field, single?.order) });
    } else if (action === 'paginate') {
      if (pagination.pageSize && pagination.pageSize !== state.pageSize) onChange({ pageSize: pagination.pageSize });
      else onChange({ page: pagination.current ?? 1 });
    }
  };
  return (
    <>
      {error && page && !isSilentError(error) ? <ErrorState error={error} onRetry={onRetry} /> : null}
      <Table<T>
        data-testid={testId}
        {...table}
        dataSource={page?.items ?? []}
        loading={isLoading}
        onChange={handleChange}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText:
            error && !page ? <ErrorState error={error} onRetry={onRetry} /> : <EmptyState filtered={filtered} />,
        }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          hideOnSinglePage: false,
          showTotal: (total, [start, end]) => <bdi>{t('table.total', { start, end, total })}</bdi>,
        }}
      />
    </>
  );
}
