import type { ErrorBody, Page, StockMovement, Transfer, TransferSummary } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
/** Everything but view_inventory_transfer. */
let blind: ApiClient;
/** Views, drafts, edits and cancels; does not move stock (no process_inventory_transfer). */
let clerk: ApiClient;
/** Views and moves stock (dispatch, receive); does not draft, edit or cancel. */
let operator: ApiClient;
let clerkToken: string;
beforeAll(async () => {
  ta = await startTestApp();
  // Sign-ins are the slow part of a test: four users, made once.
  const others = ALL_PERMISSIONS.filter((x) => !x.endsWith('_inventory_transfer'));
  const [a, b, c, o] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((x) => x !== 'view_inventory_transfer'),
    ),
    clientWith(ta, [
      ...others,
      'view_inventory_transfer',
      'add_inventory_transfer',
      'edit_inventory_transfer',
      'cancel_inventory_transfer',
    ]),
    clientWith(ta, [...others, 'view_inventory_transfer', 'process_inventory_transfer']),
  ]);
  admin = a.api;
  blind = b.api;
  clerk = c.api;
  clerkToken = c.tokens.accessToken;
  operator = o.api;
}, 120_000);
afterAll(() => ta.close());

const D = (v: string | number) => new Decimal(v);
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

let n = 0;
async function product(extra: { unit?: string; kind?: string; active?: boolean } = {}) {
  n += 1;
  const sku = `TRF-${n}-${Date.now() % 100000}`;
  const row = await ta.t.db
    .insertInto('products')
    .values({ sku, name: `Transfer test ${n}`, ...extra })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  return row;
}
async function warehouse(opts: { active?: boolean; receivingBin?: string } = {}) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `TW${n}`, name: `Transfer warehouse ${n}`, kind: 'OWN', active: opts.active ?? true })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const receiving = opts.receivingBin ? await bin(w.id, opts.receivingBin) : null;
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: receiving })
    .execute();
  return { ...w, receivingBin: receiving };
}
async function bin(warehouseId: string, code: string, active = true) {
  const row = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouseId, code, active })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stock put in place as a receipt would, in a transaction of its own. */
function receive(
  productId: string,
  warehouseId: string,
  quantity: string,
  unitCost: string,
  extra: Partial<PostLine> = {},
  postedOn?: string,
) {
  return ta.t.db.transaction().execute((tx) =>
    post(
      { db: tx, user: null },
      {
        sourceType: 'test',
        sourceId: null,
        postedOn: postedOn ?? null,
        lines: [{ productId, warehouseId, kind: 'RECEIPT', quantity: D(quantity), unitCost: D(unitCost), ...extra }],
      },
    ),
  );
}

async function level(productId: string, warehouseId: string) {
  const l = await ta.t.db
    .selectFrom('stock_levels')
    .selectAll()
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return {
    onHand: D(l?.on_hand ?? 0).toFixed(),
    inTransit: D(l?.in_transit ?? 0).toFixed(),
    reserved: D(l?.reserved ?? 0).toFixed(),
    value: D(l?.value ?? 0).toFixed(2),
  };
}
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
async function movementCount() {
  const row = await ta.t.db
    .selectFrom('stock_movements')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
async function expectBalanced() {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
  expect(check.ok).toBe(true);
}

interface Step {
  transfer: Transfer;
  movements: StockMovement[];
}

async function draft(
  from: string,
  to: string,
  lines: { productId: string; quantity: string; fromLocationId?: string | null; toLocationId?: string | null }[],
  client: ApiClient = admin,
) {
  const res = await client.post<Transfer>('/api/inventory-transfers', {
    fromWarehouseId: from,
    toWarehouseId: to,
    lines,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const dispatch = (id: string, client: ApiClient = admin) =>
  client.post<Step & ErrorBody>(`/api/inventory-transfers/${id}/dispatch`);
const receipt = (id: string, body: unknown, client: ApiClient = admin) =>
  client.post<Step & ErrorBody>(`/api/inventory-transfers/${id}/receive`, body);
const detail = async (id: string) => (await admin.get<Transfer>(`/api/inventory-transfers/${id}`)).body;

describe('a transfer’s life: draft, dispatch, receipt', () => {
  it('carries the FIFO layers with their cost and received date through transit into the destination bin', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse({ receivingBin: 'RECV' });
    const shelf = await bin(to.id, 'B-01');
    await receive(p.id, from.id, '3', '1.00', {}, daysAgo(6));
    await receive(p.id, from.id, '3', '2.00', {}, daysAgo(5));

    const created = await draft(from.id, to.id, [{ productId: p.id, quantity: '4', toLocationId: shelf }]);
    expect(created).toMatchObject({ status: 'DRAFT', fromWarehouse: { id: from.id }, toWarehouse: { id: to.id } });
    expect(created.number).toMatch(new RegExp(`^TR-${new Date().getFullYear()}-\\d{5}$`));
    expect(created.lines).toMatchObject([
      { lineNo: 1, quantity: '4', dispatchedQuantity: '0', toLocation: { id: shelf, code: 'B-01' }, closed: false },
    ]);
    // A draft moves nothing.
    expect(await level(p.id, from.id)).toMatchObject({ onHand: '6', value: '9.00' });

    const sent = await dispatch(created.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.transfer).toMatchObject({ status: 'DISPATCHED' });
    expect(sent.body.transfer.dispatchedAt).not.toBeNull();
    expect(sent.body.movements.map((m) => [m.kind, m.bucket, m.warehouse.id, m.quantity, m.value])).toEqual([
      ['TRANSFER_OUT', 'STOCK', from.id, '-4', '-5.00'],
      ['TRANSFER_IN', 'TRANSIT', to.id, '4', '5.00'],
    ]);
    expect(sent.body.transfer.lines[0]).toMatchObject({
      dispatchedQuantity: '4',
      inTransitQuantity: '4',
      dispatchedValue: '5.00',
      inTransitValue: '5.00',
    });
    expect(await level(p.id, from.id)).toMatchObject({ onHand: '2', value: '4.00' });
    expect(await level(p.id, to.id)).toMatchObject({ onHand: '0', inTransit: '4', value: '5.00' });
    const transit = await ta.t.db
      .selectFrom('stock_layers')
      .selectAll()
      .where('product_id', '=', p.id)
      .where('warehouse_id', '=', to.id)
      .orderBy('received_at')
      .execute();
    expect(
      transit.map((l) => [
        l.bucket,
        D(l.remaining).toFixed(),
        D(l.unit_cost).toFixed(2),
        l.received_at.toISOString().slice(0, 10),
      ]),
    ).toEqual([
      ['TRANSIT', '3', '1.00', daysAgo(6)],
      ['TRANSIT', '1', '2.00', daysAgo(5)],
    ]);
    await expectBalanced();

    const got = await receipt(created.id, { lines: [{ lineId: created.lines[0]?.id, quantity: '4' }] });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body.transfer).toMatchObject({ status: 'RECEIVED' });
    expect(got.body.transfer.receivedAt).not.toBeNull();
    expect(got.body.movements.map((m) => [m.kind, m.bucket, m.location?.code ?? null, m.quantity, m.value])).toEqual([
      ['TRANSIT_OUT', 'TRANSIT', null, '-4', '-5.00'],
      ['TRANSIT_IN', 'STOCK', 'B-01', '4', '5.00'],
    ]);
    expect(got.body.transfer.lines[0]).toMatchObject({
      receivedQuantity: '4',
      inTransitQuantity: '0',
      receivedValue: '5.00',
      inTransitValue: '0.00',
      closed: true,
    });
    expect(got.body.transfer.totals).toMatchObject({ dispatchedValue: '5.00', receivedValue: '5.00' });
    expect(await level(p.id, to.id)).toMatchObject({ onHand: '4', inTransit: '0', value: '5.00' });
    expect(await binQuantity(p.id, to.id, shelf)).toBe('4');
    const layers = await ta.t.db
      .selectFrom('stock_layers')
      .selectAll()
      .where('product_id', '=', p.id)
      .where('warehouse_id', '=', to.id)
      .orderBy('received_at')
      .execute();
    expect(
      layers.map((l) => [
        l.bucket,
        D(l.remaining).toFixed(),
        D(l.unit_cost).toFixed(2),
        l.received_at.toISOString().slice(0, 10),
      ]),
    ).toEqual([
      ['STOCK', '3', '1.00', daysAgo(6)],
      ['STOCK', '1', '2.00', daysAgo(5)],
    ]);

    // The transfer's ledger rows, newest first, and its history in the system log.
    const rows = await admin.get<Page<StockMovement>>(`/api/inventory-transfers/${created.id}/movements`);
    expect(rows.body.total).toBe(4);
    expect(rows.body.items.map((m) => m.kind)).toEqual(['TRANSIT_IN', 'TRANSIT_OUT', 'TRANSFER_IN', 'TRANSFER_OUT']);
    expect(rows.body.items.every((m) => m.sourceType === 'inventory_transfer' && m.sourceId === created.id)).toBe(true);
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'inventory_transfer')
      // The system log names a document by its number, what a person searches it for.
      .where('entity_id', '=', created.number)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'dispatch', 'receive']);
    await expectBalanced();
  });

  it('names the FIFO layers each receipt took, where the ledger row shows one blended unit cost', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse({ receivingBin: 'RECV' });
    await receive(p.id, from.id, '6', '12.00', {}, daysAgo(4));
    await receive(p.id, from.id, '5', '13.00', {}, daysAgo(3));
    const created = await draft(from.id, to.id, [{ productId: p.id, quantity: '11' }]);
    expect(created.lines[0]?.receivedLayers).toEqual([]);
    expect((await dispatch(created.id)).status).toBe(200);
    // Dispatched, nothing received yet: no layer has arrived.
    expect((await detail(created.id)).lines[0]?.receivedLayers).toEqual([]);

    // A first receipt of 8 takes the 6 at 12.00 and 2 of those at 13.00.
    const first = await receipt(created.id, { lines: [{ lineId: created.lines[0]?.id, quantity: '8' }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.movements.find((m) => m.kind === 'TRANSIT_IN')).toMatchObject({
      quantity: '8',
      value: '98.00',
    });
    expect(first.body.transfer.lines[0]?.receivedLayers).toEqual([
      { receivedAt: expect.stringContaining(daysAgo(4)), unitCost: '12.0000', quantity: '6', value: '72.00' },
      { receivedAt: expect.stringContaining(daysAgo(3)), unitCost: '13.0000', quantity: '2', value: '26.00' },
    ]);

    // The rest: the line's layers add up to what it received (137.00 for 11, a blended 12.4545 a unit).
    const rest = await receipt(created.id, { lines: [{ lineId: created.lines[0]?.id, quantity: '3' }] });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const line = (await detail(created.id)).lines[0];
    expect(line).toMatchObject({ receivedQuantity: '11', receivedValue: '137.00' });
    expect(line?.receivedLayers.map((l) => [l.unitCost, l.quantity, l.value])).toEqual([
      ['12.0000', '6', '72.00'],
      ['13.0000', '5', '65.00'],
    ]);
    const sum = (line?.receivedLayers ?? []).reduce((s, l) => s.add(l.value), D(0));
    expect(sum.toFixed(2)).toBe(line?.receivedValue);
    await expectBalanced();
  });

  it('takes from the source bin named on the line, and the default receiving bin takes what names none', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse({ receivingBin: 'DOCK' });
    const a = await bin(from.id, 'A-01');
    const b = await bin(from.id, 'A-02');
    await receive(p.id, from.id, '5', '1.00', { locationId: a });
    await receive(p.id, from.id, '5', '3.00', { locationId: b });
    const t = await draft(from.id, to.id, [{ productId: p.id, quantity: '2', fromLocationId: b }]);
    const sent = await dispatch(t.id);
    // Bins say where units are, FIFO layers what they cost: the warehouse's oldest layer (£1) goes first.
    expect(sent.body.movements.map((m) => [m.kind, m.location?.code ?? null, m.value])).toEqual([
      ['TRANSFER_OUT', 'A-02', '-2.00'],
      ['TRANSFER_IN', null, '2.00'],
    ]);
    expect([await binQuantity(p.id, from.id, a), await binQuantity(p.id, from.id, b)]).toEqual(['5', '3']);
    await receipt(t.id, { lines: [{ lineId: t.lines[0]?.id, quantity: '2' }] });
    expect(await binQuantity(p.id, to.id, to.receivingBin)).toBe('2');
    await expectBalanced();
  });

  it('receives in parts, then closes short: the shortfall is written off out of transit at FIFO cost with its reason', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse();
    await receive(p.id, from.id, '10', '1.50');
    const t = await draft(from.id, to.id, [{ productId: p.id, quantity: '10' }]);
    await dispatch(t.id);
    const lineId = t.lines[0]?.id;

    const first = await receipt(t.id, { lines: [{ lineId, quantity: '4' }] });
    expect(first.body.transfer).toMatchObject({ status: 'PARTIALLY_RECEIVED', receivedAt: null });
    expect(first.body.transfer.lines[0]).toMatchObject({
      receivedQuantity: '4',
      inTransitQuantity: '6',
      closed: false,
    });
    expect(await level(p.id, to.id)).toMatchObject({ onHand: '4', inTransit: '6', value: '15.00' });
    await expectBalanced();

    // Closing short needs a reason; refused, nothing changes.
    const before = await movementCount();
    const noReason = await receipt(t.id, { lines: [{ lineId, quantity: '5', close: true }] });
    expect([noReason.status, noReason.body.code]).toEqual([422, 'TRANSFER_DISCREPANCY_REASON_REQUIRED']);
    const tooMuch = await receipt(t.id, { lines: [{ lineId, quantity: '7' }] });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'TRANSFER_RECEIPT_EXCEEDS_IN_TRANSIT']);
    expect(tooMuch.body.details).toMatchObject({ inTransit: '6', requested: '7', sku: p.sku });
    const nothing = await receipt(t.id, { lines: [{ lineId, quantity: '0' }] });
    expect([nothing.status, nothing.body.code]).toEqual([422, 'TRANSFER_NOTHING_TO_RECEIVE']);
    const stranger = await receipt(t.id, { lines: [{ lineId: crypto.randomUUID(), quantity: '1' }] });
    expect([stranger.status, stranger.body.code]).toEqual([422, 'TRANSFER_LINE_UNKNOWN']);
    expect(await movementCount()).toBe(before);
    expect((await detail(t.id)).lines[0]).toMatchObject({ receivedQuantity: '4', discrepancyQuantity: '0' });

    const last = await receipt(t.id, {
      lines: [{ lineId, quantity: '5', close: true, discrepancyReason: 'One carton crushed in transit' }],
    });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.transfer).toMatchObject({ status: 'RECEIVED' });
    expect(last.body.transfer.lines[0]).toMatchObject({
      dispatchedQuantity: '10',
      receivedQuantity: '9',
      discrepancyQuantity: '1',
      discrepancyReason: 'One carton crushed in transit',
      inTransitQuantity: '0',
      dispatchedValue: '15.00',
      receivedValue: '13.50',
      discrepancyValue: '1.50',
      inTransitValue: '0.00',
      closed: true,
    });
    const writeOff = last.body.movements.find((m) => m.kind === 'WRITE_OFF');
    expect(writeOff).toMatchObject({
      bucket: 'TRANSIT',
      quantity: '-1',
      value: '-1.50',
      reason: 'One carton crushed in transit',
    });
    expect(await level(p.id, to.id)).toMatchObject({ onHand: '9', inTransit: '0', value: '13.50' });
    // A closed transfer receives no more.
    const again = await receipt(t.id, { lines: [{ lineId, quantity: '1' }] });
    expect([again.status, again.body.code, (again.body.details as { status: string }).status]).toEqual([
      409,
      'TRANSFER_STATUS_CONFLICT',
      'RECEIVED',
    ]);
    await expectBalanced();
  });

  it('"close with discrepancy" closes every line, those the receipt does not name included; a closed line takes nothing', async () => {
    const p = await product();
    const q = await product();
    const from = await warehouse();
    const to = await warehouse();
    await receive(p.id, from.id, '5', '2.00');
    await receive(q.id, from.id, '3', '4.00');
    const t = await draft(from.id, to.id, [
      { productId: p.id, quantity: '5' },
      { productId: q.id, quantity: '3' },
    ]);
    await dispatch(t.id);
    const [lp, lq] = t.lines;
    const first = await receipt(t.id, { lines: [{ lineId: lq?.id, quantity: '3' }] });
    expect(first.body.transfer.status).toBe('PARTIALLY_RECEIVED');
    const closedLine = await receipt(t.id, { lines: [{ lineId: lq?.id, quantity: '1' }] });
    expect([closedLine.status, closedLine.body.code]).toEqual([409, 'TRANSFER_LINE_CLOSED']);
    const noReason = await receipt(t.id, { closeAll: true });
    expect([noReason.status, noReason.body.code]).toEqual([422, 'TRANSFER_DISCREPANCY_REASON_REQUIRED']);

    const closed = await receipt(t.id, {
      lines: [{ lineId: lp?.id, quantity: '2' }],
      closeAll: true,
      discrepancyReason: 'Lost by the carrier',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.transfer.status).toBe('RECEIVED');
    expect(
      closed.body.transfer.lines.map((l) => [l.receivedQuantity, l.discrepancyQuantity, l.discrepancyReason]),
    ).toEqual([
      ['2', '3', 'Lost by the carrier'],
      ['3', '0', ''],
    ]);
    expect(closed.body.transfer.totals).toMatchObject({
      dispatchedValue: '22.00',
      receivedValue: '16.00',
      discrepancyValue: '6.00',
      inTransitValue: '0.00',
    });
    expect(await level(p.id, to.id)).toMatchObject({ onHand: '2', inTransit: '0', value: '4.00' });
    await expectBalanced();
  });
});

describe('what is refused', () => {
  it('a shortage at dispatch is refused naming the product, and nothing is written', async () => {
    const p = await product();
    const other = await product();
    const from = await warehouse();
    const to = await warehouse();
    await receive(p.id, from.id, '3', '1.00');
    await receive(other.id, from.id, '9', '1.00');
    const t = await draft(from.id, to.id, [
      { productId: other.id, quantity: '2' },
      { productId: p.id, quantity: '5' },
    ]);
    const before = await movementCount();
    const res = await dispatch(t.id);
    expect([res.status, res.body.code]).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(res.body.message).toContain(p.sku);
    expect(res.body.details).toMatchObject({ sku: p.sku, lineNo: 2, productId: p.id });
    expect(await movementCount()).toBe(before);
    expect(await level(other.id, from.id)).toMatchObject({ onHand: '9' });
    expect(await detail(t.id)).toMatchObject({ status: 'DRAFT', dispatchedAt: null });
    // Reserved stock is not free to leave either.
    await ta.t.db
      .updateTable('stock_levels')
      .set({ reserved: '2' })
      .where('product_id', '=', p.id)
      .where('warehouse_id', '=', from.id)
      .execute();
    await ta.t.db
      .insertInto('stock_reservations')
      .values({ product_id: p.id, warehouse_id: from.id, quantity: '2', open_quantity: '2', source_type: 'test' })
      .execute();
    const reserved = await draft(from.id, to.id, [{ productId: p.id, quantity: '2' }]);
    const refused = await dispatch(reserved.id);
    expect([refused.status, refused.body.code]).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(await movementCount()).toBe(before);
    await expectBalanced();
  });

  it('steps the status does not allow are 409 TRANSFER_STATUS_CONFLICT with the status, changing nothing', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse();
    await receive(p.id, from.id, '10', '1.00');
    const t = await draft(from.id, to.id, [{ productId: p.id, quantity: '1' }]);
    const lineId = t.lines[0]?.id;
    const early = await receipt(t.id, { lines: [{ lineId, quantity: '1' }] });
    expect([early.status, early.body.code, (early.body.details as { status: string }).status]).toEqual([
      409,
      'TRANSFER_STATUS_CONFLICT',
      'DRAFT',
    ]);
    expect((await dispatch(t.id)).status).toBe(200);
    const before = await movementCount();
    const twice = await dispatch(t.id);
    expect([twice.status, twice.body.code, (twice.body.details as { status: string }).status]).toEqual([
      409,
      'TRANSFER_STATUS_CONFLICT',
      'DISPATCHED',
    ]);
    const cancel = await admin.post<ErrorBody>(`/api/inventory-transfers/${t.id}/cancel`, { reason: 'too late' });
    expect([cancel.status, cancel.body.code]).toEqual([409, 'TRANSFER_STATUS_CONFLICT']);
    const edit = await admin.put<ErrorBody>(`/api/inventory-transfers/${t.id}`, {
      fromWarehouseId: from.id,
      toWarehouseId: to.id,
      lines: [{ productId: p.id, quantity: '2' }],
    });
    expect([edit.status, edit.body.code]).toEqual([409, 'TRANSFER_STATUS_CONFLICT']);
    expect(await movementCount()).toBe(before);
    expect(await detail(t.id)).toMatchObject({ status: 'DISPATCHED', lines: [{ quantity: '1' }] });

    const other = await draft(from.id, to.id, [{ productId: p.id, quantity: '1' }]);
    const canceled = await admin.post<Transfer>(`/api/inventory-transfers/${other.id}/cancel`, {
      reason: 'Not needed',
    });
    expect(canceled.body).toMatchObject({ status: 'CANCELED', cancelReason: 'Not needed' });
    expect(canceled.body.canceledBy).not.toBeNull();
    const afterCancel = await dispatch(other.id);
    expect([afterCancel.status, (afterCancel.body.details as { status: string }).status]).toEqual([409, 'CANCELED']);
    const cancelTwice = await admin.post<ErrorBody>(`/api/inventory-transfers/${other.id}/cancel`);
    expect(cancelTwice.status).toBe(409);
    expect(await movementCount()).toBe(before);
    await expectBalanced();
  });

  it('checks a draft: warehouses differ and are active, products are stocked, one line each, quantities fit their unit, bins belong', async () => {
    const p = await product();
    const kilo = await product({ unit: 'Kilogram (Kg)' });
    const service = await product({ kind: 'SERVICE' });
    const retired = await product({ active: false });
    const from = await warehouse();
    const to = await warehouse();
    const closed = await warehouse({ active: false });
    const foreignBin = await bin(from.id, 'F-01');
    const idleBin = await bin(to.id, 'IDLE', false);
    const body = (extra: Record<string, unknown>, line: Record<string, unknown> = {}) => ({
      fromWarehouseId: from.id,
      toWarehouseId: to.id,
      lines: [{ productId: p.id, quantity: '1', ...line }],
      ...extra,
    });
    const cases: [unknown, number, string][] = [
      [body({ toWarehouseId: from.id }), 400, 'VALIDATION_FAILED'],
      [body({ lines: [] }), 400, 'VALIDATION_FAILED'],
      [body({}, { quantity: '0' }), 400, 'VALIDATION_FAILED'],
      [body({}, { quantity: '-1' }), 400, 'VALIDATION_FAILED'],
      [
        body({
          lines: [
            { productId: p.id, quantity: '1' },
            { productId: p.id, quantity: '2' },
          ],
        }),
        400,
        'VALIDATION_FAILED',
      ],
      [body({ toWarehouseId: closed.id }), 422, 'WAREHOUSE_INACTIVE'],
      [body({ toWarehouseId: crypto.randomUUID() }), 422, 'TRANSFER_WAREHOUSE_UNKNOWN'],
      [body({}, { productId: service.id }), 422, 'PRODUCT_NOT_STOCKED'],
      [body({}, { productId: retired.id }), 422, 'PRODUCT_INACTIVE'],
      [body({}, { productId: crypto.randomUUID() }), 422, 'TRANSFER_PRODUCT_UNKNOWN'],
      [body({}, { quantity: '1.5' }), 422, 'TRANSFER_QUANTITY_NOT_WHOLE'],
      [body({}, { toLocationId: foreignBin }), 422, 'LOCATION_NOT_IN_WAREHOUSE'],
      [body({}, { toLocationId: idleBin }), 422, 'LOCATION_INACTIVE'],
    ];
    const count = async () =>
      Number(
        (
          await ta.t.db
            .selectFrom('inventory_transfers')
            .select(sql<string>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [input, status, code] of cases) {
      const res = await admin.post<ErrorBody>('/api/inventory-transfers', input);
      expect([res.status, res.body.code], JSON.stringify(input)).toEqual([status, code]);
    }
    expect(await count()).toBe(before);
    // A product measured in kilograms moves in fractions.
    const ok = await draft(from.id, to.id, [{ productId: kilo.id, quantity: '1.25' }]);
    expect(ok.lines[0]?.quantity).toBe('1.25');
  });
});

describe('drafts, the list and the export', () => {
  it('a create with the same Idempotency-Key makes one transfer, however often it is sent', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse();
    const body = { fromWarehouseId: from.id, toWarehouseId: to.id, lines: [{ productId: p.id, quantity: '2' }] };
    const key = { 'idempotency-key': `trf-${p.id}` };
    const [a, b] = await Promise.all([
      admin.post<Transfer>('/api/inventory-transfers', body, key),
      admin.post<Transfer>('/api/inventory-transfers', body, key),
    ]);
    const c = await admin.post<Transfer>('/api/inventory-transfers', body, key);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    const rows = await ta.t.db
      .selectFrom('inventory_transfers')
      .select('id')
      .where('from_warehouse_id', '=', from.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a draft is edited whole: header and lines replaced, audited', async () => {
    const p = await product();
    const q = await product();
    const from = await warehouse();
    const to = await warehouse();
    const t = await draft(from.id, to.id, [{ productId: p.id, quantity: '2' }]);
    const res = await admin.put<Transfer>(`/api/inventory-transfers/${t.id}`, {
      fromWarehouseId: from.id,
      toWarehouseId: to.id,
      expectedDate: '2030-01-15',
      notes: 'Pallet 2 of 3',
      lines: [
        { productId: q.id, quantity: '3' },
        { productId: p.id, quantity: '1' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ number: t.number, expectedDate: '2030-01-15', notes: 'Pallet 2 of 3' });
    expect(res.body.lines.map((l) => [l.lineNo, l.product.sku, l.quantity])).toEqual([
      [1, q.sku, '3'],
      [2, p.sku, '1'],
    ]);
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity_id', '=', t.number)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('lists with search by number or SKU, filters by status, warehouse and day, sorts, pages and exports', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse();
    const elsewhere = await warehouse();
    await receive(p.id, from.id, '10', '1.00');
    const t1 = await draft(from.id, to.id, [{ productId: p.id, quantity: '1' }]);
    const t2 = await draft(from.id, elsewhere.id, [{ productId: p.id, quantity: '2' }]);
    await dispatch(t2.id);
    const list = (query: string) => admin.get<Page<TransferSummary>>(`/api/inventory-transfers?${query}`);

    const bySku = await list(`q=${encodeURIComponent(p.sku)}&sort=number`);
    expect(bySku.body.items.map((t) => t.number)).toEqual([t1.number, t2.number]);
    expect(bySku.body.items[1]).toMatchObject({
      status: 'DISPATCHED',
      lineCount: 1,
      quantity: '2',
      dispatchedQuantity: '2',
      toWarehouse: { code: elsewhere.code },
    });
    expect((await list(`q=${encodeURIComponent(t2.number)}`)).body.items.map((t) => t.id)).toEqual([t2.id]);
    expect((await list(`fromWarehouseId=${from.id}&status=DRAFT`)).body.items.map((t) => t.id)).toEqual([t1.id]);
    expect((await list(`toWarehouseId=${elsewhere.id}`)).body.items.map((t) => t.id)).toEqual([t2.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`fromWarehouseId=${from.id}&from=${daysAgo(1)}&to=${today}`)).body.total).toBe(2);
    expect((await list(`fromWarehouseId=${from.id}&to=${daysAgo(3)}`)).body.total).toBe(0);
    const paged = await list(`fromWarehouseId=${from.id}&sort=-number&pageSize=1&page=2`);
    expect([paged.body.total, paged.body.items[0]?.id]).toEqual([2, t1.id]);
    expect((await list('sort=bogus')).status).toBe(400);
    expect((await list('status=SHIPPED')).status).toBe(400);

    const exported = await fetch(`${ta.baseUrl}/api/inventory-transfers/export?fromWarehouseId=${from.id}`, {
      headers: { authorization: `Bearer ${clerkToken}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    expect((await exported.arrayBuffer()).byteLength).toBeGreaterThan(100);
    await expectBalanced();
  });
});

describe('permissions and concurrency', () => {
  it('each step needs its own permission; refusals change nothing', async () => {
    const p = await product();
    const from = await warehouse();
    const to = await warehouse();
    await receive(p.id, from.id, '5', '1.00');
    const t = await draft(from.id, to.id, [{ productId: p.id, quantity: '2' }], clerk);
    const body = { fromWarehouseId: from.id, toWarehouseId: to.id, lines: [{ productId: p.id, quantity: '3' }] };
    const transfers = async () =>
      ta.t.db.selectFrom('inventory_transfers').select('id').where('from_warehouse_id', '=', from.id).execute();

    // view_inventory_transfer: every read.
    for (const path of [
      '/api/inventory-transfers',
      '/api/inventory-transfers/export',
      `/api/inventory-transfers/${t.id}`,
      `/api/inventory-transfers/${t.id}/movements`,
    ])
      expect((await blind.get(path)).status, path).toBe(403);
    // add_inventory_transfer, edit_inventory_transfer, cancel_inventory_transfer: the operator holds none.
    expect((await operator.post('/api/inventory-transfers', body)).status).toBe(403);
    expect((await operator.put(`/api/inventory-transfers/${t.id}`, body)).status).toBe(403);
    expect((await operator.post(`/api/inventory-transfers/${t.id}/cancel`, { reason: 'no' })).status).toBe(403);
    // process_inventory_transfer: the clerk drafts but moves no stock.
    expect((await dispatch(t.id, clerk)).status).toBe(403);
    expect(await transfers()).toHaveLength(1);
    expect(await detail(t.id)).toMatchObject({ status: 'DRAFT', lines: [{ quantity: '2' }] });
    expect(await movementCount()).toBeGreaterThan(0);
    const before = await movementCount();

    expect((await clerk.put(`/api/inventory-transfers/${t.id}`, body)).status).toBe(200);
    expect((await dispatch(t.id, operator)).status).toBe(200);
    const afterDispatch = await movementCount();
    expect(afterDispatch).toBe(before + 2);
    const lineId = t.lines[0]?.id;
    expect((await receipt(t.id, { lines: [{ lineId, quantity: '3' }] }, clerk)).status).toBe(403);
    expect(await movementCount()).toBe(afterDispatch);
    expect(await detail(t.id)).toMatchObject({ status: 'DISPATCHED' });
    const done = await receipt(
      t.id,
      { lines: [{ lineId: (await detail(t.id)).lines[0]?.id, quantity: '3' }] },
      operator,
    );
    expect(done.body.transfer.status).toBe('RECEIVED');
    expect((await clerk.get<Transfer>(`/api/inventory-transfers/${t.id}`)).body.number).toBe(t.number);
    await expectBalanced();
  });

  it('two transfers racing for the same last units: one is dispatched, the other refused and left a draft', async () => {
    const p = await product();
    const from = await warehouse();
    const to1 = await warehouse();
    const to2 = await warehouse();
    await receive(p.id, from.id, '3', '2.00');
    const a = await draft(from.id, to1.id, [{ productId: p.id, quantity: '3' }]);
    const b = await draft(from.id, to2.id, [{ productId: p.id, quantity: '2' }]);
    const results = await Promise.all([dispatch(a.id), dispatch(b.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body.code).toBe('INSUFFICIENT_STOCK');
    const statuses = [(await detail(a.id)).status, (await detail(b.id)).status].sort();
    expect(statuses).toEqual(['DISPATCHED', 'DRAFT']);
    const source = await level(p.id, from.id);
    expect(D(source.onHand).gte(0)).toBe(true);
    const [l1, l2] = [await level(p.id, to1.id), await level(p.id, to2.id)];
    expect(D(source.onHand).add(l1.inTransit).add(l2.inTransit).toFixed()).toBe('3');
    await expectBalanced();
  });
});
