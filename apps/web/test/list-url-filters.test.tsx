// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PurchaseOrderListPage } from '../src/features/purchase-order/pages/purchase-order-list-page.tsx';
import { SalesInvoiceListPage } from '../src/features/sales-invoice/pages/sales-invoice-list-page.tsx';
import purchasing from '../src/locales/en/purchasing.json';
import salesInvoices from '../src/locales/en/salesInvoices.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { renderUi, setUpUi } from './ui-setup.tsx';

/**
 * The landing dashboard's links open the lists with filters in the address: the list pages send them to the API and
 * show them in their filter fields (so they can be seen and cleared); a value the API would refuse is not sent.
 */

type Ref = { method: string; path: string };
const net = vi.hoisted(() => ({
  call: vi.fn((_ref: { method: string; path: string }, _input?: unknown): Promise<unknown> => Promise.resolve(null)),
}));
vi.mock('../src/shared/lib/api.ts', async (original) => ({
  ...(await original<typeof import('../src/shared/lib/api.ts')>()),
  callEndpoint: net.call,
}));
vi.mock('../src/shared/lib/runtime-config.ts', () => ({ runtimeConfig: () => ({ apiBaseUrl: '/api/' }) }));

const EMPTY_COUNTS = { PENDING: 0, BOOKED: 0, PROCESSING: 0, READY_FOR_DELIVERY: 0, PROCESSED: 0, CANCELED: 0 };

beforeAll(async () => {
  await setUpUi();
  i18n.addResourceBundle('en', 'salesInvoices', salesInvoices, true, true);
  i18n.addResourceBundle('en', 'purchasing', purchasing, true, true);
});
beforeEach(() => {
  net.call.mockReset();
  net.call.mockImplementation((ref: Ref) => {
    if (ref.method === 'GET' && ref.path === '/api/sales-invoices')
      return Promise.resolve({
        items: [],
        total: 0,
        page: 1,
        pageSize: 20,
        statusCounts: EMPTY_COUNTS,
        countsCapped: [],
      });
    if (ref.method === 'GET' && ref.path === '/api/purchase-orders')
      return Promise.resolve({ items: [], total: 0, page: 1, pageSize: 20 });
    return new Promise(() => undefined);
  });
});
afterEach(cleanup);

/** The query of the list's last call to `path`. */
async function listQuery(path: string): Promise<Record<string, unknown>> {
  await waitFor(() => expect(net.call.mock.calls.some(([ref]) => ref.path === path)).toBe(true));
  const calls = net.call.mock.calls.filter(([ref]) => ref.path === path);
  const input = calls.at(-1)?.[1] as { query?: Record<string, unknown> } | undefined;
  return input?.query ?? {};
}
/** The text boxes' values of a range picker (antd puts its test id on the picker and on its inputs). */
const inputValues = (testId: string) => {
  const inputs = new Set<HTMLInputElement>();
  for (const element of screen.getAllByTestId(testId))
    if (element instanceof HTMLInputElement) inputs.add(element);
    else for (const input of element.querySelectorAll('input')) inputs.add(input);
  return [...inputs].map((input) => input.value);
};

describe('the sales invoice list at a dashboard link', () => {
  it('sends shippedFrom, shippedTo and status, and shows the shipping days', async () => {
    renderUi(<SalesInvoiceListPage />, {
      url: '/sales-invoice/sales-invoice?status=PROCESSED&shippedFrom=2026-11-29&shippedTo=2026-11-29',
      permissions: ['view_sales_invoice'],
    });
    expect(await listQuery('/api/sales-invoices')).toMatchObject({
      status: 'PROCESSED',
      shippedFrom: '2026-11-29',
      shippedTo: '2026-11-29',
    });
    await waitFor(() => expect(inputValues('si-filter-shipped')).toEqual(['2026-11-29', '2026-11-29']));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('sends late=true and shows it chosen', async () => {
    renderUi(<SalesInvoiceListPage />, {
      url: '/sales-invoice/sales-invoice?late=true&sort=invoiceDate',
      permissions: ['view_sales_invoice'],
    });
    const query = await listQuery('/api/sales-invoices');
    expect(query).toMatchObject({ late: 'true', sort: 'invoiceDate' });
    expect(await screen.findByText(salesInvoices.list.onlyLate)).toBeTruthy();
  });

  it('leaves out what the API would refuse: a day not in the calendar, an end before the start, late=yes', async () => {
    renderUi(<SalesInvoiceListPage />, {
      url: '/sales-invoice/sales-invoice?shippedFrom=2026-11-29&shippedTo=2026-11-28&late=yes',
      permissions: ['view_sales_invoice'],
    });
    const query = await listQuery('/api/sales-invoices');
    expect(query.shippedFrom).toBe('2026-11-29');
    expect(query).not.toHaveProperty('shippedTo');
    expect(query).not.toHaveProperty('late');
  });
});

describe('the purchase order list at a dashboard link', () => {
  it('sends awaitingReceipt, expectedFrom and expectedTo, and shows them', async () => {
    renderUi(<PurchaseOrderListPage type="SEND_INVENTORY" />, {
      url: '/purchase-order/purchase-order/SEND_INVENTORY?awaitingReceipt=true&expectedFrom=2026-11-29&expectedTo=2026-11-29&sort=expectedDate',
      permissions: ['view_purchase_order'],
    });
    expect(await listQuery('/api/purchase-orders')).toMatchObject({
      type: 'SEND_INVENTORY',
      awaitingReceipt: 'true',
      expectedFrom: '2026-11-29',
      expectedTo: '2026-11-29',
      sort: 'expectedDate',
    });
    await waitFor(() => expect(inputValues('po-filter-expected')).toEqual(['2026-11-29', '2026-11-29']));
    expect(screen.getByText(purchasing.list.onlyAwaiting)).toBeTruthy();
  });

  it('sends only expectedTo for the overdue link, and no bad day', async () => {
    renderUi(<PurchaseOrderListPage type="PRIOR_ORDER_PO" />, {
      url: '/purchase-order/purchase-order/PRIOR_ORDER_PO?awaitingReceipt=true&expectedTo=2026-11-28&expectedFrom=2026-02-30',
      permissions: ['view_purchase_order'],
    });
    const query = await listQuery('/api/purchase-orders');
    expect(query).toMatchObject({ type: 'PRIOR_ORDER_PO', awaitingReceipt: 'true', expectedTo: '2026-11-28' });
    expect(query).not.toHaveProperty('expectedFrom');
    await waitFor(() => expect(inputValues('po-filter-expected')).toEqual(['', '2026-11-28']));
  });
});
