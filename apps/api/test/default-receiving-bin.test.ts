import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorBody, Transfer, Warehouse, WarehouseConfig, WarehouseLocation } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
}, 120_000);
afterAll(() => ta.close());

let n = 0;
async function createWarehouse() {
  n += 1;
  const res = await admin.post<Warehouse>('/api/warehouses', { code: `DRB-${n}`, name: `Receiving test ${n}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function configOf(warehouseId: string) {
  const res = await admin.get<WarehouseConfig>(`/api/warehouses/${warehouseId}/config`);
  expect(res.status).toBe(200);
  return res.body;
}
async function binsOf(warehouseId: string) {
  const res = await admin.get<{ items: WarehouseLocation[] }>(`/api/warehouses/${warehouseId}/locations`);
  expect(res.status).toBe(200);
  return res.body.items;
}
async function product() {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `DRB-P${n}-${Date.now() % 100000}`, name: `Receiving product ${n}` })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
/** Stock received as a goods receipt would, without naming a bin. */
function receiveUnbinned(productId: string, warehouseId: string, quantity: string) {
  return ta.t.db.transaction().execute((tx) =>
    post(
      { db: tx, user: null },
      {
        sourceType: 'test',
        sourceId: null,
        postedOn: null,
        lines: [
          { productId, warehouseId, kind: 'RECEIPT', quantity: new Decimal(quantity), unitCost: new Decimal('2') },
        ],
      },
    ),
  );
}
async function binQuantity(productId: string, warehouseId: string, locationId: string | null) {
  const row = await ta.t.db
    .selectFrom('stock_bin_balances')
    .select('on_hand')
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .where(sql<boolean>`location_id IS NOT DISTINCT FROM ${locationId}::uuid`)
    .executeTakeFirst();
  return new Decimal(row?.on_hand ?? 0).toFixed();
}
async function expectBalanced() {
  const check = await checkStock(ta.t.db);
  expect(check.differences).toEqual([]);
}

describe('the default receiving bin', () => {
  it('is made with every new warehouse, named RECEIVING, and named as the default in its configuration', async () => {
    const w = await createWarehouse();
    const bins = await binsOf(w.id);
    expect(bins.map((b) => [b.code, b.zone, b.active])).toEqual([['RECEIVING', 'Receiving', true]]);
    const config = await configOf(w.id);
    expect(config.defaultReceivingLocation).toMatchObject({ id: bins[0]?.id, code: 'RECEIVING', active: true });
    expect((await admin.get<Warehouse>(`/api/warehouses/${w.id}`)).body.locationCount).toBe(1);
  });

  it('takes a transfer received without a bin, not "not in a bin"', async () => {
    const p = await product();
    const from = await createWarehouse();
    const to = await createWarehouse();
    const toReceiving = (await configOf(to.id)).defaultReceivingLocation?.id ?? '';
    await receiveUnbinned(p.id, from.id, '5');
    const created = await admin.post<Transfer>('/api/inventory-transfers', {
      fromWarehouseId: from.id,
      toWarehouseId: to.id,
      lines: [{ productId: p.id, quantity: '3' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = await admin.post<ErrorBody>(`/api/inventory-transfers/${created.body.id}/dispatch`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const line = created.body.lines[0];
    const got = await admin.post<{ transfer: Transfer } & ErrorBody>(
      `/api/inventory-transfers/${created.body.id}/receive`,
      { lines: [{ lineId: line?.id, quantity: '3' }] },
    );
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body.transfer.status).toBe('RECEIVED');
    expect(await binQuantity(p.id, to.id, toReceiving)).toBe('3');
    expect(await binQuantity(p.id, to.id, null)).toBe('0');
    // The source's stock had come in without a bin too: it sat in its receiving bin and left from there.
    const fromReceiving = (await configOf(from.id)).defaultReceivingLocation?.id ?? '';
    expect(await binQuantity(p.id, from.id, fromReceiving)).toBe('2');
    await expectBalanced();
  });

  it('can be changed in the configuration; stock then goes to the new default', async () => {
    const p = await product();
    const w = await createWarehouse();
    const dock = (
      await admin.post<WarehouseLocation>(`/api/warehouses/${w.id}/locations`, { code: 'DOCK-1', zone: 'Inbound' })
    ).body;
    const before = await configOf(w.id);
    const res = await admin.put<WarehouseConfig>(`/api/warehouses/${w.id}/config`, {
      allowNegativeStock: before.allowNegativeStock,
      defaultReceivingLocationId: dock.id,
      defaultReturnsLocationId: null,
      overReceiptTolerance: before.overReceiptTolerance,
      pickingOrder: before.pickingOrder,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.defaultReceivingLocation).toMatchObject({ id: dock.id, code: 'DOCK-1' });
    await receiveUnbinned(p.id, w.id, '4');
    expect(await binQuantity(p.id, w.id, dock.id)).toBe('4');
    expect(await binQuantity(p.id, w.id, before.defaultReceivingLocation?.id ?? null)).toBe('0');
    await expectBalanced();
  });

  it('cannot be deleted while it is the default: 409 in words, nothing deleted; once replaced it can', async () => {
    const w = await createWarehouse();
    const receiving = (await configOf(w.id)).defaultReceivingLocation;
    if (!receiving) throw new Error('no default receiving bin');
    const refused = await admin.delete<ErrorBody>(`/api/warehouses/${w.id}/locations/${receiving.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LOCATION_IS_DEFAULT');
    expect(refused.body.message).toBe(
      'Bin "RECEIVING" is this warehouse\'s default receiving bin; choose another default in Advanced Config before deleting it.',
    );
    expect(refused.body.details).toMatchObject({ code: 'RECEIVING', default: 'receiving' });
    expect((await binsOf(w.id)).map((b) => b.code)).toEqual(['RECEIVING']);
    expect((await configOf(w.id)).defaultReceivingLocation?.id).toBe(receiving.id);

    const other = (await admin.post<WarehouseLocation>(`/api/warehouses/${w.id}/locations`, { code: 'INBOUND' })).body;
    const before = await configOf(w.id);
    await admin.put(`/api/warehouses/${w.id}/config`, {
      allowNegativeStock: before.allowNegativeStock,
      defaultReceivingLocationId: other.id,
      defaultReturnsLocationId: null,
      overReceiptTolerance: before.overReceiptTolerance,
      pickingOrder: before.pickingOrder,
    });
    expect((await admin.delete(`/api/warehouses/${w.id}/locations/${receiving.id}`)).status).toBe(200);
    expect((await binsOf(w.id)).map((b) => b.code)).toEqual(['INBOUND']);
  });

  it('is backfilled by migration 0022 for a warehouse that had none (an existing RECEIVING bin is reused)', async () => {
    const bare = await ta.t.db
      .insertInto('warehouses')
      .values({ code: 'DRB-OLD-1', name: 'Made before the rule', kind: 'OWN' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: bare.id }).execute();
    const withBin = await ta.t.db
      .insertInto('warehouses')
      .values({ code: 'DRB-OLD-2', name: 'Had a receiving bin', kind: 'OWN' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const existing = await ta.t.db
      .insertInto('warehouse_locations')
      .values({ warehouse_id: withBin.id, code: 'RECEIVING', zone: 'Dock' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '../src/db/migrations/0022_default_receiving_bins.sql',
    );
    await sql.raw(await readFile(file, 'utf8')).execute(ta.t.db);

    const first = await configOf(bare.id);
    expect(first.defaultReceivingLocation?.code).toBe('RECEIVING');
    expect((await binsOf(bare.id)).map((b) => [b.code, b.zone])).toEqual([['RECEIVING', 'Receiving']]);
    // The second had no configuration row at all: it gets one, naming the bin it had.
    expect((await configOf(withBin.id)).defaultReceivingLocation?.id).toBe(existing.id);
    expect(await binsOf(withBin.id)).toHaveLength(1);
  });
});
