import {
  type CurrencyCode,
  type GoodReceivedNote,
  type GoodReceivedNoteCancelInput,
  GoodReceivedNoteErrorCode,
  type GoodReceivedNoteFilter,
  type GoodReceivedNoteInput,
  type GoodReceivedNoteLine,
  type GoodReceivedNoteListQuery,
  type GoodReceivedNoteStatus,
  type GoodReceivedNoteSummary,
  GRN_SOURCE_TYPE,
  goodReceivedNoteDocument,
  type PurchaseOrderStatus,
  purchaseOrderDocument,
  type ReceivableOrder,
  type ReceivableOrderDetail,
  type ReceivableOrderQuery,
  type StockMovement,
  todayInLondon,
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
  moneyText as money,
  nextDocumentNumber,
  pageOfDocuments,
  quantityText as qty,
  recordStep,
  requireAction,
  userRef,
} from '../../platform/documents.ts';
import { type DocumentLineRow, documentsWithLines, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import { lineDetails, namingTheLine } from '../../platform/documents-lines.ts';
import { documentMovements } from '../../platform/documents-movements.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ui, words, type XlsxColumn } from '../../platform/xlsx.ts';
import { rateOn } from '../currencies/index.ts';
import { movementsByIds, type PostLine, post } from '../stock/index.ts';
import * as repo from './grn.repository.ts';

/**
 * Goods received notes: a draft against an approved order, then posting, which in the request's transaction
 * locks the order and its lines (FOR UPDATE, so two receipts racing for one order line run one after the other
 * and the second sees what the first accepted), refuses an over-receipt, puts the accepted units into stock
 * through the posting service, adds accepted and rejected units to the order lines and takes the order's
 * `receive` step. A refused posting writes nothing.
 */

type Values = z.output<typeof GoodReceivedNoteInput>;
type CancelValues = z.output<typeof GoodReceivedNoteCancelInput>;

const ZERO = new Decimal(0);
const RECEIVABLE = new Set(['APPROVED', 'PARTIALLY_RECEIVED']);

// Figures of an order line

/** The order line's net (after discount) per unit, in the order's currency. */
export const orderUnitCost = (l: Pick<repo.OrderLineRow, 'net_amount' | 'quantity'>) =>
  new Decimal(l.net_amount).div(l.quantity);

/** The most a line may accept over all its receipts: ordered × (1 + tolerance %). */
export const maxAcceptable = (l: Pick<repo.OrderLineRow, 'quantity'>, tolerance: string) =>
  new Decimal(l.quantity).times(new Decimal(tolerance).div(100).add(1));

/** Still to come: ordered less accepted less canceled, never below zero. */
export const outstandingOf = (l: repo.OrderLineRow) =>
  Decimal.max(new Decimal(l.quantity).sub(l.received_quantity).sub(l.canceled_quantity), ZERO);

/** 422 OVER_RECEIPT with the figures: ordered, already received, this receipt, the most allowed. */
export function overReceipt(
  order: { number: string },
  line: repo.OrderLineRow,
  tolerance: string,
  thisReceipt: Decimal,
  index?: number,
) {
  const max = maxAcceptable(line, tolerance);
  const figures = {
    orderNumber: order.number,
    orderLineNo: line.line_no,
    sku: line.sku,
    ordered: qty(line.quantity),
    alreadyReceived: qty(line.received_quantity),
    thisReceipt: qty(thisReceipt),
    maxAllowed: qty(max),
    tolerance: qty(tolerance),
  };
  return unprocessable(
    GoodReceivedNoteErrorCode.OVER_RECEIPT,
    `${line.sku} (line ${line.line_no} of ${order.number}): ordered ${figures.ordered}, already received ${figures.alreadyReceived}, this receipt ${figures.thisReceipt}; at most ${figures.maxAllowed} may be received in all (over-receipt tolerance ${figures.tolerance}%).`,
    index === undefined ? figures : lineDetails(index, figures),
  );
}

const isSending = (order: Pick<repo.OrderRow, 'type'>) => order.type === 'SEND_INVENTORY';

/** Send Inventory: what is still in transit on a line (dispatched less accepted less rejected, written off). */
const inTransitOf = (l: repo.OrderLineRow) =>
  Decimal.max(new Decimal(l.quantity).sub(l.received_quantity).sub(l.rejected_quantity), ZERO);

/** 422 GRN_EXCEEDS_IN_TRANSIT: a Send Inventory receipt never takes more than is still in transit. */
function exceedsTransit(order: { number: string }, line: repo.OrderLineRow, thisReceipt: Decimal, index?: number) {
  const figures = {
    orderNumber: order.number,
    orderLineNo: line.line_no,
    sku: line.sku,
    dispatched: qty(line.quantity),
    alreadyReceived: qty(new Decimal(line.received_quantity).add(line.rejected_quantity)),
    thisReceipt: qty(thisReceipt),
    inTransit: qty(inTransitOf(line)),
  };
  return unprocessable(
    GoodReceivedNoteErrorCode.GRN_EXCEEDS_IN_TRANSIT,
    `${line.sku} (line ${line.line_no} of ${order.number}): dispatched ${figures.dispatched}, already received ${figures.alreadyReceived}, this receipt ${figures.thisReceipt}; only ${figures.inTransit} is still in transit.`,
    index === undefined ? figures : lineDetails(index, figures),
  );
}

function notReceivable(order: repo.OrderRow) {
  const why =
    order.type === 'SEND_INVENTORY'
      ? 'its stock has not been dispatched yet: dispatch it first, then receive it at the destination'
      : `it is ${(purchaseOrderDocument.statuses as Record<string, { phrase?: string }>)[order.status]?.phrase ?? order.status}; only an approved or partly received order is`;
  return unprocessable(
    GoodReceivedNoteErrorCode.GRN_ORDER_NOT_RECEIVABLE,
    `Purchase order ${order.number} cannot be received: ${why}.`,
    { orderId: order.id, number: order.number, status: order.status, type: order.type },
  );
}

// Reading

function headOf(r: repo.NoteListRow | repo.NoteHead) {
  return {
    id: r.id,
    number: r.number,
    status: r.status as GoodReceivedNoteStatus,
    purchaseOrder: { id: r.purchase_order_id, number: r.order_number, type: r.order_type, status: r.order_status },
    supplier: r.supplier_id ? { id: r.supplier_id, code: r.supplier_code ?? '', name: r.supplier_name ?? '' } : null,
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    receivedDate: r.received_date,
    deliveryReference: r.delivery_reference,
    currency: r.currency,
    consigned: r.consigned,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    createdBy: userRef(r.created_by, r.created_by_name),
    postedAt: isoOrNull(r.posted_at),
    canceledAt: isoOrNull(r.canceled_at),
  };
}

function toLine(l: repo.NoteLineRow, values: Map<string, Decimal>, posted: boolean): GoodReceivedNoteLine {
  return {
    id: l.id,
    lineNo: l.line_no,
    orderLineId: l.order_line_id,
    orderLineNo: l.order_line_no,
    product: { id: l.product_id, sku: l.sku, name: l.name, unit: l.unit },
    location: l.location_id ? { id: l.location_id, code: l.location_code ?? '' } : null,
    receivedQuantity: qty(l.received_quantity),
    acceptedQuantity: qty(l.accepted_quantity),
    rejectedQuantity: qty(l.rejected_quantity),
    note: l.note,
    orderedQuantity: qty(l.ordered_quantity),
    orderReceivedQuantity: qty(l.order_received_quantity),
    orderRejectedQuantity: qty(l.order_rejected_quantity),
    unitCost: new Decimal(l.unit_cost).toFixed(),
    unitCostGbp: l.unit_cost_gbp === null ? null : new Decimal(l.unit_cost_gbp).toFixed(),
    value: posted ? money(values.get(String(l.line_no)) ?? ZERO) : null,
  };
}

export async function getNote(db: Kysely<Database>, id: string): Promise<GoodReceivedNote> {
  const head = found(await repo.findNote(db, id), goodReceivedNoteDocument.label, id);
  const [lineRows, valueRows] = await Promise.all([repo.findLines(db, [id]), repo.lineValues(db, GRN_SOURCE_TYPE, id)]);
  const values = new Map(valueRows.map((r) => [r.source_line ?? '', new Decimal(r.value)]));
  const posted = head.status === 'POSTED';
  const lines = lineRows.map((l) => toLine(l, values, posted));
  const sum = (f: (l: GoodReceivedNoteLine) => string) => lines.reduce((s, l) => s.add(f(l)), ZERO);
  return {
    ...headOf(head),
    note: head.note,
    exchangeRate: head.exchange_rate === null ? null : new Decimal(head.exchange_rate).toFixed(),
    rateDate: head.rate_date,
    postedBy: userRef(head.posted_by, head.posted_by_name),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    cancelReason: head.cancel_reason,
    lines,
    totals: {
      receivedQuantity: qty(sum((l) => l.receivedQuantity)),
      acceptedQuantity: qty(sum((l) => l.acceptedQuantity)),
      rejectedQuantity: qty(sum((l) => l.rejectedQuantity)),
      value: posted ? money(sum((l) => l.value ?? '0')) : null,
    },
  };
}

function toSummary(r: repo.NoteListRow): GoodReceivedNoteSummary {
  return {
    ...headOf(r),
    lineCount: Number(r.line_count ?? 0),
    receivedQuantity: qty(r.received_quantity),
    acceptedQuantity: qty(r.accepted_quantity),
    rejectedQuantity: qty(r.rejected_quantity),
  };
}

export function listNotes(db: Kysely<Database>, q: GoodReceivedNoteListQuery) {
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findNotes(db, q, limit, offset),
    () => repo.countNotes(db, q),
    toSummary,
  );
}

export async function noteMovements(
  db: Kysely<Database>,
  id: string,
  q: { page: number; pageSize: number },
): Promise<{ items: StockMovement[]; total: number; page: number; pageSize: number }> {
  found(await repo.findNote(db, id), goodReceivedNoteDocument.label, id);
  const source = { type: GRN_SOURCE_TYPE, ids: [id] };
  const page = { order: 'newest', limit: q.pageSize, offset: offsetOf(q) } as const;
  const { items, total } = await documentMovements(db, source, page, movementsByIds);
  return toPage(items, total, q);
}

type ExportRow = DocumentLineRow<repo.NoteListRow, repo.NoteLineRow>;

const EXPORT_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('receiving:fields.number'), width: 18, value: (r) => r.document.number },
  {
    header: ui('receiving:fields.status'),
    width: 14,
    type: 'enum',
    labels: 'documents:good_received_note.status',
    value: (r) => r.document.status,
  },
  { header: ui('receiving:fields.order'), width: 18, value: (r) => r.document.order_number },
  { header: ui('receiving:fields.supplier'), width: 14, value: (r) => r.document.supplier_code },
  { header: ui('receiving:fields.warehouse'), width: 12, value: (r) => r.document.warehouse_code },
  { header: ui('receiving:fields.receivedDate'), width: 12, type: 'date', value: (r) => r.document.received_date },
  { header: ui('receiving:fields.deliveryReference'), width: 16, value: (r) => r.document.delivery_reference },
  { header: ui('receiving:fields.lineNo'), width: 6, type: 'number', places: 0, value: (r) => r.line.line_no },
  { header: ui('products:fields.sku'), width: 20, value: (r) => r.line.sku },
  { header: ui('products:fields.name'), width: 36, value: (r) => r.line.name },
  { header: ui('receiving:fields.bin'), width: 12, value: (r) => r.line.location_code ?? '' },
  { header: ui('receiving:fields.received'), width: 12, type: 'quantity', value: (r) => r.line.received_quantity },
  { header: ui('receiving:fields.accepted'), width: 12, type: 'quantity', value: (r) => r.line.accepted_quantity },
  { header: ui('receiving:fields.rejected'), width: 12, type: 'quantity', value: (r) => r.line.rejected_quantity },
  {
    header: words('Unit cost (GBP)', 'Coste unitario (GBP)', 'Custo unitário (GBP)', 'Stückkosten (GBP)'),
    width: 14,
    type: 'number',
    places: 4,
    value: (r) => r.line.unit_cost_gbp,
  },
  { header: ui('receiving:fields.note'), width: 30, value: (r) => r.line.note },
];

export function exportNotes(ctx: Ctx, f: GoodReceivedNoteFilter) {
  const rows = documentsWithLines(
    (offset, limit) => repo.findNotes(ctx.db, f, limit, offset),
    (ids) => repo.findLines(ctx.db, ids),
    (l) => l.note_id,
  );
  return sendDocumentsXlsx(ctx, 'goods-received-notes', EXPORT_COLUMNS, rows);
}

// Orders that can be received

function orderOf(r: repo.OrderRow & { outstanding: string }): ReceivableOrder {
  return {
    id: r.id,
    number: r.number,
    type: r.type,
    status: r.status,
    supplier: r.supplier_id ? { id: r.supplier_id, code: r.supplier_code ?? '', name: r.supplier_name ?? '' } : null,
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    currency: r.currency,
    orderDate: r.order_date,
    expectedDate: r.expected_date,
    outstandingQuantity: qty(r.outstanding),
  };
}

export function receivableOrders(db: Kysely<Database>, q: ReceivableOrderQuery) {
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findReceivableOrders(db, q, limit, offset),
    () => repo.countReceivableOrders(db, q),
    orderOf,
  );
}

export async function receivableOrder(db: Kysely<Database>, id: string): Promise<ReceivableOrderDetail> {
  const order = await repo.findOrder(db, id);
  if (!order) throw notFound('Purchase order', id);
  if (!receivable(order)) throw notReceivable(order);
  const lines = await repo.findOrderLines(db, [id]);
  const sending = isSending(order);
  const stillToCome = (l: repo.OrderLineRow) => (sending ? inTransitOf(l) : outstandingOf(l));
  const transitCost = sending ? await transitUnitCosts(db, order.id) : new Map<string, Decimal>();
  const outstanding = lines.reduce((s, l) => s.add(stillToCome(l)), ZERO);
  return {
    ...orderOf({ ...order, outstanding: outstanding.toFixed() }),
    overReceiptTolerance: qty(order.over_receipt_tolerance),
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: l.line_no,
      product: { id: l.product_id, sku: l.sku, name: l.name, unit: l.unit },
      location: l.location_id ? { id: l.location_id, code: l.location_code ?? '' } : null,
      quantity: qty(l.quantity),
      receivedQuantity: qty(l.received_quantity),
      rejectedQuantity: qty(l.rejected_quantity),
      canceledQuantity: qty(l.canceled_quantity),
      outstandingQuantity: qty(stillToCome(l)),
      maxAcceptable: sending
        ? qty(inTransitOf(l))
        : qty(Decimal.max(maxAcceptable(l, order.over_receipt_tolerance).sub(l.received_quantity), ZERO)),
      unitCost: sending ? (transitCost.get(String(l.line_no)) ?? ZERO).toFixed() : orderUnitCost(l).toFixed(),
    })),
  };
}

/** An order a note can receive: approved or partly received, from a supplier, or a Send Inventory order dispatched. */
const receivable = (order: repo.OrderRow) =>
  RECEIVABLE.has(order.status) && (isSending(order) ? !!order.dispatched_on : !!order.supplier_id);

/** Send Inventory: the GBP per unit each order line left with (its dispatch's in-transit rows). */
async function transitUnitCosts(db: Kysely<Database>, orderId: string) {
  const sums = new Map<string, { q: Decimal; v: Decimal }>();
  for (const r of await repo.transitRowsOf(db, orderId)) {
    const s = sums.get(r.source_line) ?? { q: ZERO, v: ZERO };
    sums.set(r.source_line, { q: s.q.add(r.quantity), v: s.v.add(r.value) });
  }
  return new Map([...sums].map(([line, s]) => [line, s.q.isZero() ? ZERO : s.v.div(s.q)]));
}

// Drafts

/**
 * The rules of a receipt that need the database: a receivable order, its own lines, quantities that add up and
 * are whole for products counted in units, bins of the warehouse, and no over-receipt against what the order's
 * lines have accepted (read as they are; posting checks again under lock).
 */
async function checkDraft(db: Kysely<Database>, order: repo.OrderRow, input: Values, lines: repo.OrderLineRow[]) {
  if (!receivable(order)) throw notReceivable(order);
  const today = todayInLondon();
  const day = input.receivedDate ?? today;
  if (day > today)
    throw unprocessable(
      GoodReceivedNoteErrorCode.GRN_DATE_IN_FUTURE,
      `Goods cannot be received on ${day}, a day still to come. Use ${today} or an earlier day.`,
      { receivedDate: day, today },
    );
  // Stock sent arrives after it left: a receipt dated before the dispatch would take it out of transit too early.
  if (order.dispatched_on && day < order.dispatched_on)
    throw unprocessable(
      GoodReceivedNoteErrorCode.GRN_DATE_IN_FUTURE,
      `${order.number} left on ${order.dispatched_on}: it cannot be received on ${day}, before it was dispatched.`,
      { receivedDate: day, dispatchedOn: order.dispatched_on },
    );
  const byId = new Map(lines.map((l) => [l.id, l]));
  const locations = new Map(
    (
      await repo.findLocations(
        db,
        input.lines.map((l) => l.locationId).filter((id): id is string => !!id),
      )
    ).map((l) => [l.id, l]),
  );
  input.lines.forEach((given, i) => {
    const line = byId.get(given.orderLineId);
    if (!line)
      throw unprocessable(
        GoodReceivedNoteErrorCode.GRN_LINE_UNKNOWN,
        `Line ${i + 1} names a line that is not one of ${order.number}’s.`,
        lineDetails(i, { orderLineId: given.orderLineId }),
      );
    const received = new Decimal(given.receivedQuantity);
    const accepted = new Decimal(given.acceptedQuantity);
    const rejected = new Decimal(given.rejectedQuantity);
    if (!accepted.add(rejected).eq(received))
      throw unprocessable(
        GoodReceivedNoteErrorCode.GRN_QUANTITIES_MISMATCH,
        `Line ${i + 1} (${line.sku}): accepted ${qty(accepted)} and rejected ${qty(rejected)} make ${qty(accepted.add(rejected))}, not the ${qty(received)} received.`,
        lineDetails(i, { sku: line.sku, field: 'acceptedQuantity' }),
      );
    if (line.unit === WHOLE_UNIT && !(received.isInteger() && accepted.isInteger()))
      throw unprocessable(
        GoodReceivedNoteErrorCode.GRN_QUANTITY_NOT_WHOLE,
        `${line.sku} is counted in units: receive whole quantities.`,
        lineDetails(i, { sku: line.sku, field: 'receivedQuantity' }),
      );
    if (isSending(order)) {
      if (received.gt(inTransitOf(line))) throw exceedsTransit(order, line, received, i);
    } else if (accepted.add(line.received_quantity).gt(maxAcceptable(line, order.over_receipt_tolerance)))
      throw overReceipt(order, line, order.over_receipt_tolerance, accepted, i);
    if (given.locationId) {
      const location = locations.get(given.locationId);
      if (!location || location.warehouse_id !== order.warehouse_id)
        throw unprocessable(
          WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE,
          `The bin of line ${i + 1} is not one of ${order.warehouse_code}’s bins.`,
          lineDetails(i, { field: 'locationId', locationId: given.locationId }),
        );
      if (!location.active)
        throw unprocessable(
          WarehouseErrorCode.LOCATION_INACTIVE,
          `Bin ${location.code} is inactive: it takes no stock.`,
          lineDetails(i, { field: 'locationId', locationId: given.locationId, code: location.code }),
        );
    }
  });
  return day;
}

/** Creates a draft; `lockedLines` when the caller holds the order's lines locked already (fast receiving). */
export async function createNote(
  ctx: Ctx,
  input: Values,
  locked?: { order: repo.OrderRow; lines: repo.OrderLineRow[] },
): Promise<GoodReceivedNote> {
  const order = locked?.order ?? (await repo.findOrder(ctx.db, input.purchaseOrderId));
  if (!order)
    throw unprocessable(
      GoodReceivedNoteErrorCode.GRN_ORDER_NOT_RECEIVABLE,
      'The chosen purchase order does not exist.',
      {
        orderId: input.purchaseOrderId,
      },
    );
  const lines = locked?.lines.filter((l) => l.order_id === order.id) ?? (await repo.findOrderLines(ctx.db, [order.id]));
  const day = await checkDraft(ctx.db, order, input, lines);
  const byId = new Map(lines.map((l) => [l.id, l]));
  // Send Inventory: the unit cost is what the stock left with (GBP); bought: the order line's net per unit.
  const transitCost = isSending(order) ? await transitUnitCosts(ctx.db, order.id) : null;
  const number = await nextDocumentNumber(ctx.db, 'goodReceivedNote', day);
  const id = await repo.insertNote(
    ctx.db,
    number,
    {
      orderId: order.id,
      supplierId: order.supplier_id,
      warehouseId: order.warehouse_id,
      receivedDate: day,
      deliveryReference: input.deliveryReference,
      note: input.note,
      currency: order.currency,
      consigned: order.type === 'CONSIGNMENT_PO',
    },
    ctx.user.id,
  );
  await repo.insertLines(
    ctx.db,
    id,
    input.lines.map((l, i) => {
      const line = byId.get(l.orderLineId) as repo.OrderLineRow;
      return {
        lineNo: i + 1,
        orderLineId: l.orderLineId,
        productId: line.product_id,
        received: new Decimal(l.receivedQuantity).toFixed(),
        accepted: new Decimal(l.acceptedQuantity).toFixed(),
        rejected: new Decimal(l.rejectedQuantity).toFixed(),
        locationId: l.locationId,
        note: l.note,
        unitCost: (transitCost ? (transitCost.get(String(line.line_no)) ?? ZERO) : orderUnitCost(line)).toFixed(),
      };
    }),
  );
  const after = await getNote(ctx.db, id);
  await auditDocument(ctx, goodReceivedNoteDocument, {
    number,
    action: 'create',
    after: {
      purchaseOrder: order.number,
      receivedDate: day,
      lines: after.lines.map((l) => ({
        sku: l.product.sku,
        received: l.receivedQuantity,
        accepted: l.acceptedQuantity,
        rejected: l.rejectedQuantity,
      })),
    },
  });
  return after;
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof goodReceivedNoteDocument.actions) =>
  lockForAction(ctx.db, goodReceivedNoteDocument, 'goods_received_notes', id, action);

export async function cancelNote(ctx: Ctx, id: string, input: CancelValues): Promise<GoodReceivedNote> {
  const row = await lockFor(ctx, id, 'cancel');
  await repo.markCanceled(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, goodReceivedNoteDocument, row, 'cancel', 'CANCELED', { after: { reason: input.reason } });
  return getNote(ctx.db, id);
}

// Posting

export async function postNote(ctx: Ctx, id: string) {
  const row = await lockFor(ctx, id, 'post');
  // The order, then its lines, locked: a second receipt of the same lines waits here and then sees this one's.
  const order = await repo.lockOrder(ctx.db, row.purchase_order_id);
  if (!order) throw notFound('Purchase order', row.purchase_order_id);
  requireAction(purchaseOrderDocument, order, 'receive');
  const orderLines = await repo.lockOrderLines(ctx.db, [order.id]);
  const byId = new Map(orderLines.map((l) => [l.id, l]));
  const lines = await repo.findLines(ctx.db, [id]);
  if (isSending(order)) return postSentNote(ctx, row, order, orderLines, lines);

  // The rate of the day the goods arrived: none, and nothing is written.
  const rate = await rateOn(ctx.db, order.currency as CurrencyCode, row.received_date);
  const costs: { lineNo: number; unitCostGbp: string }[] = [];
  const postLines: PostLine[] = [];
  for (const [i, l] of lines.entries()) {
    const line = byId.get(l.order_line_id) as repo.OrderLineRow;
    const accepted = new Decimal(l.accepted_quantity);
    if (accepted.add(line.received_quantity).gt(maxAcceptable(line, order.over_receipt_tolerance)))
      throw overReceipt(order, line, order.over_receipt_tolerance, accepted, i);
    // The order line's net per unit at the day's rate: the ledger values accepted × this (8 places), exactly
    // as accepted × net × rate ÷ ordered.
    const unitCostGbp = orderUnitCost(line).times(rate.rate);
    costs.push({ lineNo: l.line_no, unitCostGbp: unitCostGbp.toFixed() });
    if (accepted.isZero()) continue;
    const locationId = l.location_id ?? line.location_id;
    postLines.push({
      productId: l.product_id,
      warehouseId: row.warehouse_id,
      ...(locationId ? { locationId } : {}),
      kind: 'RECEIPT',
      quantity: accepted,
      unitCost: unitCostGbp,
      // Supplier-owned: the order line's net per unit in the order's currency is what a sale of them will owe.
      ...(row.consigned
        ? { ownerId: row.supplier_id, agreedCost: { unitCost: orderUnitCost(line), currency: order.currency } }
        : {}),
      sourceLine: String(l.line_no),
      reason: `${row.number} ${order.number}`,
    });
  }
  const skus = new Map(lines.map((l) => [l.product_id, { sku: l.sku, lineNo: l.line_no }]));
  const posted = postLines.length
    ? await namingTheLine(skus, () =>
        post(ctx, { sourceType: GRN_SOURCE_TYPE, sourceId: id, postedOn: row.received_date, lines: postLines }),
      )
    : [];
  await repo.addToOrderLines(
    ctx.db,
    lines.map((l) => ({ lineId: l.order_line_id, accepted: l.accepted_quantity, rejected: l.rejected_quantity })),
  );
  await repo.setLineCosts(ctx.db, id, costs);
  await repo.markPosted(ctx.db, id, ctx.user.id, rate.rate, rate.effectiveDate ?? row.received_date);

  // The order: received in full when every line has accepted what was ordered (less what was canceled).
  const added = new Map<string, Decimal>();
  for (const l of lines) added.set(l.order_line_id, (added.get(l.order_line_id) ?? ZERO).add(l.accepted_quantity));
  const complete = orderLines.every((l) =>
    new Decimal(l.received_quantity)
      .add(added.get(l.id) ?? ZERO)
      .add(l.canceled_quantity)
      .gte(l.quantity),
  );
  return finishPosting(ctx, row, order, lines, complete, posted, { currency: order.currency, exchangeRate: rate.rate });
}

type NoteRow = Awaited<ReturnType<typeof lockFor>>;

/** The order's `receive` step, then the note's `post` step, and the note as posted with its ledger rows. */
async function finishPosting(
  ctx: Ctx,
  row: NoteRow,
  order: repo.OrderRow,
  lines: repo.NoteLineRow[],
  complete: boolean,
  posted: { id: string }[],
  extra: Record<string, unknown>,
) {
  const to: PurchaseOrderStatus = complete ? 'RECEIVED' : 'PARTIALLY_RECEIVED';
  await repo.setOrderStatus(ctx.db, order.id, to);
  await recordStep(
    ctx,
    purchaseOrderDocument,
    { id: order.id, number: order.number, status: order.status as PurchaseOrderStatus },
    'receive',
    to,
    {
      after: {
        goodReceivedNote: row.number,
        lines: lines.map((l) => ({
          sku: l.sku,
          accepted: qty(l.accepted_quantity),
          rejected: qty(l.rejected_quantity),
        })),
      },
    },
  );

  const [note, movements] = await Promise.all([
    getNote(ctx.db, row.id),
    movementsByIds(
      ctx.db,
      posted.map((m) => m.id),
    ),
  ]);
  await recordStep(ctx, goodReceivedNoteDocument, row, 'post', 'POSTED', {
    after: {
      purchaseOrder: order.number,
      ...extra,
      value: note.totals.value,
      movementIds: posted.map((m) => m.id),
    },
  });
  return { note, movements };
}

/**
 * A Send Inventory order received at its destination, as a transfer is received: per line, TRANSIT_OUT from the
 * destination's transit (its FIFO layers, which the dispatch brought there with their cost and received date) and
 * TRANSIT_IN into the bin linked to it, so the units come in at the cost they left with: no exchange rate.
 * Rejected units (arrived damaged, lost) are written off out of transit at that cost. Never more than is still in
 * transit on the line; the order moves by its `receive` step, received in full when nothing is left in transit.
 */
async function postSentNote(
  ctx: Ctx,
  row: NoteRow,
  order: repo.OrderRow,
  orderLines: repo.OrderLineRow[],
  lines: repo.NoteLineRow[],
) {
  const byId = new Map(orderLines.map((l) => [l.id, l]));
  const postLines: PostLine[] = [];
  for (const [i, l] of lines.entries()) {
    const line = byId.get(l.order_line_id) as repo.OrderLineRow;
    const received = new Decimal(l.received_quantity);
    // Checked again under the order's lock: receipts of one order run one after the other.
    if (received.gt(inTransitOf(line))) throw exceedsTransit(order, line, received, i);
    const common = {
      productId: l.product_id,
      warehouseId: row.warehouse_id,
      sourceLine: String(l.line_no),
      reason: `${row.number} ${order.number}`,
    };
    const accepted = new Decimal(l.accepted_quantity);
    const rejected = new Decimal(l.rejected_quantity);
    if (accepted.gt(0)) {
      const out = postLines.length;
      const locationId = l.location_id ?? line.location_id;
      postLines.push(
        { ...common, bucket: 'TRANSIT', kind: 'TRANSIT_OUT', quantity: accepted.neg() },
        {
          ...common,
          ...(locationId ? { locationId } : {}),
          kind: 'TRANSIT_IN',
          quantity: accepted,
          linkTo: { line: out },
        },
      );
    }
    if (rejected.gt(0))
      postLines.push({
        ...common,
        bucket: 'TRANSIT',
        kind: 'WRITE_OFF',
        quantity: rejected.neg(),
        reason: `${row.number} ${order.number}: rejected on arrival`,
      });
  }
  const skus = new Map(lines.map((l) => [l.product_id, { sku: l.sku, lineNo: l.line_no }]));
  const posted = postLines.length
    ? await namingTheLine(skus, () =>
        post(ctx, { sourceType: GRN_SOURCE_TYPE, sourceId: row.id, postedOn: row.received_date, lines: postLines }),
      )
    : [];
  // The unit cost each line came in at: what its TRANSIT_IN rows are worth ÷ the units.
  const costs = lines.map((l) => {
    const ins = posted.filter((m) => m.kind === 'TRANSIT_IN' && m.productId === l.product_id);
    const lineRows = ins.filter((m) => postLines[m.line]?.sourceLine === String(l.line_no));
    const q = lineRows.reduce((s, m) => s.add(m.quantity), ZERO);
    const v = lineRows.reduce((s, m) => s.add(m.value), ZERO);
    return { lineNo: l.line_no, unitCostGbp: (q.isZero() ? new Decimal(l.unit_cost) : v.div(q)).toFixed() };
  });
  await repo.addToOrderLines(
    ctx.db,
    lines.map((l) => ({ lineId: l.order_line_id, accepted: l.accepted_quantity, rejected: l.rejected_quantity })),
  );
  await repo.setLineCosts(ctx.db, row.id, costs);
  await repo.markPosted(ctx.db, row.id, ctx.user.id, null, null);
  const added = new Map<string, Decimal>();
  for (const l of lines) added.set(l.order_line_id, (added.get(l.order_line_id) ?? ZERO).add(l.received_quantity));
  const complete = orderLines.every((l) =>
    inTransitOf(l)
      .sub(added.get(l.id) ?? ZERO)
      .lte(0),
  );
  return finishPosting(ctx, row, order, lines, complete, posted, { sentFrom: order.source_warehouse_id });
}
