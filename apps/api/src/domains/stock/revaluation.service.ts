import { StockErrorCode } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { unprocessable } from '../../platform/errors.ts';
import { assertPeriodOpen } from '../configuration/index.ts';
import { type CostChangeKind, VALUE_PLACES } from './fifo.ts';
import { applyCostChanges, type PostingCtx } from './posting.service.ts';
import * as costRepo from './revaluation.repository.ts';
import * as repo from './stock.repository.ts';

/**
 * Landed costs and price differences (DOMAIN.md "Purchasing rules … (decided)"; ARCHITECTURE.md "Stock").
 *
 * An amount on a receipt's line is split, pro rata by quantity, between the units of that receipt still in stock
 * (wherever transfers have taken them since) and the units gone. The in-stock share is added to those layers
 * (LANDED_COST / PRICE_DIFFERENCE ledger rows, quantity 0, one per warehouse and bucket, linked to the receipt
 * row); the share of the units gone is a cost of sales adjustment (cost_of_sales_adjustments) on the same day.
 * Past periods are never reposted: the change is dated `postedOn` (or now), never earlier.
 *
 * Decided here:
 * - Supplier-owned (consignment) units are valued at zero to us: their share is cost of sales (CONSIGNED).
 * - A credit (a negative amount) never takes a layer below zero value: a layer is floored at zero and the excess
 *   is cost of sales (BELOW_ZERO).
 * - A change dated before its receipt is dated at the receipt: stock cannot be revalued before it arrived (an
 *   invoice dated before the goods came).
 * - Exchange differences are not for this (IAS 21): callers translate a price difference at the receipt's rate.
 *
 * The change is an input of the FIFO engine (stock_cost_revaluations), so a replay of the ledger (a backdated
 * posting, the FIFO stock process report) splits it again from the history as it is and reproduces its rows.
 */

export interface RevalueReceiptsInput {
  /** The receipt's document: its ledger rows' source type and id, and its number as people know it. */
  source: { type: string; id: string; number?: string };
  /** Per receipt line (its ledger rows' source_line): the amount in GBP, signed, at most 8 decimal places. */
  lines: { sourceLine: string; amount: Decimal.Value }[];
  /** The day of the change (the invoice's or the landed cost's); omitted: now. */
  postedOn?: string | null;
  reason: string;
  kind: CostChangeKind;
}

export interface RevaluedReceipt {
  revaluationId: string;
  productId: string;
  receiptMovementId: string;
  sourceLine: string;
  postedAt: string;
  amount: string;
  /** What was added to layers in stock (amount = inStock + costOfSales). */
  inStock: string;
  costOfSales: string;
}

const ZERO = new Decimal(0);

function amountOf(line: { sourceLine: string; amount: Decimal.Value }): Decimal {
  let d: Decimal;
  try {
    d = new Decimal(line.amount);
  } catch {
    d = new Decimal(Number.NaN);
  }
  if (!d.isFinite() || d.decimalPlaces() > VALUE_PLACES)
    throw unprocessable(
      StockErrorCode.REVALUATION_AMOUNT_INVALID,
      `The amount of receipt line ${line.sourceLine} must be a number in pounds with at most ${VALUE_PLACES} decimal places.`,
      { sourceLine: line.sourceLine, amount: String(line.amount) },
    );
  return d;
}

/** Revalues the receipt lines named; answers one entry per receipt row revalued. Runs in the caller's transaction. */
export async function revalueReceipts(ctx: PostingCtx, input: RevalueReceiptsInput): Promise<RevaluedReceipt[]> {
  const db = ctx.db;
  if (input.reason.length > 500) throw new Error('a revaluation reason has at most 500 characters');
  const amounts = new Map<string, Decimal>();
  for (const l of input.lines) amounts.set(l.sourceLine, (amounts.get(l.sourceLine) ?? ZERO).add(amountOf(l)));
  const lines = [...amounts].filter(([, amount]) => !amount.isZero());
  if (!lines.length) return [];

  const today = await repo.londonToday(db);
  const day = input.postedOn ?? today;
  if (day > today)
    throw unprocessable(
      StockErrorCode.POSTING_DATE_IN_FUTURE,
      `A cost cannot be posted on ${day}, a day still to come. Post it on or before ${today}.`,
      { postedOn: day, today },
    );
  await assertPeriodOpen(db, day);

  const found = await costRepo.receiptRowsOf(
    db,
    input.source.type,
    input.source.id,
    lines.map(([line]) => line),
  );
  for (const [line] of lines)
    if (!found.some((r) => r.source_line === line))
      throw unprocessable(
        StockErrorCode.REVALUATION_RECEIPT_NOT_FOUND,
        `Line ${line} of ${input.source.number || input.source.id} brought no stock in: there is nothing to revalue.`,
        { sourceType: input.source.type, sourceId: input.source.id, sourceLine: line },
      );
  const productIds = [...new Set(found.map((r) => r.product_id))].sort();
  await repo.lockProducts(db, productIds);
  // After the locks, as a posting takes its instant: changes of one product are in commit order.
  const at = await repo.postingInstant(db, day < today ? day : null);

  // A line posted in several rows shares its amount by their quantities, the last taking the remainder.
  const events: costRepo.CostEventWrite[] = [];
  const meta: { productId: string; receiptId: string; sourceLine: string }[] = [];
  for (const [line, amount] of lines) {
    const rows = found.filter((r) => r.source_line === line);
    const total = rows.reduce((s, r) => s.add(r.quantity), ZERO);
    let left = amount;
    for (const [i, r] of rows.entries()) {
      const share =
        i === rows.length - 1
          ? left
          : amount.mul(r.quantity).div(total).toDecimalPlaces(VALUE_PLACES, Decimal.ROUND_HALF_UP);
      left = left.sub(share);
      if (share.isZero()) continue;
      const [orderId] = await repo.nextMovementIds(db, 1);
      const receivedAt = r.posted_at.toISOString();
      events.push({
        kind: input.kind,
        productId: r.product_id,
        receiptId: r.id,
        postedAt: [receivedAt, at].sort()[1] as string,
        orderId: orderId as string,
        amount: share,
        sourceType: input.source.type,
        sourceId: input.source.id,
        sourceLine: line,
        sourceNumber: input.source.number ?? '',
        reason: input.reason,
        userId: ctx.user?.id ?? null,
      });
      meta.push({ productId: r.product_id, receiptId: r.id, sourceLine: line });
    }
  }
  const ids = await costRepo.insertCostEvents(db, events);
  await applyCostChanges(ctx, productIds, { sourceType: input.source.type, sourceId: input.source.id }, at);

  const sold = new Map<string, Decimal>();
  for (const productId of productIds)
    for (const c of await costRepo.findCostOfSales(db, { productId }))
      if (ids.includes(c.revaluationId)) sold.set(c.revaluationId, (sold.get(c.revaluationId) ?? ZERO).add(c.amount));
  const result = events.map((e, i) => {
    const id = ids[i] as string;
    const costOfSales = sold.get(id) ?? ZERO;
    return {
      revaluationId: id,
      productId: e.productId,
      receiptMovementId: e.receiptId,
      sourceLine: meta[i]?.sourceLine ?? '',
      postedAt: e.postedAt,
      amount: e.amount.toFixed(),
      inStock: e.amount.sub(costOfSales).toFixed(),
      costOfSales: costOfSales.toFixed(),
    };
  });
  if (ctx.audit)
    for (const r of result)
      await ctx.audit({
        action: 'revalue',
        entity: 'stock',
        entityId: r.productId,
        after: {
          kind: input.kind,
          source: input.source.number || `${input.source.type} ${input.source.id}`,
          sourceLine: r.sourceLine,
          amount: r.amount,
          inStock: r.inStock,
          costOfSales: r.costOfSales,
          postedAt: r.postedAt,
          reason: input.reason,
        },
      });
  return result;
}
