import type { PurchaseOrderFilter } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of purchase orders and their lines; the rules live in purchase-order.service.ts. */

type Db = Kysely<Database>;

// References for the checks of a draft

export async function findWarehouses(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('warehouses')
    .select(['id', 'code', 'name', 'kind', 'active', 'address_line1', 'address_line2', 'city', 'postcode', 'country'])
    .where('id', 'in', ids)
    .execute();
}

export async function findPartner(db: Db, id: string) {
  return db
    .selectFrom('business_partners')
    .select(['id', 'code', 'name', 'active', 'is_consignment', 'payment_terms_days', 'default_currency', 'vat_number'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findPartners(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('business_partners')
    .select(['id', 'code', 'name', 'active', 'is_consignment', 'payment_terms_days', 'default_currency'])
    .where('id', 'in', ids)
    .execute();
}

/** The partner's default address (else its first), for the order's printout. */
export async function findPartnerAddress(db: Db, partnerId: string) {
  return db
    .selectFrom('business_partner_addresses')
    .select(['line1', 'line2', 'city', 'county', 'postcode', 'country'])
    .where('partner_id', '=', partnerId)
    .orderBy('is_default', 'desc')
    .orderBy('position')
    .executeTakeFirst();
}

/** The first of the partner's contacts with an e-mail (primary first, then in their order). */
export async function findPartnerEmail(db: Db, partnerId: string) {
  const row = await db
    .selectFrom('business_partner_contacts')
    .select(['email', 'name'])
    .where('partner_id', '=', partnerId)
    .where('email', 'is not', null)
    .where('email', '<>', '')
    .orderBy('is_primary', 'desc')
    .orderBy('position')
    .executeTakeFirst();
  return row ?? null;
}

export async function findCostCenter(db: Db, id: string) {
  return db.selectFrom('cost_centers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findProducts(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'unit', 'kind', 'active', 'cost_price', 'vat_rate'])
    .where('id', 'in', ids)
    .execute();
}

export async function findLocations(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('warehouse_locations')
    .select(['id', 'warehouse_id', 'code', 'active'])
    .where('id', 'in', ids)
    .execute();
}

/** The unit cost of the product on this supplier's latest order that is not canceled (newest order date first). */
export async function lastOrderedCost(db: Db, supplierId: string, productId: string, currency: string) {
  return db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('purchase_orders as o', 'o.id', 'l.order_id')
    .select(['l.unit_cost', 'o.number', 'o.currency'])
    .where('l.product_id', '=', productId)
    .where('o.supplier_id', '=', supplierId)
    .where('o.status', '<>', 'CANCELED')
    .where('o.currency', '=', currency)
    .orderBy('o.order_date', 'desc')
    .orderBy('o.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Each product's supplier on its latest order that is not canceled: its preferred supplier. */
export async function preferredSuppliers(db: Db, productIds: string[]) {
  if (!productIds.length) return new Map<string, string>();
  const { rows } = await sql<{ product_id: string; supplier_id: string }>`
    SELECT DISTINCT ON (l.product_id) l.product_id, o.supplier_id
    FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.order_id
    WHERE l.product_id = ANY(${productIds}::uuid[]) AND o.supplier_id IS NOT NULL AND o.status <> 'CANCELED'
    ORDER BY l.product_id, o.order_date DESC, o.created_at DESC`.execute(db);
  return new Map(rows.map((r) => [r.product_id, r.supplier_id]));
}

// Writes

export interface OrderWrite {
  type: string;
  supplierId: string | null;
  warehouseId: string;
  destinationWarehouseId: string | null;
  shipmentReference: string;
  currency: string;
  exchangeRate: string;
  costCenterId: string | null;
  orderDate: string;
  expectedDate: string | null;
  paymentTermsDays: number;
  supplierReference: string;
  notes: string;
  netTotal: string;
  vatTotal: string;
  grossTotal: string;
}

export interface LineWrite {
  lineNo: number;
  productId: string;
  quantity: string;
  unitCost: string;
  discountPercent: string;
  vatCode: string;
  vatRate: string;
  netAmount: string;
  vatAmount: string;
  locationId: string | null;
}

function headValues(o: OrderWrite) {
  return {
    supplier_id: o.supplierId,
    warehouse_id: o.warehouseId,
    destination_warehouse_id: o.destinationWarehouseId,
    shipment_reference: o.shipmentReference,
    currency: o.currency,
    exchange_rate: o.exchangeRate,
    cost_center_id: o.costCenterId,
    order_date: o.orderDate,
    expected_date: o.expectedDate,
    payment_terms_days: o.paymentTermsDays,
    supplier_reference: o.supplierReference,
    notes: o.notes,
    net_total: o.netTotal,
    vat_total: o.vatTotal,
    gross_total: o.grossTotal,
  };
}

export async function insertOrder(db: Db, number: string, o: OrderWrite, userId: string): Promise<string> {
  const row = await db
    .insertInto('purchase_orders')
    .values({ number, type: o.type, ...headValues(o), created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrder(db: Db, id: string, o: OrderWrite) {
  await db
    .updateTable('purchase_orders')
    .set({ ...headValues(o), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Replaces a draft's lines with these. */
export async function replaceLines(db: Db, orderId: string, lines: LineWrite[]) {
  await db.deleteFrom('purchase_order_lines').where('order_id', '=', orderId).execute();
  if (!lines.length) return;
  await db
    .insertInto('purchase_order_lines')
    .values(
      lines.map((l) => ({
        order_id: orderId,
        line_no: l.lineNo,
        product_id: l.productId,
        quantity: l.quantity,
        unit_cost: l.unitCost,
        discount_percent: l.discountPercent,
        vat_code: l.vatCode,
        vat_rate: l.vatRate,
        net_amount: l.netAmount,
        vat_amount: l.vatAmount,
        location_id: l.locationId,
      })),
    )
    .execute();
}

export async function markApproved(db: Db, id: string, userId: string) {
  await db
    .updateTable('purchase_orders')
    .set({ status: 'APPROVED', approved_at: sql`now()`, approved_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function markSent(db: Db, id: string, to: string) {
  await db
    .updateTable('purchase_orders')
    .set({ sent_at: sql`now()`, sent_to: to, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function markDispatched(db: Db, id: string, userId: string) {
  await db
    .updateTable('purchase_orders')
    .set({ dispatched_at: sql`now()`, dispatched_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Closed: what is still to come on each line (ordered less received less canceled) is canceled. */
export async function markClosed(db: Db, id: string, userId: string, reason: string) {
  await db
    .updateTable('purchase_order_lines')
    .set({ canceled_quantity: sql`greatest(quantity - received_quantity, 0)` })
    .where('order_id', '=', id)
    .execute();
  await db
    .updateTable('purchase_orders')
    .set({ status: 'CLOSED', closed_at: sql`now()`, closed_by: userId, close_reason: reason, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function markCanceled(db: Db, id: string, userId: string, reason: string) {
  await db
    .updateTable('purchase_orders')
    .set({
      status: 'CANCELED',
      canceled_at: sql`now()`,
      canceled_by: userId,
      cancel_reason: reason,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

// Reads

function orderBase(db: Db) {
  return db
    .selectFrom('purchase_orders as o')
    .innerJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .leftJoin('warehouses as dw', 'dw.id', 'o.destination_warehouse_id')
    .leftJoin('business_partners as s', 's.id', 'o.supplier_id');
}

const HEAD_COLUMNS = [
  'o.id',
  'o.number',
  'o.type',
  'o.status',
  'o.supplier_id',
  's.code as supplier_code',
  's.name as supplier_name',
  'o.warehouse_id',
  'w.code as warehouse_code',
  'w.name as warehouse_name',
  'o.destination_warehouse_id',
  'dw.code as destination_code',
  'dw.name as destination_name',
  'o.currency',
  'o.exchange_rate',
  'o.order_date',
  'o.expected_date',
  'o.supplier_reference',
  'o.shipment_reference',
  'o.net_total',
  'o.vat_total',
  'o.gross_total',
  'o.created_at',
  'o.updated_at',
  'o.sent_at',
] as const;

export async function findOrder(db: Db, id: string) {
  return orderBase(db)
    .leftJoin('cost_centers as cc', 'cc.id', 'o.cost_center_id')
    .leftJoin('users as cu', 'cu.id', 'o.created_by')
    .leftJoin('users as au', 'au.id', 'o.approved_by')
    .leftJoin('users as lu', 'lu.id', 'o.closed_by')
    .leftJoin('users as xu', 'xu.id', 'o.canceled_by')
    .select([
      ...HEAD_COLUMNS,
      'o.cost_center_id',
      'cc.code as cost_center_code',
      'cc.name as cost_center_name',
      'o.payment_terms_days',
      'o.notes',
      'o.created_by',
      'cu.username as created_by_name',
      'o.approved_at',
      'o.approved_by',
      'au.username as approved_by_name',
      'o.sent_to',
      'o.dispatched_at',
      'o.closed_at',
      'o.closed_by',
      'lu.username as closed_by_name',
      'o.close_reason',
      'o.canceled_at',
      'o.canceled_by',
      'xu.username as canceled_by_name',
      'o.cancel_reason',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
}
export type OrderHead = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** Lines of orders in line order, with their product and bin. */
export async function findLines(db: Db, orderIds: string[]) {
  if (!orderIds.length) return [];
  return db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('warehouse_locations as bl', 'bl.id', 'l.location_id')
    .select([
      'l.id',
      'l.order_id',
      'l.line_no',
      'l.product_id',
      'p.sku',
      'p.name',
      'p.unit',
      'p.kind',
      'l.location_id',
      'bl.code as location_code',
      'l.quantity',
      'l.unit_cost',
      'l.discount_percent',
      'l.vat_code',
      'l.vat_rate',
      'l.net_amount',
      'l.vat_amount',
      'l.received_quantity',
      'l.rejected_quantity',
      'l.invoiced_quantity',
      'l.canceled_quantity',
    ])
    .where('l.order_id', 'in', orderIds)
    .orderBy('l.order_id')
    .orderBy('l.line_no')
    .execute();
}
export type LineRow = Awaited<ReturnType<typeof findLines>>[number];

// The list

/** Sortable columns; the nullable ones put their empty values last either way. */
const SORTS = {
  number: 'o.number',
  status: 'o.status',
  orderDate: 'o.order_date',
  expectedDate: 'o.expected_date',
  createdAt: 'o.created_at',
  supplier: 's.name',
  warehouse: 'w.code',
  grossTotal: 'o.gross_total',
} as const;
const NULLABLE_SORTS: ReadonlySet<string> = new Set(['o.expected_date', 's.name']);

/** The statuses of an order waiting for goods: approved, nothing or part of it received. */
const AWAITING_RECEIPT = ['APPROVED', 'PARTIALLY_RECEIVED'];

/**
 * The filter on the orders table alone (no joins), so the count reads one table and the page walks an index of
 * (type, sort column, id). Search is a union of id sets, each served by its own index: the number's and the
 * supplier reference's trigrams, the suppliers' names (trigrams) then their orders, and the SKUs (trigrams)
 * then the lines of those products.
 */
function filtered(db: Db, f: PurchaseOrderFilter) {
  let query = db.selectFrom('purchase_orders as o').where('o.type', '=', f.type);
  const text = f.q;
  if (text) {
    const pattern = likePattern(text);
    query = query.where(
      sql<boolean>`o.id IN (
        SELECT id FROM purchase_orders WHERE number ILIKE ${pattern}
        UNION SELECT id FROM purchase_orders WHERE supplier_reference ILIKE ${pattern}
        UNION SELECT po.id FROM purchase_orders po
          WHERE po.supplier_id IN (SELECT id FROM business_partners WHERE name ILIKE ${pattern})
        UNION SELECT l.order_id FROM purchase_order_lines l
          WHERE l.product_id IN (SELECT id FROM products WHERE sku ILIKE ${pattern}))`,
    );
  }
  if (f.status) query = query.where('o.status', '=', f.status);
  if (f.supplierId) query = query.where('o.supplier_id', '=', f.supplierId);
  if (f.warehouseId) query = query.where('o.warehouse_id', '=', f.warehouseId);
  if (f.from) query = query.where('o.order_date', '>=', f.from);
  if (f.to) query = query.where('o.order_date', '<=', f.to);
  if (f.expectedFrom) query = query.where('o.expected_date', '>=', f.expectedFrom);
  if (f.expectedTo) query = query.where('o.expected_date', '<=', f.expectedTo);
  if (f.awaitingReceipt === 'true') query = query.where('o.status', 'in', AWAITING_RECEIPT);
  if (f.awaitingReceipt === 'false') query = query.where('o.status', 'not in', AWAITING_RECEIPT);
  return query;
}

/** The filter's orders in its order (newest first by default), id last so that paging is stable. */
export async function findOrders(db: Db, f: PurchaseOrderFilter, limit: number, offset: number) {
  const sort = parseSort(f.sort, SORTS, { column: 'o.created_at', direction: 'desc' });
  const dir = sort.direction;
  // Every type but SEND_INVENTORY has a supplier (a CHECK of migration 0027). Said so (s.id IS NOT NULL makes the
  // join an inner one), a sort by supplier walks the suppliers' name index and each one's orders of the type
  // (migration 0037) instead of sorting every order of the type.
  const bySupplier = sort.column === 's.name' && f.type !== 'SEND_INVENTORY';
  // A column that is never empty sorts plainly, so that the index on it is walked (forwards or backwards).
  const nulls = NULLABLE_SORTS.has(sort.column) && !bySupplier ? sql.raw(' NULLS LAST') : sql.raw('');
  const order = sql`${sql.ref(sort.column)} ${sql.raw(dir)}${nulls}`;
  // The page's ids first, from the orders table (the suppliers' joined only to sort by them: an unused left join on
  // their key is removed by the planner), then their heads: a deep page skips ids, not joined rows. By warehouse
  // (a handful), each warehouse's orders in id order, warehouse after warehouse, as far as the page reaches.
  const ids =
    sort.column === 'w.code'
      ? db
          .selectFrom('warehouses as w')
          .innerJoinLateral(
            () =>
              filtered(db, f)
                .select('o.id')
                .where(sql<boolean>`o.warehouse_id = w.id`)
                .orderBy('o.id', dir)
                .limit(offset + limit)
                .as('x'),
            (join) => join.onTrue(),
          )
          .select('x.id')
          .orderBy('w.code', dir)
          .orderBy('x.id', dir)
          .limit(limit)
          .offset(offset)
      : filtered(db, f)
          .leftJoin('business_partners as s', 's.id', 'o.supplier_id')
          .$if(bySupplier, (q) => q.where('s.id', 'is not', null))
          .select('o.id')
          .orderBy(order)
          .orderBy('o.id', dir)
          .limit(limit)
          .offset(offset);
  return db
    .selectFrom('purchase_orders as o')
    .innerJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .leftJoin('warehouses as dw', 'dw.id', 'o.destination_warehouse_id')
    .leftJoin('business_partners as s', 's.id', 'o.supplier_id')
    .select([...HEAD_COLUMNS])
    .where('o.id', 'in', ids)
    .orderBy(order)
    .orderBy('o.id', dir)
    .execute();
}
export type OrderListRow = Awaited<ReturnType<typeof findOrders>>[number];

/** Lines summed per order: count, ordered, received and invoiced quantities (for a page's orders only). */
export async function lineSums(db: Db, orderIds: string[]) {
  if (!orderIds.length) return new Map<string, LineSums>();
  const rows = await db
    .selectFrom('purchase_order_lines')
    .select([
      'order_id',
      sql<string>`count(*)`.as('line_count'),
      sql<string>`sum(quantity)`.as('quantity'),
      sql<string>`sum(received_quantity)`.as('received_quantity'),
      sql<string>`sum(invoiced_quantity)`.as('invoiced_quantity'),
    ])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, r]));
}
export interface LineSums {
  line_count: string;
  quantity: string;
  received_quantity: string;
  invoiced_quantity: string;
}

export async function countOrders(db: Db, f: PurchaseOrderFilter): Promise<number> {
  const row = await filtered(db, f).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

// What refers to master data: it cannot be deleted while an order names it.

async function countWhere(db: Db, column: 'supplier_id' | 'cost_center_id' | 'currency', id: string) {
  const row = await db
    .selectFrom('purchase_orders')
    .select(sql<string>`count(*)`.as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const countOrdersOfPartner = (db: Db, id: string) => countWhere(db, 'supplier_id', id);
export const countOrdersOfCostCenter = (db: Db, id: string) => countWhere(db, 'cost_center_id', id);
export const countOrdersOfCurrency = (db: Db, code: string) => countWhere(db, 'currency', code);

export async function countOrdersOfWarehouse(db: Db, warehouseId: string): Promise<number> {
  const row = await db
    .selectFrom('purchase_orders')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) => eb.or([eb('warehouse_id', '=', warehouseId), eb('destination_warehouse_id', '=', warehouseId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countOrdersOfProduct(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('purchase_order_lines')
    .select(sql<string>`count(DISTINCT order_id)`.as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countOrdersOfLocation(db: Db, locationId: string): Promise<number> {
  const row = await db
    .selectFrom('purchase_order_lines')
    .select(sql<string>`count(DISTINCT order_id)`.as('n'))
    .where('location_id', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
