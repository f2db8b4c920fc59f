import {
  RMA_SOURCE_TYPE,
  type Rma,
  type RmaApproveInput,
  type RmaCancelInput,
  type RmaCreditInput,
  RmaErrorCode,
  type RmaFilter,
  type RmaInput,
  type RmaLine,
  type RmaListQuery,
  type RmaReceiptOption,
  type RmaReceiptQuery,
  type RmaStatus,
  type RmaSummary,
  rmaDocument,
  StockErrorCode,
  type SupplierCredit,
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
  userRef,
} from '../../platform/documents.ts';
import { type DocumentLineRow, documentsWithLines, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import { lineDetails, namingTheLine } from '../../platform/documents-lines.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ui, words, type XlsxColumn } from '../../platform/xlsx.ts';
import { lockProducts, movementsByIds, type PostLine, post } from '../stock/index.ts';
import * as repo from './rma.repository.ts';

/**
 * Returns to supplier. Drafts name the supplier, warehouse and lines; approval records the supplier's RMA number;
 * shipping posts the units out through the stock posting service: a line naming a receipt takes them from exactly
 * that receipt's layers in the warehouse (its cost: the decided rule), refused with the figures when fewer of them
 * are left than the RMA's lines ask, else FIFO. Crediting records the supplier's credit note as an open supplier
 * credit (supplier_credits) for settlements to offset; replacing receives the replacement units at the cost the
 * shipped ones left with. Each step is one transaction; a refused step writes nothing.
 */

type Values = z.output<typeof RmaInput>;
type ApproveValues = z.output<typeof RmaApproveInput>;
type CreditValues = z.output<typeof RmaCreditInput>;
type CancelValues = z.output<typeof RmaCancelInput>;

const ZERO = new Decimal(0);
const label = rmaDocument.label;

// Reading

function headOf(r: repo.RmaHead) {
  return {
    id: r.id,
    number: r.number,
    status: r.status as RmaStatus,
    supplier: { id: r.supplier_id, code: r.supplier_code, name: r.supplier_name },
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    rmaDate: r.rma_date,
    currency: r.currency,
    supplierRmaNumber: r.supplier_rma_number,
    creditAmount: r.credit_amount === null ? null : money(r.credit_amount),
    creditReference: r.credit_reference,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    createdBy: userRef(r.created_by, r.created_by_name),
    approvedAt: isoOrNull(r.approved_at),
    shippedAt: isoOrNull(r.shipped_at),
    closedAt: isoOrNull(r.closed_at),
    canceledAt: isoOrNull(r.canceled_at),
  };
}

function toLine(l: repo.RmaLineRow): RmaLine {
  return {
    id: l.id,
    lineNo: l.line_no,
    product: { id: l.product_id, sku: l.sku, name: l.name, unit: l.unit },
    quantity: qty(l.quantity),
    reason: l.reason,
    receipt:
      l.grn_line_id && l.grn_id
        ? {
            lineId: l.grn_line_id,
            noteId: l.grn_id,
            number: l.grn_number ?? '',
            lineNo: l.grn_line_no ?? 0,
            receivedDate: l.grn_received_date ?? '',
          }
        : null,
    location: l.location_id ? { id: l.location_id, code: l.location_code ?? '' } : null,
    unitCost: l.unit_cost === null ? null : new Decimal(l.unit_cost).toFixed(),
    value: l.value === null ? null : money(l.value),
  };
}

export async function getRma(db: Kysely<Database>, id: string): Promise<Rma> {
  const head = found(await repo.findRma(db, id), label, id);
  const lines = (await repo.findLines(db, [id])).map(toLine);
  const shipped = lines.every((l) => l.value !== null);
  return {
    ...headOf(head),
    note: head.note,
    cancelReason: head.cancel_reason,
    approvedBy: userRef(head.approved_by, head.approved_by_name),
    shippedBy: userRef(head.shipped_by, head.shipped_by_name),
    closedBy: userRef(head.closed_by, head.closed_by_name),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    lines,
    totals: {
      quantity: qty(lines.reduce((s, l) => s.add(l.quantity), ZERO)),
      value: shipped && lines.length ? money(lines.reduce((s, l) => s.add(l.value ?? 0), ZERO)) : null,
    },
  };
}

function toSummary(r: repo.RmaListRow): RmaSummary {
  return {
    ...headOf(r),
    lineCount: Number(r.line_count ?? 0),
    quantity: qty(r.quantity),
    value: r.value === null ? null : money(r.value),
  };
}

export function listRmas(db: Kysely<Database>, q: RmaListQuery) {
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findRmas(db, q, limit, offset),
    () => repo.countRmas(db, q),
    toSummary,
  );
}

type ExportRow = DocumentLineRow<repo.RmaListRow, repo.RmaLineRow>;

const EXPORT_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('rmas:fields.number'), width: 18, value: (r) => r.document.number },
  {
    header: ui('rmas:fields.status'),
    width: 14,
    type: 'enum',
    labels: 'documents:rma.status',
    value: (r) => r.document.status,
  },
  { header: ui('rmas:fields.supplier'), width: 14, value: (r) => r.document.supplier_code },
  { header: ui('rmas:fields.warehouse'), width: 12, value: (r) => r.document.warehouse_code },
  { header: ui('rmas:fields.rmaDate'), width: 12, type: 'date', value: (r) => r.document.rma_date },
  { header: ui('rmas:fields.supplierRmaNumber'), width: 16, value: (r) => r.document.supplier_rma_number },
  { header: ui('rmas:fields.lineNo'), width: 6, type: 'number', places: 0, value: (r) => r.line.line_no },
  { header: ui('products:fields.sku'), width: 20, value: (r) => r.line.sku },
  { header: ui('products:fields.name'), width: 36, value: (r) => r.line.name },
  { header: ui('rmas:fields.quantity'), width: 12, type: 'quantity', value: (r) => r.line.quantity },
  { header: ui('rmas:fields.receipt'), width: 18, value: (r) => r.line.grn_number ?? '' },
  { header: ui('rmas:fields.reason'), width: 30, value: (r) => r.line.reason },
  {
    header: words('Unit cost (GBP)', 'Coste unitario (GBP)', 'Custo unitário (GBP)', 'Stückkosten (GBP)'),
    width: 14,
    type: 'number',
    places: 4,
    value: (r) => r.line.unit_cost,
  },
];

export function exportRmas(ctx: Ctx, f: RmaFilter) {
  const rows = documentsWithLines(
    (offset, limit) => repo.findRmas(ctx.db, f, limit, offset),
    (ids) => repo.findLines(ctx.db, ids),
    (l) => l.rma_id,
  );
  return sendDocumentsXlsx(ctx, 'rmas', EXPORT_COLUMNS, rows);
}

function receiptOption(r: repo.ReceiptLineRow): RmaReceiptOption {
  return {
    lineId: r.line_id,
    noteId: r.note_id,
    number: r.number,
    lineNo: r.line_no,
    receivedDate: r.received_date,
    acceptedQuantity: qty(r.accepted_quantity),
    unitCostGbp: r.unit_cost_gbp === null ? null : new Decimal(r.unit_cost_gbp).toFixed(),
    remaining: qty(r.remaining),
  };
}

export async function receipts(db: Kysely<Database>, q: RmaReceiptQuery): Promise<RmaReceiptOption[]> {
  return (await repo.receiptsOf(db, q)).map(receiptOption);
}

export async function supplierCredits(db: Kysely<Database>, supplierId: string): Promise<SupplierCredit[]> {
  return (await repo.openCredits(db, supplierId)).map((c) => ({
    id: c.id,
    supplier: { id: c.supplier_id, code: c.supplier_code, name: c.supplier_name },
    currency: c.currency,
    amount: money(c.amount),
    openAmount: money(c.open_amount),
    reference: c.reference,
    sourceType: c.source_type,
    sourceId: c.source_id,
    sourceNumber: c.source_number ?? '',
    createdAt: c.created_at.toISOString(),
  }));
}

// Drafts

const invalidParty = (message: string, details: Record<string, unknown>) =>
  unprocessable(RmaErrorCode.RMA_PARTY_INVALID, message, details);

/** The rules of a draft that need the database; answers the RMA's day and the supplier's currency. */
async function checkDraft(db: Kysely<Database>, input: Values) {
  const [supplier, warehouse] = await Promise.all([
    repo.findSupplier(db, input.supplierId),
    repo.findWarehouse(db, input.warehouseId),
  ]);
  if (!supplier?.active)
    throw invalidParty(supplier ? `Supplier ${supplier.code} is inactive.` : 'The chosen supplier does not exist.', {
      field: 'supplierId',
      supplierId: input.supplierId,
    });
  if (!warehouse?.active)
    throw invalidParty(
      warehouse ? `Warehouse ${warehouse.code} is inactive.` : 'The chosen warehouse does not exist.',
      { field: 'warehouseId', warehouseId: input.warehouseId },
    );
  const today = todayInLondon();
  const day = input.rmaDate ?? today;
  if (day > today)
    throw unprocessable(
      StockErrorCode.POSTING_DATE_IN_FUTURE,
      `An RMA cannot be dated ${day}, a day still to come. Use ${today} or an earlier day.`,
      { field: 'rmaDate', rmaDate: day, today },
    );
  const [products, locations, receiptRows] = await Promise.all([
    repo.findProducts(db, [...new Set(input.lines.map((l) => l.productId))]),
    repo.findLocations(
      db,
      input.lines.map((l) => l.locationId).filter((id): id is string => !!id),
    ),
    repo.findReceiptLines(
      db,
      input.lines.map((l) => l.receiptLineId).filter((id): id is string => !!id),
    ),
  ]);
  const productOf = new Map(products.map((p) => [p.id, p]));
  const locationOf = new Map(locations.map((l) => [l.id, l]));
  const receiptOf = new Map(receiptRows.map((r) => [r.line_id, r]));
  input.lines.forEach((l, i) => {
    const p = productOf.get(l.productId);
    if (!p || p.kind === 'SERVICE')
      throw unprocessable(
        StockErrorCode.PRODUCT_NOT_STOCKED,
        p ? `Line ${i + 1}: ${p.sku} is a service, it holds no stock to return.` : `Line ${i + 1}: no such product.`,
        lineDetails(i, { field: 'productId', productId: l.productId }),
      );
    if (p.unit === WHOLE_UNIT && !new Decimal(l.quantity).isInteger())
      throw unprocessable(
        RmaErrorCode.RMA_QUANTITY_NOT_WHOLE,
        `Line ${i + 1}: ${p.sku} is counted in units: return whole quantities.`,
        lineDetails(i, { field: 'quantity', sku: p.sku }),
      );
    if (l.locationId) {
      const loc = locationOf.get(l.locationId);
      if (!loc || loc.warehouse_id !== input.warehouseId)
        throw unprocessable(
          WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE,
          `The bin of line ${i + 1} is not one of the warehouse’s bins.`,
          lineDetails(i, { field: 'locationId', locationId: l.locationId }),
        );
    }
    if (l.receiptLineId) {
      const r = receiptOf.get(l.receiptLineId);
      const why = !r
        ? 'no such receipt line'
        : r.status !== 'POSTED' || !r.movement_id
          ? `${r.number} line ${r.line_no} brought no stock in`
          : r.supplier_id !== input.supplierId
            ? `${r.number} is another supplier’s receipt`
            : r.warehouse_id !== input.warehouseId
              ? `${r.number} was received into another warehouse`
              : r.product_id !== l.productId
                ? `${r.number} line ${r.line_no} received another product`
                : null;
      if (why)
        throw unprocessable(
          RmaErrorCode.RMA_RECEIPT_MISMATCH,
          `Line ${i + 1} (${p.sku}): the units cannot be returned against that receipt: ${why}.`,
          lineDetails(i, { field: 'receiptLineId', receiptLineId: l.receiptLineId }),
        );
    }
  });
  return { day, currency: supplier.default_currency };
}

const linesOf = (input: Values): repo.NewLine[] =>
  input.lines.map((l, i) => ({
    lineNo: i + 1,
    productId: l.productId,
    quantity: new Decimal(l.quantity).toFixed(),
    reason: l.reason,
    grnLineId: l.receiptLineId,
    locationId: l.locationId,
  }));

const auditLines = (r: Rma) =>
  r.lines.map((l) => ({ sku: l.product.sku, quantity: l.quantity, receipt: l.receipt?.number ?? null }));

export async function createRma(ctx: Ctx, input: Values): Promise<Rma> {
  const { day, currency } = await checkDraft(ctx.db, input);
  const number = await nextDocumentNumber(ctx.db, 'rma', day);
  const id = await repo.insertRma(
    ctx.db,
    number,
    { supplierId: input.supplierId, warehouseId: input.warehouseId, rmaDate: day, currency, note: input.note },
    ctx.user.id,
  );
  await repo.replaceLines(ctx.db, id, linesOf(input));
  const after = await getRma(ctx.db, id);
  await auditDocument(ctx, rmaDocument, {
    number,
    action: 'create',
    after: { supplier: after.supplier.code, warehouse: after.warehouse.code, lines: auditLines(after) },
  });
  return after;
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof rmaDocument.actions) =>
  lockForAction(ctx.db, rmaDocument, 'rmas', id, action);

export async function updateRma(ctx: Ctx, id: string, input: Values): Promise<Rma> {
  const row = await lockFor(ctx, id, 'edit');
  const before = await getRma(ctx.db, id);
  const { day, currency } = await checkDraft(ctx.db, input);
  await repo.updateRma(ctx.db, id, {
    supplierId: input.supplierId,
    warehouseId: input.warehouseId,
    rmaDate: day,
    currency,
    note: input.note,
  });
  await repo.replaceLines(ctx.db, id, linesOf(input));
  const after = await getRma(ctx.db, id);
  await auditDocument(ctx, rmaDocument, {
    number: row.number,
    action: 'update',
    before: { supplier: before.supplier.code, warehouse: before.warehouse.code, lines: auditLines(before) },
    after: { supplier: after.supplier.code, warehouse: after.warehouse.code, lines: auditLines(after) },
  });
  return after;
}

// Steps

export async function approveRma(ctx: Ctx, id: string, input: ApproveValues): Promise<Rma> {
  const row = await lockFor(ctx, id, 'approve');
  await repo.setStatus(ctx.db, id, 'APPROVED', ctx.user.id, { supplierRmaNumber: input.supplierRmaNumber });
  await recordStep(ctx, rmaDocument, row, 'approve', 'APPROVED', {
    after: { supplierRmaNumber: input.supplierRmaNumber },
  });
  return getRma(ctx.db, id);
}

export async function cancelRma(ctx: Ctx, id: string, input: CancelValues): Promise<Rma> {
  const row = await lockFor(ctx, id, 'cancel');
  await repo.setStatus(ctx.db, id, 'CANCELED', ctx.user.id, { cancelReason: input.reason });
  await recordStep(ctx, rmaDocument, row, 'cancel', 'CANCELED', { after: { reason: input.reason } });
  return getRma(ctx.db, id);
}

/** Value ÷ quantity, 8 places: what a unit left with. */
const perUnit = (value: Decimal, quantity: Decimal) =>
  quantity.isZero() ? ZERO : value.div(quantity).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);

export async function shipRma(ctx: Ctx, id: string) {
  const row = await lockFor(ctx, id, 'ship');
  const lines = await repo.findLines(ctx.db, [id]);
  // The products locked first, as the posting service locks them: what is left of a receipt's layers cannot change
  // between the check below and the posting.
  await lockProducts(ctx.db, [...new Set(lines.map((l) => l.product_id))].sort());
  const receiptRows = await repo.findReceiptLines(ctx.db, [
    ...new Set(lines.map((l) => l.grn_line_id).filter((x): x is string => !!x)),
  ]);
  const receiptOf = new Map(receiptRows.map((r) => [r.line_id, r]));
  // What the RMA asks of each receipt, over all its lines, against what is left of that receipt's layers.
  const asked = new Map<string, Decimal>();
  for (const l of lines)
    if (l.grn_line_id) asked.set(l.grn_line_id, (asked.get(l.grn_line_id) ?? ZERO).add(l.quantity));
  for (const [lineId, want] of asked) {
    const r = receiptOf.get(lineId);
    const line = lines.find((l) => l.grn_line_id === lineId) as repo.RmaLineRow;
    if (!r?.movement_id || r.warehouse_id !== row.warehouse_id)
      throw unprocessable(
        RmaErrorCode.RMA_RECEIPT_MISMATCH,
        `Line ${line.line_no} (${line.sku}): its receipt brought no stock into this warehouse.`,
        lineDetails(line.line_no - 1, { receiptLineId: lineId }),
      );
    const left = new Decimal(r.remaining);
    if (left.lt(want))
      throw conflict(
        RmaErrorCode.RMA_RECEIPT_STOCK_SHORT,
        `${line.sku}: ${r.number} line ${r.line_no} brought in ${qty(r.accepted_quantity)}; only ${qty(left)} of them are still in the warehouse, and ${row.number} returns ${qty(want)} against it.`,
        lineDetails(line.line_no - 1, {
          sku: line.sku,
          receipt: r.number,
          receiptLineNo: r.line_no,
          received: qty(r.accepted_quantity),
          remaining: qty(left),
          requested: qty(want),
        }),
      );
  }

  const reason = `${row.number} ${row.supplier_rma_number}`.trim();
  const postLines: PostLine[] = lines.map((l) => {
    const receipt = l.grn_line_id ? receiptOf.get(l.grn_line_id) : undefined;
    return {
      productId: l.product_id,
      warehouseId: row.warehouse_id,
      ...(l.location_id ? { locationId: l.location_id } : {}),
      kind: 'ISSUE',
      quantity: new Decimal(l.quantity).neg(),
      ...(receipt?.movement_id ? { takesBackFrom: receipt.movement_id } : {}),
      sourceLine: String(l.line_no),
      reason,
    };
  });
  const skus = new Map(lines.map((l) => [l.product_id, { sku: l.sku, lineNo: l.line_no }]));
  const posted = await namingTheLine(skus, () =>
    post(ctx, { sourceType: RMA_SOURCE_TYPE, sourceId: id, lines: postLines }),
  );
  // What each line left with (a line taken from several bins wrote a row per bin).
  const lineValue = new Map<number, Decimal>();
  for (const p of posted) lineValue.set(p.line, (lineValue.get(p.line) ?? ZERO).add(p.value.neg()));
  const costs = lines.map((l, i) => {
    const value = lineValue.get(i) ?? ZERO;
    return { lineNo: l.line_no, value: value.toFixed(), unitCost: perUnit(value, new Decimal(l.quantity)).toFixed() };
  });
  await repo.setLineCosts(ctx.db, id, costs);
  await repo.setStatus(ctx.db, id, 'SHIPPED', ctx.user.id);
  const [rma, movements] = await Promise.all([
    getRma(ctx.db, id),
    movementsByIds(
      ctx.db,
      posted.map((m) => m.id),
    ),
  ]);
  await recordStep(ctx, rmaDocument, row, 'ship', 'SHIPPED', {
    after: { value: rma.totals.value, movementIds: posted.map((m) => m.id) },
  });
  return { rma, movements };
}

export async function creditRma(ctx: Ctx, id: string, input: CreditValues): Promise<Rma> {
  const row = await lockFor(ctx, id, 'credit');
  const amount = new Decimal(input.amount).toFixed(2);
  await repo.insertCredit(ctx.db, {
    supplierId: row.supplier_id,
    currency: row.currency,
    amount,
    reference: input.reference,
    sourceId: id,
    userId: ctx.user.id,
  });
  await repo.setStatus(ctx.db, id, 'CREDITED', ctx.user.id, {
    creditAmount: amount,
    creditReference: input.reference,
  });
  await recordStep(ctx, rmaDocument, row, 'credit', 'CREDITED', {
    after: { amount, currency: row.currency, reference: input.reference },
  });
  return getRma(ctx.db, id);
}

export async function replaceRma(ctx: Ctx, id: string) {
  const row = await lockFor(ctx, id, 'replace');
  const lines = await repo.findLines(ctx.db, [id]);
  const reason = `Replacement ${row.number} ${row.supplier_rma_number}`.trim();
  const receipts = await repo.findReceiptLines(ctx.db, [
    ...new Set(lines.map((l) => l.grn_line_id).filter((x): x is string => !!x)),
  ]);
  const ownerOf = new Map(receipts.map((r) => [r.line_id, r.owner_id]));
  // The replacement comes in where the units left (the line's bin, else the default receiving bin), at the cost per
  // unit they left with: a new receipt, so a layer of its own dated today. Units that left a consignment receipt
  // come back as the supplier's, as they were (at zero to us).
  const postLines: PostLine[] = lines.map((l) => {
    const ownerId = l.grn_line_id ? ownerOf.get(l.grn_line_id) : null;
    return {
      productId: l.product_id,
      warehouseId: row.warehouse_id,
      ...(l.location_id ? { locationId: l.location_id } : {}),
      kind: 'RECEIPT',
      quantity: new Decimal(l.quantity),
      ...(ownerId ? { ownerId, unitCost: ZERO } : { unitCost: new Decimal(l.unit_cost ?? 0) }),
      sourceLine: String(l.line_no),
      reason,
    };
  });
  const posted = await post(ctx, { sourceType: RMA_SOURCE_TYPE, sourceId: id, lines: postLines });
  await repo.setStatus(ctx.db, id, 'REPLACED', ctx.user.id);
  const [rma, movements] = await Promise.all([
    getRma(ctx.db, id),
    movementsByIds(
      ctx.db,
      posted.map((m) => m.id),
    ),
  ]);
  await recordStep(ctx, rmaDocument, row, 'replace', 'REPLACED', {
    after: {
      value: money(posted.reduce((s, p) => s.add(p.value), ZERO)),
      movementIds: posted.map((m) => m.id),
    },
  });
  return { rma, movements };
}
