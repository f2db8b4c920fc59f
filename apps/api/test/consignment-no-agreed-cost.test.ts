import type { ConsignmentComparison, ConsignmentOwed } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * A consignment unit sold without an agreed cost (its receipt had none, nor the supplier for the product) is owed at
 * zero, but not silently: the owed row is flagged, the system log holds a warning, and the consignment invoice's
 * comparison says "no agreed cost". A receipt without a cost of its own still takes the supplier's newest one.
 */

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
}, 120_000);
afterAll(() => ta.close());

const D = (v: string | number) => new Decimal(v);
let n = 0;
const uniq = () => `${++n}${Date.now() % 100000}`;

async function today() {
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/London')::date::text AS d`.execute(
    ta.t.db,
  );
  return (rows[0] as { d: string }).d;
}
async function setting() {
  const db = ta.t.db;
  const sku = `NAC-${uniq()}`;
  const p = await db
    .insertInto('products')
    .values({ sku, name: `Unpriced ${sku}` })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  const s = await db
    .insertInto('business_partners')
    .values({
      code: `NC${uniq()}`,
      name: 'Consignor Ltd',
      default_currency: 'GBP',
      payment_terms_days: 30,
      active: true,
      is_consignment: true,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const w = await db
    .insertInto('warehouses')
    .values({ code: `NW${uniq()}`, name: 'No cost warehouse', kind: 'OWN' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await db.insertInto('warehouse_configs').values({ warehouse_id: w.id }).execute();
  return { p, s, w };
}
async function postLines(lines: PostLine[], sourceType = 'sales_invoice') {
  return ta.t.db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType, sourceId: `SI-${uniq()}`, postedOn: null, lines }));
}
/** The owed rows of a product, figures as plain decimals. */
const owedRows = async (productId: string) =>
  (
    await ta.t.db
      .selectFrom('consignment_sales')
      .select(['quantity', 'unit_cost', 'cost_missing'])
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute()
  ).map((r) => ({
    quantity: D(r.quantity).toFixed(),
    unit_cost: D(r.unit_cost).toFixed(),
    cost_missing: r.cost_missing,
  }));
const warnings = (productId: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .select(['entity', 'after'])
    .where('action', '=', 'warn_no_agreed_cost')
    .where('entity_id', '=', productId)
    .execute();

describe('consignment sales without an agreed cost', () => {
  it('flags the owed row, logs a warning and shows "no agreed cost" in the comparison; a return keeps the flag', async () => {
    const { p, s, w } = await setting();
    // Supplier-owned units received without an agreed cost (post() allows it; old receipts have none).
    await postLines(
      [{ productId: p.id, warehouseId: w.id, kind: 'RECEIPT', quantity: D(5), unitCost: D('1'), ownerId: s.id }],
      'test_receipt',
    );
    expect(await warnings(p.id)).toEqual([]);
    const [sale] = await postLines([{ productId: p.id, warehouseId: w.id, kind: 'ISSUE', quantity: D(-2) }]);
    expect(await owedRows(p.id)).toEqual([{ quantity: '2', unit_cost: '0', cost_missing: true }]);
    const logged = await warnings(p.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.entity).toBe('stock');
    expect(logged[0]?.after).toMatchObject({ product: p.sku, supplier: s.code, quantity: '2', warehouseId: w.id });
    expect(logged[0]?.after).toHaveProperty('warning', expect.stringContaining('No agreed cost'));

    const day = await today();
    const owed = await admin.get<ConsignmentOwed>(
      `/api/consignment-invoices/owed?supplierId=${s.id}&from=${day}&to=${day}`,
    );
    expect(owed.status, JSON.stringify(owed.body)).toBe(200);
    expect(owed.body.items.map((i) => [i.product.sku, i.sold, i.unitCost, i.noAgreedCost])).toEqual([
      [p.sku, '2', '0', true],
    ]);
    const checked = await admin.post<ConsignmentComparison>('/api/consignment-invoices/check', {
      supplierId: s.id,
      periodFrom: day,
      periodTo: day,
      currency: 'GBP',
      lines: [{ productId: p.id, quantity: '2', unitPrice: '4.00' }],
    });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.lines.map((l) => [l.product.sku, l.agreedUnitCost, l.noAgreedCost])).toEqual([
      [p.sku, '0', true],
    ]);

    // One unit comes back from the sale: owed net of it, still flagged, no second warning.
    await postLines([{ productId: p.id, warehouseId: w.id, kind: 'RETURN', quantity: D(1), linkTo: sale?.id }]);
    expect(await owedRows(p.id)).toEqual([
      { quantity: '2', unit_cost: '0', cost_missing: true },
      { quantity: '-1', unit_cost: '0', cost_missing: true },
    ]);
    expect(await warnings(p.id)).toHaveLength(1);
  });

  it('takes the supplier’s newest agreed cost when the receipt has none: not flagged, nothing logged', async () => {
    const { p, s, w } = await setting();
    await postLines(
      [
        {
          productId: p.id,
          warehouseId: w.id,
          kind: 'RECEIPT',
          quantity: D(1),
          unitCost: D('2.50'),
          ownerId: s.id,
          agreedCost: { unitCost: D('2.50'), currency: 'GBP' },
        },
        { productId: p.id, warehouseId: w.id, kind: 'RECEIPT', quantity: D(3), unitCost: D('1'), ownerId: s.id },
      ],
      'test_receipt',
    );
    await postLines([{ productId: p.id, warehouseId: w.id, kind: 'ISSUE', quantity: D(-4) }]);
    const rows = await owedRows(p.id);
    expect(rows.map((r) => [r.unit_cost, r.cost_missing])).toEqual([
      ['2.5', false],
      ['2.5', false],
    ]);
    expect(await warnings(p.id)).toEqual([]);
    const day = await today();
    const owed = await admin.get<ConsignmentOwed>(
      `/api/consignment-invoices/owed?supplierId=${s.id}&from=${day}&to=${day}`,
    );
    expect(owed.body.items.map((i) => [i.sold, i.noAgreedCost])).toEqual([['4', false]]);
  });
});
