import Decimal from 'decimal.js';
import { type Bucket, type CostChangeKind, costChangeKey, type EngineMovement } from './fifo.ts';

/**
 * A product's ledger as the FIFO engine takes it: used by backdated postings (posting.service.ts) and by the
 * FIFO stock process report alike, so that both replay exactly the same rows.
 */

const ZERO = new Decimal(0);

/** One ledger row as stock.repository.ts#productHistory reads it (posted_at as ISO text). */
export interface LedgerRow {
  id: string;
  posted_at: string;
  warehouse_id: string;
  bucket: string;
  kind: string;
  quantity: string;
  value: string;
  unit_cost: string | null;
  owner_partner_id: string | null;
  link_id: string | null;
  source_type: string;
  source_id: string | null;
  source_line?: string | null;
  /** Outbound rows: the unit cost their deficit slice was valued at when posted (stock_consumptions), if any. */
  deficit_unit_cost?: string | null;
}

/**
 * A landed cost or price difference of one receipt row (stock_cost_revaluations): the engine's input. Its ledger
 * rows (LANDED_COST / PRICE_DIFFERENCE, linked to the receipt row) are its output, like REVALUATION rows.
 */
export interface CostEvent {
  id: string;
  kind: CostChangeKind;
  receiptId: string;
  /** ISO instant, as posted_at. */
  postedAt: string;
  /** An id taken from the ledger's sequence when it was posted: its place among rows of the same instant. */
  orderId: string;
  amount: string;
}

/** The key of a bundle's assembled cost: its posting's source. */
export const assembledKey = (sourceType: string, sourceId: string | null) => `${sourceType}|${sourceId ?? ''}`;

/**
 * The engine's movements of a product in posting order, with the value each row has now at each date
 * (`current`, keyed `id|postedAt`: a row's own value at its date, revaluations at theirs) and the rows by id.
 * `assembled`: what each BUNDLE_PRODUCE source's components cost now (stock.repository.ts#assembledValues,
 * which answers every source asked for, zero when it has no component rows). `costPrice`: the product's cost
 * price, the provisional cost of a deficit with no cost known for a row that made none when it was posted; a row
 * that did keeps the cost it was valued at, so a later change of the cost price rewrites nothing.
 */
export function engineHistory(
  history: readonly LedgerRow[],
  allowNegativeStock: (warehouseId: string) => boolean,
  assembled: ReadonlyMap<string, Decimal>,
  costPrice: Decimal = ZERO,
  costEvents: readonly CostEvent[] = [],
) {
  const movements: EngineMovement[] = [];
  const current = new Map<string, Decimal>();
  for (const e of costEvents)
    movements.push({
      id: e.orderId,
      postedAt: e.postedAt,
      warehouseId: '',
      bucket: 'STOCK',
      quantity: ZERO,
      revalue: { eventId: e.id, kind: e.kind, receiptId: e.receiptId, amount: new Decimal(e.amount) },
    });
  for (const h of history) {
    const key = `${h.id}|${h.posted_at}`;
    if (h.kind === 'LANDED_COST' || h.kind === 'PRICE_DIFFERENCE') {
      const target = `${costChangeKey(h.kind, h.link_id ?? '', h.warehouse_id, h.bucket as Bucket)}|${h.posted_at}`;
      current.set(target, (current.get(target) ?? ZERO).add(h.value));
      continue;
    }
    if (h.kind === 'REVALUATION') {
      const target = `${h.link_id}|${h.posted_at}`;
      current.set(target, (current.get(target) ?? ZERO).add(h.value));
      continue;
    }
    current.set(key, (current.get(key) ?? ZERO).add(h.value));
    const quantity = new Decimal(h.quantity);
    const m: EngineMovement = {
      id: h.id,
      postedAt: h.posted_at,
      warehouseId: h.warehouse_id,
      bucket: h.bucket as Bucket,
      quantity,
    };
    if (quantity.isNegative() && h.link_id) m.takesFrom = h.link_id;
    else if (quantity.isNegative()) {
      m.allowDeficit =
        h.bucket === 'STOCK' && allowNegativeStock(h.warehouse_id) && !['TRANSFER_OUT', 'TRANSIT_OUT'].includes(h.kind);
      if (m.allowDeficit) m.fallbackUnitCost = h.deficit_unit_cost ? new Decimal(h.deficit_unit_cost) : costPrice;
    } else if (h.link_id) m.cost = { linkedTo: h.link_id };
    else if (h.kind === 'BUNDLE_PRODUCE')
      m.cost = { value: assembled.get(assembledKey(h.source_type, h.source_id)) ?? new Decimal(h.value) };
    else {
      m.cost = { unitCost: new Decimal(h.unit_cost ?? 0) };
      m.ownerId = h.owner_partner_id;
    }
    movements.push(m);
  }
  return { movements, current, rows: new Map(history.map((h) => [h.id, h])) };
}
