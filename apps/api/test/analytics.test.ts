import type {
  AnalyticsBreakdownPage,
  AnalyticsSummary,
  Customer,
  ReturnTicket,
  ReturnTicketStepResult,
  SalesInvoice,
} from '@backoffice/contracts';
import { AGE_BUCKETS, ALL_PERMISSIONS, todayInLondon } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onDocumentStatusChanged } from '../src/domains/dashboards/analytics.facts.ts';
import { rebuildAnalyticsFacts } from '../src/domains/dashboards/index.ts';
import { checkStock, post, revalueReceipts } from '../src/domains/stock/index.ts';
import type { DeliveredEvent } from '../src/platform/outbox.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { shipInvoices } from './fulfilment.ts';
import { eventually, FAST_JOBS } from './job-servers.ts';

/**
 * Analytics over real documents: stock received in two FIFO layers of different costs, invoices of two channels
 * picked and shipped, one return received; the facts kept by the outbox handler are checked to the penny against the
 * figures worked out by hand and against the ledger's rows read independently, a redelivered event changes nothing,
 * a rebuild equals the incremental result, and the routes are refused without powerbi_dashboard_view.
 */

let ta: TestApp;
let admin: ApiClient;
let blind: ApiClient;
let viewer: ApiClient;
let viewerToken: string;
beforeAll(async () => {
  ta = await startTestApp({}, { jobs: FAST_JOBS });
  const [a, b, v] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'powerbi_dashboard_view'),
    ),
    clientWith(ta, ['powerbi_dashboard_view']),
  ]);
  admin = a.api;
  blind = b.api;
  viewer = v.api;
  viewerToken = v.tokens.accessToken;
}, 120_000);
afterAll(() => ta.close());

let keys = 0;
const key = () => ({ 'idempotency-key': `an-${Date.now()}-${++keys}` });

async function product(sku: string) {
  return ta.t.db
    .insertInto('products')
    .values({ sku, name: `Analytics ${sku}`, unit: 'Unit', kind: 'STOCK', sale_price: '10.00', cost_price: '0' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: 'ANW1', name: 'Analytics warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const [receiving, returns] = await Promise.all(
    ['RECV', 'RETURNS'].map((code) =>
      ta.t.db
        .insertInto('warehouse_locations')
        .values({ warehouse_id: w.id, code })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ),
  );
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({
      warehouse_id: w.id,
      default_receiving_location_id: receiving?.id as string,
      default_returns_location_id: returns?.id as string,
      over_receipt_tolerance: '0',
    })
    .execute();
  return w;
}
async function stockIn(productId: string, warehouseId: string, quantity: string, unitCost: string) {
  const res = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId, warehouseId, quantity, unitCost }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
async function customer() {
  const res = await admin.post<Customer>(
    '/api/customers',
    {
      name: 'Analytics Buyer',
      email: 'analytics@example.com',
      addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function bookedInvoice(
  body: { customerId: string; warehouseId: string; channel: string; externalOrderId?: string },
  lines: { productId: string; quantity: string; unitPrice: string }[],
) {
  const res = await admin.post<SalesInvoice>(
    '/api/sales-invoices',
    { ...body, book: true, pricesIncludeVat: false, lines: lines.map((l) => ({ ...l, vatCode: 'STANDARD' })) },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('BOOKED');
  return res.body;
}

/** The facts as rows to compare (without the instant they were computed at). */
async function facts() {
  const { rows } = await sql<Record<string, string>>`
    SELECT day::text, channel, brand_id::text, warehouse_id::text, product_id::text, sales_net::text, vat::text,
      cogs::text, units_shipped::text, units_returned::text, returned_cost::text
    FROM analytics_daily_facts ORDER BY day, channel, warehouse_id, product_id`.execute(ta.t.db);
  // Figures compared as numbers (1.50 and 1.5 are one value); the keys as written.
  const figures = ['sales_net', 'vat', 'cogs', 'units_shipped', 'units_returned', 'returned_cost'];
  return rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, figures.includes(k) ? new Decimal(v).toFixed() : v])),
  );
}

/** The totals without the product (analytics_daily_totals) and the product facts summed to the same grain. */
async function totalsAndFactSums() {
  const grain = (table: string) => sql<Record<string, string>>`
    SELECT day::text, channel, brand_id::text, warehouse_id::text, sum(sales_net)::numeric(30,8)::text AS sales_net,
      sum(vat)::numeric(30,8)::text AS vat, sum(cogs)::numeric(30,8)::text AS cogs,
      sum(units_shipped)::numeric(30,8)::text AS units_shipped, sum(units_returned)::numeric(30,8)::text AS units_returned,
      sum(returned_cost)::numeric(30,8)::text AS returned_cost
    FROM ${sql.table(table)} GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
  const [totals, facts] = await Promise.all([
    grain('analytics_daily_totals').execute(ta.t.db),
    grain('analytics_daily_facts').execute(ta.t.db),
  ]);
  return { totals: totals.rows, facts: facts.rows };
}

/** The rows of an exported .xlsx (header first), as the viewer downloads it. */
async function workbookRows(path: string): Promise<unknown[][]> {
  const res = await fetch(`${ta.baseUrl}${path}`, { headers: { authorization: `Bearer ${viewerToken}` } });
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('analytics', () => {
  const today = todayInLondon();
  let warehouseId = '';
  let invoiceIds: string[] = [];
  let ticketId = '';

  beforeAll(async () => {
    const w = await warehouse();
    warehouseId = w.id;
    const [a, b] = [await product('AN-A'), await product('AN-B')];
    // Two layers of A at different costs (oldest first), one of B.
    // The first as a receipt of its own (a landed cost can be laid on it later).
    await ta.t.db.transaction().execute((tx) =>
      post(
        { db: tx, user: null },
        {
          sourceType: 'goods_received_note',
          sourceId: `an-grn-${Date.now()}`,
          lines: [
            {
              productId: a.id,
              warehouseId: w.id,
              kind: 'RECEIPT',
              quantity: new Decimal(2),
              unitCost: new Decimal('5.00'),
              sourceLine: '1',
            },
          ],
        },
      ),
    );
    await stockIn(a.id, w.id, '3', '7.00');
    await stockIn(b.id, w.id, '4', '2.50');
    const c = await customer();
    // MANUAL: 3 × A at 10.00 net → 30.00 net, 6.00 VAT; cost 2 × 5.00 + 1 × 7.00 = 17.00.
    const manual = await bookedInvoice({ customerId: c.id, warehouseId: w.id, channel: 'MANUAL' }, [
      { productId: a.id, quantity: '3', unitPrice: '10.00' },
    ]);
    // EBAY: 1 × A at 12.50 and 2 × B at 4.99 → 22.48 net; cost 7.00 + 2 × 2.50 = 12.00.
    const ebay = await bookedInvoice(
      { customerId: c.id, warehouseId: w.id, channel: 'EBAY', externalOrderId: `EB-${Date.now()}` },
      [
        { productId: a.id, quantity: '1', unitPrice: '12.50' },
        { productId: b.id, quantity: '2', unitPrice: '4.99' },
      ],
    );
    invoiceIds = [manual.id, ebay.id];
    // One ship list each, MANUAL first, so it takes the older, cheaper layer (a list issues in invoice id order).
    await shipInvoices(admin, w.id, [manual.id]);
    await shipInvoices(admin, w.id, [ebay.id]);
    // One unit of the MANUAL invoice comes back.
    const created = await admin.post<ReturnTicket>(
      '/api/return-tickets',
      {
        invoiceId: manual.id,
        lines: [{ productId: a.id, quantity: '1', reason: 'CHANGED_MIND', condition: 'RESALEABLE' }],
      },
      key(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ticketId = created.body.id;
    const received = await admin.post<ReturnTicketStepResult>(`/api/return-tickets/${ticketId}/receive`, {}, key());
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    // The outbox delivers the invoices' and the ticket's status changes to the facts' handler.
    await eventually(async () => {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM outbox_events WHERE type = 'document.status_changed' AND status = 'PENDING'`.execute(
        ta.t.db,
      );
      const returned = await sql<{ n: string }>`
        SELECT count(*) AS n FROM analytics_daily_facts WHERE units_returned > 0`.execute(ta.t.db);
      return Number(rows[0]?.n) === 0 && Number(returned.rows[0]?.n) > 0;
    }, 20_000);
    const check = await checkStock(ta.t.db);
    expect(check.differences).toEqual([]);
  }, 120_000);

  it('sums sales, cost of goods sold and margin to the penny', async () => {
    const res = await viewer.get<AnalyticsSummary>(`/api/analytics/summary?period=day&from=${today}&to=${today}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body;
    // The return comes back at the cost its unit left with: a third of the MANUAL invoice's 17.00.
    const returnRows = await ta.t.db
      .selectFrom('stock_movements')
      .select(['value'])
      .where('source_type', '=', 'return_ticket')
      .where('source_id', '=', ticketId)
      .where('kind', '=', 'RETURN')
      .execute();
    const returned = returnRows.reduce((sum, r) => sum.add(r.value), new Decimal(0));
    expect(returned.toFixed(8)).toBe('5.66666667');
    expect(s.current).toMatchObject({
      salesNet: '52.48',
      vat: '10.50',
      issuedCost: '29.00',
      returnedCost: '5.67',
      cogs: '23.33',
      margin: '29.15',
      marginPercent: '55.54',
      unitsShipped: '6',
      unitsReturned: '1',
      returnsRate: '16.67',
    });
    // Stock: received today (nothing at the end of yesterday), 2 × 5 + 3 × 7 + 4 × 2.5 − 29 + 5.66666667 at the end
    // of today; turn = cogs ÷ the average of the two.
    expect(s.current.openingStockValue).toBe('0.00');
    expect(s.current.closingStockValue).toBe('17.67');
    const average = new Decimal('0').add('17.66666667').div(2);
    expect(s.current.stockTurn).toBe(new Decimal('23.33333333').div(average).toFixed(2));
    expect(s.previous.salesNet).toBe('0.00');
    expect(s.previous.marginPercent).toBeNull();
    expect(s.series).toHaveLength(1);
    expect(s.series[0]).toMatchObject({ start: today, end: today, salesNet: '52.48', cogs: '23.33', margin: '29.15' });
    // By channel, with what the invoice list needs to open them.
    const manual = s.byChannel.find((r) => r.key === 'MANUAL');
    const ebay = s.byChannel.find((r) => r.key === 'EBAY');
    expect(manual).toMatchObject({ salesNet: '30.00', cogs: '11.33', margin: '18.67', unitsReturned: '1' });
    expect(ebay).toMatchObject({ salesNet: '22.48', cogs: '12.00', margin: '10.48', unitsReturned: '0' });
    expect(manual?.drill.salesInvoices).toEqual({ status: 'PROCESSED', channel: 'MANUAL', from: today, to: today });
    // Ageing of what is on hand now, as the FIFO stock value report buckets it.
    const ageing = s.ageing.reduce((sum, b) => sum.add(b.value), new Decimal(0));
    expect(ageing.toFixed(2)).toBe('17.67');
    expect(s.topProducts.map((r) => [r.code, r.margin])).toEqual([
      ['AN-A', '24.17'],
      ['AN-B', '4.98'],
    ]);
    expect(s.bottomProducts.map((r) => r.code)).toEqual(['AN-B', 'AN-A']);
  });

  it('agrees with the ledger read independently: ISSUE rows of the invoices less RETURN rows of the ticket', async () => {
    const { rows } = await sql<{ issued: string; returned: string }>`
      SELECT
        (SELECT coalesce(-sum(value), 0) FROM stock_movements
          WHERE kind = 'ISSUE' AND source_type = 'sales_invoice' AND source_id = ANY(${invoiceIds}::text[]))::text AS issued,
        (SELECT coalesce(sum(value), 0) FROM stock_movements
          WHERE kind = 'RETURN' AND source_type = 'return_ticket' AND source_id = ${ticketId})::text AS returned`.execute(
      ta.t.db,
    );
    const ledger = new Decimal(rows[0]?.issued ?? 'NaN').sub(rows[0]?.returned ?? 'NaN');
    const { rows: f } = await sql<{ cogs: string }>`
      SELECT (sum(cogs) - sum(returned_cost))::text AS cogs FROM analytics_daily_facts`.execute(ta.t.db);
    expect(new Decimal(f[0]?.cogs ?? 'NaN').toFixed(8)).toBe(ledger.toFixed(8));
    expect(ledger.toFixed(2)).toBe('23.33');
  });

  it('changes nothing when an event is delivered again, and a rebuild equals the incremental result', async () => {
    const before = await facts();
    expect(before.length).toBeGreaterThan(0);
    const events = await ta.t.db
      .selectFrom('outbox_events')
      .selectAll()
      .where('type', '=', 'document.status_changed')
      .orderBy('id')
      .execute();
    const ours = events.filter((e) => {
      const p = e.payload as { id?: string };
      return p.id === ticketId || invoiceIds.includes(p.id ?? '');
    });
    expect(ours.length).toBeGreaterThanOrEqual(3);
    for (const e of ours)
      await ta.t.db.transaction().execute((tx) =>
        onDocumentStatusChanged(tx, {
          id: String(e.id),
          type: e.type,
          key: e.key,
          payload: e.payload as Record<string, unknown>,
          createdAt: e.created_at,
        } as DeliveredEvent),
      );
    expect(await facts()).toEqual(before);
    // The totals the summary reads are the facts without the product, to the last place.
    const kept = await totalsAndFactSums();
    expect(kept.totals.length).toBeGreaterThan(0);
    expect(kept.totals).toEqual(kept.facts);
    await sql`DELETE FROM analytics_daily_facts`.execute(ta.t.db);
    await sql`DELETE FROM analytics_daily_totals`.execute(ta.t.db);
    await rebuildAnalyticsFacts(ta.t.db, { from: today, to: today });
    expect(await facts()).toEqual(before);
    expect(await totalsAndFactSums()).toEqual(kept);
    // Without a range: every day a source has.
    await rebuildAnalyticsFacts(ta.t.db);
    expect(await facts()).toEqual(before);
    expect(await totalsAndFactSums()).toEqual(kept);
  });

  it('breaks down by product, sorted and paged, and exports it', async () => {
    const res = await viewer.get<AnalyticsBreakdownPage>(
      `/api/analytics/breakdown?dimension=product&from=${today}&to=${today}&sort=-margin&pageSize=1`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items.map((r) => [r.code, r.salesNet, r.cogs])).toEqual([['AN-A', '42.50', '18.33']]);
    // Paged in the ranking's order, past the end empty with the count kept; sorted by code and by cost.
    const page = (query: string) =>
      viewer.get<AnalyticsBreakdownPage>(
        `/api/analytics/breakdown?dimension=product&from=${today}&to=${today}&${query}`,
      );
    const second = await page('sort=-margin&pageSize=1&page=2');
    expect([second.body.total, second.body.items.map((r) => [r.code, r.margin, r.previousSalesNet])]).toEqual([
      2,
      [['AN-B', '4.98', '0.00']],
    ]);
    const beyond = await page('sort=-margin&pageSize=1&page=3');
    expect([beyond.body.total, beyond.body.items]).toEqual([2, []]);
    expect((await page('sort=code')).body.items.map((r) => r.code)).toEqual(['AN-A', 'AN-B']);
    expect((await page('sort=-code')).body.items.map((r) => r.code)).toEqual(['AN-B', 'AN-A']);
    expect((await page('sort=cogs')).body.items.map((r) => [r.code, r.cogs])).toEqual([
      ['AN-B', '5.00'],
      ['AN-A', '18.33'],
    ]);
    // A day without sales lists no product, even when the previous range had some.
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const empty = await viewer.get<AnalyticsBreakdownPage>(
      `/api/analytics/breakdown?dimension=product&from=${tomorrow}&to=${tomorrow}`,
    );
    expect([empty.body.total, empty.body.items]).toEqual([0, []]);
    const unknownSort = await page('sort=vat');
    expect(unknownSort.status).toBe(400);
    const byWarehouse = await viewer.get<AnalyticsBreakdownPage>(
      `/api/analytics/breakdown?dimension=warehouse&from=${today}&to=${today}`,
    );
    expect(byWarehouse.body.items.map((r) => [r.key, r.salesNet])).toEqual([[warehouseId, '52.48']]);
    const file = await viewer.get(`/api/analytics/breakdown/export?dimension=channel&from=${today}&to=${today}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const series = await viewer.get(`/api/analytics/series/export?period=week&from=${today}&to=${today}`);
    expect(series.status).toBe(200);
    const bad = await viewer.get(`/api/analytics/summary?from=${today}&to=2000-01-01`);
    expect(bad.status).toBe(400);
    expect((bad.body as { code: string }).code).toBe('VALIDATION_FAILED');
  });

  it('exports each table of the summary as the page shows it', async () => {
    const range = `from=${today}&to=${today}`;
    const top = await workbookRows(`/api/analytics/tables/export?table=topProducts&${range}`);
    expect(top).toHaveLength(3);
    expect(top[1]?.slice(0, 3)).toEqual(['AN-A', 'Analytics AN-A', 42.5]);
    expect(top[1]?.[5]).toBe(24.17);
    const bottom = await workbookRows(`/api/analytics/tables/export?table=bottomProducts&${range}`);
    expect(bottom.slice(1).map((r) => r[0])).toEqual(['AN-B', 'AN-A']);
    const channels = await workbookRows(`/api/analytics/tables/export?table=byChannel&${range}`);
    expect(channels.slice(1).map((r) => [r[0], r[2]])).toEqual([
      ['MANUAL', 30],
      ['EBAY', 22.48],
    ]);
    const ageing = await workbookRows(`/api/analytics/tables/export?table=ageing&${range}`);
    expect(ageing[0]).toEqual(['Age', 'Quantity', 'Value']);
    expect(ageing).toHaveLength(AGE_BUCKETS.length + 1);
    const value = ageing.slice(1).reduce((sum: Decimal, r) => sum.add(String(r[2] ?? 0)), new Decimal(0));
    expect(value.toFixed(2)).toBe('17.67');
    const unknown = await viewer.get(`/api/analytics/tables/export?table=everything&${range}`);
    expect(unknown.status).toBe(400);
    expect((unknown.body as { code: string }).code).toBe('VALIDATION_FAILED');
  });

  it('puts the sold units’ share of a later landed cost on its day, on the channel that sold them', async () => {
    const summary = async () =>
      (await viewer.get<AnalyticsSummary>(`/api/analytics/summary?period=day&from=${today}&to=${today}`)).body;
    const before = await summary();
    // Freight of £3.00 on AN-A's first receipt (2 units at 5.00), both of which the MANUAL invoice took.
    const { rows } = await sql<{ source_type: string; source_id: string; source_line: string }>`
      SELECT m.source_type, m.source_id, m.source_line FROM stock_movements m JOIN products p ON p.id = m.product_id
      WHERE p.sku = 'AN-A' AND m.kind = 'RECEIPT' ORDER BY m.id LIMIT 1`.execute(ta.t.db);
    const receipt = rows[0];
    if (!receipt) throw new Error('no receipt of AN-A');
    await ta.t.db.transaction().execute((tx) =>
      revalueReceipts(
        { db: tx, user: null },
        {
          source: { type: receipt.source_type, id: receipt.source_id },
          lines: [{ sourceLine: receipt.source_line, amount: '3.00' }],
          reason: 'Freight',
          kind: 'LANDED_COST',
        },
      ),
    );
    const adjustments = await ta.t.db
      .selectFrom('cost_of_sales_adjustments')
      .select(['amount', 'posted_on', 'movement_ids'])
      .where('cause', '=', 'SOLD')
      .execute();
    const sold = adjustments.reduce((sum, a) => sum.add(a.amount), new Decimal(0));
    expect(sold.gt(0)).toBe(true);
    // Every unit gone left on the MANUAL invoice's ISSUE row.
    const { rows: named } = await sql<{ source_id: string }>`
      SELECT DISTINCT source_id FROM stock_movements WHERE id = ANY(${adjustments.flatMap((a) => a.movement_ids)}::bigint[])`.execute(
      ta.t.db,
    );
    expect(named.map((r) => r.source_id)).toEqual([invoiceIds[0]]);
    // Delivered by the outbox: the stock core's event recomputes the day.
    const after = await eventually(async () => {
      const now = await summary();
      return new Decimal(now.current.cogs).sub(before.current.cogs).toFixed(2) === sold.toFixed(2) && now;
    });
    const channel = (s: AnalyticsSummary, key: string) => s.byChannel.find((r) => r.key === key);
    expect(
      new Decimal(channel(before, 'MANUAL')?.margin ?? 'NaN').sub(channel(after, 'MANUAL')?.margin ?? 'NaN').toFixed(2),
    ).toBe(sold.toFixed(2));
    expect(channel(after, 'EBAY')?.margin).toBe(channel(before, 'EBAY')?.margin);
    // The facts equal a rebuild from the sources, the adjustment included.
    const kept = await facts();
    await rebuildAnalyticsFacts(ta.t.db, { from: today, to: today });
    expect(await facts()).toEqual(kept);
  });

  it('refuses a user without powerbi_dashboard_view', async () => {
    for (const path of [
      '/api/analytics/summary',
      '/api/analytics/breakdown',
      '/api/analytics/breakdown/export',
      '/api/analytics/series/export',
      '/api/analytics/tables/export?table=ageing',
    ]) {
      const res = await blind.get(path);
      expect(res.status, path).toBe(403);
    }
  });
});
