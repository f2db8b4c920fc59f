import type {
  Customer,
  DailyControlCounts,
  DailyControlReport,
  ErrorBody,
  SalesChannelSettings,
  SalesInvoice,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS, todayInLondon } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../src/platform/pdf/pdf-text.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { pickInvoices, shipInvoices } from './fulfilment.ts';

/**
 * The Daily Control and Ship List against the real flow: invoices created, booked, picked, shipped and cancelled
 * through the API, then their step instants moved to the days of a fixed past week in the database (the flow stamps
 * now(); a day's report needs steps on chosen days): sales_invoices.created_at, booked_at, shipped_at, canceled_at
 * and the pick list's confirmed_at, each set to a London wall-clock time. The week is in British Summer Time, so a
 * step at 23:30 or 00:30 London falls on a different UTC day than its London one.
 */

let ta: TestApp;
let admin: ApiClient;
let adminToken: string;
let outsider: ApiClient;
let reader: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  const [a, o, r] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'daily_control_and_ship_list_report'),
    ),
    clientWith(ta, ['daily_control_and_ship_list_report']),
  ]);
  admin = a.api;
  adminToken = a.tokens.accessToken;
  outsider = o.api;
  reader = r.api;
}, 120_000);
afterAll(() => ta.close());

let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
let keys = 0;
const key = () => ({ 'idempotency-key': `dc-${Date.now()}-${++keys}` });

async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `DC${uniq()}`, name: 'Control warehouse', kind: 'OWN' })
    .returning(['id', 'code', 'name'])
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
  return w;
}
async function stockedProduct(warehouseId: string) {
  const sku = `DC-${uniq()}`;
  const p = await ta.t.db
    .insertInto('products')
    .values({ sku, name: `Controlled thing ${sku}`, unit: 'Unit', kind: 'STOCK', sale_price: '9.99' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  const res = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId: p.id, warehouseId, quantity: '100', unitCost: '2.00' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return p;
}
let theCustomer: Customer | undefined;
async function customer() {
  if (theCustomer) return theCustomer;
  const res = await admin.post<Customer>(
    '/api/customers',
    {
      name: `Dee Control ${uniq()}`,
      email: `dc${uniq()}@example.com`,
      addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  theCustomer = res.body;
  return res.body;
}
async function invoice(warehouseId: string, productId: string, channel: 'AMAZON' | 'MANUAL', book: boolean) {
  const c = await customer();
  const res = await admin.post<SalesInvoice>(
    '/api/sales-invoices',
    {
      customerId: c.id,
      warehouseId,
      channel,
      ...(channel === 'AMAZON' ? { externalOrderId: `206-${uniq()}` } : {}),
      lines: [{ productId, quantity: '1', unitPrice: '9.99' }],
      book,
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A London wall-clock time as the instant it is (BST in June). */
const london = (wall: string) => sql`${wall}::timestamp AT TIME ZONE 'Europe/London'`;
async function stamp(
  id: string,
  at: { created: string; booked?: string; shipped?: string; canceled?: string; picked?: string },
) {
  await sql`UPDATE sales_invoices SET created_at = ${london(at.created)},
      booked_at = CASE WHEN booked_at IS NULL THEN NULL ELSE ${at.booked ? london(at.booked) : sql`booked_at`} END,
      shipped_at = CASE WHEN shipped_at IS NULL THEN NULL ELSE ${at.shipped ? london(at.shipped) : sql`shipped_at`} END,
      canceled_at = CASE WHEN canceled_at IS NULL THEN NULL ELSE ${at.canceled ? london(at.canceled) : sql`canceled_at`} END
    WHERE id = ${id}::uuid`.execute(ta.t.db);
  if (at.picked)
    await sql`UPDATE pick_lists SET confirmed_at = ${london(at.picked)}
      WHERE id IN (SELECT pick_list_id FROM pick_list_invoices WHERE invoice_id = ${id}::uuid AND outcome = 'PICKED')`.execute(
      ta.t.db,
    );
}

type Counts = [number, number, number, number, number, number, number];
/** received, booked, picked, shipped, shippedLate, pending, overdue */
const counts = (c: DailyControlCounts): Counts => [
  c.received,
  c.booked,
  c.picked,
  c.shipped,
  c.shippedLate,
  c.pending,
  c.overdue,
];

const WEEK = ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08'];

describe('daily control and ship list', () => {
  let w: { id: string; code: string; name: string };
  const report = (query: string, client = admin) =>
    client.get<DailyControlReport>(`/api/reports/daily-control-and-ship-list?${query}`);

  beforeAll(async () => {
    w = await warehouse();
    const other = await warehouse();
    const p = await stockedProduct(w.id);
    const q = await stockedProduct(other.id);
    // Amazon promises the next working day, MANUAL two (the defaults of migration 0062).
    // A0: received Thu 29 May (before the range), shipped Tue 3 June: due Fri 30 May, so late; overdue on Mon 2.
    const a0 = await invoice(w.id, p.id, 'AMAZON', true);
    // A1: received and booked Mon 2 June, picked Mon, shipped Tue (due Tue): on time.
    const a1 = await invoice(w.id, p.id, 'AMAZON', true);
    // A2: received Mon 23:30 BST (22:30 UTC), booked Tue, picked Wed, shipped Thu 00:30 BST (Wed 23:30 UTC): due
    // Tue, so overdue at the end of Wed and shipped late on Thu.
    const a2 = await invoice(w.id, p.id, 'AMAZON', true);
    // A3: received and booked Fri 6 June, never shipped: due Mon 9, so pending, not overdue, over the weekend.
    const a3 = await invoice(w.id, p.id, 'AMAZON', true);
    // A4: received Tue, cancelled Wed while pending.
    const a4 = await invoice(w.id, p.id, 'AMAZON', false);
    // M1: received and booked Fri, picked Sat, shipped Sun: due Tue 10 June (two working days), on time.
    const m1 = await invoice(w.id, p.id, 'MANUAL', true);
    // M2: received Wed 4 June and left pending: due Fri 6, overdue at the end of Sat and Sun.
    const m2 = await invoice(w.id, p.id, 'MANUAL', false);
    // M3: received Mon 9 June, after the range.
    const m3 = await invoice(w.id, p.id, 'MANUAL', false);
    // X: another warehouse's Amazon order on Mon 2, left out by the warehouse filter.
    const x = await invoice(other.id, q.id, 'AMAZON', true);

    for (const inv of [a0, a1, a2, m1]) await shipInvoices(admin, w.id, [inv.id]);
    await pickInvoices(admin, w.id, [a3.id]).then(() => undefined);
    const cancel = await admin.post(`/api/sales-invoices/${a4.id}/cancel`, { reason: 'Buyer changed their mind' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

    await stamp(a0.id, {
      created: '2025-05-29 10:00',
      booked: '2025-05-29 10:05',
      picked: '2025-05-30 09:00',
      shipped: '2025-06-03 14:00',
    });
    await stamp(a1.id, {
      created: '2025-06-02 09:00',
      booked: '2025-06-02 09:05',
      picked: '2025-06-02 15:00',
      shipped: '2025-06-03 10:00',
    });
    await stamp(a2.id, {
      created: '2025-06-02 23:30',
      booked: '2025-06-03 08:00',
      picked: '2025-06-04 09:00',
      shipped: '2025-06-05 00:30',
    });
    // A3 was picked for real (on a list confirmed today, after the range): only its reception and booking move.
    await stamp(a3.id, { created: '2025-06-06 15:00', booked: '2025-06-06 15:05' });
    await stamp(a4.id, { created: '2025-06-03 11:00', canceled: '2025-06-04 12:00' });
    await stamp(m1.id, {
      created: '2025-06-06 10:00',
      booked: '2025-06-06 10:05',
      picked: '2025-06-07 11:00',
      shipped: '2025-06-08 16:00',
    });
    await stamp(m2.id, { created: '2025-06-04 10:00' });
    await stamp(m3.id, { created: '2025-06-09 09:00' });
    await stamp(x.id, { created: '2025-06-02 09:00', booked: '2025-06-02 09:00' });
  }, 180_000);

  const EXPECTED: Record<'AMAZON' | 'MANUAL', Counts[]> = {
    AMAZON: [
      [2, 1, 1, 0, 0, 3, 1], // Mon: A1, A2 in; A1 booked and picked; A0, A1, A2 pending, A0 past its Friday promise
      [1, 1, 0, 2, 1, 2, 0], // Tue: A4 in; A2 booked; A0 (late) and A1 shipped; A2 and A4 pending
      [0, 0, 1, 0, 0, 1, 1], // Wed: A2 picked; A4 cancelled; A2 pending past Tuesday
      [0, 0, 0, 1, 1, 0, 0], // Thu: A2 shipped (00:30 London) late
      [1, 1, 0, 0, 0, 1, 0], // Fri: A3 in and booked
      [0, 0, 0, 0, 0, 1, 0], // Sat: A3 due Monday
      [0, 0, 0, 0, 0, 1, 0], // Sun
    ],
    MANUAL: [
      [0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0],
      [1, 0, 0, 0, 0, 1, 0], // Wed: M2 in (due Fri)
      [0, 0, 0, 0, 0, 1, 0],
      [1, 1, 0, 0, 0, 2, 0], // Fri: M1 in and booked; M2 due today, not yet past
      [0, 0, 1, 0, 0, 2, 1], // Sat: M1 picked; M2 past its promise
      [0, 0, 0, 1, 0, 1, 1], // Sun: M1 shipped on time
    ],
  };

  it('counts each day and channel exactly, with day, channel and range totals', async () => {
    const res = await report(`from=2025-06-02&to=2025-06-08&warehouseId=${w.id}`, reader);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body;
    expect([r.from, r.to]).toEqual(['2025-06-02', '2025-06-08']);
    // Every day of the range for each channel with something in it, oldest first; no other channel, no other day.
    expect(r.rows.map((row) => `${row.date} ${row.channel}`)).toEqual(
      WEEK.flatMap((d) => [`${d} AMAZON`, `${d} MANUAL`]),
    );
    for (const channel of ['AMAZON', 'MANUAL'] as const)
      expect(r.rows.filter((row) => row.channel === channel).map(counts), channel).toEqual(EXPECTED[channel]);
    expect(r.days.map((d) => d.date)).toEqual(WEEK);
    expect(r.days.map(counts)).toEqual(
      WEEK.map((_, i) => {
        const a = EXPECTED.AMAZON[i] as Counts;
        const m = EXPECTED.MANUAL[i] as Counts;
        return a.map((v, k) => v + (m[k] as number));
      }),
    );
    expect(r.channels.map((c) => [c.channel, c.dispatchDays, ...counts(c)])).toEqual([
      ['AMAZON', 1, 4, 3, 2, 3, 2, 1, 0],
      ['MANUAL', 2, 2, 1, 1, 1, 0, 1, 1],
    ]);
    // Day counts added up; pending and overdue at the end of Sunday.
    expect(counts(r.totals)).toEqual([6, 4, 3, 4, 2, 2, 1]);
  });

  it('filters by channel and warehouse', async () => {
    const manual = await report(`from=2025-06-02&to=2025-06-08&warehouseId=${w.id}&channel=MANUAL`);
    expect(manual.status).toBe(200);
    expect(new Set(manual.body.rows.map((r) => r.channel))).toEqual(new Set(['MANUAL']));
    expect(manual.body.rows.map(counts)).toEqual(EXPECTED.MANUAL);
    expect(counts(manual.body.totals)).toEqual([2, 1, 1, 1, 0, 1, 1]);
    // Without the warehouse filter the other warehouse's Amazon order of Monday counts too (received and booked,
    // and pending from then on: it is still booked).
    const all = await report('from=2025-06-02&to=2025-06-02&channel=AMAZON');
    expect(all.body.rows.map(counts)).toEqual([[3, 2, 1, 0, 0, 4, 1]]);
  });

  it("measures lateness against each channel's dispatch promise, as set in the channel settings", async () => {
    const changed = await admin.put<SalesChannelSettings>('/api/sales-invoices/channel-settings', {
      items: [{ channel: 'MANUAL', dispatchDays: 1 }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const manual = changed.body.items.find((s) => s.channel === 'MANUAL');
    // Only the promise changed: MANUAL's prices stay without VAT.
    expect(manual).toEqual({ channel: 'MANUAL', pricesIncludeVat: false, dispatchDays: 1 });
    try {
      const res = await report(`from=2025-06-02&to=2025-06-08&warehouseId=${w.id}&channel=MANUAL`);
      // M2 (Wed) is now due Thu, so overdue from Fri; M1 (Fri) due Mon 9, still on time.
      expect(res.body.rows.map((r) => r.overdue)).toEqual([0, 0, 0, 0, 1, 1, 1]);
      expect(res.body.channels.map((c) => [c.channel, c.dispatchDays, c.shippedLate])).toEqual([['MANUAL', 1, 0]]);
      // Thursday made a non-working day: M2 is due on Friday, overdue from Saturday.
      const closed = await admin.put('/api/non-working-days/2025-06-05', { name: 'Closed for stocktake' });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      try {
        const res2 = await report(`from=2025-06-02&to=2025-06-08&warehouseId=${w.id}&channel=MANUAL`);
        expect(res2.body.rows.map((r) => r.overdue)).toEqual([0, 0, 0, 0, 0, 1, 1]);
      } finally {
        await admin.delete('/api/non-working-days/2025-06-05');
      }
    } finally {
      await admin.put('/api/sales-invoices/channel-settings', { items: [{ channel: 'MANUAL', dispatchDays: 2 }] });
    }
    const refused = await admin.put<ErrorBody>('/api/sales-invoices/channel-settings', {
      items: [{ channel: 'MANUAL', dispatchDays: 31 }],
    });
    expect(refused.status).toBe(400);
  });

  it('exports the same figures as .xlsx and prints them as a PDF', async () => {
    const res = await fetch(
      `${ta.baseUrl}/api/reports/daily-control-and-ship-list/export?from=2025-06-02&to=2025-06-08&warehouseId=${w.id}`,
      { headers: { authorization: `Bearer ${adminToken}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/daily-control-and-ship-list-2025-06-02-2025-06-08\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Day',
      'Channel',
      'Received',
      'Booked',
      'Picked',
      'Shipped',
      'Shipped late',
      'Pending at day end',
      'Pending past promise',
      'Dispatch promise (working days)',
    ]);
    const lines: unknown[][] = [];
    sheet.eachRow((row, i) => {
      if (i === 1) return;
      const v = (row.values as unknown[]).slice(1);
      lines.push([v[0] instanceof Date ? v[0].toISOString().slice(0, 10) : (v[0] ?? null), ...v.slice(1)]);
    });
    // Each day: its channels, then all channels together; then each channel over the range and the range's total.
    const expected: unknown[][] = [];
    WEEK.forEach((day, i) => {
      const a = EXPECTED.AMAZON[i] as Counts;
      const m = EXPECTED.MANUAL[i] as Counts;
      expected.push(
        [day, 'Amazon', ...a, 1],
        [day, 'Manual', ...m, 2],
        [day, 'All channels', ...a.map((v, k) => v + (m[k] as number))],
      );
    });
    expected.push(
      [null, 'Amazon', 4, 3, 2, 3, 2, 1, 0, 1],
      [null, 'Manual', 2, 1, 1, 1, 0, 1, 1, 2],
      [null, 'Range total', 6, 4, 3, 4, 2, 2, 1],
    );
    expect(lines).toEqual(expected);

    const pdf = await fetch(
      `${ta.baseUrl}/api/reports/daily-control-and-ship-list/pdf?from=2025-06-02&to=2025-06-08&warehouseId=${w.id}&lang=en`,
      { headers: { authorization: `Bearer ${adminToken}` } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Daily control and ship list');
    expect(text).toContain(w.code);
    expect(text).toContain('Range total');
  });

  it('opens on the last 14 days and refuses a range it cannot answer, in words', async () => {
    const res = await report(`warehouseId=${w.id}`);
    expect(res.status).toBe(200);
    const today = todayInLondon();
    expect(res.body.to).toBe(today);
    expect(res.body.days).toHaveLength(14);
    expect(res.body.days[0]?.date).toBe(res.body.from);

    const long = await report('from=2024-01-01&to=2025-06-08');
    expect(long.status).toBe(400);
    expect((long.body as unknown as ErrorBody).message).toMatch(/at most 366 days/);
    const backwards = await report('from=2025-06-08&to=2025-06-02');
    expect(backwards.status).toBe(400);
    expect((backwards.body as unknown as ErrorBody).message).toMatch(/ends before it starts/);
    const future = await report(`to=2999-01-01&from=2998-12-31`);
    expect(future.status).toBe(400);
    expect((future.body as unknown as ErrorBody).message).toMatch(/after today/);
  });

  it('is only for holders of daily_control_and_ship_list_report', async () => {
    for (const path of ['', '/export', '/pdf']) {
      const res = await outsider.get<ErrorBody>(`/api/reports/daily-control-and-ship-list${path}?warehouseId=${w.id}`);
      expect(res.status, path).toBe(403);
    }
  });
});
