import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export interface OwedWrite {
  partnerId: string;
  productId: string;
  warehouseId: string;
  soldOn: string;
  quantity: Decimal;
  unitCost: Decimal;
  currency: string;
  movementId: string;
  receiptMovementId: string;
  reversesMovementId: string | null;
  sourceType: string;
  sourceId: string | null;
  sourceLine: string | null;
  /** No agreed cost was found: owed at zero and flagged (a return of such a sale keeps the flag). */
  costMissing: boolean;
}

export async function insertReceiptCosts(
  db: Db,
  rows: { movementId: string; partnerId: string; productId: string; unitCost: Decimal; currency: string }[],
) {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('consignment_receipt_costs')
      .values(
        rows.slice(i, i + 1000).map((r) => ({
          movement_id: r.movementId,
          partner_id: r.partnerId,
          product_id: r.productId,
          unit_cost: r.unitCost.toFixed(),
          currency: r.currency,
        })),
      )
      .execute();
}

/** The agreed costs of receipt rows, by row id. */
export async function receiptCosts(db: Db, movementIds: string[]) {
  const rows = movementIds.length
    ? await db
        .selectFrom('consignment_receipt_costs')
        .select(['movement_id', 'unit_cost', 'currency'])
        .where('movement_id', 'in', movementIds)
        .execute()
    : [];
  return new Map(rows.map((r) => [r.movement_id, { unitCost: new Decimal(r.unit_cost), currency: r.currency }]));
}

/** Each supplier's newest agreed cost of a product (by partner|product). */
export async function latestCosts(db: Db, pairs: { partnerId: string; productId: string }[]) {
  const partners = pairs.map((p) => p.partnerId);
  const products = pairs.map((p) => p.productId);
  const { rows } = await sql<{ partner_id: string; product_id: string; unit_cost: string; currency: string }>`
    SELECT DISTINCT ON (c.partner_id, c.product_id) c.partner_id, c.product_id, c.unit_cost, c.currency
      FROM consignment_receipt_costs c
     WHERE (c.partner_id, c.product_id) IN (SELECT * FROM unnest(${partners}::uuid[], ${products}::uuid[]))
     ORDER BY c.partner_id, c.product_id, c.movement_id DESC`.execute(db);
  return new Map(
    rows.map((r) => [`${r.partner_id}|${r.product_id}`, { unitCost: new Decimal(r.unit_cost), currency: r.currency }]),
  );
}

/** SKUs of products and codes of partners, for a warning's words. */
export async function namesOf(db: Db, ids: { productIds: string[]; partnerIds: string[] }) {
  const [products, partners] = await Promise.all([
    ids.productIds.length
      ? db.selectFrom('products').select(['id', 'sku']).where('id', 'in', ids.productIds).execute()
      : [],
    ids.partnerIds.length
      ? db.selectFrom('business_partners').select(['id', 'code']).where('id', 'in', ids.partnerIds).execute()
      : [],
  ]);
  return {
    products: new Map(products.map((p) => [p.id, p.sku])),
    partners: new Map(partners.map((p) => [p.id, p.code])),
  };
}

/** What sale rows recorded, per sale row: owner, receipt and cost. */
export async function salesOfMovements(db: Db, movementIds: string[]) {
  const result = new Map<
    string,
    { partnerId: string; receiptMovementId: string; unitCost: Decimal; currency: string; costMissing: boolean }[]
  >();
  if (!movementIds.length) return result;
  const rows = await db
    .selectFrom('consignment_sales')
    .select(['movement_id', 'partner_id', 'receipt_movement_id', 'unit_cost', 'currency', 'cost_missing'])
    .where('movement_id', 'in', movementIds)
    .where('quantity', '>', '0')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = result.get(r.movement_id) ?? [];
    list.push({
      partnerId: r.partner_id,
      receiptMovementId: r.receipt_movement_id,
      unitCost: new Decimal(r.unit_cost),
      currency: r.currency,
      costMissing: r.cost_missing,
    });
    result.set(r.movement_id, list);
  }
  return result;
}

export async function insertOwed(db: Db, rows: OwedWrite[]) {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('consignment_sales')
      .values(
        rows.slice(i, i + 1000).map((r) => ({
          partner_id: r.partnerId,
          product_id: r.productId,
          warehouse_id: r.warehouseId,
          sold_on: r.soldOn,
          quantity: r.quantity.toFixed(),
          unit_cost: r.unitCost.toFixed(),
          currency: r.currency,
          movement_id: r.movementId,
          receipt_movement_id: r.receiptMovementId,
          reverses_movement_id: r.reversesMovementId,
          source_type: r.sourceType,
          source_id: r.sourceId,
          source_line: r.sourceLine,
          cost_missing: r.costMissing,
        })),
      )
      .execute();
}

/** Owed rows summed per product, currency and agreed cost (invoiced: settled by a booked consignment invoice). */
export interface OwedGroup {
  productId: string;
  sku: string;
  name: string;
  currency: string;
  unitCost: Decimal;
  quantity: Decimal;
  invoicedQuantity: Decimal;
  /** Some of these rows found no agreed cost (owed at zero). */
  costMissing: boolean;
}

/**
 * What is owed to a supplier for the units sold in a period (London days, both included): all rows, only those not
 * yet invoiced (`open`), or those an invoice settled (`invoiceId`, whatever the period).
 */
export async function owedGroups(
  db: Db,
  by: { partnerId: string; from: string; to: string; open?: boolean } | { invoiceId: string },
): Promise<OwedGroup[]> {
  const filter =
    'invoiceId' in by
      ? sql`s.invoice_id = ${by.invoiceId}`
      : sql`s.partner_id = ${by.partnerId} AND s.sold_on BETWEEN ${by.from}::date AND ${by.to}::date
          ${by.open ? sql`AND s.invoice_id IS NULL` : sql``}`;
  const { rows } = await sql<{
    product_id: string;
    sku: string;
    name: string;
    currency: string;
    unit_cost: string;
    quantity: string;
    invoiced: string;
    cost_missing: boolean;
  }>`
    SELECT s.product_id, p.sku, p.name, s.currency, s.unit_cost::text AS unit_cost, sum(s.quantity)::text AS quantity,
      coalesce(sum(s.quantity) FILTER (WHERE s.invoice_id IS NOT NULL), 0)::text AS invoiced,
      bool_or(s.cost_missing) AS cost_missing
      FROM consignment_sales s JOIN products p ON p.id = s.product_id
     WHERE ${filter}
     GROUP BY s.product_id, p.sku, p.name, s.currency, s.unit_cost
     ORDER BY p.sku, s.currency, s.unit_cost`.execute(db);
  return rows.map((r) => ({
    productId: r.product_id,
    sku: r.sku,
    name: r.name,
    currency: r.currency,
    unitCost: new Decimal(r.unit_cost),
    quantity: new Decimal(r.quantity),
    invoicedQuantity: new Decimal(r.invoiced),
    costMissing: r.cost_missing,
  }));
}

/**
 * Marks the supplier's owed rows of the period in a currency, not yet invoiced, as settled by the invoice. Rows
 * another booking took meanwhile are left out (the update re-checks them once their lock is free). Answers how
 * many rows and units it settled.
 */
export async function settleOwed(
  db: Db,
  v: { partnerId: string; from: string; to: string; currency: string; invoiceId: string },
) {
  const { rows } = await sql<{ n: string; q: string }>`
    WITH settled AS (
      UPDATE consignment_sales SET invoice_id = ${v.invoiceId}
       WHERE partner_id = ${v.partnerId} AND sold_on BETWEEN ${v.from}::date AND ${v.to}::date
         AND currency = ${v.currency} AND invoice_id IS NULL
      RETURNING quantity)
    SELECT count(*)::text AS n, coalesce(sum(quantity), 0)::text AS q FROM settled`.execute(db);
  return { rows: Number(rows[0]?.n ?? 0), quantity: new Decimal(rows[0]?.q ?? 0) };
}

/** The rows an invoice settled are owed again (it was cancelled). Answers the units released. */
export async function releaseOwed(db: Db, invoiceId: string) {
  const { rows } = await sql<{ q: string }>`
    WITH released AS (
      UPDATE consignment_sales SET invoice_id = NULL WHERE invoice_id = ${invoiceId} RETURNING quantity)
    SELECT coalesce(sum(quantity), 0)::text AS q FROM released`.execute(db);
  return new Decimal(rows[0]?.q ?? 0);
}

/** The units an invoice settled. */
export async function settledQuantity(db: Db, invoiceId: string) {
  const { rows } = await sql<{ q: string }>`
    SELECT coalesce(sum(quantity), 0)::text AS q FROM consignment_sales WHERE invoice_id = ${invoiceId}`.execute(db);
  return new Decimal(rows[0]?.q ?? 0);
}
