import type { Page, ProductListItem } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
}, 120_000);
afterAll(() => ta.close());

async function warehouse(code: string) {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code, name: `Warehouse ${code}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: w.id }).execute();
  return w.id;
}

function receive(productId: string, warehouseId: string, quantity: string) {
  return ta.t.db.transaction().execute((tx) =>
    post(
      { db: tx, user: null },
      {
        sourceType: 'test',
        sourceId: null,
        postedOn: null,
        lines: [
          { productId, warehouseId, kind: 'RECEIPT', quantity: new Decimal(quantity), unitCost: new Decimal('1.5') },
        ],
      },
    ),
  );
}

describe('the product list', () => {
  it('names the brand, and shows cost, on hand and available summed over every warehouse', async () => {
    const brand = await ta.t.db
      .insertInto('brands')
      .values({ code: 'ACME', name: 'Acme Tools' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [stocked, empty] = await Promise.all([
      ta.t.db
        .insertInto('products')
        .values({ sku: 'PLS-1', name: 'Stocked hammer', brand_id: brand.id, cost_price: '2.5' })
        .returning('id')
        .executeTakeFirstOrThrow(),
      ta.t.db
        .insertInto('products')
        .values({ sku: 'PLS-2', name: 'Never stocked' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ]);
    const [north, south] = [await warehouse('PLS-N'), await warehouse('PLS-S')];
    await receive(stocked.id, north, '7.5');
    await receive(stocked.id, south, '3');
    // Two units held for an order in the north: on hand stays, available goes down.
    const held = await admin.post('/api/stock/reservations', {
      productId: stocked.id,
      warehouseId: north,
      quantity: '2',
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);

    const res = await admin.get<Page<ProductListItem>>('/api/products?q=PLS-&sort=sku');
    expect(res.status).toBe(200);
    expect(res.body.items.map((p) => [p.sku, p.brand?.name ?? null, p.costPrice, p.onHand, p.available])).toEqual([
      ['PLS-1', 'Acme Tools', '2.50', '10.5', '8.5'],
      ['PLS-2', null, '0.00', '0', '0'],
    ]);
    expect(res.body.items[0]?.brand).toEqual({ id: brand.id, code: 'ACME', name: 'Acme Tools' });
    expect(empty.id).toBe(res.body.items[1]?.id);
  });
});
