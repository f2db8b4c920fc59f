import { Table, type TableProps, theme } from 'antd';
import type { TableRef } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isSilentError } from '../lib/errors.ts';
import { type BasePatch, type ListState, PAGE_SIZES, sortFromSorter } from '../lib/list-state.ts';
import { type ColumnChooserOptions, useColumnChooser } from './kit/column-chooser.tsx';
import { useFocusableScroll } from './kit/scroll-focus.ts';
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
  columnChooser,
  toolbar,
  columns: allColumns = [],
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
  /**
   * Lets the reader choose the columns (kept per table in localStorage): a wide table shows what fits at
   * 1440 px and offers the rest.
   */
  columnChooser?: ColumnChooserOptions | undefined;
  /** More controls on the table's own bar, before the column chooser. */
  toolbar?: ReactNode;
} & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange' | 'loading'>) {
  const { t } = useTranslation();
  const { columns, chooser } = useColumnChooser(allColumns, columnChooser);
  const tableRef = useRef<TableRef>(null);
  useFocusableScroll(tableRef, t('table.scrollable'));
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
      {chooser || toolbar ? (
        <TableToolbar>
          {toolbar}
          {chooser}
        </TableToolbar>
      ) : null}
      <Table<T>
        ref={tableRef}
        data-testid={testId}
        {...table}
        columns={columns}
        dataSource={page?.items ?? []}
        loading={isLoading}
        onChange={handleChange}
        // Columns share the page's width (text wraps) and the table scrolls sideways only when even that
        // does not fit (a phone); a wide table offers its other columns in the column chooser.
        scroll={{ x: true }}
        tableLayout="auto"
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

/** The row of controls above a table (its column chooser), at the end of the line. */
export function TableToolbar({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        alignItems: 'center',
        gap: token.marginXS,
        marginBottom: token.marginXS,
      }}
    >
      {children}
    </div>
  );
}
