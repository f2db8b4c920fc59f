import { type StockOverrideInput as Schema, type StockAdjustmentInput, StockErrorCode } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { unprocessable } from '../../platform/errors.ts';
import { offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import * as inventory from './inventory.repository.ts';
import { post } from './posting.service.ts';
import * as repo from './stock.repository.ts';

/**
 * Manual stock override: a counted quantity for a product in a bin; the difference from the book is posted.
 * The book is the bin's quantity on the day the count is posted for (today: now; an earlier day: at its end).
 */

export const MANUAL_STOCK_SOURCE = 'manual_stock';
type Input = z.output<typeof Schema>;

export async function overrideStock(ctx: Ctx, input: Input) {
  // The product is locked before the book quantity is read, so that two overrides of one bin never both
  // post the difference from the same book figure.
  await repo.lockProducts(ctx.db, [input.productId]);
  // A count dated an earlier day is compared with the bin as the ledger had it at the end of that day: the
  // difference found then is what the ledger lacked then, and later rows keep their effect on today's figure.
  const today = await repo.londonToday(ctx.db);
  const book =
    input.postedOn && input.postedOn < today
      ? await repo.binQuantityAsAt(ctx.db, input.productId, input.warehouseId, input.locationId, input.postedOn)
      : ((await repo.binStock(ctx.db, input.productId, input.warehouseId)).find(
          (b) => b.locationId === input.locationId,
        )?.onHand ?? new Decimal(0));
  const counted = new Decimal(input.countedQuantity);
  const difference = counted.sub(book);
  if (difference.isZero())
    throw unprocessable(
      StockErrorCode.NOTHING_TO_POST,
      `The counted quantity equals the book quantity (${book.toFixed()}): there is nothing to post.`,
      { bookQuantity: book.toFixed() },
    );
  let unitCost: Decimal | undefined;
  if (difference.isPositive()) unitCost = await costForFound(ctx, input.productId, input.warehouseId, input.unitCost);
  const rows = await post(ctx, {
    sourceType: MANUAL_STOCK_SOURCE,
    sourceId: null,
    postedOn: input.postedOn ?? null,
    lines: [
      {
        productId: input.productId,
        warehouseId: input.warehouseId,
        locationId: input.locationId,
        kind: 'ADJUSTMENT',
        quantity: difference,
        unitCost,
        reason: input.reason,
        keepAvailable: false,
      },
    ],
  });
  const movements = await inventory.movementsByIds(
    ctx.db,
    rows.map((r) => r.id),
  );
  const after = {
    productId: input.productId,
    warehouseId: input.warehouseId,
    locationId: input.locationId,
    bookQuantity: book.toFixed(),
    countedQuantity: counted.toFixed(),
    difference: difference.toFixed(),
    reason: input.reason,
    movementIds: rows.map((r) => r.id),
  };
  await ctx.audit({ action: 'override', entity: 'stock', entityId: input.productId, after });
  return {
    movements,
    bookQuantity: after.bookQuantity,
    countedQuantity: after.countedQuantity,
    difference: after.difference,
  };
}

export const ADJUSTMENT_SOURCE = 'stock_adjustment';

/** Signed changes with one reason, in one posting: all lines or none. */
export async function adjustStock(ctx: Ctx, input: z.output<typeof StockAdjustmentInput>) {
  const lines = [];
  for (const l of input.lines) {
    const quantity = new Decimal(l.quantity);
    lines.push({
      productId: l.productId,
      warehouseId: l.warehouseId,
      ...(l.locationId !== undefined ? { locationId: l.locationId } : {}),
      kind: 'ADJUSTMENT' as const,
      quantity,
      unitCost: quantity.isPositive() ? await costForFound(ctx, l.productId, l.warehouseId, l.unitCost) : undefined,
      reason: input.reason,
      keepAvailable: false,
    });
  }
  const rows = await post(ctx, {
    sourceType: ADJUSTMENT_SOURCE,
    sourceId: null,
    postedOn: input.postedOn ?? null,
    lines,
  });
  const movements = await inventory.movementsByIds(
    ctx.db,
    rows.map((r) => r.id),
  );
  await ctx.audit({
    action: 'adjust',
    entity: 'stock',
    entityId: rows[0]?.id ?? null,
    after: {
      reason: input.reason,
      postedOn: input.postedOn ?? null,
      movements: movements.map((m) => ({
        id: m.id,
        productId: m.product.id,
        warehouseId: m.warehouse.id,
        quantity: m.quantity,
        value: m.value,
      })),
    },
  });
  return { movements };
}

/** Units found beyond the book: the cost given, else the newest layer's, else the product's standard cost. */
export async function costForFound(ctx: Pick<Ctx, 'db'>, productId: string, warehouseId: string, given?: string) {
  if (given) return new Decimal(given);
  const [last] = await repo.lastUnitCosts(ctx.db, productId, [warehouseId]);
  if (last) return last.unitCost;
  const standard = await repo.productCostPrice(ctx.db, productId);
  if (standard?.gt(0)) return standard;
  throw unprocessable(
    StockErrorCode.UNIT_COST_REQUIRED,
    'This product has no cost yet: give the unit cost of the units found.',
    { productId },
  );
}

export async function listOverrides(
  ctx: Pick<Ctx, 'db'>,
  q: { page: number; pageSize: number; q?: string; warehouseId?: string; sort?: string },
) {
  const { items, total } = await inventory.findMovementsOfSource(
    ctx.db,
    MANUAL_STOCK_SOURCE,
    q,
    q.pageSize,
    offsetOf(q),
  );
  return toPage(items, total, q);
}
