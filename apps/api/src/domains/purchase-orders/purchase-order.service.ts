import {
  BASE_CURRENCY,
  type CurrencyCode,
  PURCHASE_ORDER_SOURCE_TYPE,
  type PurchaseOrder,
  type PurchaseOrderCancelInput,
  type PurchaseOrderCloseInput,
  PurchaseOrderErrorCode,
  type PurchaseOrderFilter,
  type PurchaseOrderInput,
  type PurchaseOrderLine,
  type PurchaseOrderListQuery,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
  type PurchaseOrderType,
  type PurchaseProductCost,
  purchaseOrderDocument,
  type ReplenishmentOrderInput,
  type ReplenishmentOrderResult,
  StockErrorCode,
  todayInLondon,
  type VatCode,
  vatLineAmounts,
  vatTotals,
  WarehouseErrorCode,
  WHOLE_UNIT,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import {
  auditDocument,
  found,
  isoOrNull,
  lockForAction,
  nextDocumentNumber,
  pageOfDocuments,
  quantityText as qty,
  recordStep,
  userRef,
} from '../../platform/documents.ts';
import { type DocumentLineRow, documentsWithLines, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import { lineDetails, namingTheLine } from '../../platform/documents-lines.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ui, words, type XlsxColumn } from '../../platform/xlsx.ts';
import { rateOn } from '../currencies/index.ts';
import { type PostLine, post } from '../stock/index.ts';
import * as repo from './purchase-order.repository.ts';

/**
 * Purchase orders: drafts with their totals and VAT computed here (never taken from the client), then each
 * status change one function (and one endpoint) through the document kernel. Receiving is the goods received
 * notes' step; sending e-mails the PDF (purchase-order.mail.ts).
 */

type Values = z.output<typeof PurchaseOrderInput>;
type CancelValues = z.output<typeof PurchaseOrderCancelInput>;
type CloseValues = z.output<typeof PurchaseOrderCloseInput>;
type ReplenishmentValues = z.output<typeof ReplenishmentOrderInput>;

const ZERO = new Decimal(0);

/** A product's VAT rate as the code it stands for (20 → STANDARD, 5 → REDUCED, 0 → ZERO). */
export function vatCodeOfRate(rate: string | null | undefined): VatCode {
  const r = new Decimal(rate ?? 20);
  if (r.eq(5)) return 'REDUCED';
  if (r.isZero()) return 'ZERO';
  return 'STANDARD';
}

// Reading

function headOf(r: repo.OrderListRow | repo.OrderHead, sums: repo.LineSums | undefined) {
  return {
    id: r.id,
    number: r.number,
    type: r.type as PurchaseOrderType,
    status: r.status as PurchaseOrderStatus,
    supplier: r.supplier_id ? { id: r.supplier_id, code: r.supplier_code ?? '', name: r.supplier_name ?? '' } : null,
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    destinationWarehouse: r.destination_warehouse_id
      ? { id: r.destination_warehouse_id, code: r.destination_code ?? '', name: r.destination_name ?? '' }
      : null,
    currency: r.currency,
    exchangeRate: new Decimal(r.exchange_rate).toFixed(),
    orderDate: r.order_date,
    expectedDate: r.expected_date,
    supplierReference: r.supplier_reference,
    shipmentReference: r.shipment_reference,
    netTotal: new Decimal(r.net_total).toFixed(2),
    vatTotal: new Decimal(r.vat_total).toFixed(2),
    grossTotal: new Decimal(r.gross_total).toFixed(2),
    orderedQuantity: qty(sums?.quantity),
    receivedQuantity: qty(sums?.received_quantity),
    invoicedQuantity: qty(sums?.invoiced_quantity),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    sentAt: isoOrNull(r.sent_at),
  };
}

function toLine(l: repo.LineRow): PurchaseOrderLine {
  const open = Decimal.max(ZERO, new Decimal(l.quantity).sub(l.received_quantity).sub(l.canceled_quantity));
  return {
    id: l.id,
    lineNo: l.line_no,
    product: { id: l.product_id, sku: l.sku, name: l.name, unit: l.unit, kind: l.kind },
    location: l.location_id ? { id: l.location_id, code: l.location_code ?? '' } : null,
    quantity: qty(l.quantity),
    unitCost: costText(l.unit_cost),
    discountPercent: new Decimal(l.discount_percent).toFixed(),
    vatCode: l.vat_code as VatCode,
    vatRate: new Decimal(l.vat_rate).toFixed(),
    netAmount: new Decimal(l.net_amount).toFixed(2),
    vatAmount: new Decimal(l.vat_amount).toFixed(2),
    grossAmount: new Decimal(l.net_amount).add(l.vat_amount).toFixed(2),
    receivedQuantity: qty(l.received_quantity),
    rejectedQuantity: qty(l.rejected_quantity),
    invoicedQuantity: qty(l.invoiced_quantity),
    canceledQuantity: qty(l.canceled_quantity),
    openQuantity: qty(open),
  };
}

export async function getPurchaseOrder(db: Kysely<Database>, id: string): Promise<PurchaseOrder> {
  const head = found(await repo.findOrder(db, id), 'Purchase order', id);
  const [lineRows, sums] = await Promise.all([repo.findLines(db, [id]), repo.lineSums(db, [id])]);
  const lines = lineRows.map(toLine);
  const totals = vatTotals(
    lines.map((l) => ({
      vatCode: l.vatCode,
      net: l.netAmount,
      vat: l.vatAmount,
      vatRate: l.vatRate,
      gross: l.grossAmount,
    })),
  );
  return {
    ...headOf(head, sums.get(id)),
    costCenter: head.cost_center_id
      ? { id: head.cost_center_id, code: head.cost_center_code ?? '', name: head.cost_center_name ?? '' }
      : null,
    paymentTermsDays: head.payment_terms_days,
    notes: head.notes,
    createdBy: userRef(head.created_by, head.created_by_name),
    approvedAt: isoOrNull(head.approved_at),
    approvedBy: userRef(head.approved_by, head.approved_by_name),
    sentTo: head.sent_to,
    closedAt: isoOrNull(head.closed_at),
    closedBy: userRef(head.closed_by, head.closed_by_name),
    closeReason: head.close_reason,
    canceledAt: isoOrNull(head.canceled_at),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    cancelReason: head.cancel_reason,
    dispatchedAt: isoOrNull(head.dispatched_at),
    lines,
    vatPerRate: totals.perRate,
  };
}

export async function listPurchaseOrders(db: Kysely<Database>, q: PurchaseOrderListQuery) {
  const page = await pageOfDocuments(
    q,
    (limit, offset) => repo.findOrders(db, q, limit, offset),
    () => repo.countOrders(db, q),
    (row) => row,
  );
  // The progress of the page's orders only: never a sum over every line of the table.
  const sums = await repo.lineSums(
    db,
    page.items.map((r) => r.id),
  );
  return { ...page, items: page.items.map((r): PurchaseOrderSummary => toSummary(r, sums.get(r.id))) };
}

function toSummary(r: repo.OrderListRow, sums: repo.LineSums | undefined): PurchaseOrderSummary {
  return { ...headOf(r, sums), lineCount: Number(sums?.line_count ?? 0) };
}

// The export: one row per line, the order's columns repeated, in the list's order.

type ExportRow = DocumentLineRow<repo.OrderListRow, repo.LineRow>;

const EXPORT_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('purchasing:fields.number'), width: 18, value: (r) => r.document.number },
  {
    header: ui('purchasing:fields.status'),
    width: 18,
    type: 'enum',
    labels: 'documents:purchase_order.status',
    value: (r) => r.document.status,
  },
  { header: ui('purchasing:fields.supplier'), width: 28, value: (r) => r.document.supplier_name ?? '' },
  { header: ui('purchasing:fields.supplierReference'), width: 18, value: (r) => r.document.supplier_reference },
  { header: ui('purchasing:fields.warehouse'), width: 12, value: (r) => r.document.warehouse_code },
  { header: ui('purchasing:fields.destination'), width: 12, value: (r) => r.document.destination_code ?? '' },
  { header: ui('purchasing:fields.orderDate'), width: 12, type: 'date', value: (r) => r.document.order_date },
  { header: ui('purchasing:fields.expectedDate'), width: 12, type: 'date', value: (r) => r.document.expected_date },
  { header: ui('purchasing:fields.currency'), width: 8, value: (r) => r.document.currency },
  { header: ui('purchasing:fields.lineNo'), width: 6, type: 'number', places: 0, value: (r) => r.line.line_no },
  { header: ui('products:fields.sku'), width: 20, value: (r) => r.line.sku },
  { header: ui('products:fields.name'), width: 36, value: (r) => r.line.name },
  { header: ui('purchasing:fields.quantity'), width: 12, type: 'quantity', value: (r) => r.line.quantity },
  {
    header: ui('purchasing:fields.unitCost'),
    width: 12,
    type: 'number',
    places: 6,
    value: (r) => r.line.unit_cost,
  },
  {
    header: ui('purchasing:fields.discountPercent'),
    width: 10,
    type: 'number',
    places: 4,
    value: (r) => r.line.discount_percent,
  },
  { header: ui('purchasing:fields.vatRate'), width: 8, type: 'number', places: 2, value: (r) => r.line.vat_rate },
  { header: ui('purchasing:fields.net'), width: 14, type: 'number', places: 2, value: (r) => r.line.net_amount },
  { header: ui('purchasing:fields.vat'), width: 12, type: 'number', places: 2, value: (r) => r.line.vat_amount },
  {
    header: words('Received quantity', 'Cantidad recibida', 'Quantidade recebida', 'Eingegangene Menge'),
    width: 14,
    type: 'quantity',
    value: (r) => r.line.received_quantity,
  },
  {
    header: words('Invoiced quantity', 'Cantidad facturada', 'Quantidade faturada', 'Berechnete Menge'),
    width: 14,
    type: 'quantity',
    value: (r) => r.line.invoiced_quantity,
  },
  {
    header: words('Canceled quantity', 'Cantidad cancelada', 'Quantidade cancelada', 'Stornierte Menge'),
    width: 14,
    type: 'quantity',
    value: (r) => r.line.canceled_quantity,
  },
];

export function exportPurchaseOrders(ctx: Ctx, f: PurchaseOrderFilter) {
  const rows = documentsWithLines(
    (offset, limit) => repo.findOrders(ctx.db, f, limit, offset),
    (ids) => repo.findLines(ctx.db, ids),
    (l) => l.order_id,
  );
  return sendDocumentsXlsx(ctx, `purchase-orders-${f.type.toLowerCase().replaceAll('_', '-')}`, EXPORT_COLUMNS, rows);
}

// The unit cost a line starts with

const costText = (v: Decimal.Value) => {
  const d = new Decimal(v);
  return d.toFixed(Math.max(2, d.decimalPlaces()));
};

/**
 * The supplier's last price offered for the product in the order's currency (its unit cost on this supplier's
 * latest order in that currency that is not canceled), else the product's cost price, converted from GBP at
 * today's rate (6 places); in GBP when the currency has no rate yet.
 */
export async function productCost(
  db: Kysely<Database>,
  q: { productId: string; supplierId?: string | undefined; currency?: string | undefined },
): Promise<PurchaseProductCost> {
  const [product] = await repo.findProducts(db, [q.productId]);
  if (!product)
    throw unprocessable(PurchaseOrderErrorCode.PURCHASE_ORDER_PRODUCT_UNKNOWN, 'This product no longer exists.', {
      productId: q.productId,
    });
  const currency = q.currency ?? BASE_CURRENCY;
  const vatCode = vatCodeOfRate(product.vat_rate);
  const last = q.supplierId ? await repo.lastOrderedCost(db, q.supplierId, q.productId, currency) : undefined;
  if (last)
    return {
      productId: product.id,
      unitCost: costText(last.unit_cost),
      source: 'LAST_ORDER',
      orderNumber: last.number,
      currency,
      vatCode,
    };
  let unitCost = costText(product.cost_price);
  let costCurrency: string = BASE_CURRENCY;
  if (currency !== BASE_CURRENCY) {
    const rate = await rateOn(db, currency as CurrencyCode, todayInLondon()).catch(() => null);
    if (rate) {
      unitCost = costText(new Decimal(product.cost_price).div(rate.rate).toDecimalPlaces(6, Decimal.ROUND_HALF_UP));
      costCurrency = currency;
    }
  }
  return { productId: product.id, unitCost, source: 'COST_PRICE', orderNumber: null, currency: costCurrency, vatCode };
}

// Drafts

/** The rules of a draft that need the database, and what it is written as (totals computed here). */
async function prepareDraft(
  db: Kysely<Database>,
  input: Values,
): Promise<{ head: repo.OrderWrite; lines: repo.LineWrite[] }> {
  const E = PurchaseOrderErrorCode;
  const sending = input.type === 'SEND_INVENTORY';
  // The type's rules: SEND_INVENTORY sends own stock (no supplier, a destination); the others buy.
  if (sending && input.supplierId)
    throw unprocessable(
      E.PURCHASE_ORDER_SUPPLIER_NOT_ALLOWED,
      'Send Inventory sends your own stock: it has no supplier.',
      {
        field: 'supplierId',
      },
    );
  if (!sending && !input.supplierId)
    throw unprocessable(E.PURCHASE_ORDER_SUPPLIER_REQUIRED, 'Choose the supplier this order is placed with.', {
      field: 'supplierId',
    });
  if (sending && !input.destinationWarehouseId)
    throw unprocessable(E.PURCHASE_ORDER_DESTINATION_REQUIRED, 'Choose the warehouse the stock is sent to.', {
      field: 'destinationWarehouseId',
    });
  if (!sending && input.destinationWarehouseId)
    throw unprocessable(
      E.PURCHASE_ORDER_DESTINATION_NOT_ALLOWED,
      'Only a Send Inventory order has a destination warehouse: the goods of a purchase arrive in its warehouse.',
      { field: 'destinationWarehouseId' },
    );
  if (sending && input.destinationWarehouseId === input.warehouseId)
    throw unprocessable(
      E.PURCHASE_ORDER_SAME_WAREHOUSE,
      'The stock is sent to another warehouse than the one it leaves.',
      {
        field: 'destinationWarehouseId',
      },
    );

  let paymentTermsDays = input.paymentTermsDays ?? 30;
  if (input.supplierId) {
    const partner = await repo.findPartner(db, input.supplierId);
    if (!partner?.active)
      throw unprocessable(
        E.PURCHASE_ORDER_SUPPLIER_UNKNOWN,
        partner ? `Supplier ${partner.code} is inactive: it takes no orders.` : 'The chosen supplier no longer exists.',
        { field: 'supplierId', supplierId: input.supplierId },
      );
    if (input.type === 'CONSIGNMENT_PO' && !partner.is_consignment)
      throw unprocessable(
        E.PURCHASE_ORDER_SUPPLIER_NOT_CONSIGNMENT,
        `${partner.name} is not a consignment partner: a Consignment PO needs a business partner flagged as consignment.`,
        { field: 'supplierId', supplierId: partner.id, code: partner.code },
      );
    paymentTermsDays = input.paymentTermsDays ?? partner.payment_terms_days;
  }

  const warehouseIds = [input.warehouseId, ...(input.destinationWarehouseId ? [input.destinationWarehouseId] : [])];
  const warehouses = new Map((await repo.findWarehouses(db, warehouseIds)).map((w) => [w.id, w]));
  for (const [field, id] of [
    ['warehouseId', input.warehouseId],
    ['destinationWarehouseId', input.destinationWarehouseId],
  ] as const) {
    if (!id) continue;
    const w = warehouses.get(id);
    if (!w)
      throw unprocessable(E.PURCHASE_ORDER_WAREHOUSE_UNKNOWN, 'The chosen warehouse no longer exists.', {
        field,
        warehouseId: id,
      });
    if (!w.active)
      throw unprocessable(StockErrorCode.WAREHOUSE_INACTIVE, `Warehouse ${w.code} is inactive: it takes no orders.`, {
        field,
        warehouseId: id,
        code: w.code,
      });
  }

  if (input.costCenterId) {
    const cc = await repo.findCostCenter(db, input.costCenterId);
    if (!cc?.active)
      throw unprocessable(
        E.PURCHASE_ORDER_COST_CENTER_UNKNOWN,
        cc ? `Cost centre ${cc.code} is inactive.` : 'The chosen cost centre no longer exists.',
        { field: 'costCenterId', costCenterId: input.costCenterId },
      );
  }

  const orderDate = input.orderDate ?? todayInLondon();
  // The rate typed is kept; else the day's rate (422 NO_EXCHANGE_RATE when the currency has none that early).
  const exchangeRate =
    input.currency === BASE_CURRENCY
      ? '1'
      : (input.exchangeRate ?? (await rateOn(db, input.currency as CurrencyCode, orderDate)).rate);

  // Lines are received where the goods arrive: the destination of a Send Inventory order.
  const receivingWarehouseId = input.destinationWarehouseId ?? input.warehouseId;
  const products = new Map(
    (
      await repo.findProducts(
        db,
        input.lines.map((l) => l.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const locations = new Map(
    (
      await repo.findLocations(
        db,
        input.lines.map((l) => l.locationId).filter((id): id is string => !!id),
      )
    ).map((l) => [l.id, l]),
  );
  const lines: repo.LineWrite[] = input.lines.map((l, i) => {
    const p = products.get(l.productId);
    if (!p)
      throw unprocessable(
        E.PURCHASE_ORDER_PRODUCT_UNKNOWN,
        `The product of line ${i + 1} no longer exists.`,
        lineDetails(i, { productId: l.productId }),
      );
    if (p.kind !== 'STOCK')
      throw unprocessable(
        E.PURCHASE_ORDER_PRODUCT_NOT_STOCKED,
        p.kind === 'BUNDLE'
          ? `${p.sku} is a bundle: order its components instead.`
          : `${p.sku} is a service: it holds no stock to order.`,
        lineDetails(i, { sku: p.sku, field: 'productId' }),
      );
    if (!p.active)
      throw unprocessable(
        StockErrorCode.PRODUCT_INACTIVE,
        `${p.sku} is deactivated: it cannot be ordered.`,
        lineDetails(i, { sku: p.sku, field: 'productId' }),
      );
    if (p.unit === WHOLE_UNIT && !new Decimal(l.quantity).isInteger())
      throw unprocessable(
        E.PURCHASE_ORDER_QUANTITY_NOT_WHOLE,
        `${p.sku} is counted in units: order a whole quantity.`,
        lineDetails(i, { sku: p.sku, field: 'quantity' }),
      );
    if (l.locationId) {
      const location = locations.get(l.locationId);
      if (!location || location.warehouse_id !== receivingWarehouseId)
        throw unprocessable(
          E.PURCHASE_ORDER_LOCATION_UNKNOWN,
          `The bin of line ${i + 1} is not one of the receiving warehouse’s bins.`,
          lineDetails(i, { field: 'locationId', locationId: l.locationId }),
        );
      if (!location.active)
        throw unprocessable(
          WarehouseErrorCode.LOCATION_INACTIVE,
          `Bin ${location.code} is inactive: it takes no stock.`,
          lineDetails(i, { field: 'locationId', locationId: l.locationId, code: location.code }),
        );
    }
    const amounts = vatLineAmounts(l);
    return {
      lineNo: i + 1,
      productId: l.productId,
      quantity: new Decimal(l.quantity).toFixed(),
      unitCost: new Decimal(l.unitCost).toFixed(),
      discountPercent: new Decimal(l.discountPercent).toFixed(),
      vatCode: l.vatCode,
      vatRate: amounts.vatRate,
      netAmount: amounts.net,
      vatAmount: amounts.vat,
      locationId: l.locationId,
    };
  });
  const totals = vatTotals(
    lines.map((l) => ({
      vatCode: l.vatCode as VatCode,
      vatRate: l.vatRate,
      net: l.netAmount,
      vat: l.vatAmount,
      gross: '0',
    })),
  );
  return {
    head: {
      type: input.type,
      supplierId: input.supplierId,
      warehouseId: input.warehouseId,
      destinationWarehouseId: input.destinationWarehouseId,
      shipmentReference: input.shipmentReference,
      currency: input.currency,
      exchangeRate,
      costCenterId: input.costCenterId,
      orderDate,
      expectedDate: input.expectedDate,
      paymentTermsDays,
      supplierReference: input.supplierReference,
      notes: input.notes,
      netTotal: totals.net,
      vatTotal: totals.vat,
      grossTotal: totals.gross,
    },
    lines,
  };
}

export async function createPurchaseOrder(ctx: Ctx, input: Values): Promise<PurchaseOrder> {
  const { head, lines } = await prepareDraft(ctx.db, input);
  const number = await nextDocumentNumber(ctx.db, 'purchaseOrder');
  const id = await repo.insertOrder(ctx.db, number, head, ctx.user.id);
  await repo.replaceLines(ctx.db, id, lines);
  const after = await getPurchaseOrder(ctx.db, id);
  await auditDocument(ctx, purchaseOrderDocument, { number, action: 'create', after });
  return after;
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof purchaseOrderDocument.actions) =>
  lockForAction(ctx.db, purchaseOrderDocument, 'purchase_orders', id, action);

export async function updatePurchaseOrder(ctx: Ctx, id: string, input: Values): Promise<PurchaseOrder> {
  const row = await lockFor(ctx, id, 'edit');
  if (row.type !== input.type)
    throw unprocessable(
      PurchaseOrderErrorCode.PURCHASE_ORDER_TYPE_FIXED,
      `${row.number} is a ${row.type} order: its type cannot change. Cancel it and create the order in the other list.`,
      { field: 'type', type: row.type },
    );
  const before = await getPurchaseOrder(ctx.db, id);
  const { head, lines } = await prepareDraft(ctx.db, input);
  await repo.updateOrder(ctx.db, id, head);
  await repo.replaceLines(ctx.db, id, lines);
  const after = await getPurchaseOrder(ctx.db, id);
  await auditDocument(ctx, purchaseOrderDocument, { number: row.number, action: 'update', before, after });
  return after;
}

// Steps

export async function approvePurchaseOrder(ctx: Ctx, id: string): Promise<PurchaseOrder> {
  const row = await lockFor(ctx, id, 'approve');
  await repo.markApproved(ctx.db, id, ctx.user.id);
  await recordStep(ctx, purchaseOrderDocument, row, 'approve', 'APPROVED', {
    after: { grossTotal: new Decimal(row.gross_total).toFixed(2), currency: row.currency },
  });
  return getPurchaseOrder(ctx.db, id);
}

export async function cancelPurchaseOrder(ctx: Ctx, id: string, input: CancelValues): Promise<PurchaseOrder> {
  const row = await lockFor(ctx, id, 'cancel');
  if (row.dispatched_at)
    throw conflict(
      PurchaseOrderErrorCode.PURCHASE_ORDER_ALREADY_DISPATCHED,
      `${row.number} has been dispatched: its stock is in transit to the destination, where it is received. It cannot be cancelled any more.`,
      { number: row.number, dispatchedAt: row.dispatched_at.toISOString() },
    );
  if (!input.reason)
    throw unprocessable(PurchaseOrderErrorCode.PURCHASE_ORDER_REASON_REQUIRED, 'Say why the order is cancelled.', {
      field: 'reason',
    });
  await repo.markCanceled(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, purchaseOrderDocument, row, 'cancel', 'CANCELED', { after: { reason: input.reason } });
  return getPurchaseOrder(ctx.db, id);
}

/** Closing cancels what is still to come on each line (the backorder); what arrived stays. */
export async function closePurchaseOrder(ctx: Ctx, id: string, input: CloseValues): Promise<PurchaseOrder> {
  const row = await lockFor(ctx, id, 'close');
  // Stock sent is in transit until received at the destination: closing would strand it there.
  if (row.dispatched_at && row.status !== 'RECEIVED')
    throw conflict(
      PurchaseOrderErrorCode.PURCHASE_ORDER_IN_TRANSIT,
      `${row.number} has stock in transit to its destination: receive it there first (a goods received note), then close the order.`,
      { number: row.number },
    );
  const lines = await repo.findLines(ctx.db, [id]);
  const backorder = lines
    .map((l) => ({
      lineNo: l.line_no,
      sku: l.sku,
      canceled: Decimal.max(ZERO, new Decimal(l.quantity).sub(l.received_quantity)).toFixed(),
    }))
    .filter((l) => l.canceled !== '0');
  await repo.markClosed(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, purchaseOrderDocument, row, 'close', 'CLOSED', {
    after: { reason: input.reason, canceledLines: backorder },
  });
  return getPurchaseOrder(ctx.db, id);
}

/**
 * Send Inventory's dispatch: per line, TRANSFER_OUT from the order's warehouse (its FIFO layers, bins in picking
 * order) and TRANSFER_IN into the destination's in-transit bucket linked to it, so the layers travel with their
 * cost and received date; the shipment reference is the rows' reason. The status stays (APPROVED): the
 * destination's goods received note receives it out of transit. Once only; a shortage names the line.
 */
export async function dispatchPurchaseOrder(ctx: Ctx, id: string): Promise<PurchaseOrder> {
  const row = await lockFor(ctx, id, 'dispatch');
  if (row.type !== 'SEND_INVENTORY' || !row.destination_warehouse_id)
    throw unprocessable(
      PurchaseOrderErrorCode.PURCHASE_ORDER_NOT_SEND_INVENTORY,
      `${row.number} is bought from a supplier: it is received, not dispatched. Only a Send Inventory order is dispatched.`,
      { number: row.number, type: row.type },
    );
  if (row.dispatched_at)
    throw conflict(
      PurchaseOrderErrorCode.PURCHASE_ORDER_ALREADY_DISPATCHED,
      `${row.number} was dispatched already: its stock is in transit to the destination.`,
      { number: row.number, dispatchedAt: row.dispatched_at.toISOString() },
    );
  const lines = await repo.findLines(ctx.db, [id]);
  const reason = [row.number, row.shipment_reference].filter(Boolean).join(' ');
  const destination = row.destination_warehouse_id;
  const postLines: PostLine[] = lines.flatMap((l, i): PostLine[] => {
    const quantity = new Decimal(l.quantity);
    const common = { productId: l.product_id, sourceLine: String(l.line_no), reason };
    return [
      { ...common, warehouseId: row.warehouse_id, kind: 'TRANSFER_OUT', quantity: quantity.neg() },
      {
        ...common,
        warehouseId: destination,
        bucket: 'TRANSIT',
        kind: 'TRANSFER_IN',
        quantity,
        linkTo: { line: 2 * i },
      },
    ];
  });
  const skus = new Map(lines.map((l) => [l.product_id, { sku: l.sku, lineNo: l.line_no }]));
  const posted = await namingTheLine(skus, () =>
    post(ctx, { sourceType: PURCHASE_ORDER_SOURCE_TYPE, sourceId: id, lines: postLines }),
  );
  await repo.markDispatched(ctx.db, id, ctx.user.id);
  await recordStep(ctx, purchaseOrderDocument, row, 'dispatch', row.status, {
    after: { shipmentReference: row.shipment_reference, movementIds: posted.map((m) => m.id) },
  });
  return getPurchaseOrder(ctx.db, id);
}

// From the Replenishment Report

/**
 * The chosen suggestions as draft Prior POs, one per supplier × warehouse: a line per product (a product
 * chosen twice for the same order adds up), each at the supplier's last price offered (else the cost price),
 * in GBP. A suggestion without a supplier takes the product's preferred one (its supplier on its latest
 * order); without either it is refused, naming the SKUs, and nothing is created.
 */
export async function createFromReplenishment(ctx: Ctx, input: ReplenishmentValues): Promise<ReplenishmentOrderResult> {
  const productIds = [...new Set(input.lines.map((l) => l.productId))];
  const preferred = await repo.preferredSuppliers(ctx.db, productIds);
  const products = new Map((await repo.findProducts(ctx.db, productIds)).map((p) => [p.id, p]));
  const missing = input.lines.filter((l) => !l.supplierId && !preferred.has(l.productId));
  if (missing.length) {
    const skus = [...new Set(missing.map((l) => products.get(l.productId)?.sku ?? l.productId))];
    throw unprocessable(
      PurchaseOrderErrorCode.PURCHASE_ORDER_REPLENISHMENT_SUPPLIER_REQUIRED,
      `Choose a supplier for ${skus.join(', ')}: ${skus.length === 1 ? 'it has' : 'they have'} no supplier yet.`,
      { skus, productIds: [...new Set(missing.map((l) => l.productId))] },
    );
  }
  const groups = new Map<string, { supplierId: string; warehouseId: string; lines: Map<string, Decimal> }>();
  for (const l of input.lines) {
    const supplierId = l.supplierId ?? (preferred.get(l.productId) as string);
    const key = `${supplierId}|${l.warehouseId}`;
    const group = groups.get(key) ?? { supplierId, warehouseId: l.warehouseId, lines: new Map<string, Decimal>() };
    group.lines.set(l.productId, (group.lines.get(l.productId) ?? ZERO).add(l.quantity));
    groups.set(key, group);
  }
  const partners = new Map(
    (
      await repo.findPartners(
        ctx.db,
        [...groups.values()].map((g) => g.supplierId),
      )
    ).map((p) => [p.id, p]),
  );
  const orders: ReplenishmentOrderResult['orders'] = [];
  for (const group of groups.values()) {
    // In the supplier's currency when its prices can be had in it; else in GBP.
    let currency: string = partners.get(group.supplierId)?.default_currency ?? BASE_CURRENCY;
    const lines = [];
    const costs = [];
    for (const productId of group.lines.keys())
      costs.push(await productCost(ctx.db, { productId, supplierId: group.supplierId, currency }));
    if (costs.some((c) => c.currency !== currency)) {
      currency = BASE_CURRENCY;
      costs.length = 0;
      for (const productId of group.lines.keys())
        costs.push(await productCost(ctx.db, { productId, supplierId: group.supplierId, currency }));
    }
    for (const [i, [productId, quantity]] of [...group.lines].entries()) {
      const cost = costs[i] as PurchaseProductCost;
      lines.push({
        productId,
        quantity: quantity.toFixed(),
        unitCost: cost.unitCost,
        discountPercent: '0',
        vatCode: cost.vatCode,
        locationId: null,
      });
    }
    const order = await createPurchaseOrder(ctx, {
      type: 'PRIOR_ORDER_PO',
      supplierId: group.supplierId,
      warehouseId: group.warehouseId,
      destinationWarehouseId: null,
      shipmentReference: '',
      currency: currency as CurrencyCode,
      exchangeRate: null,
      costCenterId: null,
      orderDate: null,
      expectedDate: null,
      paymentTermsDays: null,
      supplierReference: '',
      notes: '',
      lines,
    });
    orders.push({
      id: order.id,
      number: order.number,
      supplierId: group.supplierId,
      warehouseId: group.warehouseId,
      lineCount: order.lines.length,
    });
  }
  return { orders };
}
