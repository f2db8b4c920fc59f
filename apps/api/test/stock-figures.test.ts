import { PassThrough } from 'node:stream';
import type {
  ErrorBody,
  ImportFilePreview,
  ImportRun,
  ImportRunDetail,
  InventoryListRow,
  InventorySummaryRow,
  Page,
  ProductStock,
  Reservation,
  StockMovement,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/** Stock figures that stay right: backdated overrides from the book as at their day, and reserved stock. */

let ta: TestApp;
let admin: ApiClient;
let adminToken: string;
beforeAll(async () => {
  ta = await startTestApp();
  const a = await clientWith(ta, ALL_PERMISSIONS);
  admin = a.api;
  adminToken = a.tokens.accessToken;
});
afterAll(() => ta.close());

let n = 0;
async function product(extra: { cost_price?: string } = {}) {
  n += 1;
  const row = await ta.t.db
    .insertInto('products')
    .values({ sku: `FIG-${n}-${Date.now() % 100000}`, name: `Figures test ${n}`, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function warehouse(allowNegative = false) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `FW${n}`, name: `Warehouse ${n}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, allow_negative_stock: allowNegative })
    .execute();
  return w.id;
}
async function bin(warehouseId: string, code: string) {
  const row = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouseId, code })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
const D = (v: string | number) => new Decimal(v);

function postNow(lines: PostLine[], postedOn?: string) {
  return ta.t.db
    .transaction()
    .execute((tx) =>
      post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: postedOn ?? null, lines }),
    );
}

/** On hand of a bin from the ledger as at the end of a day (London), or now. */
async function binAsAt(productId: string, locationId: string, day?: string) {
  const row = await ta.t.db
    .selectFrom('stock_movements')
    .select(sql<string>`coalesce(sum(quantity), 0)`.as('q'))
    .where('product_id', '=', productId)
    .where('location_id', '=', locationId)
    .where('bucket', '=', 'STOCK')
    .$if(day !== undefined, (q) =>
      q.where(sql<boolean>`posted_at < ((${day}::date + 1)::timestamp AT TIME ZONE 'Europe/London')`),
    )
    .executeTakeFirstOrThrow();
  return D(row.q).toFixed();
}

async function expectBalanced() {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
}

describe('a backdated override posts the difference from the book as at its day and bin', () => {
  it('+30 on day 1, −10 on day 3, counted 50 on day 2: book 30, difference +20; day 2 reads 50, today 40', async () => {
    const p = await product({ cost_price: '2' });
    const w = await warehouse();
    const a = await bin(w, 'BD-1');
    const [day1, day2, day3] = [daysAgo(10), daysAgo(9), daysAgo(8)];
    const adjust = (quantity: string, postedOn: string) =>
      admin.post('/api/stock/adjustments', {
        reason: 'Backdated',
        postedOn,
        lines: [{ productId: p, warehouseId: w, locationId: a, quantity }],
      });
    expect((await adjust('30', day1)).status).toBe(201);
    expect((await adjust('-10', day3)).status).toBe(201);
    const override = await admin.post<{ bookQuantity: string; difference: string; movements: StockMovement[] }>(
      '/api/manual-stock/overrides',
      { productId: p, warehouseId: w, locationId: a, countedQuantity: '50', reason: 'Counted', postedOn: day2 },
    );
    expect(override.status, JSON.stringify(override.body)).toBe(201);
    expect([override.body.bookQuantity, override.body.difference]).toEqual(['30', '20']);
    expect(override.body.movements.map((m) => m.quantity)).toEqual(['20']);
    expect(await binAsAt(p, a, day2)).toBe('50');
    expect(await binAsAt(p, a)).toBe('40');
    // Counting what the book said on that day posts nothing.
    const same = await admin.post<ErrorBody>('/api/manual-stock/overrides', {
      productId: p,
      warehouseId: w,
      locationId: a,
      countedQuantity: '30',
      reason: 'Counted again',
      postedOn: day1,
    });
    expect([same.status, same.body.code]).toEqual([422, 'NOTHING_TO_POST']);
    await expectBalanced();
  });

  it('the book as at a day is the bin’s own: other bins and later days do not count', async () => {
    const p = await product({ cost_price: '1' });
    const w = await warehouse();
    const a = await bin(w, 'BD-A');
    const b = await bin(w, 'BD-B');
    await postNow(
      [
        { productId: p, warehouseId: w, locationId: a, kind: 'RECEIPT', quantity: D(5), unitCost: D(1) },
        { productId: p, warehouseId: w, locationId: b, kind: 'RECEIPT', quantity: D(7), unitCost: D(1) },
      ],
      daysAgo(6),
    );
    await postNow([{ productId: p, warehouseId: w, locationId: a, kind: 'RECEIPT', quantity: D(4), unitCost: D(1) }]);
    const override = await admin.post<{ bookQuantity: string; difference: string }>('/api/manual-stock/overrides', {
      productId: p,
      warehouseId: w,
      locationId: a,
      countedQuantity: '3',
      reason: 'Two missing',
      postedOn: daysAgo(5),
    });
    expect(override.status, JSON.stringify(override.body)).toBe(201);
    expect([override.body.bookQuantity, override.body.difference]).toEqual(['5', '-2']);
    expect(await binAsAt(p, a)).toBe('7');
    expect(await binAsAt(p, b)).toBe('7');
    await expectBalanced();
  });
});

async function skuOf(productId: string) {
  return (await ta.t.db.selectFrom('products').select('sku').where('id', '=', productId).executeTakeFirstOrThrow()).sku;
}
async function codeOf(warehouseId: string) {
  return (await ta.t.db.selectFrom('warehouses').select('code').where('id', '=', warehouseId).executeTakeFirstOrThrow())
    .code;
}
async function level(productId: string, warehouseId: string) {
  const l = await ta.t.db
    .selectFrom('stock_levels')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirstOrThrow();
  return {
    onHand: D(l.on_hand).toFixed(),
    reserved: D(l.reserved).toFixed(),
    short: D(l.reserved_short).toFixed(),
    available: D(l.available).toFixed(),
  };
}
const receipt = (productId: string, warehouseId: string, quantity: string, extra: Partial<PostLine> = {}) =>
  ({ productId, warehouseId, kind: 'RECEIPT', quantity: D(quantity), unitCost: D(2), ...extra }) as PostLine;
const out = (productId: string, warehouseId: string, kind: PostLine['kind'], quantity: string) =>
  ({ productId, warehouseId, kind, quantity: D(quantity).neg() }) as PostLine;
async function reserve(productId: string, warehouseId: string, quantity: string, sourceId = 'SO-1') {
  const r = await admin.post<Reservation>('/api/stock/reservations', {
    productId,
    warehouseId,
    quantity,
    sourceType: 'sales_order',
    sourceId,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}
const reservation = async (id: string) => (await admin.get<Reservation>(`/api/stock/reservations/${id}`)).body;
const adjust = (productId: string, warehouseId: string, quantity: string) =>
  admin.post<ErrorBody>('/api/stock/adjustments', {
    reason: 'Damaged in the warehouse',
    lines: [{ productId, warehouseId, quantity }],
  });

describe('reserved stock: a physical loss may take it and marks the reservations it breaks short', () => {
  it('on hand 10, reserved 4 + 6, one damaged: the newest is 1 short, everywhere; issuing it issues what is there', async () => {
    const p = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '10')]);
    const older = await reserve(p, w, '4', 'SO-OLD');
    const newer = await reserve(p, w, '6', 'SO-NEW');
    const loss = await adjust(p, w, '-1');
    expect(loss.status, JSON.stringify(loss.body)).toBe(201);
    expect(await level(p, w)).toEqual({ onHand: '9', reserved: '10', short: '1', available: '-1' });
    expect(await reservation(older)).toMatchObject({ openQuantity: '4', shortQuantity: '0' });
    expect(await reservation(newer)).toMatchObject({ openQuantity: '6', shortQuantity: '1', status: 'OPEN' });
    // Visible on the inventory screens' figures.
    const sku = await skuOf(p);
    const summary = await admin.get<Page<InventorySummaryRow>>(`/api/inventory/summary?q=${sku}`);
    expect(summary.body.items).toMatchObject([{ onHand: '9', reserved: '10', short: '1', available: '-1' }]);
    const totals = await admin.get<{ short: string }>(`/api/inventory/summary/totals?q=${sku}`);
    expect(totals.body.short).toBe('1');
    const list = await admin.get<Page<InventoryListRow>>(`/api/inventory/list?productId=${p}`);
    expect(list.body.items.map((r) => r.warehouseShort)).toEqual(['1']);
    const stock = await admin.get<ProductStock>(`/api/inventory/products/${p}`);
    expect(stock.body.warehouses.map((x) => x.short)).toEqual(['1']);
    // Logged against the reservation, and told to its document through the outbox.
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select(['action', 'after'])
      .where('entity', '=', 'stock_reservation')
      .where('entity_id', '=', newer)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'mark_short']);
    const events = await ta.t.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('type', '=', 'stock.reservation_short_changed')
      .where('key', '=', newer)
      .execute();
    expect(events.map((e) => (e.payload as { shortQuantity: string; sourceId: string }).sourceId)).toEqual(['SO-NEW']);

    // Nothing else may take available lower: an issue, a transfer, bundling are refused.
    for (const kind of ['ISSUE', 'TRANSFER_OUT', 'BUNDLE_CONSUME'] as const)
      await expect(postNow([out(p, w, kind, '1')])).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    // Only a physical loss may be told to take reserved stock.
    await expect(postNow([{ ...out(p, w, 'ISSUE', '1'), keepAvailable: false }])).rejects.toThrow(/physical loss/);
    // Asking for more than is there is refused before anything moves.
    const tooMuch = await admin.post<ErrorBody>(`/api/stock/reservations/${newer}/issue`, { quantity: '6' });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'RESERVATION_SHORT']);
    expect(tooMuch.body.details).toMatchObject({ short: '1', issuable: '5', requested: '6' });
    expect(await level(p, w)).toEqual({ onHand: '9', reserved: '10', short: '1', available: '-1' });
    // Without a quantity: what is there; the short unit stays reserved.
    const issued = await admin.post<{ reservation: Reservation; movements: StockMovement[] }>(
      `/api/stock/reservations/${newer}/issue`,
      {},
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.movements.map((m) => m.quantity)).toEqual(['-5']);
    expect(issued.body.reservation).toMatchObject({ status: 'OPEN', openQuantity: '1', shortQuantity: '1' });
    const nothing = await admin.post<ErrorBody>(`/api/stock/reservations/${newer}/issue`, {});
    expect([nothing.status, nothing.body.code]).toEqual([409, 'RESERVATION_SHORT']);
    // The older reservation is whole and issues as it always did.
    const whole = await admin.post(`/api/stock/reservations/${older}/issue`, {});
    expect(whole.status).toBe(200);
    expect(await level(p, w)).toEqual({ onHand: '0', reserved: '1', short: '1', available: '-1' });
    // Stock coming in makes it whole again, and it issues.
    await postNow([receipt(p, w, '3')]);
    expect(await reservation(newer)).toMatchObject({ openQuantity: '1', shortQuantity: '0' });
    expect(await level(p, w)).toEqual({ onHand: '3', reserved: '1', short: '0', available: '2' });
    expect((await admin.post(`/api/stock/reservations/${newer}/issue`, {})).status).toBe(200);
    await expectBalanced();
  });

  it('overrides, counts, write-offs and imports are losses too; a release gives its stock to the short ones', async () => {
    const p = await product({ cost_price: '2' });
    const w = await warehouse();
    const a = await bin(w, 'RS-1');
    await postNow([receipt(p, w, '10', { locationId: a })]);
    const first = await reserve(p, w, '5', 'SO-A');
    const second = await reserve(p, w, '5', 'SO-B');
    const override = await admin.post('/api/manual-stock/overrides', {
      productId: p,
      warehouseId: w,
      locationId: a,
      countedQuantity: '8',
      reason: 'Two missing',
    });
    expect(override.status, JSON.stringify(override.body)).toBe(201);
    expect(await reservation(second)).toMatchObject({ shortQuantity: '2' });
    await postNow([{ ...out(p, w, 'COUNT', '1'), locationId: a }]);
    await postNow([out(p, w, 'WRITE_OFF', '1')]);
    expect(await level(p, w)).toEqual({ onHand: '6', reserved: '10', short: '4', available: '-4' });
    expect((await reservation(second)).shortQuantity).toBe('4');
    // An inventory upload setting the bin to 4: two more gone, now the older one is short too.
    const upload = await uploadSheet([[await skuOf(p), await codeOf(w), 'RS-1', '4', '', '']]);
    const run = await admin.post<ImportRun>('/api/inventory-imports', { fileName: upload, mode: 'set' });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    expect((await waitForRun(run.body.id)).status).toBe('APPLIED');
    expect(await level(p, w)).toEqual({ onHand: '4', reserved: '10', short: '6', available: '-6' });
    expect([(await reservation(first)).shortQuantity, (await reservation(second)).shortQuantity]).toEqual(['1', '5']);
    // Releasing the older one gives the 4 there to the newer: only 1 of it is short now.
    expect((await admin.post(`/api/stock/reservations/${first}/release`)).status).toBe(200);
    expect(await reservation(first)).toMatchObject({ shortQuantity: '0', status: 'RELEASED' });
    expect(await reservation(second)).toMatchObject({ shortQuantity: '1', openQuantity: '5' });
    expect(await level(p, w)).toEqual({ onHand: '4', reserved: '5', short: '1', available: '-1' });
    await expectBalanced();
  });

  it('a warehouse that allows negative stock keeps no short marks: its reservations issue anyway', async () => {
    const p = await product();
    const w = await warehouse(true);
    await postNow([receipt(p, w, '3')]);
    const r = await reserve(p, w, '3');
    expect((await adjust(p, w, '-2')).status).toBe(201);
    expect(await reservation(r)).toMatchObject({ shortQuantity: '0' });
    expect((await admin.post(`/api/stock/reservations/${r}/issue`, {})).status).toBe(200);
    expect(await level(p, w)).toMatchObject({ onHand: '-2', reserved: '0', short: '0' });
    await expectBalanced();
  });
});

describe('reserved stock under concurrency', () => {
  it('10 reservations and 10 damaged units racing on 10: every unit reserved and lost is marked short', async () => {
    const p = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '10')]);
    // Started alternately, so that they meet at the level row in no particular order.
    const reserving: Promise<{ status: number; body: Reservation & ErrorBody }>[] = [];
    const losing: Promise<{ status: number; body: ErrorBody }>[] = [];
    for (let i = 0; i < 10; i += 1) {
      losing.push(adjust(p, w, '-1'));
      reserving.push(
        admin.post<Reservation & ErrorBody>('/api/stock/reservations', {
          productId: p,
          warehouseId: w,
          quantity: '1',
          sourceId: `SO-${i}`,
        }),
      );
    }
    const [reserved, lost] = await Promise.all([Promise.all(reserving), Promise.all(losing)]);
    const reservations = reserved.filter((a) => a.status === 201);
    expect(
      reserved.filter((a) => a.status !== 201).every((a) => a.status === 409 && a.body.code === 'INSUFFICIENT_STOCK'),
    ).toBe(true);
    // Losses are physical: all ten happened, whatever was reserved.
    expect(lost.map((a) => a.status)).toEqual(Array(10).fill(201));
    const k = reservations.length;
    expect(await level(p, w)).toEqual({ onHand: '0', reserved: String(k), short: String(k), available: String(-k) });
    const shorts = await Promise.all(reservations.map(async (r) => (await reservation(r.body.id)).shortQuantity));
    expect(shorts.every((s) => s === '1')).toBe(true);
    const summary = await admin.get<Page<InventorySummaryRow>>(`/api/inventory/summary?q=${await skuOf(p)}`);
    expect(summary.body.items[0]?.short).toBe(String(k));
    const check = await admin.get<{ ok: boolean; differences: unknown[] }>('/api/stock/check');
    expect(check.body.differences).toEqual([]);
  });

  it('reservations, issues, releases, losses and receipts racing: available is never below what is marked short', async () => {
    const p = await product();
    const w = await warehouse();
    await postNow([receipt(p, w, '10')]);
    const held = await Promise.all(Array.from({ length: 4 }, (_, i) => reserve(p, w, '2', `SO-R${i}`)));
    const answers: Promise<{ status: number; body: unknown }>[] = [];
    const direct: Promise<unknown>[] = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push(adjust(p, w, '-1'));
      answers.push(admin.post('/api/stock/reservations', { productId: p, warehouseId: w, quantity: '1' }));
      direct.push(postNow([out(p, w, 'ISSUE', '1')]).catch((e: { code?: string }) => e.code));
      if (i < 4) answers.push(admin.post(`/api/stock/reservations/${held[i]}/${i % 2 ? 'release' : 'issue'}`, {}));
      if (i % 3 === 0) direct.push(postNow([receipt(p, w, '1')]));
    }
    // Whatever met whom: answered or refused with a code, never a failure (a deadlock would be one).
    for (const a of await Promise.all(answers))
      if (a.status === 409) expect(['INSUFFICIENT_STOCK', 'RESERVATION_SHORT']).toContain((a.body as ErrorBody).code);
      else expect([200, 201]).toContain(a.status);
    for (const d of await Promise.all(direct)) if (typeof d === 'string') expect(d).toBe('INSUFFICIENT_STOCK');
    const l = await level(p, w);
    expect(D(l.short).toFixed()).toBe(Decimal.max(D(l.reserved).sub(Decimal.max(D(l.onHand), 0)), 0).toFixed());
    expect(D(l.available).add(l.short).gte(0)).toBe(true);
    expect(D(l.onHand).gte(0)).toBe(true);
    await expectBalanced();
  });
});

/** An inventory upload of these rows (SKU, warehouse, bin, quantity, unit cost, reason); answers its file name. */
async function uploadSheet(rows: (string | null)[][]) {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true });
  const ws = workbook.addWorksheet('Sheet1');
  ws.addRow(['SKU', 'Warehouse', 'Bin', 'Qty', 'Unit cost', 'Reason']).commit();
  for (const row of rows) ws.addRow(row).commit();
  ws.commit();
  await workbook.commit();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.concat(chunks))]), 'stock.xlsx');
  const res = await fetch(`${ta.baseUrl}/api/import-files?kind=inventory`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, cookie: 'XSRF-TOKEN=t0k3n', 'x-xsrf-token': 't0k3n' },
    body: form,
  });
  const body = (await res.json()) as ImportFilePreview;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.file.fileName;
}

async function waitForRun(id: string): Promise<ImportRunDetail> {
  const until = Date.now() + 25_000;
  for (;;) {
    const res = await admin.get<ImportRunDetail>(`/api/inventory-imports/${id}`);
    if (res.body.status === 'APPLIED' || res.body.status === 'FAILED') return res.body;
    if (Date.now() > until) throw new Error(`run ${id} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
