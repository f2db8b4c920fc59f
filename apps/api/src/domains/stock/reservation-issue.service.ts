import Decimal from 'decimal.js';
import type { Ctx } from '../../platform/routes.ts';
import { type PostedMovement, post } from './posting.service.ts';
import * as repo from './stock.repository.ts';

/**
 * Many documents' reservations issued whole at once, in the caller's transaction (a ship list's confirm: every
 * invoice's lines). Locks are taken as everywhere else: all the products first (id order), then the levels (product,
 * warehouse order), then the reservations (id order), so a confirm never deadlocks with a posting, a booking or
 * another confirm. Each reservation must still hold its whole quantity: one that is no longer OPEN, or that a loss
 * left short, is answered (nothing written) so the caller can refuse naming its document. Otherwise each is marked
 * ISSUED and each document's lines are posted as ISSUE rows at FIFO cost through `post()` (which records what is owed
 * to a supplier for consignment units it takes), one posting per document (its sourceType and sourceId).
 */

export interface IssueWholeDocument {
  sourceType: string;
  sourceId: string;
  reservations: { reservationId: string; sourceLine?: string }[];
}

export interface IssueWholeProblem {
  sourceId: string;
  reservationId: string;
  productId: string;
  open: Decimal;
  short: Decimal;
  status: string;
}

export type IssueWholeResult =
  | { ok: true; movements: Map<string, PostedMovement[]> }
  | { ok: false; problems: IssueWholeProblem[] };

export async function issueReservationsWhole(ctx: Ctx, documents: IssueWholeDocument[]): Promise<IssueWholeResult> {
  const wanted = documents.flatMap((d) => d.reservations.map((r) => ({ ...r, sourceId: d.sourceId })));
  const seen = new Map<string, NonNullable<Awaited<ReturnType<typeof repo.findReservation>>>>();
  for (const w of wanted) {
    const r = await repo.findReservation(ctx.db, w.reservationId);
    if (r) seen.set(r.id, r);
  }
  const productIds = [...new Set([...seen.values()].map((r) => r.product_id))].sort();
  await repo.lockProducts(ctx.db, productIds);
  const pairs = new Map<string, { productId: string; warehouseId: string }>();
  for (const r of seen.values())
    pairs.set(`${r.product_id}|${r.warehouse_id}`, { productId: r.product_id, warehouseId: r.warehouse_id });
  await repo.lockLevels(ctx.db, [...pairs.values()]);
  const locked = new Map<string, NonNullable<Awaited<ReturnType<typeof repo.lockReservation>>>>();
  for (const id of [...seen.keys()].sort()) {
    const r = await repo.lockReservation(ctx.db, id);
    if (r) locked.set(id, r);
  }

  const problems: IssueWholeProblem[] = [];
  for (const w of wanted) {
    const r = locked.get(w.reservationId);
    const open = new Decimal(r?.open_quantity ?? 0);
    const short = new Decimal(r?.short_quantity ?? 0);
    if (r?.status !== 'OPEN' || open.isZero() || !short.isZero())
      problems.push({
        sourceId: w.sourceId,
        reservationId: w.reservationId,
        productId: r?.product_id ?? '',
        open,
        short,
        status: r?.status ?? 'MISSING',
      });
  }
  if (problems.length) return { ok: false, problems };

  const movements = new Map<string, PostedMovement[]>();
  for (const d of documents) {
    if (!d.reservations.length) {
      movements.set(d.sourceId, []);
      continue;
    }
    const lines = [];
    for (const w of d.reservations) {
      const r = locked.get(w.reservationId);
      if (!r) continue;
      const open = new Decimal(r.open_quantity);
      const issued = new Decimal(r.issued_quantity).add(open);
      // The reservation first, so that the shortages the posting settles see what is left of it (as `issue` does).
      await repo.updateReservation(ctx.db, r.id, new Decimal(0), issued, 'ISSUED');
      await ctx.audit({
        action: 'issue',
        entity: 'stock_reservation',
        entityId: r.id,
        before: {
          status: r.status,
          openQuantity: open.toFixed(),
          issuedQuantity: new Decimal(r.issued_quantity).toFixed(),
        },
        after: { status: 'ISSUED', openQuantity: '0', issuedQuantity: issued.toFixed() },
      });
      lines.push({
        productId: r.product_id,
        warehouseId: r.warehouse_id,
        kind: 'ISSUE' as const,
        quantity: open.neg(),
        releaseReserved: open,
        keepAvailable: true,
        ...(w.sourceLine ? { sourceLine: w.sourceLine } : {}),
      });
    }
    movements.set(d.sourceId, await post(ctx, { sourceType: d.sourceType, sourceId: d.sourceId, lines }));
  }
  return { ok: true, movements };
}
