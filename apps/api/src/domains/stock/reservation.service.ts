import {
  type Reservation,
  type ReservationInput,
  type ReservationIssueInput,
  StockErrorCode,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { emitEvents } from '../../platform/outbox.ts';
import type { Ctx } from '../../platform/routes.ts';
import * as inventory from './inventory.repository.ts';
import { post, settleShortages } from './posting.service.ts';
import * as repo from './stock.repository.ts';

/**
 * Reservations hold available stock for sales documents: reserve, release, issue. A physical loss may leave a
 * reservation short (see settleShortages in the posting service): issuing it then issues what is there and
 * keeps the short units open, and asking for more than is there is refused up front (RESERVATION_SHORT).
 * Locks are taken product (issue only), level, reservation: the order the posting service takes them in.
 */

function toReservation(r: {
  id: string;
  product_id: string;
  warehouse_id: string;
  quantity: string;
  open_quantity: string;
  issued_quantity: string;
  short_quantity: string;
  status: string;
  source_type: string;
  source_id: string | null;
  created_at: Date;
  updated_at: Date;
}): Reservation {
  return {
    id: r.id,
    productId: r.product_id,
    warehouseId: r.warehouse_id,
    quantity: new Decimal(r.quantity).toFixed(),
    openQuantity: new Decimal(r.open_quantity).toFixed(),
    issuedQuantity: new Decimal(r.issued_quantity).toFixed(),
    shortQuantity: new Decimal(r.short_quantity).toFixed(),
    status: r.status as Reservation['status'],
    sourceType: r.source_type,
    sourceId: r.source_id,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/**
 * A reservation changes what is available (on hand less reserved) as a posting does: the same event, once per
 * product and warehouse, so whoever follows available stock (the channels' stock levels) hears of both.
 */
async function availableChanged(ctx: Ctx, pairs: readonly { productId: string; warehouseId: string }[]) {
  const keys = new Map(pairs.map((p) => [`${p.productId}:${p.warehouseId}`, p]));
  await emitEvents(
    ctx.db,
    [...keys].map(([key, p]) => ({
      type: 'stock.level_changed',
      key,
      payload: { productId: p.productId, warehouseId: p.warehouseId },
    })),
  );
}

export async function getReservation(db: Kysely<Database>, id: string) {
  const r = await repo.findReservation(db, id);
  if (!r) throw notFound('Reservation', id);
  return toReservation(r);
}

export async function reserve(ctx: Ctx, input: z.output<typeof ReservationInput>) {
  const quantity = new Decimal(input.quantity);
  const [warehouse] = await repo.findWarehousesToPost(ctx.db, [input.warehouseId]);
  if (!warehouse) throw notFound('Warehouse', input.warehouseId);
  const product = await repo.findProduct(ctx.db, input.productId);
  if (!product) throw notFound('Product', input.productId);
  if (product.kind === 'SERVICE')
    throw unprocessable(StockErrorCode.PRODUCT_NOT_STOCKED, `${product.sku} is a service: it holds no stock.`);
  if (
    !(await repo.reserveOnLevel(ctx.db, input.productId, input.warehouseId, quantity, warehouse.allowNegativeStock))
  ) {
    const level = await repo.levelOf(ctx.db, input.productId, input.warehouseId);
    throw conflict(
      StockErrorCode.INSUFFICIENT_STOCK,
      `Only ${level?.available ?? '0'} of ${product.sku} available in ${warehouse.code}; ${quantity.toFixed()} cannot be reserved.`,
      { available: level?.available ?? '0', requested: quantity.toFixed() },
    );
  }
  const row = await repo.insertReservation(ctx.db, {
    productId: input.productId,
    warehouseId: input.warehouseId,
    quantity,
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    userId: ctx.user.id,
  });
  const after = toReservation(row);
  await ctx.audit({ action: 'create', entity: 'stock_reservation', entityId: row.id, after });
  await availableChanged(ctx, [input]);
  return after;
}

/** Locks the reservation after its level (and, to issue, after its product), then checks it is open. */
async function lockOpen(ctx: Ctx, id: string, forIssue: boolean) {
  const seen = await repo.findReservation(ctx.db, id);
  if (!seen) throw notFound('Reservation', id);
  if (forIssue) await repo.lockProducts(ctx.db, [seen.product_id]);
  await repo.lockLevel(ctx.db, seen.product_id, seen.warehouse_id);
  const r = await repo.lockReservation(ctx.db, id);
  if (!r) throw notFound('Reservation', id);
  if (r.status !== 'OPEN')
    throw conflict(
      StockErrorCode.RESERVATION_NOT_OPEN,
      `This reservation is ${r.status.toLowerCase()}: nothing is held by it.`,
      {
        status: r.status,
      },
    );
  return r;
}

export async function release(ctx: Ctx, id: string) {
  const r = await lockOpen(ctx, id, false);
  const before = toReservation(r);
  const short = new Decimal(r.short_quantity);
  await repo.releaseOnLevel(ctx.db, r.product_id, r.warehouse_id, new Decimal(r.open_quantity), short);
  const after = toReservation(
    await repo.updateReservation(
      ctx.db,
      id,
      new Decimal(0),
      new Decimal(r.issued_quantity),
      'RELEASED',
      new Decimal(0),
    ),
  );
  await ctx.audit({ action: 'release', entity: 'stock_reservation', entityId: id, before, after });
  await availableChanged(ctx, [{ productId: r.product_id, warehouseId: r.warehouse_id }]);
  // What this one held makes older short reservations whole again.
  const level = await repo.lockLevel(ctx.db, r.product_id, r.warehouse_id);
  if (level) await settleShortages(ctx, r.product_id, r.warehouse_id, level, false);
  return after;
}

export async function issue(ctx: Ctx, id: string, input: z.output<typeof ReservationIssueInput>) {
  const r = await lockOpen(ctx, id, true);
  const before = toReservation(r);
  const open = new Decimal(r.open_quantity);
  const short = new Decimal(r.short_quantity);
  const there = open.sub(short);
  // Names for the refusal, read only when there can be one.
  const [warehouse] = short.isZero() ? [] : await repo.findWarehousesToPost(ctx.db, [r.warehouse_id]);
  const sku = short.isZero() ? '' : ((await repo.findProduct(ctx.db, r.product_id))?.sku ?? r.product_id);
  const refuseShort = (asked: Decimal) =>
    conflict(
      StockErrorCode.RESERVATION_SHORT,
      there.isZero()
        ? `All ${open.toFixed()} of ${sku} reserved here are short: a count or loss in ${warehouse?.code ?? 'the warehouse'} took the stock. Nothing can be issued until stock comes in; release the reservation to give it up.`
        : `${short.toFixed()} of the ${open.toFixed()} of ${sku} reserved here are short (a count or loss took them): ${there.toFixed()} can be issued, ${asked.toFixed()} asked for.`,
      { open: open.toFixed(), short: short.toFixed(), issuable: there.toFixed(), requested: asked.toFixed() },
    );
  // Without a quantity: what is there; the short units stay reserved until stock comes in or they are released.
  const quantity = input.quantity ? new Decimal(input.quantity) : there;
  if (quantity.isZero()) throw refuseShort(open);
  if (quantity.gt(open))
    throw conflict(
      StockErrorCode.RESERVATION_EXCEEDED,
      `Only ${open.toFixed()} is still reserved; ${quantity.toFixed()} cannot be issued from it.`,
      {
        open: open.toFixed(),
        requested: quantity.toFixed(),
      },
    );
  if (quantity.gt(there)) throw refuseShort(quantity);
  // The reservation first, so that the shortages the posting settles see what is left of it.
  const left = open.sub(quantity);
  await repo.updateReservation(
    ctx.db,
    id,
    left,
    new Decimal(r.issued_quantity).add(quantity),
    left.isZero() ? 'ISSUED' : 'OPEN',
  );
  const rows = await post(ctx, {
    sourceType: r.source_type === 'manual' ? 'stock_reservation' : r.source_type,
    sourceId: r.source_id ?? r.id,
    postedOn: input.postedOn ?? null,
    lines: [
      {
        productId: r.product_id,
        warehouseId: r.warehouse_id,
        ...(input.locationId ? { locationId: input.locationId } : {}),
        kind: 'ISSUE',
        quantity: quantity.neg(),
        releaseReserved: quantity,
        keepAvailable: true,
      },
    ],
  });
  const after = await getReservation(ctx.db, id);
  await ctx.audit({ action: 'issue', entity: 'stock_reservation', entityId: id, before, after });
  return {
    reservation: after,
    movements: await inventory.movementsByIds(
      ctx.db,
      rows.map((m) => m.id),
    ),
  };
}

/**
 * Moves `quantity` of an open reservation onto a new reservation of another source (a back-order split off a sales
 * invoice), in the caller's transaction: the same units stay held, so the level's reserved and short figures do not
 * change. The short units go with the moved part first (they are the ones least likely to be picked). Refused with
 * 409 RESERVATION_EXCEEDED when more than is open is asked for. Locks level then reservation, as release does.
 */
export async function moveReservation(
  ctx: Ctx,
  id: string,
  input: { quantity: Decimal; sourceType: string; sourceId: string },
): Promise<{ from: Reservation; to: Reservation }> {
  const r = await lockOpen(ctx, id, false);
  const before = toReservation(r);
  const open = new Decimal(r.open_quantity);
  if (input.quantity.lte(0) || input.quantity.gt(open))
    throw conflict(
      StockErrorCode.RESERVATION_EXCEEDED,
      `Only ${open.toFixed()} is still reserved; ${input.quantity.toFixed()} cannot be moved from it.`,
      { open: open.toFixed(), requested: input.quantity.toFixed() },
    );
  if (input.quantity.eq(open) && new Decimal(r.issued_quantity).isZero()) {
    // All of it: the reservation itself now holds for the other source.
    const to = toReservation(await repo.reassignReservation(ctx.db, id, input.sourceType, input.sourceId));
    await ctx.audit({ action: 'move', entity: 'stock_reservation', entityId: id, before, after: to });
    return { from: to, to };
  }
  const short = Decimal.min(new Decimal(r.short_quantity), input.quantity);
  const { old, made } = await repo.splitReservation(ctx.db, {
    id,
    moved: input.quantity,
    short,
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    userId: ctx.user.id,
  });
  const from = toReservation(old);
  const to = toReservation(made);
  await ctx.audit({ action: 'move', entity: 'stock_reservation', entityId: id, before, after: { from, to } });
  await ctx.audit({ action: 'create', entity: 'stock_reservation', entityId: made.id, after: to });
  return { from, to };
}

/** One line of `reserveMany`: `key` names it in the answer (a document's line number). */
export interface ReserveLine {
  key: number;
  productId: string;
  warehouseId: string;
  quantity: Decimal;
}

/** A line `reserveMany` could not hold: asked, what was left for it after the earlier lines, and the difference. */
export interface ReserveShortage {
  key: number;
  productId: string;
  warehouseId: string;
  requested: Decimal;
  available: Decimal;
  shortage: Decimal;
}

export type ReserveManyResult =
  | { ok: true; reservations: Map<number, Reservation> }
  | { ok: false; shortages: ReserveShortage[] };

/**
 * A document's lines reserved at once, all or none, in the caller's transaction (a sales invoice's booking): the
 * levels are locked first, in (product, warehouse) order as the posting service locks them, then what is available
 * (on hand less reserved) is given to the lines in their order, lines of one product sharing it. When any line
 * lacks stock nothing is written and every shortage is answered, so the caller can refuse or record them; else each
 * line is reserved as `reserve` does (the same conditional update on the level, one audited reservation per line).
 * A warehouse that allows negative stock never lacks. Services hold no stock: the caller leaves them out.
 */
export async function reserveMany(
  ctx: Ctx,
  input: { sourceType: string; sourceId: string; lines: readonly ReserveLine[] },
): Promise<ReserveManyResult> {
  const warehouseIds = [...new Set(input.lines.map((l) => l.warehouseId))];
  const warehouses = new Map((await repo.findWarehousesToPost(ctx.db, warehouseIds)).map((w) => [w.id, w]));
  for (const id of warehouseIds) if (!warehouses.has(id)) throw notFound('Warehouse', id);
  const pairKey = (productId: string, warehouseId: string) => `${productId}|${warehouseId}`;
  const pairs = new Map<string, { productId: string; warehouseId: string }>();
  for (const l of input.lines) pairs.set(pairKey(l.productId, l.warehouseId), l);
  const levels = await repo.lockLevels(ctx.db, [...pairs.values()]);
  const left = new Map<string, Decimal>([...pairs.keys()].map((k) => [k, new Decimal(0)]));
  for (const level of levels) left.set(pairKey(level.productId, level.warehouseId), level.onHand.sub(level.reserved));
  const shortages: ReserveShortage[] = [];
  for (const l of input.lines) {
    if (warehouses.get(l.warehouseId)?.allowNegativeStock) continue;
    const key = pairKey(l.productId, l.warehouseId);
    const available = Decimal.max(left.get(key) ?? 0, 0);
    if (available.lt(l.quantity))
      shortages.push({
        key: l.key,
        productId: l.productId,
        warehouseId: l.warehouseId,
        requested: l.quantity,
        available,
        shortage: l.quantity.sub(available),
      });
    left.set(key, available.sub(l.quantity));
  }
  if (shortages.length) return { ok: false, shortages };
  const reservations = new Map<number, Reservation>();
  for (const l of input.lines) {
    const warehouse = warehouses.get(l.warehouseId);
    // Under the level locks taken above this holds; the conditional update stays the guard all the same.
    if (!(await repo.reserveOnLevel(ctx.db, l.productId, l.warehouseId, l.quantity, !!warehouse?.allowNegativeStock)))
      throw conflict(
        StockErrorCode.INSUFFICIENT_STOCK,
        `Not enough available in ${warehouse?.code ?? 'the warehouse'} to reserve ${l.quantity.toFixed()}.`,
        { productId: l.productId, requested: l.quantity.toFixed() },
      );
    const row = await repo.insertReservation(ctx.db, {
      productId: l.productId,
      warehouseId: l.warehouseId,
      quantity: l.quantity,
      sourceType: input.sourceType,
      sourceId: input.sourceId,
      userId: ctx.user.id,
    });
    const after = toReservation(row);
    await ctx.audit({ action: 'create', entity: 'stock_reservation', entityId: row.id, after });
    reservations.set(l.key, after);
  }
  await availableChanged(ctx, [...pairs.values()]);
  return { ok: true, reservations };
}
