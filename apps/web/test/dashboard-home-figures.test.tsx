// @vitest-environment happy-dom
import type { DashboardSummary } from '@backoffice/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUMMARY_REFRESH_MS } from '../src/features/dashboard/api.ts';
import { HomeFigures } from '../src/features/dashboard/components/home-figures.tsx';
import dashboardsEn from '../src/locales/en/dashboards.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { renderUi, setUpUi } from './ui-setup.tsx';

/** A stand-in for ECharts (happy-dom has no canvas). */
const fake = vi.hoisted(() => {
  const instance = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn(), on: vi.fn() };
  return { instance, init: vi.fn(() => instance) };
});
vi.mock('../src/shared/ui/charts/echarts-runtime.ts', () => ({ init: fake.init }));

const net = vi.hoisted(() => ({
  call: vi.fn((_ref: { method: string; path: string }): Promise<unknown> => Promise.resolve(null)),
}));
vi.mock('../src/shared/lib/api.ts', async (original) => ({
  ...(await original<typeof import('../src/shared/lib/api.ts')>()),
  callEndpoint: net.call,
}));
vi.mock('../src/shared/lib/runtime-config.ts', () => ({ runtimeConfig: () => ({ apiBaseUrl: '/api/' }) }));

const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const summary: DashboardSummary = {
  today: '2026-11-30',
  generatedAt: '2026-11-30T09:15:00.000Z',
  lateSince: '2026-11-26',
  seriesFrom: '2026-11-01',
  figures: [
    { key: 'invoicesToBook', count: 2, value: '23.98', url: '/sales-invoice/sales-invoice?status=PENDING' },
    { key: 'lateShipments', count: 1, value: null, url: '/sales-invoice/sales-invoice?to=2026-11-26&sort=invoiceDate' },
    { key: 'stockValue', count: null, value: '1204.50', url: '/inventory/summary' },
  ],
  sales: [{ channel: 'AMAZON', points: days(30).map((date) => ({ date, value: '10.00' })) }],
  shipments: [],
};

beforeAll(async () => {
  await setUpUi();
  i18n.addResourceBundle('en', 'dashboards', dashboardsEn, true, true);
});
afterEach(() => {
  cleanup();
  net.call.mockReset();
});

describe('the landing dashboard’s figures', () => {
  it('shows each figure as a link named by its label and figure, to its filtered list, and the charts', async () => {
    net.call.mockResolvedValue(summary);
    renderUi(<HomeFigures />, { permissions: ['view_sales_invoice', 'view_inventory_summary'] });
    const toBook = await screen.findByRole('link', { name: /Invoices to book\s*2\s*worth £23\.98/ });
    expect(toBook.getAttribute('href')).toBe('/sales-invoice/sales-invoice?status=PENDING');
    const late = screen.getByRole('link', { name: /Late shipments\s*1/ });
    expect(late.getAttribute('href')).toBe('/sales-invoice/sales-invoice?to=2026-11-26&sort=invoiceDate');
    expect(screen.getByRole('link', { name: /Stock value\s*£1,204\.50/ }).getAttribute('href')).toBe(
      '/inventory/summary',
    );
    // Only the figures answered: nothing else is shown as zero.
    expect(screen.queryByTestId('home-figure-invoicesToPick')).toBeNull();
    expect(screen.getByRole('figure', { name: /Sales, last 30 days/ })).toBeTruthy();
    expect(screen.getByText('Nothing shipped in the last 30 days.')).toBeTruthy();
  });

  it('shows nothing when no figure is open to the user (the page’s links remain)', async () => {
    net.call.mockResolvedValue({ today: '2026-11-30', generatedAt: summary.generatedAt, figures: [] });
    const { container } = renderUi(<HomeFigures />);
    await waitFor(() => expect(net.call).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('[role="status"]')).toBeNull());
    expect(container.textContent).toBe('');
  });

  it('says when the figures could not be read, and reads them again on request', async () => {
    net.call.mockRejectedValueOnce(new Error('down')).mockResolvedValue(summary);
    renderUi(<HomeFigures />);
    const retry = await screen.findByRole('button', { name: /retry|try again/i });
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: /Invoices to book/ })).toBeTruthy();
  });

  it('reads the figures again every minute', () => {
    expect(SUMMARY_REFRESH_MS).toBe(60_000);
  });
});
