import {
  PICK_LIST_INVOICES_MAX,
  PICK_LIST_STATUSES,
  type PickList,
  type PickListCandidatePage,
  type PickListCandidateQuery,
  type PickListConfirmInput,
  type PickListCreateInput,
  PickListErrorCode,
  type PickListInvoiceConflictDetails,
  type PickListInvoiceOutcome,
  type PickListLine,
  type PickListListQuery,
  type PickListPage,
  type PickListScanInput,
  type PickListShortPick,
  type PickListStatus,
  type PickListSummary,
  pickListDocument,
  SALES_INVOICE_SOURCE_TYPE,
  type SalesChannel,
  type SalesInvoiceStatus,
  salesInvoiceDocument,
  salesInvoiceTotals,
  type VatCode,
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
  recordTransition,
  userRef,
} from '../../platform/documents.ts';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSalesInvoice } from '../sales-invoices/index.ts';
import { moveReservation } from '../stock/index.ts';
import * as repo from './pick-list.repository.ts';

/**
 * Pick lists (contract packages/contracts/src/sales/pick-lists.ts, whose header tells the whole flow): batching a
 * warehouse's BOOKED invoices (BOOKED → PROCESSING, all or none, invoices locked in id order), the picked counts
 * saved scan by scan, and the confirmation that allocates the picked units oldest invoice first and packs, sends back
 * or splits each invoice. Nothing here posts stock: reservations stay until shipping.
 */

type CreateValues = z.output<typeof PickListCreateInput>;
type ScanValues = z.output<typeof PickListScanInput>;
type ConfirmValues = z.output<typeof PickListConfirmInput>;
type CandidateValues = z.output<typeof PickListCandidateQuery>;

const E = PickListErrorCode;
const LABEL = pickListDocument.label;
const ZERO = new Decimal(0);

// Reading

function summaryOf(r: repo.ListRow | repo.PickListHead): PickListSummary {
  return {
    id: r.id,
    number: r.number,
    status: r.status as PickListStatus,
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    note: r.note,
    invoiceCount: r.invoice_count,
    lineCount: r.line_count,
    requiredQuantity: qty(r.required_quantity),
    pickedQuantity: qty(r.picked_quantity),
    createdAt: r.created_at.toISOString(),
    createdBy: userRef(r.created_by, r.created_by_name),
    confirmedAt: isoOrNull(r.confirmed_at),
    confirmedBy: userRef(r.confirmed_by, r.confirmed_by_name),
    canceledAt: isoOrNull(r.canceled_at),
  };
}

export async function getPickList(db: Kysely<Database>, id: string): Promise<PickList> {
  const head = found(await repo.findPickList(db, id), LABEL, id);
  const [lines, items, members] = await Promise.all([
    repo.findLines(db, id),
    repo.findItems(db, id),
    repo.findMembers(db, id),
  ]);
  const perProduct = new Map<string, Map<string, { number: string; required: Decimal; allocated: Decimal }>>();
  for (const i of items) {
    const byInvoice = perProduct.get(i.product_id) ?? new Map();
    perProduct.set(i.product_id, byInvoice);
    const sum = byInvoice.get(i.invoice_id) ?? { number: i.number, required: ZERO, allocated: ZERO };
    byInvoice.set(i.invoice_id, {
      number: i.number,
      required: sum.required.add(i.quantity),
      allocated: sum.allocated.add(i.allocated),
    });
  }
  const seqOf = new Map(members.map((m) => [m.invoice_id, m.seq]));
  return {
    ...summaryOf(head),
    shortPick: (head.short_pick as PickListShortPick | null) ?? null,
    lines: lines.map(
      (l): PickListLine => ({
        product: { id: l.product_id, sku: l.sku, name: l.name, barcode: l.barcode, unit: l.unit },
        bin: l.location_id
          ? { id: l.location_id, code: l.location_code ?? '', pickSequence: l.pick_sequence ?? 0 }
          : null,
        required: qty(l.required),
        picked: qty(l.picked),
        invoices: [...(perProduct.get(l.product_id) ?? new Map()).entries()]
          .sort((a, b) => (seqOf.get(a[0]) ?? 0) - (seqOf.get(b[0]) ?? 0))
          .map(([invoiceId, s]) => ({
            invoiceId,
            number: s.number,
            required: qty(s.required),
            allocated: qty(s.allocated),
          })),
      }),
    ),
    invoices: members.map((m) => ({
      id: m.invoice_id,
      number: m.number,
      status: m.status as SalesInvoiceStatus,
      channel: m.channel as SalesChannel,
      invoiceDate: m.invoice_date,
      customerName: m.customer_name,
      totalQuantity: qty(m.total_quantity),
      outcome: (m.outcome as PickListInvoiceOutcome | null) ?? null,
      backorder: m.backorder_id ? { id: m.backorder_id, number: m.backorder_number ?? '' } : null,
    })),
  };
}

export async function listPickLists(db: Kysely<Database>, q: PickListListQuery): Promise<PickListPage> {
  const [page, counts] = await Promise.all([
    pageOfDocuments(
      q,
      (limit, offset) => repo.findPickLists(db, q, limit, offset),
      () => repo.countPickLists(db, q),
      summaryOf,
    ),
    repo.countByStatus(db, q),
  ]);
  const statusCounts = Object.fromEntries(PICK_LIST_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
    PickListStatus,
    number
  >;
  return { ...page, statusCounts };
}

export async function listCandidates(db: Kysely<Database>, q: CandidateValues): Promise<PickListCandidatePage> {
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findCandidates(db, q, limit, offset),
    () => repo.countCandidates(db, q),
    (r) => ({
      id: r.id,
      number: r.number,
      channel: r.channel as SalesChannel,
      externalOrderId: r.external_order_id,
      invoiceDate: r.invoice_date,
      customerName: r.customer_name,
      carrierName: r.carrier_name,
      carrierServiceName: r.carrier_service_name,
      lineCount: r.line_count,
      totalQuantity: qty(r.total_quantity),
    }),
  );
}

// Creating

async function activeWarehouse(ctx: Ctx, id: string) {
  const w = await repo.findWarehouse(ctx.db, id);
  if (!w?.active)
    throw unprocessable(
      E.PICK_LIST_WAREHOUSE_UNKNOWN,
      w ? `Warehouse ${w.code} is inactive: it ships no orders.` : 'The chosen warehouse no longer exists.',
      { field: 'warehouseId', warehouseId: id },
    );
  return w;
}

function invoiceConflict(
  code: string,
  message: string,
  inv: { id: string; number: string; status: string },
  list: { id: string; number: string } | null,
) {
  const details: PickListInvoiceConflictDetails = {
    invoiceId: inv.id,
    number: inv.number,
    status: inv.status,
    pickList: list,
  };
  return conflict(code, message, details);
}

/** Oldest first: invoice date, then when it was written, then number. */
function oldestFirst<T extends { invoice_date: string; created_at: Date; number: string }>(a: T, b: T) {
  if (a.invoice_date !== b.invoice_date) return a.invoice_date < b.invoice_date ? -1 : 1;
  if (a.created_at.getTime() !== b.created_at.getTime()) return a.created_at.getTime() - b.created_at.getTime();
  return a.number < b.number ? -1 : a.number > b.number ? 1 : 0;
}

export async function createPickList(ctx: Ctx, input: CreateValues): Promise<PickList> {
  const warehouse = await activeWarehouse(ctx, input.warehouseId);
  const ids = input.invoiceIds.length
    ? [...new Set(input.invoiceIds)]
    : (
        await repo.findCandidates(
          ctx.db,
          { ...input.filter, warehouseId: input.warehouseId },
          PICK_LIST_INVOICES_MAX,
          0,
        )
      ).map((c) => c.id);
  if (!ids.length)
    throw unprocessable(
      E.PICK_LIST_NO_INVOICES,
      `No booked invoice of ${warehouse.code} is waiting to be picked${input.invoiceIds.length ? '' : ' for these filters'}.`,
      { field: 'invoiceIds' },
    );
  // Locked in id order: a second create over the same invoices waits here, then finds them PROCESSING.
  const locked = await repo.lockInvoices(ctx.db, ids);
  const byId = new Map(locked.map((r) => [r.id, r]));
  for (const id of ids) if (!byId.has(id)) throw notFound(salesInvoiceDocument.label, id);
  const open = new Map((await repo.openMemberships(ctx.db, ids)).map((m) => [m.invoice_id, m]));
  for (const inv of locked) {
    if (inv.warehouse_id !== warehouse.id)
      throw unprocessable(
        E.PICK_LIST_INVOICE_OTHER_WAREHOUSE,
        `Invoice ${inv.number} ships from another warehouse than ${warehouse.code}: a pick list holds one warehouse’s invoices.`,
        { invoiceId: inv.id, number: inv.number, field: 'invoiceIds' },
      );
    const member = open.get(inv.id);
    if (member)
      throw invoiceConflict(
        E.PICK_LIST_INVOICE_ON_ANOTHER_LIST,
        `Invoice ${inv.number} is already on pick list ${member.number}: an invoice is picked on one list at a time.`,
        inv,
        { id: member.id, number: member.number },
      );
    if (inv.status !== 'BOOKED')
      throw invoiceConflict(
        E.PICK_LIST_INVOICE_NOT_BOOKED,
        `Invoice ${inv.number} is ${inv.status.toLowerCase().replaceAll('_', ' ')}: only booked invoices are picked.`,
        inv,
        null,
      );
  }
  const ordered = [...locked].sort(oldestFirst);
  const orderedIds = ordered.map((r) => r.id);
  const invoiceLines = (await repo.invoiceLines(ctx.db, orderedIds)).filter((l) => l.kind !== 'SERVICE');
  const required = new Map<string, Decimal>();
  for (const l of invoiceLines) required.set(l.product_id, (required.get(l.product_id) ?? ZERO).add(l.quantity));
  const bins = await repo.pickBins(ctx.db, warehouse.id, [...required.keys()]);
  const total = [...required.values()].reduce((s, q) => s.add(q), ZERO);

  const number = await nextDocumentNumber(ctx.db, 'pickList');
  const id = await repo.insertPickList(ctx.db, {
    number,
    warehouseId: warehouse.id,
    note: input.note,
    invoiceCount: orderedIds.length,
    lineCount: required.size,
    required: total.toFixed(),
    userId: ctx.user.id,
  });
  try {
    await repo.insertMembers(ctx.db, id, orderedIds);
  } catch (e) {
    // The last guard: the unique index on open memberships (the row locks above make this unreachable in practice).
    if (isUniqueViolation(e, 'pick_list_invoices_open'))
      throw conflict(E.PICK_LIST_INVOICE_ON_ANOTHER_LIST, 'An invoice chosen was put on another pick list meanwhile.');
    throw e;
  }
  await repo.insertLines(
    ctx.db,
    id,
    [...required].map(([productId, q]) => ({
      productId,
      locationId: bins.get(productId) ?? null,
      required: q.toFixed(),
    })),
  );
  await repo.insertItems(
    ctx.db,
    id,
    invoiceLines.map((l) => ({
      invoiceId: l.invoice_id,
      invoiceLineId: l.id,
      lineNo: l.line_no,
      productId: l.product_id,
      quantity: l.quantity,
    })),
  );
  await repo.setInvoicesStatus(ctx.db, orderedIds, 'PROCESSING', id);
  for (const inv of ordered)
    await recordTransition(ctx, salesInvoiceDocument, {
      id: inv.id,
      number: inv.number,
      action: 'pick',
      from: 'BOOKED',
      to: 'PROCESSING',
      after: { pickList: number },
    });
  const created = await getPickList(ctx.db, id);
  await auditDocument(ctx, pickListDocument, {
    number,
    action: 'create',
    after: {
      warehouse: warehouse.code,
      invoices: ordered.map((r) => r.number),
      lines: created.lines.map((l) => ({ sku: l.product.sku, bin: l.bin?.code ?? null, required: l.required })),
    },
  });
  return created;
}

// Scanning

function requireWarehouse(list: { number: string; warehouse_id: string }, given: string | undefined, code: string) {
  if (given && given !== list.warehouse_id)
    throw unprocessable(
      E.PICK_LIST_WAREHOUSE_MISMATCH,
      `Pick list ${list.number} is for warehouse ${code}, not the one you are working in: pick it there.`,
      { field: 'warehouseId', expected: list.warehouse_id, given },
    );
}

async function warehouseCode(ctx: Ctx, id: string) {
  return (await repo.findWarehouse(ctx.db, id))?.code ?? id;
}

export async function scanPickList(ctx: Ctx, id: string, input: ScanValues): Promise<PickList> {
  const row = await lockForAction(ctx.db, pickListDocument, 'pick_lists', id, 'scan');
  if (input.warehouseId && input.warehouseId !== row.warehouse_id)
    requireWarehouse(row, input.warehouseId, await warehouseCode(ctx, row.warehouse_id));
  const line = await repo.findLineByCode(ctx.db, id, input.code);
  if (!line)
    throw unprocessable(
      E.PICK_LIST_PRODUCT_NOT_ON_LIST,
      `“${input.code}” is no product on pick list ${row.number}: check the item, or scan its SKU or barcode.`,
      { field: 'code', code: input.code },
    );
  const picked = new Decimal(line.picked);
  const asked = new Decimal(input.quantity ?? '1');
  const next = input.mode === 'SET' ? asked : picked.add(asked);
  const requiredQty = new Decimal(line.required);
  if (next.gt(requiredQty))
    throw unprocessable(
      E.PICK_LIST_OVER_PICK,
      `Pick list ${row.number} needs ${requiredQty.toFixed()} of ${line.sku}; ${picked.toFixed()} are picked, so ${
        input.mode === 'SET' ? `${next.toFixed()} cannot be set` : `${asked.toFixed()} more cannot be added`
      }. Put the extra back.`,
      {
        field: 'quantity',
        sku: line.sku,
        required: requiredQty.toFixed(),
        picked: picked.toFixed(),
        requested: asked.toFixed(),
      },
    );
  await repo.setPicked(ctx.db, line.id, next.toFixed());
  await repo.refreshPickedTotal(ctx.db, id);
  await auditDocument(ctx, pickListDocument, {
    number: row.number,
    action: 'scan',
    before: { sku: line.sku, picked: picked.toFixed() },
    after: { sku: line.sku, picked: next.toFixed(), code: input.code, mode: input.mode },
  });
  return getPickList(ctx.db, id);
}

// Confirming

interface Allocation {
  itemId: string;
  invoiceLineId: string | null;
  productId: string;
  quantity: Decimal;
  allocated: Decimal;
}

export async function confirmPickList(ctx: Ctx, id: string, input: ConfirmValues): Promise<PickList> {
  const row = await lockForAction(ctx.db, pickListDocument, 'pick_lists', id, 'confirm');
  if (input.warehouseId !== row.warehouse_id)
    requireWarehouse(row, input.warehouseId, await warehouseCode(ctx, row.warehouse_id));
  const members = (await repo.findMembers(ctx.db, id)).filter((m) => m.outcome === null);
  const onList = new Set(members.map((m) => m.invoice_id));
  const choices = new Map<string, PickListShortPick>();
  for (const c of input.invoiceChoices) {
    if (!onList.has(c.invoiceId))
      throw unprocessable(E.PICK_LIST_INVOICE_NOT_ON_LIST, `An invoice chosen is not on pick list ${row.number}.`, {
        field: 'invoiceChoices',
        invoiceId: c.invoiceId,
      });
    choices.set(c.invoiceId, c.shortPick);
  }
  const invoices = await repo.lockInvoices(ctx.db, [...onList]);
  const [lines, items] = await Promise.all([repo.findLines(ctx.db, id), repo.findItems(ctx.db, id)]);
  // Picked units per product, given to the invoices oldest first, each invoice's lines in line order.
  const left = new Map(lines.map((l) => [l.product_id, new Decimal(l.picked)]));
  const allocations = new Map<string, Allocation[]>();
  for (const inv of [...invoices].sort(oldestFirst)) {
    const own = items.filter((i) => i.invoice_id === inv.id).sort((a, b) => a.line_no - b.line_no);
    allocations.set(
      inv.id,
      own.map((i) => {
        const quantity = new Decimal(i.quantity);
        const free = left.get(i.product_id) ?? ZERO;
        const allocated = Decimal.min(free, quantity);
        left.set(i.product_id, free.sub(allocated));
        return { itemId: i.id, invoiceLineId: i.invoice_line_id, productId: i.product_id, quantity, allocated };
      }),
    );
  }
  await repo.setAllocated(
    ctx.db,
    [...allocations.values()].flat().map((a) => ({ id: a.itemId, allocated: a.allocated.toFixed() })),
  );

  const outcomes: { number: string; outcome: PickListInvoiceOutcome; backorder?: string }[] = [];
  for (const inv of [...invoices].sort(oldestFirst)) {
    const own = allocations.get(inv.id) ?? [];
    const full = own.every((a) => a.allocated.eq(a.quantity));
    const anything = own.some((a) => a.allocated.gt(0));
    const choice = choices.get(inv.id) ?? input.shortPick;
    if (full) {
      await packInvoice(ctx, inv, row.number);
      await repo.setOutcome(ctx.db, id, inv.id, 'PICKED');
      outcomes.push({ number: inv.number, outcome: 'PICKED' });
    } else if (choice === 'PARTIAL' && anything) {
      const backorder = await splitBackorder(ctx, inv, own);
      await packInvoice(ctx, inv, row.number, backorder.number);
      await repo.setOutcome(ctx.db, id, inv.id, 'PARTIAL', backorder.id);
      outcomes.push({ number: inv.number, outcome: 'PARTIAL', backorder: backorder.number });
    } else {
      await unpickInvoice(ctx, inv, row.number, 'short pick');
      await repo.setOutcome(ctx.db, id, inv.id, 'BACK_TO_BOOKED');
      outcomes.push({ number: inv.number, outcome: 'BACK_TO_BOOKED' });
    }
  }
  await repo.markConfirmed(ctx.db, id, input.shortPick, ctx.user.id);
  await recordStep(ctx, pickListDocument, row as typeof row & { status: 'OPEN' }, 'confirm', 'CONFIRMED', {
    after: {
      shortPick: input.shortPick,
      picked: lines.map((l) => ({ sku: l.sku, required: qty(l.required), picked: qty(l.picked) })),
      invoices: outcomes,
    },
  });
  return getPickList(ctx.db, id);
}

async function packInvoice(ctx: Ctx, inv: { id: string; number: string }, pickList: string, backorder?: string) {
  await repo.setInvoicesStatus(ctx.db, [inv.id], 'READY_FOR_DELIVERY', null);
  await recordTransition(ctx, salesInvoiceDocument, {
    id: inv.id,
    number: inv.number,
    action: 'pack',
    from: 'PROCESSING',
    to: 'READY_FOR_DELIVERY',
    after: { pickList, ...(backorder ? { backorder } : {}) },
  });
}

async function unpickInvoice(ctx: Ctx, inv: { id: string; number: string }, pickList: string, why: string) {
  await repo.setInvoicesStatus(ctx.db, [inv.id], 'BOOKED', null);
  await recordTransition(ctx, salesInvoiceDocument, {
    id: inv.id,
    number: inv.number,
    action: 'unpick',
    from: 'PROCESSING',
    to: 'BOOKED',
    after: { pickList, reason: why },
  });
}

/**
 * A PARTIAL pick: the unpicked remainder of each line becomes a line of a new BOOKED back-order invoice (same price,
 * discount and VAT code, its reserved units moved with it), the original keeps what was picked (a line with nothing
 * picked leaves it; services stay on it), and both invoices' amounts are computed again by salesInvoiceTotals.
 */
async function splitBackorder(ctx: Ctx, inv: { id: string; number: string }, own: Allocation[]) {
  const before = await getSalesInvoice(ctx.db, inv.id);
  const byLine = new Map(own.filter((a) => a.invoiceLineId).map((a) => [a.invoiceLineId as string, a]));
  const number = await nextDocumentNumber(ctx.db, 'salesInvoice');
  const backorderId = await repo.insertBackorder(ctx.db, inv.id, number, ctx.user.id);
  const head = await repo.invoiceForTotals(ctx.db, inv.id);
  const lines = await repo.invoiceLines(ctx.db, [inv.id]);

  const kept: repo.InvoiceLineRow[] = [];
  const moved: { line: repo.InvoiceLineRow; quantity: Decimal; reservationId: string | null }[] = [];
  for (const l of lines) {
    const a = byLine.get(l.id);
    const remainder = a ? a.quantity.sub(a.allocated) : ZERO;
    if (remainder.lte(0)) {
      kept.push(l);
      continue;
    }
    let reservationId: string | null = null;
    if (l.reservation_id) {
      const r = await moveReservation(ctx, l.reservation_id, {
        quantity: remainder,
        sourceType: SALES_INVOICE_SOURCE_TYPE,
        sourceId: backorderId,
      });
      reservationId = r.to.id;
    }
    moved.push({ line: l, quantity: remainder, reservationId });
    const stays = new Decimal(l.quantity).sub(remainder);
    if (stays.gt(0)) kept.push({ ...l, quantity: stays.toFixed() });
    else await repo.deleteInvoiceLine(ctx.db, l.id);
  }

  // The original: what was picked, its amounts and totals computed again.
  const shipping = { charge: head.shipping_charge, vatCode: head.shipping_vat_code as VatCode };
  const keptTotals = salesInvoiceTotals(
    kept.map((l) => lineInput(l, l.quantity)),
    shipping,
    head.prices_include_vat,
  );
  for (const [i, l] of kept.entries()) {
    const a = keptTotals.lines[i] as (typeof keptTotals.lines)[number];
    await repo.updateInvoiceLine(ctx.db, l.id, {
      quantity: l.quantity,
      netAmount: a.net,
      vatAmount: a.vat,
      grossAmount: a.gross,
    });
  }
  await repo.setInvoiceTotals(ctx.db, inv.id, {
    netTotal: keptTotals.net,
    vatTotal: keptTotals.vat,
    grossTotal: keptTotals.gross,
    shippingNet: keptTotals.shipping.net,
    shippingVat: keptTotals.shipping.vat,
    lineCount: kept.length,
    totalQuantity: kept.reduce((s, l) => s.add(l.quantity), ZERO).toFixed(),
  });

  // The back-order: the remainders, no shipping charge (it was charged on the original).
  const boTotals = salesInvoiceTotals(
    moved.map((m) => lineInput(m.line, m.quantity.toFixed())),
    { charge: '0', vatCode: shipping.vatCode },
    head.prices_include_vat,
  );
  await repo.insertInvoiceLines(
    ctx.db,
    backorderId,
    moved.map((m, i) => {
      const a = boTotals.lines[i] as (typeof boTotals.lines)[number];
      return {
        lineNo: i + 1,
        productId: m.line.product_id,
        quantity: m.quantity.toFixed(),
        unitPrice: m.line.unit_price,
        discountPercent: m.line.discount_percent,
        vatCode: m.line.vat_code,
        vatRate: a.vatRate,
        netAmount: a.net,
        vatAmount: a.vat,
        grossAmount: a.gross,
        reservationId: m.reservationId,
      };
    }),
  );
  await repo.setInvoiceTotals(ctx.db, backorderId, {
    netTotal: boTotals.net,
    vatTotal: boTotals.vat,
    grossTotal: boTotals.gross,
    shippingNet: boTotals.shipping.net,
    shippingVat: boTotals.shipping.vat,
    lineCount: moved.length,
    totalQuantity: moved.reduce((s, m) => s.add(m.quantity), ZERO).toFixed(),
  });

  const [after, backorder] = await Promise.all([getSalesInvoice(ctx.db, inv.id), getSalesInvoice(ctx.db, backorderId)]);
  await auditDocument(ctx, salesInvoiceDocument, {
    number: inv.number,
    action: 'update',
    before,
    after: { ...after, backorder: number },
  });
  await auditDocument(ctx, salesInvoiceDocument, {
    number,
    action: 'create',
    after: { ...backorder, backorderOf: inv.number },
  });
  return { id: backorderId, number };
}

function lineInput(l: repo.InvoiceLineRow, quantity: string) {
  return {
    quantity,
    unitPrice: l.unit_price,
    discountPercent: l.discount_percent,
    vatCode: l.vat_code as VatCode,
  };
}

// Cancelling

export async function cancelPickList(ctx: Ctx, id: string): Promise<PickList> {
  const row = await lockForAction(ctx.db, pickListDocument, 'pick_lists', id, 'cancel');
  const members = (await repo.findMembers(ctx.db, id)).filter((m) => m.outcome === null);
  const invoices = await repo.lockInvoices(
    ctx.db,
    members.map((m) => m.invoice_id),
  );
  for (const inv of [...invoices].sort(oldestFirst)) {
    if (inv.status === 'PROCESSING') await unpickInvoice(ctx, inv, row.number, 'pick list cancelled');
    await repo.setOutcome(ctx.db, id, inv.id, 'RELEASED');
  }
  await repo.markCanceled(ctx.db, id, ctx.user.id);
  await recordStep(ctx, pickListDocument, row as typeof row & { status: 'OPEN' }, 'cancel', 'CANCELED', {
    after: { invoices: invoices.map((i) => i.number) },
  });
  return getPickList(ctx.db, id);
}
