// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReportPage, useReportFilters } from '../src/shared/ui/report-page.tsx';

const KEYS = ['asAt', 'warehouseId', 'brandId', 'groupBy'] as const;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common: { actions: { clearFilters: 'Clear filters', export: 'Export' }, appName: 'App' } } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

/** The URL's query as it is after each change. */
const seen = { search: '' };
function Probe() {
  seen.search = useLocation().search;
  return null;
}

/** The report's filters over a router at `url`. */
function setUp(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      {children}
      <Probe />
    </MemoryRouter>
  );
  const hook = renderHook(() => useReportFilters(KEYS, { view: ['groupBy'] }), { wrapper });
  return { hook, seen };
}

describe('a report page’s filters in the URL', () => {
  it('reads the search, the filters and the view from the URL', () => {
    const { hook } = setUp('/report?q=bolt&warehouseId=w1&groupBy=brand&page=3');
    const { state, filtered } = hook.result.current;
    expect(state.q).toBe('bolt');
    expect(state.page).toBe(3);
    expect(state.filters).toEqual({ asAt: undefined, warehouseId: 'w1', brandId: undefined, groupBy: 'brand' });
    expect(filtered).toBe(true);
  });

  it('does not count the view (a grouping) as filtering', () => {
    const { hook } = setUp('/report?groupBy=warehouse');
    expect(hook.result.current.filtered).toBe(false);
  });

  it('writes a filter to the URL and goes back to the first page', () => {
    const { hook, seen } = setUp('/report?page=3&groupBy=brand');
    act(() => hook.result.current.update({ brandId: 'b7' }));
    expect(new URLSearchParams(seen.search).get('brandId')).toBe('b7');
    expect(new URLSearchParams(seen.search).get('page')).toBeNull();
    expect(hook.result.current.state.filters.brandId).toBe('b7');
    expect(hook.result.current.filtered).toBe(true);
  });

  it('clears the search and the narrowing filters but keeps the view and the sort', () => {
    const { hook, seen } = setUp('/report?q=bolt&asAt=2025-01-31&warehouseId=w1&brandId=b7&groupBy=brand&sort=-value');
    act(() => hook.result.current.clear());
    expect(Object.fromEntries(new URLSearchParams(seen.search))).toEqual({ groupBy: 'brand', sort: '-value' });
    expect(hook.result.current.filtered).toBe(false);
  });
});

describe('the report page', () => {
  const page = (props: Partial<Parameters<typeof ReportPage>[0]> = {}) => (
    <MemoryRouter>
      <ReportPage
        intro="What the report shows."
        filters={<input aria-label="Search" />}
        filtered={false}
        onClear={() => undefined}
        totals={[
          {
            title: 'Totals',
            testId: 'report-totals',
            items: [
              { key: 'onHand', label: 'On hand', value: '12.5' },
              { key: 'value', label: 'Value', value: undefined },
            ],
          },
        ]}
        chart={{ title: 'Value by brand', content: <p>the chart</p>, hint: 'Choose a bar to filter by it.' }}
        {...props}
      >
        <table data-testid="report-table" />
      </ReportPage>
    </MemoryRouter>
  );

  it('shows the introduction, the filters, the totals as cards, the chart and the table', () => {
    render(page());
    expect(screen.getByText('What the report shows.')).toBeTruthy();
    expect(screen.getByLabelText('Search')).toBeTruthy();
    const totals = screen.getByTestId('report-totals');
    expect(totals.textContent).toContain('Totals');
    const card = (key: string) => screen.getByTestId(`figure-${key}`);
    expect(card('onHand').querySelector('dt')?.textContent).toBe('On hand');
    expect(card('onHand').querySelector('dd')?.textContent).toBe('12.5');
    // A figure still loading says so rather than showing zero.
    expect(card('value').querySelector('dd')?.textContent).toBe('…');
    expect(screen.getByText('Value by brand')).toBeTruthy();
    expect(screen.getByText('Choose a bar to filter by it.')).toBeTruthy();
    expect(screen.getByTestId('report-table')).toBeTruthy();
    // No export without an export, no "clear filters" without a filter.
    expect(screen.queryByTestId('export')).toBeNull();
    expect(screen.queryByText('Clear filters')).toBeNull();
  });

  it('offers the export and, once filtered, clearing the filters', () => {
    const onClear = vi.fn();
    const onExport = vi.fn(async () => undefined);
    render(page({ filtered: true, onClear, onExport }));
    fireEvent.click(screen.getByTestId('export'));
    expect(onExport).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByText('Clear filters'));
    expect(onClear).toHaveBeenCalledOnce();
  });
});
