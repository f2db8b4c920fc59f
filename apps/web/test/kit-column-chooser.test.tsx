// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataTable } from '../src/shared/ui/data-table.tsx';
import {
  COLUMN_CHOICE_PREFIX,
  chooseColumn,
  isChoosable,
  readColumnChoice,
  visibleColumns,
  writeColumnChoice,
} from '../src/shared/ui/kit/column-chooser.tsx';
import { renderUi, setUpUi } from './ui-setup.tsx';

interface Row {
  id: string;
  number: string;
  status: string;
  quantity: string;
  receivedAt: string;
}

const columns: ColumnsType<Row> = [
  { key: 'number', dataIndex: 'number', title: 'Number', fixed: 'start' },
  { key: 'status', dataIndex: 'status', title: 'Status' },
  { key: 'quantity', dataIndex: 'quantity', title: 'Quantity' },
  { key: 'receivedAt', dataIndex: 'receivedAt', title: 'Received on' },
  { key: 'actions', title: 'Actions', render: () => 'edit' },
];
const rows: Row[] = [{ id: '1', number: 'TR-2026-00001', status: 'Received', quantity: '4', receivedAt: '2026-11-25' }];

function Table({ id = 'test.table' }: { id?: string }) {
  return (
    <DataTable<Row>
      testId="table"
      rowKey="id"
      columns={columns}
      state={{ page: 1, pageSize: 20, sort: undefined }}
      onChange={() => undefined}
      page={{ items: rows, total: 1 }}
      isLoading={false}
      error={null}
      onRetry={() => undefined}
      filtered={false}
      columnChooser={{ id, defaultHidden: ['receivedAt'] }}
    />
  );
}

/** antd puts a checkbox's data-testid on its input. */
const inputOf = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const headers = () => [...document.querySelectorAll('[data-testid="table"] thead th')].map((th) => th.textContent);

beforeAll(setUpUi);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('choosing columns (the rules)', () => {
  it('keeps the record’s pinned column, the actions and untitled columns out of the choice', () => {
    expect(columns.map((c) => isChoosable(c))).toEqual([false, true, true, true, false]);
  });

  it('shows a table’s default until the reader changes it, and forgets a change back to the default', () => {
    expect(visibleColumns(columns, {}, ['receivedAt']).map((c) => c.key)).toEqual([
      'number',
      'status',
      'quantity',
      'actions',
    ]);
    const shown = chooseColumn({}, 'receivedAt', true, ['receivedAt']);
    expect(shown).toEqual({ receivedAt: true });
    expect(visibleColumns(columns, shown, ['receivedAt']).map((c) => c.key)).toContain('receivedAt');
    expect(chooseColumn(shown, 'receivedAt', false, ['receivedAt'])).toEqual({});
    expect(chooseColumn({}, 'status', false, ['receivedAt'])).toEqual({ status: false });
  });

  it('reads back what it wrote per table, and nothing from a broken entry', () => {
    writeColumnChoice('a', { status: false });
    expect(readColumnChoice('a')).toEqual({ status: false });
    expect(readColumnChoice('b')).toEqual({});
    localStorage.setItem(`${COLUMN_CHOICE_PREFIX}c`, '{not json');
    expect(readColumnChoice('c')).toEqual({});
    localStorage.setItem(`${COLUMN_CHOICE_PREFIX}d`, JSON.stringify({ status: 'yes', quantity: false }));
    expect(readColumnChoice('d')).toEqual({ quantity: false });
    writeColumnChoice('a', {});
    expect(localStorage.getItem(`${COLUMN_CHOICE_PREFIX}a`)).toBeNull();
  });
});

describe('the column chooser of a table', () => {
  it('starts with the default columns and says how many of how many are shown', () => {
    renderUi(<Table />);
    expect(headers()).toEqual(['Number', 'Status', 'Quantity', 'Actions']);
    expect(screen.getByTestId('columns-test.table').textContent).toContain('Columns (2/3)');
  });

  it('opens from the keyboard on its first box, shows a column, keeps it in localStorage and closes on Escape', async () => {
    renderUi(<Table />);
    const button = screen.getByTestId('columns-test.table');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    act(() => button.focus());
    fireEvent.click(button);
    const list = await screen.findByTestId('columns-test.table-list');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(list.querySelector('input')));
    // Only the choosable columns are listed, each a checkbox named by its title.
    expect([...list.querySelectorAll('label')].map((l) => l.textContent)).toEqual([
      'Status',
      'Quantity',
      'Received on',
    ]);

    const received = inputOf('column-choice-receivedAt');
    expect(received.checked).toBe(false);
    fireEvent.click(received);
    await waitFor(() => expect(headers()).toEqual(['Number', 'Status', 'Quantity', 'Received on', 'Actions']));
    expect(JSON.parse(localStorage.getItem(`${COLUMN_CHOICE_PREFIX}test.table`) ?? '{}')).toEqual({
      receivedAt: true,
    });

    fireEvent.keyDown(received, { key: 'Escape' });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });

  it('draws a table by the choice stored for it, and another table by its own', () => {
    writeColumnChoice('test.table', { status: false, receivedAt: true });
    renderUi(
      <>
        <Table />
        <div id="other" />
      </>,
    );
    expect(headers()).toEqual(['Number', 'Quantity', 'Received on', 'Actions']);
    cleanup();
    renderUi(<Table id="other.table" />);
    expect(headers()).toEqual(['Number', 'Status', 'Quantity', 'Actions']);
  });

  it('never hides the last column shown, and resets to the table’s default', async () => {
    writeColumnChoice('test.table', { status: false });
    renderUi(<Table />);
    fireEvent.click(screen.getByTestId('columns-test.table'));
    await screen.findByTestId('columns-test.table-list');
    const quantity = inputOf('column-choice-quantity');
    expect(quantity.checked).toBe(true);
    expect(quantity.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('columns-test.table-reset'));
    await waitFor(() => expect(headers()).toEqual(['Number', 'Status', 'Quantity', 'Actions']));
    expect(localStorage.getItem(`${COLUMN_CHOICE_PREFIX}test.table`)).toBeNull();
  });

  it('offers no chooser to a table that asks for none', () => {
    renderUi(
      <DataTable<Row>
        testId="table"
        rowKey="id"
        columns={columns}
        state={{ page: 1, pageSize: 20, sort: undefined }}
        onChange={() => undefined}
        page={{ items: rows, total: 1 }}
        isLoading={false}
        error={null}
        onRetry={() => undefined}
        filtered={false}
      />,
    );
    expect(screen.queryByTestId('columns-test.table')).toBeNull();
    expect(headers()).toEqual(['Number', 'Status', 'Quantity', 'Received on', 'Actions']);
  });
});
