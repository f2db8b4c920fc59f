import type { DashboardFigure, DashboardSummary, SalesInvoice } from '@backoffice/contracts';
import { ALL_PERMISSIONS, todayInLondon } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lateShipments } from '../src/domains/dashboards/home.repository.ts';
import { pastDispatchPromise } from '../src/domains/sales-invoices/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { pickInvoices, shipInvoices } from './fulfilment.ts';

let ta: TestApp;
let admin: ApiClient;
/** Sees sales invoices only. */
let viewer: ApiClient;
/** Signed in, no permission at all. */
let nobody: ApiClient;

let keys = 0;
const key = () => ({ 'idempotency-key': `dash-${Date.now()}-${++keys}` });
const byKey = (figures: DashboardFigure[]) => Object.fromEntries(figures.map((f) => [f.key, f]));
const today = todayInLondon();
const daysAgo = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ta = await startTestApp();
  const [a, v, n] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['view_sales_invoice']),
    clientWith(ta, []),
  ]);
  admin = a.api;
  viewer = v.api;
  nobody = n.api;
}, 120_000);
afterAll(() => ta.close());

/**
 * Follows a figure's link as the web app's list does: the list's API with the link's query (a purchase order list's
 * type is its route's last segment).
 */
async function follow(url: string): Promise<{ total: number; items: unknown[] }> {
  const [path = '', query = ''] = url.split('?');
  const type = /^\/purchase-order\/purchase-order\/([A-Z_]+)$/.exec(path)?.[1];
  const api =
    path === '/sales-invoice/sales-invoice'
      ? `/api/sales-invoices?${query}`
      : type
        ? `/api/purchase-orders?type=${type}&${query}`
        : undefined;
  expect(api, url).toBeDefined();
  const res = await admin.get<{ total: number; items: unknown[] }>(`${api}&pageSize=200`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
/** The figure's list holds exactly its count of records. */
async function expectExactLink(figure: DashboardFigure | undefined) {
  expect(figure).toBeDefined();
  const list = await follow(figure?.url ?? '');
  expect([list.total, list.items.length], figure?.key).toEqual([figure?.count, figure?.count]);
}

async function warehouse(code: string) {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code, name: `Warehouse ${code}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receiving = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: w.id, code: 'RECV' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: receiving.id, over_receipt_tolerance: '0' })
    .execute();
  return w.id;
}

describe('the landing dashboard', () => {
  let warehouseId: string;
  let lateId: string;

  beforeAll(async () => {
    warehouseId = await warehouse('DASH1');
    const otherWarehouseId = await warehouse('DASH2');
    const sold = await ta.t.db
      .insertInto('products')
      .values({ sku: 'DASH-SOLD', name: 'Sold thing', unit: 'Unit', kind: 'STOCK', sale_price: '9.99' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Watched: reorder point 5, 3 in stock.
    const low = await ta.t.db
      .insertInto('products')
      .values({
        sku: 'DASH-LOW',
        name: 'Low thing',
        unit: 'Unit',
        kind: 'STOCK',
        sale_price: '1',
        reorder_point: '5',
        reorder_quantity: '10',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const adjusted = await admin.post('/api/stock/adjustments', {
      reason: 'Opening balance',
      lines: [
        { productId: sold.id, warehouseId, quantity: '100', unitCost: '2.00' },
        { productId: low.id, warehouseId, quantity: '3', unitCost: '2.00' },
      ],
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
    const customer = await admin.post<{ id: string }>(
      '/api/customers',
      {
        name: 'Dash Buyer',
        email: 'dash@example.com',
        addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
      },
      key(),
    );
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    // MANUAL prices are without VAT: 9.99 + 2.00 VAT = 11.99 gross each.
    const invoice = async (book: boolean) => {
      const res = await admin.post<SalesInvoice>(
        '/api/sales-invoices',
        {
          customerId: customer.body.id,
          warehouseId,
          book,
          lines: [{ productId: sold.id, quantity: '1', unitPrice: '9.99', vatCode: 'STANDARD' }],
        },
        key(),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    await invoice(false); // to book
    await invoice(false); // to book
    await invoice(true); // to pick
    const toShip = await invoice(true);
    await pickInvoices(admin, warehouseId, [toShip.id]);
    const shipped = await invoice(true);
    await shipInvoices(admin, warehouseId, [shipped.id]);
    // Booked ten days ago and still not shipped: past MANUAL's promise of 2 working days.
    const late = await invoice(true);
    lateId = late.id;
    await sql`UPDATE sales_invoices SET created_at = now() - interval '10 days', invoice_date = ${daysAgo(10)}::date
      WHERE id = ${late.id}`.execute(ta.t.db);

    // A send-inventory order overdue (expected yesterday) and one due today, both approved, neither received.
    for (const [number, expected] of [
      ['PO-DASH-1', daysAgo(1)],
      ['PO-DASH-2', today],
    ] as const)
      await sql`INSERT INTO purchase_orders (number, type, status, warehouse_id, destination_warehouse_id, expected_date,
          approved_at)
        VALUES (${number}, 'SEND_INVENTORY', 'APPROVED', ${warehouseId}, ${otherWarehouseId}, ${expected}::date, now())`.execute(
        ta.t.db,
      );
    // A connector call that failed.
    const account = await ta.t.db
      .insertInto('channel_accounts')
      .values({ type: 'EBAY', name: 'Dash eBay' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ta.t.db
      .insertInto('channel_messages')
      .values({ account_id: account.id, direction: 'OUT', operation: 'SHIPMENT', status: 'FAILED' })
      .execute();
  }, 120_000);

  it('gives every figure, exactly, with the list that shows it', async () => {
    const res = await admin.get<DashboardSummary>('/api/dashboard/summary');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const f = byKey(res.body.figures);
    expect(res.body.today).toBe(today);
    expect(f.invoicesToBook).toEqual({
      key: 'invoicesToBook',
      count: 2,
      value: '23.98',
      url: '/sales-invoice/sales-invoice?status=PENDING',
    });
    // The late one is booked too.
    expect(f.invoicesToPick).toMatchObject({
      count: 2,
      value: '23.98',
      url: '/sales-invoice/sales-invoice?status=BOOKED',
    });
    expect(f.invoicesToShip).toMatchObject({
      count: 1,
      value: '11.99',
      url: '/sales-invoice/sales-invoice?status=READY_FOR_DELIVERY',
    });
    expect(f.shippedToday).toMatchObject({
      count: 1,
      value: '11.99',
      url: `/sales-invoice/sales-invoice?status=PROCESSED&shippedFrom=${today}&shippedTo=${today}`,
    });
    expect(f.lateShipments).toMatchObject({
      count: 1,
      value: null,
      url: '/sales-invoice/sales-invoice?late=true&sort=invoiceDate',
    });
    expect(res.body.lateSince).toBeDefined();
    expect((res.body.lateSince as string) >= daysAgo(10)).toBe(true);
    expect(f.returnsToReceive).toMatchObject({ count: 0, url: '/return-ticket/return-tickets-list?status=OPEN' });
    expect(f.returnsToInspect).toMatchObject({ count: 0, url: '/return-ticket/return-tickets-list?status=RECEIVED' });
    expect(f.belowReorderPoint).toMatchObject({ count: 1, url: '/inventory/summary?belowReorder=true' });
    expect(f.purchaseOrdersDue).toMatchObject({
      count: 1,
      url: `/purchase-order/purchase-order/SEND_INVENTORY?awaitingReceipt=true&expectedFrom=${today}&expectedTo=${today}&sort=expectedDate`,
    });
    expect(f.purchaseOrdersOverdue).toMatchObject({
      count: 1,
      url: `/purchase-order/purchase-order/SEND_INVENTORY?awaitingReceipt=true&expectedTo=${daysAgo(1)}&sort=expectedDate`,
    });
    expect(f.supplierInvoicesDue).toMatchObject({ count: 0, value: '0.00' });
    expect(f.supplierInvoicesDue?.url).toContain('status=BOOKED');
    expect(f.connectorFailures).toMatchObject({ count: 1, url: '/api/seller-hub-update?status=FAILED' });
    // 100 + 3 at 2.00, one shipped at its FIFO cost.
    expect(f.stockValue).toEqual({ key: 'stockValue', count: null, value: '204.00', url: '/inventory/summary' });

    // Thirty days per channel, today last: five invoices today (the late one ten days ago), one shipped today.
    expect(res.body.seriesFrom).toBe(daysAgo(29));
    const sales = res.body.sales ?? [];
    expect(sales.map((s) => s.channel)).toEqual(['MANUAL']);
    expect(sales[0]?.points).toHaveLength(30);
    expect(sales[0]?.points.at(-1)).toEqual({ date: today, value: '59.95' });
    expect(sales[0]?.points.find((p) => p.date === daysAgo(10))?.value).toBe('11.99');
    expect(sales[0]?.points.filter((p) => p.value !== '0.00')).toHaveLength(2);
    const shipments = res.body.shipments ?? [];
    expect(shipments[0]?.points.at(-1)).toEqual({ date: today, value: 1 });
    expect(shipments[0]?.points.reduce((n, p) => n + p.value, 0)).toBe(1);
  });

  it('links each of shipped today, late shipments and orders due and overdue to a list of exactly its records', async () => {
    // Records the figures must leave out: an order received in full, one cancelled, one still a draft, all due today
    // or overdue; an invoice shipped yesterday; an invoice received today (not late).
    for (const [number, status, expected] of [
      ['PO-DASH-3', 'RECEIVED', today],
      ['PO-DASH-4', 'CANCELED', daysAgo(2)],
      ['PO-DASH-5', 'DRAFT', daysAgo(3)],
      ['PO-DASH-6', 'PARTIALLY_RECEIVED', daysAgo(5)],
    ] as const)
      await sql`INSERT INTO purchase_orders (number, type, status, warehouse_id, destination_warehouse_id, expected_date,
          approved_at, canceled_at)
        VALUES (${number}, 'SEND_INVENTORY', ${status}, ${warehouseId},
          (SELECT id FROM warehouses WHERE code = 'DASH2'), ${expected}::date,
          ${status === 'DRAFT' || status === 'CANCELED' ? null : new Date()}, ${status === 'CANCELED' ? new Date() : null})`.execute(
        ta.t.db,
      );
    const shippedYesterday = await ta.t.db
      .selectFrom('sales_invoices')
      .select('id')
      .where('status', '=', 'PROCESSED')
      .executeTakeFirstOrThrow();
    const res = await admin.get<DashboardSummary>('/api/dashboard/summary');
    const f = byKey(res.body.figures);
    expect([f.shippedToday?.count, f.lateShipments?.count]).toEqual([1, 1]);
    // The partly received one, expected five days ago, is overdue too.
    expect([f.purchaseOrdersDue?.count, f.purchaseOrdersOverdue?.count]).toEqual([1, 2]);
    for (const figure of ['shippedToday', 'lateShipments', 'purchaseOrdersDue', 'purchaseOrdersOverdue'])
      await expectExactLink(f[figure]);

    // Shipped yesterday (London) is no longer today's.
    await sql`UPDATE sales_invoices SET shipped_at = shipped_at - interval '1 day' WHERE id = ${shippedYesterday.id}`.execute(
      ta.t.db,
    );
    const after = byKey((await admin.get<DashboardSummary>('/api/dashboard/summary')).body.figures);
    expect(after.shippedToday?.count).toBe(0);
    await expectExactLink(after.shippedToday);
    await sql`UPDATE sales_invoices SET shipped_at = shipped_at + interval '1 day' WHERE id = ${shippedYesterday.id}`.execute(
      ta.t.db,
    );
  });

  it('counts a late invoice no more once it is picked and shipped', async () => {
    await shipInvoices(admin, warehouseId, [lateId]);
    const f = byKey((await admin.get<DashboardSummary>('/api/dashboard/summary')).body.figures);
    expect(f.lateShipments?.count).toBe(0);
    expect(f.invoicesToPick?.count).toBe(1);
    expect(f.shippedToday).toMatchObject({ count: 2, value: '23.98' });
    await expectExactLink(f.lateShipments);
    await expectExactLink(f.shippedToday);
  });

  it('answers only the figures the caller’s permissions open', async () => {
    const res = await viewer.get<DashboardSummary>('/api/dashboard/summary');
    expect(res.status).toBe(200);
    expect(res.body.figures.map((f) => f.key)).toEqual([
      'invoicesToBook',
      'invoicesToPick',
      'invoicesToShip',
      'shippedToday',
      'lateShipments',
    ]);
    expect(res.body.sales).toBeDefined();
    expect(res.body.shipments).toBeDefined();
  });

  it('answers a user without permissions with no figures', async () => {
    const res = await nobody.get<DashboardSummary>('/api/dashboard/summary');
    expect(res.status).toBe(200);
    expect(res.body.figures).toEqual([]);
    expect(res.body).not.toHaveProperty('sales');
    expect(res.body).not.toHaveProperty('shipments');
    expect(res.body).not.toHaveProperty('lateSince');
  });
});

describe('the dispatch promise in working days', () => {
  const past = async (received: string, days: number, on: string) => {
    const { rows } = await sql<{ late: boolean }>`SELECT ${pastDispatchPromise(
      sql`${received}::date`,
      sql`${days}::int`,
      sql`${on}::date`,
    )} AS late`.execute(ta.t.db);
    return rows[0]?.late;
  };

  it('counts Monday to Friday, from a weekend day as from the Friday before (add_working_days)', async () => {
    // 2026-11-27 is a Friday.
    const { rows } = await sql<{ a: string; b: string; c: string; d: string }>`
      SELECT to_char(add_working_days('2026-11-27', 1), 'YYYY-MM-DD') AS a,
             to_char(add_working_days('2026-11-28', 1), 'YYYY-MM-DD') AS b,
             to_char(add_working_days('2026-11-28', 0), 'YYYY-MM-DD') AS c,
             to_char(add_working_days('2026-11-25', 2), 'YYYY-MM-DD') AS d`.execute(ta.t.db);
    expect(rows[0]).toEqual({ a: '2026-11-30', b: '2026-11-30', c: '2026-11-30', d: '2026-11-27' });
  });

  it('is late from the day after the promise’s last day', async () => {
    // On Tuesday 2026-12-01 with two working days: Thursday's orders were due Monday, Friday's are due today.
    expect(await past('2026-11-26', 2, '2026-12-01')).toBe(true);
    expect(await past('2026-11-27', 2, '2026-12-01')).toBe(false);
    // With one: the weekend's orders were due Monday, Monday's are due today.
    expect(await past('2026-11-29', 1, '2026-12-01')).toBe(true);
    expect(await past('2026-11-30', 1, '2026-12-01')).toBe(false);
    // The latest day late on some channel: the marketplaces' one day is the shortest promise.
    expect((await lateShipments(ta.t.db, '2026-12-01')).lastDay).toBe('2026-11-29');
  });
});
