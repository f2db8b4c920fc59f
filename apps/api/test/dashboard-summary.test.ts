import type { DashboardFigure, DashboardSummary, SalesInvoice } from '@backoffice/contracts';
import { ALL_PERMISSIONS, todayInLondon } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkingDays, lastLateDay } from '../src/domains/dashboards/home.service.ts';
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
    expect(f.shippedToday).toMatchObject({ count: 1, value: '11.99' });
    expect(f.lateShipments).toMatchObject({ count: 1, value: null });
    expect(f.lateShipments?.url).toBe(`/sales-invoice/sales-invoice?to=${res.body.lateSince}&sort=invoiceDate`);
    expect(res.body.lateSince).toBeDefined();
    expect((res.body.lateSince as string) >= daysAgo(10)).toBe(true);
    expect(f.returnsToReceive).toMatchObject({ count: 0, url: '/return-ticket/return-tickets-list?status=OPEN' });
    expect(f.returnsToInspect).toMatchObject({ count: 0, url: '/return-ticket/return-tickets-list?status=RECEIVED' });
    expect(f.belowReorderPoint).toMatchObject({ count: 1, url: '/inventory/summary?belowReorder=true' });
    expect(f.purchaseOrdersDue).toMatchObject({
      count: 1,
      url: '/purchase-order/purchase-order/SEND_INVENTORY?status=APPROVED&sort=expectedDate',
    });
    expect(f.purchaseOrdersOverdue).toMatchObject({ count: 1 });
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

  it('counts a late invoice no more once it is picked and shipped', async () => {
    await shipInvoices(admin, warehouseId, [lateId]);
    const f = byKey((await admin.get<DashboardSummary>('/api/dashboard/summary')).body.figures);
    expect(f.lateShipments?.count).toBe(0);
    expect(f.invoicesToPick?.count).toBe(1);
    expect(f.shippedToday).toMatchObject({ count: 2, value: '23.98' });
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
  it('counts Monday to Friday, from a weekend day as from the Friday before', () => {
    // 2026-11-27 is a Friday.
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-28', 0)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-25', 2)).toBe('2026-11-27');
    // On Tuesday 2026-12-01 with two working days: Thursday's orders were due Monday, Friday's are due today.
    expect(lastLateDay('2026-12-01', 2)).toBe('2026-11-26');
  });

  it('agrees with the database’s add_working_days, which the daily control report counts with', async () => {
    const { rows } = await sql<{ day: string; n: number; due: string }>`
      SELECT to_char(d, 'YYYY-MM-DD') AS day, n, to_char(add_working_days(d::date, n), 'YYYY-MM-DD') AS due
      FROM generate_series('2026-11-01'::date, '2026-11-28'::date, interval '1 day') d, generate_series(0, 6) n`.execute(
      ta.t.db,
    );
    expect(rows).toHaveLength(28 * 7);
    for (const row of rows) expect([row.day, row.n, addWorkingDays(row.day, row.n)]).toEqual([row.day, row.n, row.due]);
  });
});
