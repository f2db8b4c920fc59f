import type {
  ErrorBody,
  Page,
  StockCount,
  StockCountLine,
  StockCountPostResult,
  StockCountScanResult,
  StockCountTotals,
  StockCountVariances,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, apiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
/** Counts (handle_inventory_stock_process) but does not approve. */
let counter: ApiClient;
/** Approves (approve_inventory_stock_process) but does not count. */
let approver: ApiClient;
/** Neither. */
let outsider: ApiClient;
/** Bearer tokens, for downloads (which are not JSON). */
const tokens: Record<'counter' | 'approver', string> = { counter: '', approver: '' };
beforeAll(async () => {
  ta = await startTestApp();
  const signedIn = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['handle_inventory_stock_process']),
    clientWith(ta, ['approve_inventory_stock_process']),
    clientWith(ta, ['view_warehouse']),
  ]);
  [admin, counter, approver, outsider] = signedIn.map((c) => c.api) as [ApiClient, ApiClient, ApiClient, ApiClient];
  tokens.counter = signedIn[1]?.tokens.accessToken ?? '';
  tokens.approver = signedIn[2]?.tokens.accessToken ?? '';
});
afterAll(() => ta.close());

let n = 0;
const D = (v: string | number) => new Decimal(v);

async function product(extra: { cost_price?: string; kind?: string } = {}) {
  n += 1;
  const row = await ta.t.db
    .insertInto('products')
    .values({ sku: `CNT-${n}-${Date.now() % 100000}`, name: `Count test ${n}`, ...extra })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  return row;
}

/** An EAN-13 with its check digit, from 12 digits. */
function ean13(first12: string) {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

async function warehouse(allowNegative = false) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `WC${n}`, name: `Count warehouse ${n}`, kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, allow_negative_stock: allowNegative })
    .execute();
  return w;
}

async function bin(warehouseId: string, code: string, zone = '') {
  const row = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouseId, code, zone })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function postNow(lines: PostLine[]) {
  return ta.t.db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: null, lines }));
}
const receipt = (productId: string, warehouseId: string, locationId: string | null, quantity: string, cost: string) =>
  ({ productId, warehouseId, locationId, kind: 'RECEIPT', quantity: D(quantity), unitCost: D(cost) }) as PostLine;
const issue = (productId: string, warehouseId: string, locationId: string | null, quantity: string) =>
  ({ productId, warehouseId, locationId, kind: 'ISSUE', quantity: D(quantity).neg() }) as PostLine;

async function binQuantity(productId: string, warehouseId: string, locationId: string | null) {
  const row = await ta.t.db
    .selectFrom('stock_bin_balances')
    .select('on_hand')
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .where(sql<boolean>`location_id IS NOT DISTINCT FROM ${locationId}::uuid`)
    .executeTakeFirst();
  return D(row?.on_hand ?? 0).toFixed();
}

async function expectBalanced() {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
}

let keys = 0;
const key = () => ({ 'idempotency-key': `count-${Date.now()}-${++keys}` });

async function start(client: ApiClient, body: Record<string, unknown>) {
  return client.post<StockCount & ErrorBody>('/api/stock-counts', body, key());
}
async function scan(client: ApiClient, id: string, body: Record<string, unknown>) {
  return client.post<StockCountScanResult & ErrorBody>(`/api/stock-counts/${id}/scans`, body, key());
}
async function lines(client: ApiClient, id: string, query = '') {
  const res = await client.get<Page<StockCountLine> & { totals: StockCountTotals }>(
    `/api/stock-counts/${id}/lines?pageSize=200${query}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const lineOf = (page: Page<StockCountLine>, sku: string, bin?: string | null) =>
  page.items.find((l) => l.product.sku === sku && (bin === undefined || (l.location?.code ?? null) === bin));

const countMovements = async (sourceId: string) =>
  Number(
    (
      await ta.t.db
        .selectFrom('stock_movements')
        .select(sql<string>`count(*)`.as('n'))
        .where('source_type', '=', 'stock_count')
        .where('source_id', '=', sourceId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('counting sessions', () => {
  it('start, scan by SKU and barcode, set, submit and post: differences at FIFO and found cost, kind COUNT', async () => {
    const w = await warehouse();
    const binACode = `A-${n}`;
    const binA = await bin(w.id, binACode, 'AISLE-A');
    const binB = await bin(w.id, `B-${n}`, 'AISLE-B');
    const a = await product();
    const b = await product();
    const c = await product();
    const barcode = ean13(`50${String(Date.now()).slice(-10)}`);
    await ta.t.db.insertInto('product_barcodes').values({ product_id: b.id, position: 0, barcode }).execute();
    await postNow([receipt(a.id, w.id, binA, '5', '2.00')]);
    await postNow([receipt(a.id, w.id, binA, '5', '3.00')]);
    await postNow([receipt(b.id, w.id, binB, '4', '1.50'), receipt(c.id, w.id, null, '2', '1.00')]);

    const started = await start(admin, { warehouseId: w.id, notes: 'Quarterly' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const count = started.body;
    expect(count.number).toMatch(new RegExp(`^CNT-${new Date().getFullYear()}-\\d{5}$`));
    expect(count).toMatchObject({ status: 'OPEN', lineCount: 3, countedLineCount: 0, zone: null, showsBook: true });
    const snapshot = await lines(admin, count.id);
    expect(lineOf(snapshot, a.sku)).toMatchObject({ bookQuantity: '10', countedQuantity: null, expected: true });
    expect(lineOf(snapshot, c.sku)?.location).toBeNull();

    // SKU typed in lower case, bin by code, default quantity 1, twice.
    const first = await scan(counter, count.id, { code: a.sku.toLowerCase(), location: binACode.toLowerCase() });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ added: false, quantity: '1', line: { countedQuantity: '1' } });
    await scan(counter, count.id, { code: a.sku, location: binA, quantity: '6' });
    // The barcode, the bin left out: the product is in one line of the session.
    const byBarcode = await scan(counter, count.id, { code: barcode, quantity: '6' });
    expect(byBarcode.status, JSON.stringify(byBarcode.body)).toBe(201);
    expect(byBarcode.body.line).toMatchObject({ product: { sku: b.sku }, countedQuantity: '6', difference: '2' });
    // A mistaken scan taken back.
    const back = await scan(counter, count.id, { code: barcode, quantity: '1' });
    expect(back.body.line.countedQuantity).toBe('7');
    expect((await scan(counter, count.id, { code: barcode, quantity: '-1' })).body.line.countedQuantity).toBe('6');

    const review = await lines(admin, count.id);
    expect(lineOf(review, a.sku)).toMatchObject({
      bookQuantity: '10',
      countedQuantity: '7',
      difference: '-3',
      unitCost: '2.0000',
      differenceValue: '-6.00',
    });
    expect(lineOf(review, b.sku)).toMatchObject({ difference: '2', unitCost: '1.5000', differenceValue: '3.00' });
    expect(review.totals).toMatchObject({
      lines: 3,
      counted: 2,
      uncounted: 1,
      withVariance: 2,
      gainValue: '3.00',
      lossValue: '-6.00',
      differenceValue: '-3.00',
    });
    const onlyVariance = await lines(admin, count.id, '&view=variance&sort=value');
    expect(onlyVariance.items.map((l) => l.product.sku)).toEqual([a.sku, b.sku]);
    const byZone = await admin.get<StockCountVariances>(`/api/stock-counts/${count.id}/variances?by=zone`);
    expect(byZone.body.groups.map((g) => [g.label, g.differenceValue])).toEqual([
      ['AISLE-A', '-6.00'],
      ['AISLE-B', '3.00'],
    ]);

    // Posting before submitting is refused; submitting closes counting.
    expect((await admin.post<ErrorBody>(`/api/stock-counts/${count.id}/post`, {})).body.code).toBe(
      'STOCK_COUNT_STATUS_CONFLICT',
    );
    const submitted = await counter.post<StockCount>(`/api/stock-counts/${count.id}/submit`);
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', countedLineCount: 2 });
    const late = await scan(counter, count.id, { code: a.sku, location: binA });
    expect([late.status, late.body.code]).toEqual([409, 'STOCK_COUNT_STATUS_CONFLICT']);

    const posted = await approver.post<StockCountPostResult>(`/api/stock-counts/${count.id}/post`, {}, key());
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.count.status).toBe('POSTED');
    expect(posted.body.totals).toMatchObject({ posted: 2, moved: 0, gainValue: '3.00', lossValue: '-6.00' });
    const movements = await ta.t.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity', 'value', 'product_id', 'location_id', 'source_line'])
      .where('source_type', '=', 'stock_count')
      .where('source_id', '=', count.id)
      .orderBy('id')
      .execute();
    expect(movements.map((m) => [m.kind, D(m.quantity).toFixed(), D(m.value).toFixed(2), m.location_id])).toEqual([
      ['COUNT', '-3', '-6.00', binA],
      ['COUNT', '2', '3.00', binB],
    ]);
    expect(await binQuantity(a.id, w.id, binA)).toBe('7');
    expect(await binQuantity(b.id, w.id, binB)).toBe('6');
    // Not counted: left as it was.
    expect(await binQuantity(c.id, w.id, null)).toBe('2');
    const after = await lines(admin, count.id);
    expect(lineOf(after, a.sku)?.posted).toMatchObject({ bookQuantity: '10', difference: '-3', value: '-6.00' });

    // Closed: no second posting, no cancelling.
    const again = await approver.post<ErrorBody>(`/api/stock-counts/${count.id}/post`, {});
    expect([again.status, again.body.code]).toEqual([409, 'STOCK_COUNT_STATUS_CONFLICT']);
    expect((await admin.post<ErrorBody>(`/api/stock-counts/${count.id}/cancel`)).body.code).toBe(
      'STOCK_COUNT_STATUS_CONFLICT',
    );
    expect(await countMovements(count.id)).toBe(2);
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'stock_count')
      .where('entity_id', '=', count.number)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['create', 'scan', 'scan', 'scan', 'scan', 'scan', 'submit', 'post']);
    await expectBalanced();
  });

  it('refuses unknown codes, bins outside the zone and ambiguous scans with clear codes, changing nothing', async () => {
    const w = await warehouse();
    const inZone = await bin(w.id, `Z1-${n}`, 'cold');
    const other = await bin(w.id, `Z2-${n}`, 'cold');
    const dryCode = `X-${n}`;
    await bin(w.id, dryCode, 'dry');
    const p = await product({ cost_price: '1.00' });
    const service = await product({ kind: 'SERVICE' });
    await postNow([receipt(p.id, w.id, inZone, '3', '1'), receipt(p.id, w.id, other, '1', '1')]);
    const unknownZone = await start(counter, { warehouseId: w.id, zone: 'frozen' });
    expect([unknownZone.status, unknownZone.body.code]).toEqual([422, 'STOCK_COUNT_UNKNOWN_ZONE']);
    const count = (await start(counter, { warehouseId: w.id, zone: 'COLD' })).body;
    expect(count.zone).toBe('cold');
    expect(count.lineCount).toBe(2);

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ code: 'NO-SUCH-SKU', location: inZone }, 422, 'STOCK_COUNT_UNKNOWN_CODE'],
      [{ code: '4006381333931', location: inZone }, 422, 'STOCK_COUNT_UNKNOWN_CODE'],
      [{ code: p.sku, location: 'NOWHERE' }, 422, 'STOCK_COUNT_UNKNOWN_LOCATION'],
      [{ code: p.sku, location: dryCode }, 422, 'STOCK_COUNT_LOCATION_NOT_IN_ZONE'],
      [{ code: p.sku }, 422, 'STOCK_COUNT_LOCATION_REQUIRED'],
      [{ code: service.sku, location: inZone }, 422, 'PRODUCT_NOT_STOCKED'],
      [{ code: p.sku, location: inZone, quantity: '-1' }, 422, 'STOCK_COUNT_BELOW_ZERO'],
      [{ code: p.sku, location: inZone, quantity: '0' }, 400, 'VALIDATION_FAILED'],
      [{ code: '', location: inZone }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await scan(counter, count.id, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
      expect(res.body.message).toBeTruthy();
    }
    const unchanged = await lines(counter, count.id);
    expect(unchanged.totals.counted).toBe(0);
    expect(unchanged.items).toHaveLength(2);

    // A product found where none was expected: a line of its own, book 0.
    const stray = await product({ cost_price: '4.00' });
    const found = await scan(counter, count.id, { code: stray.sku, location: other, quantity: '2' });
    expect(found.status, JSON.stringify(found.body)).toBe(201);
    expect(found.body).toMatchObject({
      added: true,
      line: { expected: false, bookQuantity: '0', countedQuantity: '2', difference: '2', differenceValue: '8.00' },
    });
    const submittedEmpty = await counter.post<ErrorBody>(`/api/stock-counts/${count.id}/submit`);
    expect(submittedEmpty.status).toBe(200);
    await expectBalanced();
  });

  it('a blind session hides book quantities, differences and values from counters, not from approvers', async () => {
    const w = await warehouse();
    const b1 = await bin(w.id, `BL-${n}`);
    const p = await product();
    await postNow([receipt(p.id, w.id, b1, '9', '2.50')]);
    const count = (await start(counter, { warehouseId: w.id, blind: true })).body;
    expect(count).toMatchObject({ blind: true, showsBook: false });
    const s = await scan(counter, count.id, { code: p.sku, location: b1, quantity: '8' });
    expect(s.body.line).toMatchObject({
      bookQuantity: null,
      currentQuantity: null,
      difference: null,
      differenceValue: null,
      countedQuantity: '8',
    });
    const seen = await lines(counter, count.id, '&view=variance&sort=-value');
    expect(seen.items).toHaveLength(1);
    expect(seen.items[0]?.bookQuantity).toBeNull();
    expect(seen.totals).toMatchObject({ bookQuantity: null, differenceValue: null, withVariance: null, counted: 1 });
    const chart = await counter.get<StockCountVariances>(`/api/stock-counts/${count.id}/variances?by=product`);
    expect(chart.body).toEqual({ by: 'product', hidden: true, groups: [] });
    const exported = await fetch(`${ta.baseUrl}/api/stock-counts/${count.id}/lines/export`, {
      headers: {
        authorization: `Bearer ${tokens.counter}`,
      },
    });
    expect(exported.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported.arrayBuffer()) as ArrayBuffer);
    const headers = ((workbook.worksheets[0]?.getRow(1).values ?? []) as string[]).slice(1);
    expect(headers).toContain('Counted');
    expect(headers).not.toContain('Book');
    expect(headers).not.toContain('Difference');

    const open = await approver.get<StockCount>(`/api/stock-counts/${count.id}`);
    expect(open.body.showsBook).toBe(true);
    const reviewed = await lines(approver, count.id);
    expect(reviewed.items[0]).toMatchObject({ bookQuantity: '9', difference: '-1', differenceValue: '-2.50' });
    await counter.post(`/api/stock-counts/${count.id}/submit`);
    // Sent back for a recount, then submitted again.
    expect((await approver.post<StockCount>(`/api/stock-counts/${count.id}/reopen`)).body.status).toBe('OPEN');
    expect((await counter.post<StockCount>(`/api/stock-counts/${count.id}/submit`)).body.status).toBe('SUBMITTED');
    await approver.post(`/api/stock-counts/${count.id}/post`, {});
    // Posted: the ledger shows it, so the session does too.
    expect((await counter.get<StockCount>(`/api/stock-counts/${count.id}`)).body.showsBook).toBe(true);
    await expectBalanced();
  });

  it('posts the difference from the bin as it is when posted, not the snapshot; zeroes uncounted lines on request', async () => {
    const w = await warehouse();
    const b1 = await bin(w.id, `M1-${n}`);
    const b2 = await bin(w.id, `M2-${n}`);
    const b3 = await bin(w.id, `M3-${n}`);
    const sold = await product();
    const received = await product();
    const missing = await product();
    await postNow([
      receipt(sold.id, w.id, b1, '10', '1'),
      receipt(received.id, w.id, b2, '10', '2'),
      receipt(missing.id, w.id, b3, '4', '3'),
    ]);
    const count = (await start(admin, { warehouseId: w.id })).body;
    // Stock moves after the snapshot: 3 sold before the count, 5 received after it.
    await postNow([issue(sold.id, w.id, b1, '3')]);
    await scan(counter, count.id, { code: sold.sku, location: b1, quantity: '7' });
    await scan(counter, count.id, { code: received.sku, location: b2, quantity: '12' });
    await postNow([receipt(received.id, w.id, b2, '5', '2')]);
    await counter.post(`/api/stock-counts/${count.id}/submit`);
    const posted = await approver.post<StockCountPostResult>(
      `/api/stock-counts/${count.id}/post`,
      { zeroUncounted: true },
      key(),
    );
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const result = new Map(posted.body.lines.map((l) => [l.product.sku, l]));
    expect(result.get(sold.sku)).toMatchObject({
      bookQuantity: '10',
      currentQuantity: '7',
      countedQuantity: '7',
      difference: '0',
      movementId: null,
      moved: true,
    });
    expect(result.get(received.sku)).toMatchObject({
      bookQuantity: '10',
      currentQuantity: '15',
      countedQuantity: '12',
      difference: '-3',
      value: '-6.00',
      moved: true,
    });
    expect(result.get(missing.sku)).toMatchObject({ countedQuantity: '0', difference: '-4', value: '-12.00' });
    expect(posted.body.totals).toMatchObject({ posted: 2, moved: 2, lossValue: '-18.00' });
    expect(posted.body.count.zeroUncounted).toBe(true);
    expect(await binQuantity(sold.id, w.id, b1)).toBe('7');
    expect(await binQuantity(received.id, w.id, b2)).toBe('12');
    expect(await binQuantity(missing.id, w.id, b3)).toBe('0');
    await expectBalanced();
  });

  it('needs a unit cost for units found of a product without cost; refused posting changes nothing', async () => {
    const w = await warehouse();
    const b1 = await bin(w.id, `U-${n}`);
    const costless = await product();
    const count = (await start(admin, { warehouseId: w.id })).body;
    await scan(admin, count.id, { code: costless.sku, location: b1, quantity: '3' });
    await admin.post(`/api/stock-counts/${count.id}/submit`);
    const refused = await admin.post<ErrorBody>(`/api/stock-counts/${count.id}/post`, {});
    expect([refused.status, refused.body.code]).toEqual([422, 'UNIT_COST_REQUIRED']);
    expect(refused.body.message).toContain(costless.sku);
    expect((await admin.get<StockCount>(`/api/stock-counts/${count.id}`)).body.status).toBe('SUBMITTED');
    expect(await countMovements(count.id)).toBe(0);
    const posted = await admin.post<StockCountPostResult>(`/api/stock-counts/${count.id}/post`, {
      unitCosts: [{ productId: costless.id, unitCost: '2.25' }],
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.lines[0]).toMatchObject({ difference: '3', value: '6.75' });
    await expectBalanced();
  });

  it('checks permissions (401, 403) before anything, changing nothing', async () => {
    const w = await warehouse();
    const b1 = await bin(w.id, `P-${n}`);
    const p = await product({ cost_price: '1' });
    const anonymous = apiClient(ta);
    expect((await anonymous.get('/api/stock-counts')).status).toBe(401);
    expect((await outsider.get('/api/stock-counts')).status).toBe(403);
    expect((await start(outsider, { warehouseId: w.id })).status).toBe(403);
    expect((await start(approver, { warehouseId: w.id })).status).toBe(403);
    expect(await ta.t.db.selectFrom('stock_counts').select('id').where('warehouse_id', '=', w.id).execute()).toEqual(
      [],
    );
    const count = (await start(counter, { warehouseId: w.id })).body;
    expect((await approver.get('/api/stock-counts')).status).toBe(200);
    expect((await scan(approver, count.id, { code: p.sku, location: b1 })).status).toBe(403);
    await scan(counter, count.id, { code: p.sku, location: b1, quantity: '2' });
    await counter.post(`/api/stock-counts/${count.id}/submit`);
    expect((await counter.post(`/api/stock-counts/${count.id}/post`, {})).status).toBe(403);
    expect((await counter.post(`/api/stock-counts/${count.id}/reopen`)).status).toBe(403);
    expect((await outsider.post(`/api/stock-counts/${count.id}/cancel`)).status).toBe(403);
    expect((await admin.get<StockCount>(`/api/stock-counts/${count.id}`)).body.status).toBe('SUBMITTED');
    expect(await countMovements(count.id)).toBe(0);
    const canceled = await counter.post<StockCount>(`/api/stock-counts/${count.id}/cancel`);
    expect(canceled.body).toMatchObject({ status: 'CANCELED' });
    expect((await approver.post<ErrorBody>(`/api/stock-counts/${count.id}/post`, {})).body.code).toBe(
      'STOCK_COUNT_STATUS_CONFLICT',
    );
    await expectBalanced();
  });

  it('starts once per idempotency key, counts a retried scan once, adds up concurrent scans, refuses overlaps', async () => {
    const w = await warehouse();
    const b1 = await bin(w.id, `I-${n}`, 'north');
    const b2 = await bin(w.id, `J-${n}`, 'south');
    const p = await product({ cost_price: '1' });
    const startKey = key();
    const first = await admin.post<StockCount>('/api/stock-counts', { warehouseId: w.id, zone: 'north' }, startKey);
    const second = await admin.post<StockCount>('/api/stock-counts', { warehouseId: w.id, zone: 'north' }, startKey);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const overlapping = await start(admin, { warehouseId: w.id });
    expect([overlapping.status, overlapping.body.code]).toEqual([409, 'STOCK_COUNT_OVERLAP']);
    const south = await start(admin, { warehouseId: w.id, zone: 'south' });
    expect(south.status).toBe(201);

    const scanKey = key();
    const body = { code: p.sku, location: b1, quantity: '2' };
    await admin.post(`/api/stock-counts/${first.body.id}/scans`, body, scanKey);
    const replay = await admin.post<StockCountScanResult>(`/api/stock-counts/${first.body.id}/scans`, body, scanKey);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await Promise.all(
      Array.from({ length: 6 }, () => scan(counter, south.body.id, { code: p.sku, location: b2, quantity: '1' })),
    );
    expect(lineOf(await lines(admin, first.body.id), p.sku)?.countedQuantity).toBe('2');
    expect(lineOf(await lines(admin, south.body.id), p.sku)?.countedQuantity).toBe('6');
    const set = await counter.put<StockCountLine>(
      `/api/stock-counts/${south.body.id}/lines/${lineOf(await lines(admin, south.body.id), p.sku)?.id}`,
      { countedQuantity: '4.5' },
    );
    expect(set.body.countedQuantity).toBe('4.5');
    const list = await admin.get<Page<StockCount>>(`/api/stock-counts?warehouseId=${w.id}&sort=number`);
    expect(list.body.items.map((c) => c.id)).toEqual([first.body.id, south.body.id]);
    const exported = await fetch(`${ta.baseUrl}/api/stock-counts/export?warehouseId=${w.id}`, {
      headers: {
        authorization: `Bearer ${tokens.approver}`,
      },
    });
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    const empty = await start(admin, { warehouseId: (await warehouse()).id });
    expect((await admin.post<ErrorBody>(`/api/stock-counts/${empty.body.id}/submit`)).body.code).toBe(
      'STOCK_COUNT_NOTHING_COUNTED',
    );
    await expectBalanced();
  });
});
