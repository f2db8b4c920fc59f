import {
  RETURN_TICKET_SOURCE_TYPE,
  RETURN_TICKET_STATUSES,
  type ReturnableInvoice,
  type ReturnCondition,
  type ReturnCostSource,
  type ReturnOutcome,
  type ReturnReason,
  type ReturnTicket,
  type ReturnTicketCancelInput,
  ReturnTicketErrorCode,
  type ReturnTicketExcessDetails,
  type ReturnTicketFilter,
  type ReturnTicketInput,
  type ReturnTicketInspectInput,
  type ReturnTicketLine,
  type ReturnTicketListQuery,
  type ReturnTicketPage,
  type ReturnTicketStatus,
  type ReturnTicketStepResult,
  type ReturnTicketSummary,
  type ReturnTicketUpdateInput,
  returnTicketDocument,
  type SalesChannel,
  StockErrorCode,
  todayInLondon,
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
import { lineDetails } from '../../platform/documents-lines.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ui, type XlsxColumn } from '../../platform/xlsx.ts';
import { movementsByIds, type PostLine, post, releaseReservation, reserveMany } from '../stock/index.ts';
import * as repo from './return-ticket.repository.ts';

/**
 * Return tickets: the rules of the contract's header (packages/contracts/src/returns/return-tickets.ts). Creating
 * from an invoice locks the invoice row first, so what is returnable (shipped less the other tickets not cancelled)
 * cannot change between the check and the insert; receiving locks it too, so the returns of an invoice are valued
 * one after the other and add up exactly to what it issued.
 */

type Values = z.output<typeof ReturnTicketInput>;
type UpdateValues = z.output<typeof ReturnTicketUpdateInput>;
type InspectValues = z.output<typeof ReturnTicketInspectInput>;
type CancelValues = z.output<typeof ReturnTicketCancelInput>;

const ZERO = new Decimal(0);
const label = returnTicketDocument.label;
/** The ledger keeps value to 8 places; so does a returned line. */
const PLACES = 8;
const round8 = (d: Decimal) => d.toDecimalPlaces(PLACES, Decimal.ROUND_HALF_UP);
const HELD: ReadonlySet<string> = new Set<ReturnCondition>(['DAMAGED', 'REFURBISH']);

// Reading

function headOf(r: repo.TicketHead) {
  return {
    id: r.id,
    number: r.number,
    status: r.status as ReturnTicketStatus,
    invoice:
      r.invoice_id && r.invoice_number
        ? {
            id: r.invoice_id,
            number: r.invoice_number,
            channel: (r.invoice_channel ?? 'MANUAL') as SalesChannel,
            externalOrderId: r.external_order_id,
          }
        : null,
    customer: { id: r.customer_id, name: r.customer_name },
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    returnDate: r.return_date,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    receivedAt: isoOrNull(r.received_at),
    inspectedAt: isoOrNull(r.inspected_at),
    closedAt: isoOrNull(r.closed_at),
    canceledAt: isoOrNull(r.canceled_at),
  };
}

const valueText = (v: string | Decimal | null) => (v === null ? null : new Decimal(v).toFixed(PLACES));

function toLine(l: repo.TicketLineRow): ReturnTicketLine {
  return {
    id: l.id,
    lineNo: l.line_no,
    product: { id: l.product_id, sku: l.sku, name: l.name, unit: l.unit },
    quantity: qty(l.quantity),
    reason: l.reason as ReturnReason,
    condition: l.condition as ReturnCondition,
    note: l.note,
    outcome: l.outcome as ReturnOutcome | null,
    unitCost: valueText(l.unit_cost),
    value: valueText(l.value),
    costSource: l.cost_source as ReturnCostSource | null,
    holdReservationId: l.hold_reservation_id,
  };
}

export async function getTicket(db: Kysely<Database>, id: string): Promise<ReturnTicket> {
  const head = found(await repo.findTicket(db, id), label, id);
  const lines = (await repo.findLines(db, [id])).map(toLine);
  return {
    ...headOf(head),
    note: head.note,
    cancelReason: head.cancel_reason,
    createdBy: userRef(head.created_by, head.created_by_name),
    receivedBy: userRef(head.received_by, head.received_by_name),
    inspectedBy: userRef(head.inspected_by, head.inspected_by_name),
    closedBy: userRef(head.closed_by, head.closed_by_name),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    lines,
    totals: { quantity: qty(head.total_quantity), value: valueText(head.total_value) },
  };
}

function toSummary(r: repo.TicketHead): ReturnTicketSummary {
  return {
    ...headOf(r),
    lineCount: r.line_count,
    quantity: qty(r.total_quantity),
    value: valueText(r.total_value),
  };
}

export async function listTickets(db: Kysely<Database>, q: ReturnTicketListQuery): Promise<ReturnTicketPage> {
  const [page, counts] = await Promise.all([
    pageOfDocuments(
      q,
      (limit, offset) => repo.findTickets(db, q, limit, offset),
      () => repo.countTickets(db, q),
      toSummary,
    ),
    repo.statusCounts(db, q),
  ]);
  const statusCounts = Object.fromEntries(RETURN_TICKET_STATUSES.map((s) => [s, 0])) as Record<
    ReturnTicketStatus,
    number
  >;
  for (const c of counts) statusCounts[c.status as ReturnTicketStatus] = Number(c.n);
  return { ...page, statusCounts };
}

type ExportRow = DocumentLineRow<repo.TicketHead, repo.TicketLineRow>;

const EXPORT_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('returnTickets:fields.number'), width: 18, value: (r) => r.document.number },
  {
    header: ui('returnTickets:fields.status'),
    width: 14,
    type: 'enum',
    labels: 'documents:return_ticket.status',
    value: (r) => r.document.status,
  },
  { header: ui('returnTickets:fields.invoice'), width: 18, value: (r) => r.document.invoice_number ?? '' },
  { header: ui('returnTickets:fields.externalOrderId'), width: 18, value: (r) => r.document.external_order_id ?? '' },
  { header: ui('returnTickets:fields.customer'), width: 24, value: (r) => r.document.customer_name },
  { header: ui('returnTickets:fields.warehouse'), width: 12, value: (r) => r.document.warehouse_code },
  { header: ui('returnTickets:fields.returnDate'), width: 12, type: 'date', value: (r) => r.document.return_date },
  { header: ui('returnTickets:fields.lineNo'), width: 6, type: 'number', places: 0, value: (r) => r.line.line_no },
  { header: ui('products:fields.sku'), width: 20, value: (r) => r.line.sku },
  { header: ui('products:fields.name'), width: 36, value: (r) => r.line.name },
  { header: ui('returnTickets:fields.quantity'), width: 12, type: 'quantity', value: (r) => r.line.quantity },
  {
    header: ui('returnTickets:fields.reason'),
    width: 18,
    type: 'enum',
    labels: 'returnTickets:reason',
    value: (r) => r.line.reason,
  },
  {
    header: ui('returnTickets:fields.condition'),
    width: 14,
    type: 'enum',
    labels: 'returnTickets:condition',
    value: (r) => r.line.condition,
  },
  {
    header: ui('returnTickets:fields.outcome'),
    width: 18,
    type: 'enum',
    labels: 'returnTickets:outcome',
    value: (r) => r.line.outcome ?? '',
  },
  {
    header: ui('returnTickets:fields.unitCost'),
    width: 14,
    type: 'number',
    places: 4,
    value: (r) => r.line.unit_cost,
  },
];

export function exportTickets(ctx: Ctx, f: ReturnTicketFilter) {
  const rows = documentsWithLines(
    (offset, limit) => repo.findTickets(ctx.db, f, limit, offset),
    (ids) => repo.findLines(ctx.db, ids),
    (l) => l.ticket_id,
  );
  return sendDocumentsXlsx(ctx, 'return-tickets', EXPORT_COLUMNS, rows);
}

/** Issued value ÷ issued quantity, 8 places: what a unit of the invoice left with. */
const perUnit = (value: Decimal, quantity: Decimal) =>
  quantity.isZero() ? null : round8(value.div(quantity)).toFixed(PLACES);

export async function returnableInvoice(db: Kysely<Database>, id: string): Promise<ReturnableInvoice> {
  const inv = found(await repo.findInvoice(db, id), 'Sales invoice', id);
  const products = await repo.invoiceProducts(db, id);
  return {
    id: inv.id,
    number: inv.number,
    status: inv.status,
    channel: inv.channel as SalesChannel,
    externalOrderId: inv.external_order_id,
    customer: { id: inv.customer_id, name: inv.customer_name },
    warehouse: { id: inv.warehouse_id, code: inv.warehouse_code, name: inv.warehouse_name },
    invoiceDate: inv.invoice_date,
    products: products.map((p) => {
      const shipped = new Decimal(p.shipped);
      return {
        product: { id: p.product_id, sku: p.sku, name: p.name, unit: p.unit },
        sold: qty(p.sold),
        shipped: qty(shipped),
        returned: qty(p.returned),
        returnable: qty(Decimal.max(shipped.sub(p.returned), 0)),
        unitCost: perUnit(new Decimal(p.issued_value), shipped),
      };
    }),
  };
}

export async function shippedInvoices(db: Kysely<Database>, q: string) {
  const rows = await repo.shippedInvoices(db, q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      number: r.number,
      channel: r.channel as SalesChannel,
      externalOrderId: r.external_order_id,
      customerName: r.customer_name,
      invoiceDate: r.invoice_date,
    })),
  };
}

// Creating

const partyInvalid = (message: string, details: Record<string, unknown>) =>
  unprocessable(ReturnTicketErrorCode.RETURN_TICKET_PARTY_INVALID, message, details);

async function checkProducts(db: Kysely<Database>, input: Pick<Values, 'lines'>) {
  const products = await repo.findProducts(db, [...new Set(input.lines.map((l) => l.productId))]);
  const productOf = new Map(products.map((p) => [p.id, p]));
  input.lines.forEach((l, i) => {
    const p = productOf.get(l.productId);
    if (!p || p.kind === 'SERVICE')
      throw unprocessable(
        ReturnTicketErrorCode.RETURN_TICKET_PRODUCT_INVALID,
        p ? `Line ${i + 1}: ${p.sku} is a service, it cannot come back into stock.` : `Line ${i + 1}: no such product.`,
        lineDetails(i, { field: 'productId', productId: l.productId }),
      );
    if (p.unit === WHOLE_UNIT && !new Decimal(l.quantity).isInteger())
      throw unprocessable(
        ReturnTicketErrorCode.RETURN_TICKET_PRODUCT_INVALID,
        `Line ${i + 1}: ${p.sku} is counted in units: return whole quantities.`,
        lineDetails(i, { field: 'quantity', sku: p.sku }),
      );
  });
  return productOf;
}

/** Refuses lines asking more of a product than the invoice shipped less its other tickets (nothing written). */
async function checkReturnable(
  db: Kysely<Database>,
  invoice: repo.InvoiceRow,
  input: Pick<Values, 'lines'>,
  skuOf: (id: string) => string,
  exceptTicket: string | null = null,
) {
  const rows = new Map((await repo.invoiceProducts(db, invoice.id, exceptTicket)).map((r) => [r.product_id, r]));
  const asked = new Map<string, Decimal>();
  const excess: ReturnTicketExcessDetails['lines'] = [];
  input.lines.forEach((l, i) => {
    const r = rows.get(l.productId);
    const shipped = new Decimal(r?.shipped ?? 0);
    const returned = new Decimal(r?.returned ?? 0);
    const before = asked.get(l.productId) ?? ZERO;
    const total = before.add(l.quantity);
    asked.set(l.productId, total);
    const returnable = Decimal.max(shipped.sub(returned).sub(before), 0);
    if (total.add(returned).gt(shipped))
      excess.push({
        ...lineDetails(i),
        productId: l.productId,
        sku: skuOf(l.productId),
        shipped: qty(shipped),
        returned: qty(returned.add(before)),
        returnable: qty(returnable),
        requested: qty(l.quantity),
      });
  });
  if (excess.length) {
    const first = excess[0] as (typeof excess)[number];
    throw unprocessable(
      ReturnTicketErrorCode.RETURN_TICKET_EXCEEDS_RETURNABLE,
      `Invoice ${invoice.number} shipped ${first.shipped} of ${first.sku} and ${first.returned} are already returned: ${first.returnable} can still come back, not ${first.requested}.`,
      { invoiceNumber: invoice.number, lines: excess } satisfies ReturnTicketExcessDetails,
    );
  }
}

/** The ticket's day: today when empty, never a day to come. */
function returnDay(returnDate: string | null) {
  const today = todayInLondon();
  const day = returnDate ?? today;
  if (day > today)
    throw unprocessable(
      StockErrorCode.POSTING_DATE_IN_FUTURE,
      `A return cannot be dated ${day}, a day still to come. Use ${today} or an earlier day.`,
      { field: 'returnDate', returnDate: day, today },
    );
  return day;
}

const newLines = (lines: Values['lines']): repo.NewLine[] =>
  lines.map((l, i) => ({
    lineNo: i + 1,
    productId: l.productId,
    quantity: new Decimal(l.quantity).toFixed(),
    reason: l.reason,
    condition: l.condition,
    note: l.note,
  }));

const auditLines = (t: ReturnTicket) =>
  t.lines.map((l) => ({ sku: l.product.sku, quantity: l.quantity, reason: l.reason, condition: l.condition }));

export async function createTicket(ctx: Ctx, input: Values): Promise<ReturnTicket> {
  const day = returnDay(input.returnDate);
  const productOf = await checkProducts(ctx.db, input);
  const skuOf = (id: string) => productOf.get(id)?.sku ?? id;
  let head: repo.NewTicket;
  if (input.invoiceId) {
    // Locked: a concurrent ticket for the same invoice waits here, then sees this one's lines.
    const invoice = await repo.findInvoice(ctx.db, input.invoiceId, true);
    if (!invoice) throw notFound('Sales invoice', input.invoiceId);
    if (invoice.status !== 'PROCESSED')
      throw unprocessable(
        ReturnTicketErrorCode.RETURN_TICKET_INVOICE_NOT_SHIPPED,
        `Invoice ${invoice.number} is ${invoice.status.toLowerCase().replaceAll('_', ' ')}, not shipped: nothing of it can be returned yet.`,
        { field: 'invoiceId', invoiceNumber: invoice.number, status: invoice.status },
      );
    await checkReturnable(ctx.db, invoice, input, skuOf);
    head = {
      invoiceId: invoice.id,
      customerId: invoice.customer_id,
      warehouseId: invoice.warehouse_id,
      channel: invoice.channel,
      returnDate: day,
      note: input.note,
    };
  } else {
    const [customer, warehouse] = await Promise.all([
      repo.findCustomer(ctx.db, input.customerId as string),
      repo.findWarehouse(ctx.db, input.warehouseId as string),
    ]);
    if (!customer?.active)
      throw partyInvalid(customer ? `Customer ${customer.name} is inactive.` : 'The chosen customer does not exist.', {
        field: 'customerId',
      });
    if (!warehouse?.active)
      throw partyInvalid(
        warehouse ? `Warehouse ${warehouse.code} is inactive.` : 'The chosen warehouse does not exist.',
        { field: 'warehouseId' },
      );
    head = {
      invoiceId: null,
      customerId: customer.id,
      warehouseId: warehouse.id,
      channel: 'MANUAL',
      returnDate: day,
      note: input.note,
    };
  }
  const number = await nextDocumentNumber(ctx.db, 'returnTicket', day);
  const id = await repo.insertTicket(ctx.db, number, head, newLines(input.lines), ctx.user.id);
  const after = await getTicket(ctx.db, id);
  await auditDocument(ctx, returnTicketDocument, {
    number,
    action: 'create',
    after: {
      invoice: after.invoice?.number ?? null,
      customer: after.customer.name,
      warehouse: after.warehouse.code,
      lines: auditLines(after),
    },
  });
  return after;
}

// Steps

const lockFor = (ctx: Ctx, id: string, action: keyof typeof returnTicketDocument.actions) =>
  lockForAction(ctx.db, returnTicketDocument, 'return_tickets', id, action);

export async function updateTicket(ctx: Ctx, id: string, input: UpdateValues): Promise<ReturnTicket> {
  const row = await lockFor(ctx, id, 'edit');
  const before = await getTicket(ctx.db, id);
  const day = returnDay(input.returnDate);
  const productOf = await checkProducts(ctx.db, input);
  if (row.invoice_id) {
    // The invoice locked as creating locks it; this ticket's own lines are left out of what is already returned.
    const invoice = await repo.findInvoice(ctx.db, row.invoice_id, true);
    if (!invoice) throw notFound('Sales invoice', row.invoice_id);
    await checkReturnable(ctx.db, invoice, input, (p) => productOf.get(p)?.sku ?? p, id);
  }
  await repo.replaceTicket(ctx.db, id, { returnDate: day, note: input.note }, newLines(input.lines));
  const after = await getTicket(ctx.db, id);
  await auditDocument(ctx, returnTicketDocument, {
    number: row.number,
    action: 'update',
    before: { returnDate: before.returnDate, note: before.note, lines: auditLines(before) },
    after: { returnDate: after.returnDate, note: after.note, lines: auditLines(after) },
  });
  return after;
}

interface LineCost {
  value: Decimal;
  source: ReturnCostSource;
}

/**
 * What each line comes back at (see the contract's cost rule). From an invoice: the product's issued value pro
 * rata, as the difference of two rounded shares, so every return of the invoice adds up to what it issued.
 */
async function lineCosts(
  db: Kysely<Database>,
  row: { id: string; invoice_id: string | null; warehouse_id: string },
  lines: repo.TicketLineRow[],
): Promise<LineCost[]> {
  if (row.invoice_id) {
    const products = new Map((await repo.invoiceProducts(db, row.invoice_id)).map((p) => [p.product_id, p]));
    const back = new Map(
      (await repo.receivedReturns(db, row.invoice_id)).map((r) => [r.product_id, new Decimal(r.quantity)]),
    );
    return lines.map((l) => {
      const p = products.get(l.product_id);
      const shipped = new Decimal(p?.shipped ?? 0);
      const issued = new Decimal(p?.issued_value ?? 0);
      const before = back.get(l.product_id) ?? ZERO;
      const after = before.add(l.quantity);
      back.set(l.product_id, after);
      // Checked at creation under the invoice's lock; the share never goes past the whole.
      const share = (q: Decimal) => (q.gte(shipped) ? issued : round8(issued.mul(q).div(shipped)));
      return { value: shipped.isZero() ? ZERO : share(after).sub(share(before)), source: 'INVOICE_ISSUE' as const };
    });
  }
  const costs: LineCost[] = [];
  for (const [i, l] of lines.entries()) {
    const level = await repo.levelOf(db, l.product_id, row.warehouse_id);
    const onHand = new Decimal(level?.on_hand ?? 0);
    const quantity = new Decimal(l.quantity);
    if (onHand.gt(0)) {
      costs.push({ value: round8(new Decimal(level?.value ?? 0).mul(quantity).div(onHand)), source: 'FIFO_AVERAGE' });
      continue;
    }
    if (level?.last_unit_cost != null) {
      costs.push({ value: round8(new Decimal(level.last_unit_cost).mul(quantity)), source: 'LAST_COST' });
      continue;
    }
    const products = await repo.findProducts(db, [l.product_id]);
    const costPrice = new Decimal(products[0]?.cost_price ?? 0);
    if (costPrice.gt(0)) {
      costs.push({ value: round8(costPrice.mul(quantity)), source: 'COST_PRICE' });
      continue;
    }
    throw unprocessable(
      ReturnTicketErrorCode.RETURN_TICKET_NO_COST,
      `Line ${l.line_no} (${l.sku}): the product has no stock history in this warehouse and no cost price, so there is no cost to bring it back at. Give the product a cost price first.`,
      lineDetails(i, { sku: l.sku }),
    );
  }
  return costs;
}

/** Holds lines out of available stock with reservations of the ticket; answers each line's reservation id. */
async function hold(ctx: Ctx, ticketId: string, warehouseId: string, lines: repo.TicketLineRow[]) {
  if (!lines.length) return new Map<number, string>();
  const result = await reserveMany(ctx, {
    sourceType: RETURN_TICKET_SOURCE_TYPE,
    sourceId: ticketId,
    lines: lines.map((l) => ({
      key: l.line_no,
      productId: l.product_id,
      warehouseId,
      quantity: new Decimal(l.quantity),
    })),
  });
  if (!result.ok) {
    const s = result.shortages[0];
    const line = lines.find((l) => l.line_no === s?.key);
    throw unprocessable(
      StockErrorCode.INSUFFICIENT_STOCK,
      `Line ${s?.key} (${line?.sku}): only ${qty(s?.available)} is available to hold for refurbishment.`,
      lineDetails((s?.key ?? 1) - 1, { sku: line?.sku, available: qty(s?.available), requested: qty(s?.requested) }),
    );
  }
  return new Map([...result.reservations].map(([k, r]) => [k, r.id]));
}

export async function receiveTicket(ctx: Ctx, id: string): Promise<ReturnTicketStepResult> {
  const row = await lockFor(ctx, id, 'receive');
  // The invoice's returns are valued one after another (see lineCosts).
  if (row.invoice_id) await repo.findInvoice(ctx.db, row.invoice_id, true);
  const lines = await repo.findLines(ctx.db, [id]);
  const costs = await lineCosts(ctx.db, row, lines);
  // Units of a product sold partly from consignment come back against the issue rows that took them, oldest first:
  // supplier-owned units return to their supplier's ownership (and are no longer owed), own units at their cost.
  const issues = row.invoice_id ? await repo.issuesOfConsignedProducts(ctx.db, row.invoice_id) : [];
  const linkable = issues.map((m) => ({ ...m, left: new Decimal(m.taken).sub(m.back) }));
  const postLines: PostLine[] = [];
  /** The ticket line of each posting line. */
  const ticketLineOf: number[] = [];
  for (const [i, l] of lines.entries()) {
    const base = {
      productId: l.product_id,
      warehouseId: row.warehouse_id,
      kind: 'RETURN' as const,
      sourceLine: String(l.line_no),
      reason: `${row.number} ${l.reason}`,
    };
    let quantity = new Decimal(l.quantity);
    for (const m of linkable) {
      if (quantity.isZero()) break;
      if (m.product_id !== l.product_id || !m.left.isPositive()) continue;
      const q = Decimal.min(quantity, m.left);
      m.left = m.left.sub(q);
      quantity = quantity.sub(q);
      postLines.push({ ...base, quantity: q, linkTo: m.id });
      ticketLineOf.push(i);
    }
    if (quantity.isZero()) continue;
    const whole = new Decimal(l.quantity);
    postLines.push({
      ...base,
      quantity,
      // The line's value ÷ its quantity unrounded: the posting's quantity × unit cost rounds back to the value.
      unitCost: (costs[i] as LineCost).value.div(whole),
    });
    ticketLineOf.push(i);
  }
  const posted = await post(ctx, { sourceType: RETURN_TICKET_SOURCE_TYPE, sourceId: id, lines: postLines });
  const held = await hold(
    ctx,
    id,
    row.warehouse_id,
    lines.filter((l) => HELD.has(l.condition)),
  );
  let total = ZERO;
  for (const [i, l] of lines.entries()) {
    const rows = posted.filter((p) => ticketLineOf[p.line] === i);
    const value = rows.reduce((s, p) => s.add(p.value), ZERO);
    total = total.add(value);
    await repo.setLineReceived(ctx.db, l.id, {
      unitCost: round8(value.div(l.quantity)).toFixed(PLACES),
      value: value.toFixed(PLACES),
      costSource: (costs[i] as LineCost).source,
      movementId: (rows[0] as { id: string }).id,
      holdReservationId: held.get(l.line_no) ?? null,
    });
  }
  await repo.setStatus(ctx.db, id, 'RECEIVED', ctx.user.id, { totalValue: total.toFixed(PLACES) });
  const [ticket, movements] = await Promise.all([
    getTicket(ctx.db, id),
    movementsByIds(
      ctx.db,
      posted.map((m) => m.id),
    ),
  ]);
  await recordStep(ctx, returnTicketDocument, row, 'receive', 'RECEIVED', {
    after: {
      value: total.toFixed(PLACES),
      movementIds: posted.map((m) => m.id),
      held: [...held.values()],
    },
  });
  return { ticket, movements };
}

export async function inspectTicket(ctx: Ctx, id: string, input: InspectValues): Promise<ReturnTicketStepResult> {
  const row = await lockFor(ctx, id, 'inspect');
  const lines = await repo.findLines(ctx.db, [id]);
  const outcomeOf = new Map<number, ReturnOutcome>();
  for (const o of input.outcomes) {
    if (outcomeOf.has(o.lineNo) || !lines.some((l) => l.line_no === o.lineNo))
      throw unprocessable(
        ReturnTicketErrorCode.RETURN_TICKET_OUTCOMES_INCOMPLETE,
        `Line ${o.lineNo} is not a line of ${row.number}, or is given twice.`,
        { lineNo: o.lineNo },
      );
    outcomeOf.set(o.lineNo, o.outcome);
  }
  const missing = lines.filter((l) => !outcomeOf.has(l.line_no)).map((l) => l.line_no);
  if (missing.length)
    throw unprocessable(
      ReturnTicketErrorCode.RETURN_TICKET_OUTCOMES_INCOMPLETE,
      `Every line of ${row.number} needs an outcome; line${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'have' : 'has'} none.`,
      { missing },
    );
  // Held units are let go first (restocked or about to be written off), then the write-offs post.
  const writeOffs: PostLine[] = [];
  const keep: repo.TicketLineRow[] = [];
  const holdAfter = new Map<string, string | null>();
  for (const l of lines) {
    const outcome = outcomeOf.get(l.line_no) as ReturnOutcome;
    const holding = l.hold_reservation_id;
    if (outcome === 'KEEP_FOR_REFURBISH') {
      if (holding) holdAfter.set(l.id, holding);
      else keep.push(l);
      continue;
    }
    if (holding) await releaseReservation(ctx, holding);
    holdAfter.set(l.id, null);
    if (outcome === 'SCRAP')
      writeOffs.push({
        productId: l.product_id,
        warehouseId: row.warehouse_id,
        kind: 'WRITE_OFF',
        quantity: new Decimal(l.quantity).neg(),
        // Exactly the layers its RETURN row made: the scrapped unit goes at the cost it came back at.
        ...(l.movement_id ? { takesBackFrom: l.movement_id } : {}),
        keepAvailable: true,
        sourceLine: String(l.line_no),
        reason: `${row.number} scrapped`,
      });
  }
  const posted = writeOffs.length
    ? await post(ctx, { sourceType: RETURN_TICKET_SOURCE_TYPE, sourceId: id, lines: writeOffs })
    : [];
  const kept = await hold(ctx, id, row.warehouse_id, keep);
  for (const l of keep) holdAfter.set(l.id, kept.get(l.line_no) ?? null);
  for (const l of lines)
    await repo.setLineOutcome(ctx.db, l.id, outcomeOf.get(l.line_no) as string, holdAfter.get(l.id) ?? null);
  await repo.setStatus(ctx.db, id, 'INSPECTED', ctx.user.id);
  const [ticket, movements] = await Promise.all([
    getTicket(ctx.db, id),
    movementsByIds(
      ctx.db,
      posted.map((m) => m.id),
    ),
  ]);
  await recordStep(ctx, returnTicketDocument, row, 'inspect', 'INSPECTED', {
    after: {
      outcomes: lines.map((l) => ({ lineNo: l.line_no, sku: l.sku, outcome: outcomeOf.get(l.line_no) })),
      movementIds: posted.map((m) => m.id),
    },
  });
  return { ticket, movements };
}

export async function closeTicket(ctx: Ctx, id: string): Promise<ReturnTicket> {
  const row = await lockFor(ctx, id, 'close');
  await repo.setStatus(ctx.db, id, 'CLOSED', ctx.user.id);
  await recordStep(ctx, returnTicketDocument, row, 'close', 'CLOSED');
  return getTicket(ctx.db, id);
}

export async function cancelTicket(ctx: Ctx, id: string, input: CancelValues): Promise<ReturnTicket> {
  const row = await lockFor(ctx, id, 'cancel');
  await repo.setStatus(ctx.db, id, 'CANCELED', ctx.user.id, { cancelReason: input.reason });
  await recordStep(ctx, returnTicketDocument, row, 'cancel', 'CANCELED', { after: { reason: input.reason } });
  return getTicket(ctx.db, id);
}
