import {
  StockErrorCode,
  type StockMovement,
  TRANSFER_SOURCE_TYPE,
  type Transfer,
  type TransferCancelInput,
  TransferErrorCode,
  type TransferFilter,
  type TransferInput,
  type TransferLine,
  type TransferListQuery,
  type TransferReceiptInput,
  type TransferStatus,
  type TransferSummary,
  transferDocument,
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
import { documentMovements } from '../../platform/documents-movements.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import { offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ui, words, type XlsxColumn } from '../../platform/xlsx.ts';
import { movementsByIds, type PostLine, post } from '../stock/index.ts';
import * as repo from './transfer.repository.ts';

/**
 * Inventory transfers: drafts, then each status change one function (and one endpoint), stock moved only
 * through the posting service in the request's transaction, so a refused step writes nothing.
 *
 * Dispatch posts, per line, TRANSFER_OUT from the source's stock and TRANSFER_IN into the destination's
 * in-transit bucket linked to it: the layers travel with their cost and received date. A receipt posts,
 * per line received, TRANSIT_OUT from the destination's transit and TRANSIT_IN into its bins linked to it,
 * and for a line closed short a WRITE_OFF out of transit with the reason, valued at FIFO cost.
 */

type Values = z.output<typeof TransferInput>;
type ReceiptValues = z.output<typeof TransferReceiptInput>;
type CancelValues = z.output<typeof TransferCancelInput>;

const ZERO = new Decimal(0);

// Reading

function headOf(r: repo.TransferListRow | repo.TransferHead) {
  return {
    id: r.id,
    number: r.number,
    status: r.status as TransferStatus,
    fromWarehouse: { id: r.from_warehouse_id, code: r.from_code, name: r.from_name },
    toWarehouse: { id: r.to_warehouse_id, code: r.to_code, name: r.to_name },
    expectedDate: r.expected_date,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    createdBy: userRef(r.created_by, r.created_by_name),
    dispatchedAt: r.dispatched_at?.toISOString() ?? null,
    receivedAt: r.received_at?.toISOString() ?? null,
    canceledAt: r.canceled_at?.toISOString() ?? null,
  };
}

function inTransitOf(l: repo.LineRow): Decimal {
  return new Decimal(l.dispatched_quantity).sub(l.received_quantity).sub(l.discrepancy_quantity);
}

type LayerRow = Awaited<ReturnType<typeof repo.receivedLayers>>[number];

function toLine(
  l: repo.LineRow,
  values: Map<string, Decimal>,
  dispatched: boolean,
  layers: readonly LayerRow[] = [],
): TransferLine {
  const v = (kind: string) => values.get(`${l.line_no}|${kind}`) ?? ZERO;
  const inTransit = inTransitOf(l);
  return {
    id: l.id,
    lineNo: l.line_no,
    product: { id: l.product_id, sku: l.sku, name: l.name, unit: l.unit, kind: l.kind },
    fromLocation: l.from_location_id ? { id: l.from_location_id, code: l.from_location_code ?? '' } : null,
    toLocation: l.to_location_id ? { id: l.to_location_id, code: l.to_location_code ?? '' } : null,
    quantity: qty(l.quantity),
    dispatchedQuantity: qty(l.dispatched_quantity),
    receivedQuantity: qty(l.received_quantity),
    discrepancyQuantity: qty(l.discrepancy_quantity),
    inTransitQuantity: qty(inTransit),
    discrepancyReason: l.discrepancy_reason,
    closed: dispatched && inTransit.isZero(),
    dispatchedValue: money(v('TRANSFER_OUT').neg()),
    receivedValue: money(v('TRANSIT_IN')),
    discrepancyValue: money(v('WRITE_OFF').neg()),
    // What the transfer put into transit less what it took out of it.
    inTransitValue: money(v('TRANSFER_IN').add(v('TRANSIT_OUT')).add(v('WRITE_OFF'))),
    receivedLayers: layers.map((r) => ({
      receivedAt: r.received_at.toISOString(),
      unitCost: new Decimal(r.unit_cost).toFixed(4),
      quantity: qty(r.quantity),
      value: money(r.value),
    })),
  };
}

export async function getTransfer(db: Kysely<Database>, id: string): Promise<Transfer> {
  const head = found(await repo.findTransfer(db, id), 'Transfer', id);
  const [lineRows, valueRows, layerRows] = await Promise.all([
    repo.findLines(db, [id]),
    repo.lineValues(db, id),
    repo.receivedLayers(db, id),
  ]);
  const values = new Map(valueRows.map((r) => [`${r.source_line}|${r.kind}`, new Decimal(r.value)]));
  const dispatched = head.dispatched_at !== null;
  const layersByLine = new Map<string, LayerRow[]>();
  for (const r of layerRows)
    layersByLine.set(r.source_line ?? '', [...(layersByLine.get(r.source_line ?? '') ?? []), r]);
  const lines = lineRows.map((l) => toLine(l, values, dispatched, layersByLine.get(String(l.line_no))));
  const sum = (f: (l: TransferLine) => string) => lines.reduce((s, l) => s.add(f(l)), ZERO);
  return {
    ...headOf(head),
    notes: head.notes,
    dispatchedBy: userRef(head.dispatched_by, head.dispatched_by_name),
    receivedBy: userRef(head.received_by, head.received_by_name),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    cancelReason: head.cancel_reason,
    lines,
    totals: {
      quantity: qty(sum((l) => l.quantity)),
      dispatchedQuantity: qty(sum((l) => l.dispatchedQuantity)),
      receivedQuantity: qty(sum((l) => l.receivedQuantity)),
      discrepancyQuantity: qty(sum((l) => l.discrepancyQuantity)),
      inTransitQuantity: qty(sum((l) => l.inTransitQuantity)),
      dispatchedValue: money(sum((l) => l.dispatchedValue)),
      receivedValue: money(sum((l) => l.receivedValue)),
      discrepancyValue: money(sum((l) => l.discrepancyValue)),
      inTransitValue: money(sum((l) => l.inTransitValue)),
    },
  };
}

function toSummary(r: repo.TransferListRow): TransferSummary {
  return {
    ...headOf(r),
    lineCount: Number(r.line_count ?? 0),
    quantity: qty(r.quantity),
    dispatchedQuantity: qty(r.dispatched_quantity),
    receivedQuantity: qty(r.received_quantity),
    discrepancyQuantity: qty(r.discrepancy_quantity),
  };
}

export function listTransfers(db: Kysely<Database>, q: TransferListQuery) {
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findTransfers(db, q, limit, offset),
    () => repo.countTransfers(db, q),
    toSummary,
  );
}

export async function transferMovements(
  db: Kysely<Database>,
  id: string,
  q: { page: number; pageSize: number },
): Promise<{ items: StockMovement[]; total: number; page: number; pageSize: number }> {
  found(await repo.findTransfer(db, id), 'Transfer', id);
  const source = { type: TRANSFER_SOURCE_TYPE, ids: [id] };
  const page = { order: 'newest', limit: q.pageSize, offset: offsetOf(q) } as const;
  const { items, total } = await documentMovements(db, source, page, movementsByIds);
  return toPage(items, total, q);
}

// The export: one row per line, the transfer's columns repeated, in the list's order.

type ExportRow = DocumentLineRow<repo.TransferListRow, repo.LineRow>;

const EXPORT_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('transfers:fields.number'), width: 18, value: (r) => r.document.number },
  {
    header: ui('transfers:fields.status'),
    width: 18,
    type: 'enum',
    labels: 'documents:inventory_transfer.status',
    value: (r) => r.document.status,
  },
  { header: ui('transfers:fields.fromWarehouse'), width: 14, value: (r) => r.document.from_code },
  { header: ui('transfers:fields.toWarehouse'), width: 14, value: (r) => r.document.to_code },
  { header: ui('transfers:fields.createdAt'), width: 12, type: 'date', value: (r) => r.document.created_at },
  { header: ui('transfers:fields.expectedDate'), width: 12, type: 'date', value: (r) => r.document.expected_date },
  { header: ui('transfers:fields.dispatchedAt'), width: 12, type: 'date', value: (r) => r.document.dispatched_at },
  { header: ui('transfers:fields.receivedAt'), width: 12, type: 'date', value: (r) => r.document.received_at },
  { header: ui('transfers:fields.lineState'), width: 6, type: 'number', places: 0, value: (r) => r.line.line_no },
  { header: ui('products:fields.sku'), width: 20, value: (r) => r.line.sku },
  { header: ui('products:fields.name'), width: 36, value: (r) => r.line.name },
  { header: ui('transfers:fields.fromBin'), width: 12, value: (r) => r.line.from_location_code ?? '' },
  { header: ui('transfers:fields.toBin'), width: 12, value: (r) => r.line.to_location_code ?? '' },
  { header: ui('transfers:fields.quantity'), width: 12, type: 'quantity', value: (r) => r.line.quantity },
  {
    // The document's dates have the same one-word titles: a flat sheet names the quantities in full.
    header: words('Dispatched quantity', 'Cantidad enviada', 'Quantidade expedida', 'Versandte Menge'),
    width: 14,
    type: 'quantity',
    value: (r) => r.line.dispatched_quantity,
  },
  {
    header: words('Received quantity', 'Cantidad recibida', 'Quantidade recebida', 'Eingegangene Menge'),
    width: 14,
    type: 'quantity',
    value: (r) => r.line.received_quantity,
  },
  {
    header: ui('transfers:fields.discrepancyQuantity'),
    width: 14,
    type: 'quantity',
    value: (r) => r.line.discrepancy_quantity,
  },
  {
    header: words('Discrepancy reason', 'Motivo de la discrepancia', 'Motivo da discrepância', 'Grund der Abweichung'),
    width: 30,
    value: (r) => r.line.discrepancy_reason,
  },
];

export function exportTransfers(ctx: Ctx, f: TransferFilter) {
  const rows = documentsWithLines(
    (offset, limit) => repo.findTransfers(ctx.db, f, limit, offset),
    (ids) => repo.findLines(ctx.db, ids),
    (l) => l.transfer_id,
  );
  return sendDocumentsXlsx(ctx, 'inventory-transfers', EXPORT_COLUMNS, rows);
}

// Drafts

interface CheckedProduct {
  id: string;
  sku: string;
  unit: string;
}

const isWhole = (d: Decimal) => d.isInteger();

/** The rules of a draft that need the database: warehouses, products and bins as they are now. */
async function checkDraft(db: Kysely<Database>, input: Values): Promise<Map<string, CheckedProduct>> {
  if (input.fromWarehouseId === input.toWarehouseId)
    throw unprocessable(TransferErrorCode.TRANSFER_SAME_WAREHOUSE, 'A transfer goes to another warehouse.');
  const warehouses = new Map(
    (await repo.findWarehouses(db, [input.fromWarehouseId, input.toWarehouseId])).map((w) => [w.id, w]),
  );
  for (const [field, id] of [
    ['fromWarehouseId', input.fromWarehouseId],
    ['toWarehouseId', input.toWarehouseId],
  ] as const) {
    const w = warehouses.get(id);
    if (!w)
      throw unprocessable(TransferErrorCode.TRANSFER_WAREHOUSE_UNKNOWN, 'The chosen warehouse no longer exists.', {
        field,
        warehouseId: id,
      });
    if (!w.active)
      throw unprocessable(
        StockErrorCode.WAREHOUSE_INACTIVE,
        `Warehouse ${w.code} is inactive: it takes no transfers.`,
        {
          field,
          warehouseId: id,
          code: w.code,
        },
      );
  }

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
        input.lines.flatMap((l) => [l.fromLocationId, l.toLocationId]).filter((id): id is string => !!id),
      )
    ).map((l) => [l.id, l]),
  );
  const seen = new Set<string>();
  input.lines.forEach((l, i) => {
    const p = products.get(l.productId);
    if (!p)
      throw unprocessable(
        TransferErrorCode.TRANSFER_PRODUCT_UNKNOWN,
        `The product of line ${i + 1} no longer exists.`,
        lineDetails(i, { productId: l.productId }),
      );
    if (seen.has(l.productId))
      throw unprocessable(
        TransferErrorCode.TRANSFER_DUPLICATE_PRODUCT,
        `${p.sku} is on two lines: put its whole quantity on one.`,
        lineDetails(i, { sku: p.sku }),
      );
    seen.add(l.productId);
    if (p.kind === 'SERVICE')
      throw unprocessable(
        StockErrorCode.PRODUCT_NOT_STOCKED,
        `${p.sku} is a service: it holds no stock to transfer.`,
        lineDetails(i, { sku: p.sku }),
      );
    if (!p.active)
      throw unprocessable(
        StockErrorCode.PRODUCT_INACTIVE,
        `${p.sku} is deactivated: it cannot be transferred.`,
        lineDetails(i, { sku: p.sku }),
      );
    if (p.unit === WHOLE_UNIT && !isWhole(new Decimal(l.quantity)))
      throw unprocessable(
        TransferErrorCode.TRANSFER_QUANTITY_NOT_WHOLE,
        `${p.sku} is counted in units: transfer a whole quantity.`,
        lineDetails(i, { sku: p.sku, field: 'quantity' }),
      );
    for (const [field, locationId, warehouseId] of [
      ['fromLocationId', l.fromLocationId, input.fromWarehouseId],
      ['toLocationId', l.toLocationId, input.toWarehouseId],
    ] as const) {
      if (!locationId) continue;
      const location = locations.get(locationId);
      if (!location || location.warehouse_id !== warehouseId)
        throw unprocessable(
          WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE,
          `The ${field === 'fromLocationId' ? 'source' : 'destination'} bin of line ${i + 1} is not one of its warehouse’s bins.`,
          lineDetails(i, { field, locationId }),
        );
      // Stock may still be taken out of a bin being emptied, but nothing is put into an inactive one.
      if (field === 'toLocationId' && !location.active)
        throw unprocessable(
          WarehouseErrorCode.LOCATION_INACTIVE,
          `Bin ${location.code} is inactive: it takes no stock.`,
          lineDetails(i, { field, locationId, code: location.code }),
        );
    }
  });
  return new Map([...products].map(([id, p]) => [id, { id, sku: p.sku, unit: p.unit }]));
}

function writeOf(input: Values): { head: repo.TransferWrite; lines: repo.LineWrite[] } {
  return {
    head: {
      fromWarehouseId: input.fromWarehouseId,
      toWarehouseId: input.toWarehouseId,
      expectedDate: input.expectedDate,
      notes: input.notes,
    },
    lines: input.lines.map((l, i) => ({
      lineNo: i + 1,
      productId: l.productId,
      fromLocationId: l.fromLocationId,
      toLocationId: l.toLocationId,
      quantity: new Decimal(l.quantity).toFixed(),
    })),
  };
}

export async function createTransfer(ctx: Ctx, input: Values): Promise<Transfer> {
  await checkDraft(ctx.db, input);
  const { head, lines } = writeOf(input);
  const number = await nextDocumentNumber(ctx.db, 'inventoryTransfer');
  const id = await repo.insertTransfer(ctx.db, number, head, ctx.user.id);
  await repo.replaceLines(ctx.db, id, lines);
  const after = await getTransfer(ctx.db, id);
  await auditDocument(ctx, transferDocument, { number, action: 'create', after });
  return after;
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof transferDocument.actions) =>
  lockForAction(ctx.db, transferDocument, 'inventory_transfers', id, action);

export async function updateTransfer(ctx: Ctx, id: string, input: Values): Promise<Transfer> {
  const row = await lockFor(ctx, id, 'edit');
  const before = await getTransfer(ctx.db, id);
  await checkDraft(ctx.db, input);
  const { head, lines } = writeOf(input);
  await repo.updateTransfer(ctx.db, id, head);
  await repo.replaceLines(ctx.db, id, lines);
  const after = await getTransfer(ctx.db, id);
  await auditDocument(ctx, transferDocument, { number: row.number, action: 'update', before, after });
  return after;
}

export async function cancelTransfer(ctx: Ctx, id: string, input: CancelValues): Promise<Transfer> {
  const row = await lockFor(ctx, id, 'cancel');
  await repo.markCanceled(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, transferDocument, row, 'cancel', 'CANCELED', { after: { reason: input.reason } });
  return getTransfer(ctx.db, id);
}

// Steps that move stock

/** Posts the lines; a shortage is answered with the line and SKU it concerns. */
function postTransfer(ctx: Ctx, id: string, lines: PostLine[], skus: Map<string, { sku: string; lineNo: number }>) {
  return namingTheLine(skus, () => post(ctx, { sourceType: TRANSFER_SOURCE_TYPE, sourceId: id, lines }));
}

async function stepResult(ctx: Ctx, id: string, posted: { id: string }[]) {
  const ids = posted.map((m) => m.id);
  const [transfer, movements] = await Promise.all([getTransfer(ctx.db, id), movementsByIds(ctx.db, ids)]);
  return { transfer, movements };
}

export async function dispatchTransfer(ctx: Ctx, id: string) {
  const row = await lockFor(ctx, id, 'dispatch');
  const lines = await repo.findLines(ctx.db, [id]);
  const warehouses = new Map(
    (await repo.findWarehouses(ctx.db, [row.from_warehouse_id, row.to_warehouse_id])).map((w) => [w.id, w]),
  );
  const route = `${warehouses.get(row.from_warehouse_id)?.code ?? ''} → ${warehouses.get(row.to_warehouse_id)?.code ?? ''}`;
  const postLines: PostLine[] = lines.flatMap((l, i): PostLine[] => {
    const quantity = new Decimal(l.quantity);
    const common = { productId: l.product_id, sourceLine: String(l.line_no), reason: `${row.number} ${route}` };
    return [
      {
        ...common,
        warehouseId: row.from_warehouse_id,
        ...(l.from_location_id ? { locationId: l.from_location_id } : {}),
        kind: 'TRANSFER_OUT',
        quantity: quantity.neg(),
      },
      {
        ...common,
        warehouseId: row.to_warehouse_id,
        bucket: 'TRANSIT',
        kind: 'TRANSFER_IN',
        quantity,
        linkTo: { line: 2 * i },
      },
    ];
  });
  const skus = new Map(lines.map((l) => [l.product_id, { sku: l.sku, lineNo: l.line_no }]));
  const posted = await postTransfer(ctx, id, postLines, skus);
  await repo.markDispatched(ctx.db, id, ctx.user.id);
  const result = await stepResult(ctx, id, posted);
  await recordStep(ctx, transferDocument, row, 'dispatch', result.transfer.status, {
    after: { dispatchedValue: result.transfer.totals.dispatchedValue, movementIds: posted.map((m) => m.id) },
  });
  return result;
}

interface ReceiptPlan {
  line: repo.LineRow;
  received: Decimal;
  discrepancy: Decimal;
  reason: string;
  locationId: string | null;
}

export async function receiveTransfer(ctx: Ctx, id: string, input: ReceiptValues) {
  const row = await lockFor(ctx, id, 'receive');
  const lines = await repo.findLines(ctx.db, [id]);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const plans = new Map<string, ReceiptPlan>();

  for (const given of input.lines) {
    const line = byId.get(given.lineId);
    if (!line)
      throw unprocessable(TransferErrorCode.TRANSFER_LINE_UNKNOWN, 'A line received is not one of this transfer’s.', {
        lineId: given.lineId,
      });
    const details = { lineId: line.id, lineNo: line.line_no, line: line.line_no - 1, sku: line.sku };
    const inTransit = inTransitOf(line);
    const received = new Decimal(given.quantity);
    const closing = given.close || input.closeAll;
    if (inTransit.isZero()) {
      if (received.gt(0) || given.close)
        throw conflict(
          TransferErrorCode.TRANSFER_LINE_CLOSED,
          `Line ${line.line_no} (${line.sku}) is closed already: nothing of it is still in transit.`,
          details,
        );
      continue;
    }
    if (received.gt(inTransit))
      throw conflict(
        TransferErrorCode.TRANSFER_RECEIPT_EXCEEDS_IN_TRANSIT,
        `Line ${line.line_no} (${line.sku}): only ${inTransit.toFixed()} is still in transit, ${received.toFixed()} cannot be received.`,
        { ...details, inTransit: inTransit.toFixed(), requested: received.toFixed() },
      );
    if (line.unit === WHOLE_UNIT && !isWhole(received))
      throw unprocessable(
        TransferErrorCode.TRANSFER_QUANTITY_NOT_WHOLE,
        `${line.sku} is counted in units: receive a whole quantity.`,
        details,
      );
    const discrepancy = closing ? inTransit.sub(received) : ZERO;
    const reason = given.discrepancyReason || input.discrepancyReason;
    if (discrepancy.gt(0) && !reason)
      throw unprocessable(
        TransferErrorCode.TRANSFER_DISCREPANCY_REASON_REQUIRED,
        `Line ${line.line_no} (${line.sku}) closes ${discrepancy.toFixed()} short of what was dispatched: say why.`,
        { ...details, discrepancy: discrepancy.toFixed() },
      );
    plans.set(line.id, {
      line,
      received,
      discrepancy,
      reason,
      locationId: given.locationId ?? line.to_location_id,
    });
  }
  // Closing the transfer closes the lines the receipt does not name too.
  if (input.closeAll)
    for (const line of lines) {
      const inTransit = inTransitOf(line);
      if (plans.has(line.id) || inTransit.isZero()) continue;
      if (!input.discrepancyReason)
        throw unprocessable(
          TransferErrorCode.TRANSFER_DISCREPANCY_REASON_REQUIRED,
          `Line ${line.line_no} (${line.sku}) closes ${inTransit.toFixed()} short of what was dispatched: say why.`,
          {
            lineId: line.id,
            lineNo: line.line_no,
            line: line.line_no - 1,
            sku: line.sku,
            discrepancy: inTransit.toFixed(),
          },
        );
      plans.set(line.id, {
        line,
        received: ZERO,
        discrepancy: inTransit,
        reason: input.discrepancyReason,
        locationId: null,
      });
    }
  const work = [...plans.values()].filter((p) => p.received.gt(0) || p.discrepancy.gt(0));
  if (!work.length)
    throw unprocessable(
      TransferErrorCode.TRANSFER_NOTHING_TO_RECEIVE,
      'This receipt receives nothing and closes nothing: enter what arrived.',
    );

  // Destination bins are checked here, so that a refusal names the line.
  const locations = new Map(
    (
      await repo.findLocations(
        ctx.db,
        work.map((p) => p.locationId).filter((l): l is string => !!l),
      )
    ).map((l) => [l.id, l]),
  );
  for (const p of work) {
    if (!p.locationId || p.received.isZero()) continue;
    const location = locations.get(p.locationId);
    const details = { lineId: p.line.id, lineNo: p.line.line_no, line: p.line.line_no - 1, locationId: p.locationId };
    if (!location || location.warehouse_id !== row.to_warehouse_id)
      throw unprocessable(
        WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE,
        `The bin of line ${p.line.line_no} is not one of the destination’s bins.`,
        details,
      );
    if (!location.active)
      throw unprocessable(
        WarehouseErrorCode.LOCATION_INACTIVE,
        `Bin ${location.code} is inactive: it takes no stock.`,
        {
          ...details,
          code: location.code,
        },
      );
  }

  const postLines: PostLine[] = [];
  for (const p of work) {
    const common = {
      productId: p.line.product_id,
      warehouseId: row.to_warehouse_id,
      sourceLine: String(p.line.line_no),
    };
    if (p.received.gt(0)) {
      const out = postLines.length;
      postLines.push(
        { ...common, bucket: 'TRANSIT', kind: 'TRANSIT_OUT', quantity: p.received.neg(), reason: row.number },
        {
          ...common,
          // No bin named: the destination's default receiving bin.
          ...(p.locationId ? { locationId: p.locationId } : {}),
          kind: 'TRANSIT_IN',
          quantity: p.received,
          linkTo: { line: out },
          reason: row.number,
        },
      );
    }
    if (p.discrepancy.gt(0))
      postLines.push({
        ...common,
        bucket: 'TRANSIT',
        kind: 'WRITE_OFF',
        quantity: p.discrepancy.neg(),
        reason: p.reason,
      });
  }
  const skus = new Map(work.map((p) => [p.line.product_id, { sku: p.line.sku, lineNo: p.line.line_no }]));
  const posted = await postTransfer(ctx, id, postLines, skus);

  for (const p of work)
    await repo.addToLine(
      ctx.db,
      p.line.id,
      p.received.toFixed(),
      p.discrepancy.toFixed(),
      p.discrepancy.gt(0) ? p.reason : null,
    );
  const complete = lines.every((l) => {
    const p = plans.get(l.id);
    return inTransitOf(l)
      .sub(p?.received ?? ZERO)
      .sub(p?.discrepancy ?? ZERO)
      .isZero();
  });
  await repo.markReceived(ctx.db, id, ctx.user.id, complete);
  const result = await stepResult(ctx, id, posted);
  await recordStep(ctx, transferDocument, row, 'receive', result.transfer.status, {
    after: {
      lines: work.map((p) => ({
        lineNo: p.line.line_no,
        sku: p.line.sku,
        received: p.received.toFixed(),
        discrepancy: p.discrepancy.toFixed(),
        reason: p.discrepancy.gt(0) ? p.reason : '',
      })),
      movementIds: posted.map((m) => m.id),
    },
  });
  return result;
}
