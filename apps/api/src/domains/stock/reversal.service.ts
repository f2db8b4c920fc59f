import {
  type MovementKind,
  StockErrorCode,
  type StockOverrideDetail,
  type StockReversal,
  stockOverrideDocument,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { londonDay } from '../../platform/business-day.ts';
import { recordTransition } from '../../platform/documents.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import * as inventory from './inventory.repository.ts';
import { MANUAL_STOCK_SOURCE } from './override.service.ts';
import { type PostedMovement, type PostLine, post } from './posting.service.ts';
import * as repo from './reversal.repository.ts';
import { lockProducts } from './stock.repository.ts';

/**
 * Reversing a posted manual override or stock count: a new posting of the opposite difference, at the original's
 * cost, each row linked to the row it reverses (link_id). Units the original added are taken back from exactly
 * the layers it made (never older ones), so the value taken back is the value it added; units it took come back
 * as a return does, slice by slice at the cost they left with (a settled deficit at its settled cost). Refused
 * when it was reversed already, or when what it added has since been taken out (the figures are named). Once per
 * original (stock_reversals, unique), in the request's transaction.
 */

export type ReversibleSource = 'manual_stock' | 'stock_count';

export interface ReversalTarget {
  sourceType: ReversibleSource;
  sourceId: string;
  /** How messages name the original ("Override 1234", "Count CNT-2026-00001"). */
  label: string;
  rows: repo.PostedRow[];
  /** The reversing posting's source. */
  posting: { sourceType: string; sourceId: string };
  reason: string;
}

const ZERO = new Decimal(0);
const REASON_MAX = 500;

const where = (r: repo.PostedRow) => `${r.warehouse_code}${r.location_code ? ` bin ${r.location_code}` : ''}`;

export async function alreadyReversed(
  ctx: Pick<Ctx, 'db'>,
  sourceType: ReversibleSource,
  sourceId: string,
  label: string,
) {
  const done = await repo.reversalOf(ctx.db, sourceType, sourceId);
  if (done)
    throw conflict(
      StockErrorCode.ALREADY_REVERSED,
      `${label} was reversed on ${londonDay(done.reversed_at)} by ${done.reversed_by_name}: it cannot be reversed twice.`,
      { reversedAt: done.reversed_at.toISOString(), reversedBy: done.reversed_by_name },
    );
}

/** Posts the reversal of a posting's rows; answers the reversing ledger rows. */
export async function postReversal(ctx: Ctx, t: ReversalTarget): Promise<PostedMovement[]> {
  if (!t.rows.length)
    throw unprocessable(StockErrorCode.NOTHING_TO_POST, `${t.label} changed no stock: there is nothing to reverse.`);
  // Locked before anything is read, as the posting service locks them: what is left of the layers cannot change
  // between the check and the posting, and a second reversal of the same original waits and is then refused.
  await lockProducts(ctx.db, [...new Set(t.rows.map((r) => r.product_id))].sort());
  await alreadyReversed(ctx, t.sourceType, t.sourceId, t.label);

  const inbound = t.rows.filter((r) => new Decimal(r.quantity).isPositive());
  const [remaining, bins] = await Promise.all([
    repo.remainingOfLayers(
      ctx.db,
      inbound.map((r) => r.id),
    ),
    repo.binQuantities(ctx.db, inbound),
  ]);
  const takenFromBin = new Map<string, Decimal>();
  for (const r of inbound) {
    const added = new Decimal(r.quantity);
    const left = new Decimal(remaining.get(r.id) ?? 0);
    if (left.lt(added))
      throw conflict(
        StockErrorCode.REVERSAL_STOCK_CONSUMED,
        `${t.label} added ${added.toFixed()} of ${r.sku} in ${where(r)}; ${added.sub(left).toFixed()} of them have since been taken out and only ${left.toFixed()} are left, so it cannot be reversed.`,
        {
          movementId: r.id,
          productId: r.product_id,
          sku: r.sku,
          added: added.toFixed(),
          remaining: left.toFixed(),
          consumed: added.sub(left).toFixed(),
        },
      );
    const key = `${r.product_id}|${r.warehouse_id}|${r.location_id ?? ''}`;
    const wanted = (takenFromBin.get(key) ?? ZERO).add(added);
    takenFromBin.set(key, wanted);
    const inBin = new Decimal(bins.get(key) ?? 0);
    if (inBin.lt(wanted))
      throw conflict(
        StockErrorCode.REVERSAL_STOCK_CONSUMED,
        `${t.label} added ${added.toFixed()} of ${r.sku} in ${where(r)}, but only ${Decimal.max(inBin, 0).toFixed()} are there now, so it cannot be reversed.`,
        {
          movementId: r.id,
          productId: r.product_id,
          sku: r.sku,
          added: added.toFixed(),
          remaining: Decimal.max(inBin, 0).toFixed(),
          consumed: added.sub(Decimal.max(inBin, 0)).toFixed(),
        },
      );
  }

  const reason = `Reversal of ${t.label}: ${t.reason}`.slice(0, REASON_MAX);
  const lines: PostLine[] = t.rows.map((r) => {
    const quantity = new Decimal(r.quantity);
    const kind = r.kind as Exclude<MovementKind, 'REVALUATION'>;
    const common = {
      productId: r.product_id,
      warehouseId: r.warehouse_id,
      locationId: r.location_id,
      kind,
      quantity: quantity.neg(),
      reason,
      sourceLine: r.id,
    };
    // What it added is taken back from its own layers; what it took comes back as a return brings it.
    return quantity.isPositive()
      ? { ...common, takesBackFrom: r.id, keepAvailable: false }
      : { ...common, linkTo: r.id };
  });
  const posted = await post(ctx, { sourceType: t.posting.sourceType, sourceId: t.posting.sourceId, lines });
  await repo.insertReversal(ctx.db, {
    sourceType: t.sourceType,
    sourceId: t.sourceId,
    movementIds: posted.map((p) => p.id),
    reason: t.reason,
    userId: ctx.user.id,
  });
  return posted;
}

/** A reversal as lists show it, with its ledger rows. */
export async function reversalDetail(
  ctx: Pick<Ctx, 'db'>,
  sourceType: ReversibleSource,
  sourceId: string,
): Promise<StockReversal | null> {
  const r = await repo.reversalOf(ctx.db, sourceType, sourceId);
  if (!r) return null;
  return {
    reversedAt: r.reversed_at.toISOString(),
    reversedBy: { id: r.reversed_by, username: r.reversed_by_name },
    reason: r.reason,
    movements: await inventory.movementsByIds(ctx.db, r.movement_ids),
  };
}

// ── Manual overrides ────────────────────────────────────────────────────────────────────────────────

const overrideLabel = (id: string) => `Override ${id}`;

/** An override's row; its reversal's rows carry the original's id as their source id (and link id). */
async function overrideRow(ctx: Pick<Ctx, 'db'>, id: string) {
  const row = await repo.postedRow(ctx.db, MANUAL_STOCK_SOURCE, id);
  if (!row) throw notFound('Manual override', id);
  return row;
}

export async function getOverride(ctx: Pick<Ctx, 'db'>, id: string): Promise<StockOverrideDetail> {
  const row = await overrideRow(ctx, id);
  const [[movement], reversalOf, reversal] = await Promise.all([
    inventory.movementsByIds(ctx.db, [id]),
    row.source_id ? inventory.movementsByIds(ctx.db, [row.source_id]) : Promise.resolve([]),
    reversalDetail(ctx, MANUAL_STOCK_SOURCE, id),
  ]);
  if (!movement) throw notFound('Manual override', id);
  return {
    number: id,
    status: reversal ? 'REVERSED' : 'POSTED',
    isReversal: row.source_id !== null,
    movement,
    reversalOf: reversalOf[0] ?? null,
    reversal,
  };
}

/** Reverses an override: its opposite, posted at its cost, as an override whose source is the original. */
export async function reverseOverride(ctx: Ctx, id: string, input: { reason: string }) {
  const row = await overrideRow(ctx, id);
  const label = overrideLabel(id);
  if (row.source_id !== null)
    throw conflict(
      StockErrorCode.NOT_REVERSIBLE,
      `${label} is itself the reversal of override ${row.source_id}: it is not reversed again. Post a new override instead.`,
      { reversalOf: row.source_id },
    );
  const before = await getOverride(ctx, id);
  const posted = await postReversal(ctx, {
    sourceType: MANUAL_STOCK_SOURCE,
    sourceId: id,
    label,
    rows: [row],
    posting: { sourceType: MANUAL_STOCK_SOURCE, sourceId: id },
    reason: input.reason,
  });
  const after = await getOverride(ctx, id);
  // The kernel's step: one system-log row under the override's number and the outbox event, in this transaction.
  await recordTransition(ctx, stockOverrideDocument, {
    id,
    number: id,
    action: 'reverse',
    from: 'POSTED',
    to: 'REVERSED',
    before: { quantity: before.movement.quantity, value: before.movement.currentValue },
    after: {
      reason: input.reason,
      movementIds: posted.map((p) => p.id),
      quantity: posted.reduce((s, p) => s.add(p.quantity), ZERO).toFixed(),
      value: posted.reduce((s, p) => s.add(p.value), ZERO).toFixed(2),
    },
  });
  return after;
}
