// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../src/shared/lib/numbers.ts';
import { type Column, columnKit } from '../src/shared/ui/kit/columns.tsx';

interface Row {
  id: string;
  code: string;
  name: string;
  active: boolean;
  price: string;
  currency: string;
  updatedAt: string;
}

const row: Row = {
  id: 'r1',
  code: 'ACME',
  name: 'Acme Ltd',
  active: true,
  price: '12345678901234567.125',
  currency: 'EUR',
  updatedAt: new Date(2026, 2, 4, 12, 30).toISOString(),
};

const kit = (sort?: string, language = 'en-GB') =>
  columnKit<Row>({
    sort,
    defaultSort: 'code',
    language,
    texts: { active: 'Active', inactive: 'Inactive', actions: 'Actions' },
  });

/** What a column shows for a record, as text in a document (links need a router). */
function cell(column: Column<Row>, record: Row = row): string {
  const value = column.dataIndex ? record[column.dataIndex as keyof Row] : undefined;
  const shown = column.render ? column.render(value, record, 0) : value;
  const { container } = render(<MemoryRouter>{shown as ReactNode}</MemoryRouter>);
  return container.textContent ?? '';
}

afterEach(cleanup);

describe('money', () => {
  it('formats exact decimal text without passing through a float', () => {
    // As a float this would be 12345678901234568 (or …567.12): the text keeps every digit.
    expect(formatMoney('12345678901234567.125', 'en-GB')).toBe('£12,345,678,901,234,567.13');
    expect(formatMoney('0.1', 'en-GB')).toBe('£0.10');
    expect(formatMoney('-4.5', 'en-GB')).toBe('-£4.50');
  });

  it('writes the amount as the reader’s language does, with the record’s currency', () => {
    expect(formatMoney('1234.5', 'de', 'EUR')).toBe('1.234,50\u00a0€');
    expect(formatMoney('1234.5', 'es', 'EUR')).toBe('1234,50\u00a0€');
    // Portuguese as Portugal writes it, as the printouts do (one format per language everywhere).
    expect(formatMoney('1234.5', 'pt', 'GBP')).toBe('1234,50\u00a0£');
  });

  it('keeps up to 4 places for unit costs, and shows what is not a decimal as it is', () => {
    expect(formatMoney('1.23456', 'en-GB', 'GBP', 4)).toBe('£1.2346');
    expect(formatMoney('1.2', 'en-GB', 'GBP', 4)).toBe('£1.20');
    expect(formatMoney('n/a', 'en-GB')).toBe('n/a');
    expect(formatMoney(null, 'en-GB')).toBe('');
  });

  it('is a right-aligned column, in the currency the record names', () => {
    const column = kit().money({ key: 'price', title: 'Price', currency: (r) => r.currency });
    expect(column.align).toBe('end');
    expect(cell(column)).toBe('€12,345,678,901,234,567.13');
  });
});

describe('column factories', () => {
  it('sorts through the URL: the default sort’s column shows its arrow when the URL names none', () => {
    const columns = kit();
    expect(columns.code({ title: 'Code' }).sortOrder).toBe('ascend');
    expect(columns.name({ title: 'Name' }).sortOrder).toBeNull();
    const byName = kit('-name');
    expect(byName.code({ title: 'Code' }).sortOrder).toBeNull();
    expect(byName.name({ title: 'Name' }).sortOrder).toBe('descend');
    expect(columns.name({ title: 'Name', sortable: false }).sorter).toBeUndefined();
  });

  it('shows the code, as a link to the record when asked', () => {
    expect(cell(kit().code({ title: 'Code' }))).toBe('ACME');
    const linked = kit().code({ title: 'Code', link: (r) => `/things/${r.id}` });
    const { container } = render(<MemoryRouter>{linked.render?.(row.code, row, 0) as ReactNode}</MemoryRouter>);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/things/r1');
  });

  it('shows active and inactive as tags, with the record’s other marks beside them', () => {
    const column = kit().active({ title: 'Status', value: (r) => r.active, extra: (r) => (r.active ? 'base' : null) });
    expect(cell(column)).toBe('Activebase');
    expect(cell(column, { ...row, active: false })).toBe('Inactive');
  });

  it('shows a status with its label', () => {
    const column = kit().status<string>({ key: 'code', title: 'Kind', label: (s) => `kind ${s}` });
    expect(cell(column)).toBe('kind ACME');
  });

  it('shows dates as YYYY-MM-DD in the reader’s time zone, and a word when there is none', () => {
    expect(cell(kit().date({ title: 'Updated' }))).toBe('2026-03-04');
    expect(cell(kit().date({ title: 'Day' }), { ...row, updatedAt: '2026-01-31' })).toBe('2026-01-31');
    const never = kit().date({ title: 'Last sign-in', empty: 'Never' });
    expect(cell(never, { ...row, updatedAt: '' })).toBe('Never');
    expect(never.key).toBe('updatedAt');
    expect(never.sortOrder).toBeNull();
  });

  it('keeps the actions at the end with the common title', () => {
    const column = kit().actions((r) => `edit ${r.code}`);
    expect(column).toMatchObject({ key: 'actions', title: 'Actions', fixed: 'end' });
    expect(cell(column)).toBe('edit ACME');
  });
});
