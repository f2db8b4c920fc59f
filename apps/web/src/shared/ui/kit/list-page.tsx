import type { Page } from '@backoffice/contracts';
import { type TableProps, theme } from 'antd';
import type { ReactNode } from 'react';
import type { ListPatch } from '../../lib/list-state.ts';
import { DataTable } from '../data-table.tsx';
import { ExportButton } from '../export-button.tsx';
import { PageHeader } from '../page-header.tsx';
import type { ColumnChooserOptions } from './column-chooser.tsx';
import type { ListControls } from './use-list-page.ts';

/** The part of a query's result a list page reads (a TanStack Query result fits). */
export interface ListQueryResult<T> {
  data: Page<T> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A master-data or administration list: the heading with export and create, the filter bar, and the
 * server-paged table (page, size and sort in the URL, total from the server, loading, empty and error
 * states). The page gives its columns, filters and the drawers it opens (as children).
 */
export function ListPage<T extends object, F extends string>({
  list,
  result,
  testId,
  columns,
  filters,
  intro,
  actions,
  onExport,
  create,
  columnChooser,
  children,
  ...table
}: {
  list: ListControls<F>;
  result: ListQueryResult<T>;
  /** The table's `data-testid`. */
  testId: string;
  columns: NonNullable<TableProps<T>['columns']>;
  /** The filter bar (`<FilterBar>`), if the list has one. */
  filters?: ReactNode;
  /** Said under the heading (a sentence, or an element of its own). */
  intro?: ReactNode;
  /** Other buttons of the heading, before export and create. */
  actions?: ReactNode;
  /** Downloads the current filter; no export button without it. */
  onExport?: () => Promise<void>;
  /** The create button (`<CreateButton>`), which hides itself without the permission. */
  create?: ReactNode;
  /** Lets the reader choose the columns (a wide list; see `DataTable`). */
  columnChooser?: ColumnChooserOptions;
  children?: ReactNode;
} & Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'onChange' | 'loading' | 'children'>) {
  const { token } = theme.useToken();
  const extra =
    actions || onExport || create ? (
      <>
        {actions}
        {onExport ? <ExportButton onExport={onExport} /> : null}
        {create}
      </>
    ) : undefined;
  return (
    <>
      <PageHeader extra={extra}>
        {typeof intro === 'string' ? (
          <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>{intro}</p>
        ) : (
          intro
        )}
      </PageHeader>
      {filters}
      <DataTable<T>
        testId={testId}
        columns={columns}
        state={list.state}
        onChange={(patch) => list.update(patch as ListPatch<F>)}
        page={result.data}
        isLoading={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        filtered={list.filtered}
        columnChooser={columnChooser}
        {...table}
      />
      {children}
    </>
  );
}
