import {
  type FastMatch,
  type FastMatchFlag,
  type FastMatchLine,
  type FastReceiptInput,
  type FastReceiptPostInput,
  type GoodReceivedNote,
  GoodReceivedNoteErrorCode,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { quantityText as qty } from '../../platform/documents.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import * as repo from './grn.repository.ts';
import { createNote, maxAcceptable, outstandingOf, overReceipt, postNote } from './grn.service.ts';

/**
 * Fast receiving: codes scanned (barcode or SKU) with quantities, for one supplier at one warehouse, matched
 * across the supplier's open orders there (approved or partly received), oldest first: each product fills what
 * its order lines still expect, oldest order first, then what the warehouse's over-receipt tolerance allows on
 * them, in the same order; what is left is an over-receipt. A code that is no product's is unknown, a product on
 * none of the open orders unexpected. Posting matches again with the orders and lines locked, refuses anything
 * flagged, then creates and posts one goods received note per order.
 */

type MatchValues = z.output<typeof FastReceiptInput>;
type PostValues = z.output<typeof FastReceiptPostInput>;

const ZERO = new Decimal(0);

interface Allocation {
  order: repo.OrderRow;
  line: repo.OrderLineRow;
  quantity: Decimal;
}

interface Matched {
  lines: (FastMatchLine & { work: Allocation[] })[];
  orders: repo.OrderRow[];
}

async function match(db: Kysely<Database>, input: MatchValues, lock: boolean): Promise<Matched> {
  const [supplier, warehouse] = await Promise.all([
    repo.findPartner(db, input.supplierId),
    repo.findWarehouse(db, input.warehouseId),
  ]);
  if (!supplier) throw notFound('Supplier', input.supplierId);
  if (!warehouse) throw notFound('Warehouse', input.warehouseId);

  const orderIds = await repo.openOrderIds(db, input.supplierId, input.warehouseId);
  if (lock) await repo.lockOrders(db, orderIds);
  const orders = (await Promise.all(orderIds.map((id) => repo.findOrder(db, id)))).filter(
    (o): o is repo.OrderRow => !!o && (o.status === 'APPROVED' || o.status === 'PARTIALLY_RECEIVED'),
  );
  const orderLines = lock ? await repo.lockOrderLines(db, orderIds) : await repo.findOrderLines(db, orderIds);
  const position = new Map(orders.map((o, i) => [o.id, i]));
  const candidates = new Map<string, { order: repo.OrderRow; line: repo.OrderLineRow }[]>();
  for (const line of orderLines) {
    const at = position.get(line.order_id);
    if (at === undefined) continue;
    const list = candidates.get(line.product_id) ?? [];
    list.push({ order: orders[at] as repo.OrderRow, line });
    candidates.set(line.product_id, list);
  }
  for (const list of candidates.values())
    list.sort(
      (a, b) => (position.get(a.order.id) ?? 0) - (position.get(b.order.id) ?? 0) || a.line.line_no - b.line.line_no,
    );

  // Codes to products, quantities summed per product in the order first scanned.
  const codes = [...new Set(input.lines.map((l) => l.code))];
  const byCode = new Map((await repo.productsByCodes(db, codes)).map((p) => [p.code, p]));
  const scanned = new Map<
    string,
    { codes: string[]; product: { id: string; sku: string; name: string; unit: string } | null; quantity: Decimal }
  >();
  for (const l of input.lines) {
    const product = byCode.get(l.code);
    const key = product ? `p:${product.id}` : `c:${l.code.toUpperCase()}`;
    const entry = scanned.get(key) ?? {
      codes: [],
      product: product ? { id: product.id, sku: product.sku, name: product.name, unit: product.unit } : null,
      quantity: ZERO,
    };
    if (!entry.codes.includes(l.code)) entry.codes.push(l.code);
    entry.quantity = entry.quantity.add(l.quantity);
    scanned.set(key, entry);
  }

  const lines: Matched['lines'] = [];
  for (const s of scanned.values()) {
    const flags: FastMatchFlag[] = [];
    const work: Allocation[] = [];
    let outstanding = ZERO;
    let left = s.quantity;
    if (!s.product) flags.push('UNKNOWN_CODE');
    else {
      const options = candidates.get(s.product.id) ?? [];
      if (!options.length) flags.push('UNEXPECTED');
      const taken = new Map<string, Decimal>();
      // What is still to come, oldest order first; then what the tolerance allows beyond it, in the same order.
      for (const o of options) outstanding = outstanding.add(outstandingOf(o.line));
      for (const pass of ['outstanding', 'tolerance'] as const)
        for (const o of options) {
          if (left.isZero()) break;
          const already = taken.get(o.line.id) ?? ZERO;
          const room =
            pass === 'outstanding'
              ? outstandingOf(o.line).sub(already)
              : maxAcceptable(o.line, o.order.over_receipt_tolerance).sub(o.line.received_quantity).sub(already);
          const take = Decimal.min(Decimal.max(room, ZERO), left);
          if (take.lte(0)) continue;
          taken.set(o.line.id, already.add(take));
          left = left.sub(take);
        }
      for (const o of options) {
        const quantity = taken.get(o.line.id);
        if (quantity?.gt(0)) work.push({ order: o.order, line: o.line, quantity });
      }
      if (options.length && left.gt(0)) flags.push('OVER_RECEIPT');
    }
    lines.push({
      codes: s.codes,
      product: s.product,
      quantity: qty(s.quantity),
      allocations: work.map((a) => ({
        orderId: a.order.id,
        orderNumber: a.order.number,
        orderLineId: a.line.id,
        lineNo: a.line.line_no,
        ordered: qty(a.line.quantity),
        alreadyReceived: qty(a.line.received_quantity),
        quantity: qty(a.quantity),
      })),
      outstanding: qty(outstanding),
      excess: qty(s.product ? left : s.quantity),
      flags,
      work,
    });
  }
  return { lines, orders };
}

function answer(m: Matched): FastMatch {
  const perOrder = new Map<string, Decimal>();
  for (const l of m.lines)
    for (const a of l.work) perOrder.set(a.order.id, (perOrder.get(a.order.id) ?? ZERO).add(a.quantity));
  return {
    lines: m.lines.map(({ work: _work, ...l }) => l),
    orders: m.orders
      .filter((o) => perOrder.has(o.id))
      .map((o) => ({ id: o.id, number: o.number, orderDate: o.order_date, quantity: qty(perOrder.get(o.id)) })),
    ready: m.lines.length > 0 && m.lines.every((l) => l.flags.length === 0 && l.work.length > 0),
  };
}

/** The match of a scan, changing nothing. */
export async function matchFastReceipt(db: Kysely<Database>, input: MatchValues): Promise<FastMatch> {
  return answer(await match(db, input, false));
}

/** Creates and posts one note per order matched; anything flagged refuses the whole receipt. */
export async function postFastReceipt(ctx: Ctx, input: PostValues): Promise<{ notes: GoodReceivedNote[] }> {
  const m = await match(ctx.db, input, true);
  const unknown = m.lines.filter((l) => l.flags.includes('UNKNOWN_CODE'));
  if (unknown.length)
    throw unprocessable(
      GoodReceivedNoteErrorCode.GRN_UNKNOWN_CODE,
      `No product has the code ${unknown.flatMap((l) => l.codes).join(', ')}: check the barcode or the SKU.`,
      { codes: unknown.flatMap((l) => l.codes) },
    );
  const unexpected = m.lines.filter((l) => l.flags.includes('UNEXPECTED'));
  if (unexpected.length)
    throw unprocessable(
      GoodReceivedNoteErrorCode.GRN_UNEXPECTED_PRODUCT,
      `${unexpected.map((l) => l.product?.sku).join(', ')} ${unexpected.length === 1 ? 'is' : 'are'} on none of the supplier’s open orders at this warehouse: take ${unexpected.length === 1 ? 'it' : 'them'} off the receipt.`,
      { skus: unexpected.map((l) => l.product?.sku) },
    );
  const over = m.lines.find((l) => l.flags.includes('OVER_RECEIPT'));
  if (over) {
    // The figures of the newest order line it would go to: what the receipt asks beyond all of them.
    const last = m.lines.indexOf(over);
    const options = over.work.length ? over.work : [];
    const target = options[options.length - 1];
    if (target) {
      const beyond = new Decimal(over.excess).add(target.quantity);
      throw overReceipt(target.order, target.line, target.order.over_receipt_tolerance, beyond, last);
    }
    throw unprocessable(
      GoodReceivedNoteErrorCode.OVER_RECEIPT,
      `${over.product?.sku}: ${over.quantity} scanned, nothing more of it may be received on the open orders.`,
      { sku: over.product?.sku, quantity: over.quantity, excess: over.excess },
    );
  }
  const byOrder = new Map<string, Allocation[]>();
  for (const l of m.lines) for (const a of l.work) byOrder.set(a.order.id, [...(byOrder.get(a.order.id) ?? []), a]);
  if (!byOrder.size)
    throw unprocessable(GoodReceivedNoteErrorCode.GRN_UNEXPECTED_PRODUCT, 'Nothing scanned goes to an open order.');

  const notes: GoodReceivedNote[] = [];
  for (const order of m.orders) {
    const work = byOrder.get(order.id);
    if (!work) continue;
    const lines = work
      .sort((a, b) => a.line.line_no - b.line.line_no)
      .map((a) => ({
        orderLineId: a.line.id,
        receivedQuantity: a.quantity.toFixed(),
        acceptedQuantity: a.quantity.toFixed(),
        rejectedQuantity: '0',
        locationId: null,
        note: '',
      }));
    const draft = await createNote(
      ctx,
      {
        purchaseOrderId: order.id,
        receivedDate: input.receivedDate,
        deliveryReference: input.deliveryReference,
        note: input.note,
        lines,
      },
      { order, lines: work.map((a) => a.line) },
    );
    notes.push((await postNote(ctx, draft.id)).note);
  }
  return { notes };
}
