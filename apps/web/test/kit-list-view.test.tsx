// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/shared/lib/errors.ts';
import { useColumnKit } from '../src/shared/ui/kit/columns.tsx';
import { ActiveFilter, FilterBar } from '../src/shared/ui/kit/filter-bar.tsx';
import { ListPage, type ListQueryResult } from '../src/shared/ui/kit/list-page.tsx';
import { CreateButton } from '../src/shared/ui/kit/row-actions.tsx';
import { useListPage } from '../src/shared/ui/kit/use-list-page.ts';
import { renderUi, setUpUi } from './ui-setup.tsx';

interface Thing {
  id: string;
  code: string;
  active: boolean;
}

const FILTERS = ['active'] as const;

function Things({ result, onExport }: { result: ListQueryResult<Thing>; onExport?: () => Promise<void> }) {
  const list = useListPage(FILTERS);
  const col = useColumnKit<Thing>(list.state.sort, 'code');
  return (
    <ListPage
      list={list}
      result={result}
      testId="things-table"
      rowKey="id"
      columns={[col.code({ title: 'Code' }), col.active({ title: 'Status', value: (r) => r.active })]}
      onExport={onExport}
      create={<CreateButton permission="add_thing" testId="create-thing" label="New thing" onClick={() => {}} />}
      filters={
        <FilterBar list={list} search="Search things">
          <ActiveFilter list={list} name="active" />
        </FilterBar>
      }
    />
  );
}

const page = (items: Thing[], total: number): ListQueryResult<Thing> => ({
  data: { items, total, page: 1, pageSize: 20 },
  isFetching: false,
  error: null,
  refetch: () => undefined,
});

beforeAll(setUpUi);
afterEach(cleanup);

describe('list page', () => {
  it('shows the rows, the total the server gave, export and (with the permission) create', () => {
    const onExport = vi.fn(async () => undefined);
    renderUi(<Things result={page([{ id: '1', code: 'ACME', active: true }], 41)} onExport={onExport} />, {
      permissions: ['add_thing'],
    });
    const table = screen.getByTestId('things-table');
    expect(within(table).getByText('ACME')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();
    // Pages come from the server's total, not from the rows on this page.
    expect(screen.getByText('1–20 of 41')).toBeTruthy();
    expect(screen.getByTestId('create-thing')).toBeTruthy();
    fireEvent.click(screen.getByTestId('export'));
    expect(onExport).toHaveBeenCalled();
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
  });

  it('tells "nothing yet" from "nothing matches", and offers to clear the filters', () => {
    renderUi(<Things result={page([], 0)} />);
    expect(screen.getByText('Nothing here yet')).toBeTruthy();
    expect(screen.queryByText('Clear filters')).toBeNull();
    expect(screen.queryByTestId('create-thing')).toBeNull();
    cleanup();
    renderUi(<Things result={page([], 0)} />, { url: '/?active=false&q=zzz' });
    expect(screen.getByText('Nothing matches these filters')).toBeTruthy();
    fireEvent.click(screen.getByText('Clear filters'));
    expect(screen.getByText('Nothing here yet')).toBeTruthy();
  });

  it('shows a failed load with its reason and a way to try again', () => {
    const refetch = vi.fn();
    renderUi(
      <Things
        result={{ data: undefined, isFetching: false, error: new ApiError(500, 'X', 'The list is down.'), refetch }}
      />,
    );
    expect(screen.getByText('The list is down.')).toBeTruthy();
    fireEvent.click(screen.getByText('Try again'));
    expect(refetch).toHaveBeenCalled();
  });
});
