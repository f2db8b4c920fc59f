import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import * as repo from './consignment.repository.ts';
import type { Slice } from './fifo.ts';

/**
 * What is owed to suppliers for their (consignment) units sold, recorded by `post()` in the posting's transaction:
 * - a supplier-owned receipt row with its agreed cost keeps that cost by the row (consignment_receipt_costs);
 * - an ISSUE row (a sale; not a return to supplier, source `rma`) that takes supplier-owned layers records, per
 *   receipt its units came by (the layer's root), the units at that receipt's agreed cost (consignment_sales);
 * - a linked inbound row (a return, a reversal) bringing supplier-owned units back from a sale records them
 *   negative, at the cost the sale recorded for that receipt: so what is owed is units sold net of returns.
 * A posting without supplier-owned units reads and writes nothing here.
 *
 * The agreed cost is not known by construction: the goods received note gives every supplier-owned receipt one, but
 * post() accepts supplier-owned inbound without it, and units received before costs were kept have none. A sale
 * whose receipt has none takes the supplier's newest agreed cost for the product; when there is none either it is
 * owed at zero, flagged on the row (`cost_missing`, shown as "no agreed cost" by the consignment invoice's
 * comparison) and logged as a warning in the system log (`warn_no_agreed_cost` on the product's stock).
 */

/** What of a posted row this needs (posting.service.ts's rows). */
export interface ConsignmentRow {
  id: string;
  productId: string;
  warehouseId: string;
  kind: string;
  quantity: Decimal;
  ownerId: string | null;
  linkId: string | null;
  sourceLine: string | null;
  agreedCost?: { unitCost: Decimal; currency: string };
  slices?: Slice[];
  consignedBack?: { ownerId: string; root: string | null; quantity: Decimal }[];
  engine: { cost?: unknown };
}

/** Returns to supplier take supplier-owned units back to their owner: nothing is sold, nothing owed. */
const NOT_SALES = new Set(['rma']);

/** The posting's audit (the request's), else rows logged by the system. */
export interface ConsignmentCtx {
  db: Kysely<Database>;
  audit?: (e: { action: string; entity: string; entityId?: string | null; after?: unknown }) => Promise<void>;
}

export async function recordConsignment(
  ctx: ConsignmentCtx,
  rows: ConsignmentRow[],
  posting: { sourceType: string; sourceId: string | null },
  day: string,
) {
  const db = ctx.db;
  const receipts = rows.filter((r) => r.ownerId && r.agreedCost && r.quantity.isPositive());
  if (receipts.length)
    await repo.insertReceiptCosts(
      db,
      receipts.map((r) => ({
        movementId: r.id,
        partnerId: r.ownerId as string,
        productId: r.productId,
        unitCost: (r.agreedCost as { unitCost: Decimal }).unitCost,
        currency: (r.agreedCost as { currency: string }).currency,
      })),
    );

  // Sales: the supplier-owned slices of ISSUE rows, per row, owner and receipt.
  const sold: repo.OwedWrite[] = [];
  if (!NOT_SALES.has(posting.sourceType))
    for (const r of rows) {
      if (r.kind !== 'ISSUE' || !r.slices) continue;
      const byRoot = new Map<string, { ownerId: string; root: string; quantity: Decimal }>();
      for (const s of r.slices) {
        if (!s.ownerId || s.isDeficit) continue;
        const root = s.root ?? s.layerMovementId;
        const key = `${s.ownerId}|${root}`;
        const had = byRoot.get(key);
        byRoot.set(key, { ownerId: s.ownerId, root, quantity: (had?.quantity ?? new Decimal(0)).add(s.quantity) });
      }
      for (const { ownerId, root, quantity } of byRoot.values())
        sold.push({
          partnerId: ownerId,
          productId: r.productId,
          warehouseId: r.warehouseId,
          soldOn: day,
          quantity,
          unitCost: new Decimal(0),
          currency: '',
          movementId: r.id,
          receiptMovementId: root,
          reversesMovementId: null,
          sourceType: posting.sourceType,
          sourceId: posting.sourceId,
          sourceLine: r.sourceLine,
          costMissing: false,
        });
    }
  if (sold.length) {
    const costs = await repo.receiptCosts(db, [...new Set(sold.map((s) => s.receiptMovementId))]);
    // A receipt without an agreed cost of its own (units received before costs were kept, or brought in some
    // other way): the supplier's newest agreed cost for the product.
    const missing = sold.filter((s) => !costs.has(s.receiptMovementId));
    const latest = missing.length
      ? await repo.latestCosts(
          db,
          missing.map((s) => ({ partnerId: s.partnerId, productId: s.productId })),
        )
      : new Map<string, { unitCost: Decimal; currency: string }>();
    for (const s of sold) {
      const cost = costs.get(s.receiptMovementId) ?? latest.get(`${s.partnerId}|${s.productId}`);
      s.unitCost = cost?.unitCost ?? new Decimal(0);
      s.currency = cost?.currency ?? 'GBP';
      s.costMissing = !cost;
    }
    const uncosted = sold.filter((s) => s.costMissing);
    if (uncosted.length) await warnNoAgreedCost(ctx, uncosted);
  }

  // Returns: what linked rows bring back of supplier-owned units, at what their sale recorded per receipt.
  const back = rows.filter((r) => r.consignedBack?.length && r.quantity.isPositive());
  const returned: repo.OwedWrite[] = [];
  if (back.length) {
    const saleIds = back.map((r) => r.linkId ?? linkedRowOf(r, rows)).filter((id): id is string => !!id);
    const recorded = await repo.salesOfMovements(db, saleIds);
    for (const s of sold) {
      const list = recorded.get(s.movementId) ?? [];
      list.push({
        partnerId: s.partnerId,
        receiptMovementId: s.receiptMovementId,
        unitCost: s.unitCost,
        currency: s.currency,
        costMissing: s.costMissing,
      });
      recorded.set(s.movementId, list);
    }
    for (const r of back) {
      const saleId = r.linkId ?? linkedRowOf(r, rows);
      const sale = saleId ? recorded.get(saleId) : undefined;
      // Units brought back from something that was not a recorded sale (a transfer, a count) were never owed.
      if (!saleId || !sale?.length) continue;
      for (const piece of r.consignedBack ?? []) {
        const match =
          sale.find((x) => x.partnerId === piece.ownerId && x.receiptMovementId === piece.root) ??
          sale.find((x) => x.partnerId === piece.ownerId);
        if (!match) continue;
        returned.push({
          partnerId: piece.ownerId,
          productId: r.productId,
          warehouseId: r.warehouseId,
          soldOn: day,
          quantity: piece.quantity.neg(),
          unitCost: match.unitCost,
          currency: match.currency,
          movementId: r.id,
          receiptMovementId: match.receiptMovementId,
          reversesMovementId: saleId,
          sourceType: posting.sourceType,
          sourceId: posting.sourceId,
          sourceLine: r.sourceLine,
          costMissing: match.costMissing,
        });
      }
    }
  }
  const owed = [...sold, ...returned];
  if (owed.length) await repo.insertOwed(db, owed);
}

/**
 * One warning per sale row and supplier owed at zero for want of an agreed cost, in the posting's transaction: the
 * system log names the product, supplier, warehouse, units and the receipt they came by, so someone can agree a cost.
 */
async function warnNoAgreedCost(ctx: ConsignmentCtx, uncosted: repo.OwedWrite[]) {
  const audit =
    ctx.audit ??
    ((e: { action: string; entity: string; entityId?: string | null; after?: unknown }) =>
      writeAudit(ctx.db, { user: null, requestId: null, ...e }));
  const names = await repo.namesOf(ctx.db, {
    productIds: [...new Set(uncosted.map((s) => s.productId))],
    partnerIds: [...new Set(uncosted.map((s) => s.partnerId))],
  });
  for (const s of uncosted)
    await audit({
      action: 'warn_no_agreed_cost',
      entity: 'stock',
      entityId: s.productId,
      after: {
        warning: `No agreed cost for ${names.products.get(s.productId) ?? s.productId} of ${names.partners.get(s.partnerId) ?? s.partnerId}: ${s.quantity.toFixed()} sold consignment units are owed at zero until a cost is agreed.`,
        product: names.products.get(s.productId) ?? null,
        supplier: names.partners.get(s.partnerId) ?? null,
        supplierId: s.partnerId,
        warehouseId: s.warehouseId,
        quantity: s.quantity.toFixed(),
        soldOn: s.soldOn,
        movementId: s.movementId,
        receiptMovementId: s.receiptMovementId,
        sourceType: s.sourceType,
        sourceId: s.sourceId,
      },
    });
}

/** A row linked to an earlier row of the same posting names it only in its engine cost (`linkedTo`). */
function linkedRowOf(r: ConsignmentRow, rows: ConsignmentRow[]): string | null {
  const cost = r.engine.cost as { linkedTo?: string } | undefined;
  const target = cost?.linkedTo;
  return target && rows.some((x) => x.id === target) ? target : null;
}
