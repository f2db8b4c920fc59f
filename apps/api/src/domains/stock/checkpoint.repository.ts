import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BUSINESS_TIME_ZONE } from '../../platform/business-day.ts';

/**
 * SQL of the stock checkpoints (migration 0024): stock and value per product × warehouse at the start of each
 * London month, kept exact by a trigger on the ledger, so that an as-at reads one checkpoint and the rows between
 * it and the instant. Also the checks of the two read models of 0024 against the ledger and the levels.
 */

type Db = Kysely<Database>;

const ZONE = sql.lit(BUSINESS_TIME_ZONE);

/**
 * The month starts (London) that have no checkpoint yet, oldest first: every month after the one of the oldest
 * ledger row, up to the start of the current month (a cut is always in the past, so rows posted from now on are
 * after it).
 */
export async function missingCuts(db: Db): Promise<Date[]> {
  const { rows } = await sql<{ cut: Date }>`
    WITH bounds AS (
      SELECT date_trunc('month', min(posted_at) AT TIME ZONE ${ZONE}) + interval '1 month' AS first,
        date_trunc('month', now() AT TIME ZONE ${ZONE}) AS last
      FROM stock_movements
    )
    SELECT g.month AT TIME ZONE ${ZONE} AS cut
    FROM bounds, generate_series(bounds.first, bounds.last, interval '1 month') AS g (month)
    WHERE NOT EXISTS (SELECT 1 FROM stock_checkpoint_cuts c WHERE c.cut = g.month AT TIME ZONE ${ZONE})
    ORDER BY 1`.execute(db);
  return rows.map((r) => r.cut);
}

/**
 * Makes the checkpoint at `cut` in the caller's transaction: the nearest checkpoint before it (or nothing) plus
 * the ledger rows from there to the cut. The lock waits for the postings under way (their trigger holds ROW
 * EXCLUSIVE) and holds new ones until commit; the rows are read by a statement after it, so they include every
 * posting committed before, and every later posting sees the new cut and adds itself. Answers false when another
 * server made it meanwhile.
 */
export async function makeCheckpoint(tx: Db, cut: Date): Promise<boolean> {
  await sql`LOCK TABLE stock_checkpoint_cuts IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
  const { rows } = await sql<{ made: boolean; prev: Date | null }>`
    SELECT EXISTS (SELECT 1 FROM stock_checkpoint_cuts WHERE cut = ${cut}) AS made,
      (SELECT max(cut) FROM stock_checkpoint_cuts WHERE cut < ${cut}) AS prev`.execute(tx);
  const { made, prev } = rows[0] as { made: boolean; prev: Date | null };
  if (made) return false;
  await sql`INSERT INTO stock_checkpoint_cuts (cut, row_count) VALUES (${cut}, 0)`.execute(tx);
  const inserted = await sql`
    INSERT INTO stock_checkpoints (cut, product_id, warehouse_id, on_hand, in_transit, value)
    SELECT ${cut}::timestamptz, x.product_id, x.warehouse_id, sum(x.on_hand), sum(x.in_transit), sum(x.value)
    FROM (
      SELECT k.product_id, k.warehouse_id, k.on_hand, k.in_transit, k.value
      FROM stock_checkpoints k WHERE k.cut = ${prev}
      UNION ALL
      SELECT m.product_id, m.warehouse_id,
        coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'STOCK'), 0),
        coalesce(sum(m.quantity) FILTER (WHERE m.bucket = 'TRANSIT'), 0),
        sum(m.value)
      FROM stock_movements m
      WHERE m.posted_at < ${cut} ${prev ? sql`AND m.posted_at >= ${prev}` : sql``}
      GROUP BY m.product_id, m.warehouse_id
    ) x
    GROUP BY x.product_id, x.warehouse_id
    HAVING sum(x.on_hand) <> 0 OR sum(x.in_transit) <> 0 OR sum(x.value) <> 0`.execute(tx);
  await sql`UPDATE stock_checkpoint_cuts SET row_count = ${Number(inserted.numAffectedRows ?? 0n)} WHERE cut = ${cut}`.execute(
    tx,
  );
  return true;
}

export interface ReadModelDifference {
  what: string;
  product_id: string;
  sku: string;
  warehouse_id: string;
  kept: string;
  rebuilt: string;
}

/**
 * The read models of migration 0024 against what they are kept from: each product's value against its levels,
 * and each checkpoint against the one before it plus the ledger rows between them (by induction from nothing,
 * so every checkpoint equals the ledger summed up to its cut). One statement per checkpoint, each reading one
 * month of the ledger: the ledger is read once in all, in pieces whose sums fit in memory.
 */
export async function readModelDifferences(db: Db, limit: number): Promise<ReadModelDifference[]> {
  const { rows: values } = await sql<ReadModelDifference>`
    SELECT CASE WHEN v.product_id IS NULL THEN 'value of all warehouses (no row kept)'
        ELSE 'value of all warehouses (levels)' END AS what,
      p.id AS product_id, p.sku, '' AS warehouse_id,
      coalesce(v.value, 0)::text AS kept, coalesce(l.value, 0)::text AS rebuilt
    FROM products p
    LEFT JOIN stock_product_values v ON v.product_id = p.id
    LEFT JOIN (SELECT product_id, sum(value) AS value FROM stock_levels GROUP BY product_id) l ON l.product_id = p.id
    WHERE v.product_id IS NULL OR v.value <> coalesce(l.value, 0)
    ORDER BY p.sku LIMIT ${limit}`.execute(db);
  const out = [...values];
  const { rows: cuts } = await sql<{ cut: Date; prev: Date | null }>`
    SELECT cut, lag(cut) OVER (ORDER BY cut) AS prev FROM stock_checkpoint_cuts ORDER BY cut`.execute(db);
  for (const { cut, prev } of cuts) {
    if (out.length >= limit) break;
    // One aggregate, no join: the checkpoint as kept against the one before plus the month's rows.
    const { rows } = await sql<ReadModelDifference>`
      WITH sums AS (
        SELECT x.product_id, x.warehouse_id,
          coalesce(sum(x.on_hand) FILTER (WHERE x.kept), 0) AS kept_on_hand,
          coalesce(sum(x.on_hand) FILTER (WHERE NOT x.kept), 0) AS on_hand,
          coalesce(sum(x.in_transit) FILTER (WHERE x.kept), 0) AS kept_in_transit,
          coalesce(sum(x.in_transit) FILTER (WHERE NOT x.kept), 0) AS in_transit,
          coalesce(sum(x.value) FILTER (WHERE x.kept), 0) AS kept_value,
          coalesce(sum(x.value) FILTER (WHERE NOT x.kept), 0) AS value
        FROM (
          SELECT true AS kept, product_id, warehouse_id, on_hand, in_transit, value
          FROM stock_checkpoints WHERE cut = ${cut}
          UNION ALL
          SELECT false, product_id, warehouse_id, on_hand, in_transit, value
          FROM stock_checkpoints WHERE cut = ${prev}
          UNION ALL
          SELECT false, m.product_id, m.warehouse_id,
            CASE WHEN m.bucket = 'STOCK' THEN m.quantity ELSE 0 END,
            CASE WHEN m.bucket = 'TRANSIT' THEN m.quantity ELSE 0 END, m.value
          FROM stock_movements m
          WHERE m.posted_at < ${cut} ${prev ? sql`AND m.posted_at >= ${prev}` : sql``}
        ) x
        GROUP BY x.product_id, x.warehouse_id
        HAVING coalesce(sum(x.on_hand) FILTER (WHERE x.kept), 0) <> coalesce(sum(x.on_hand) FILTER (WHERE NOT x.kept), 0)
          OR coalesce(sum(x.in_transit) FILTER (WHERE x.kept), 0) <> coalesce(sum(x.in_transit) FILTER (WHERE NOT x.kept), 0)
          OR coalesce(sum(x.value) FILTER (WHERE x.kept), 0) <> coalesce(sum(x.value) FILTER (WHERE NOT x.kept), 0)
      )
      SELECT 'checkpoint ' || to_char(${cut}::timestamptz AT TIME ZONE ${ZONE}, 'YYYY-MM-DD') || ' ' || f.what AS what,
        s.product_id, p.sku, s.warehouse_id::text AS warehouse_id, f.kept::text AS kept, f.rebuilt::text AS rebuilt
      FROM sums s
      JOIN products p ON p.id = s.product_id
      CROSS JOIN LATERAL (VALUES
        ('on hand (ledger)', s.kept_on_hand, s.on_hand),
        ('in transit (ledger)', s.kept_in_transit, s.in_transit),
        ('value (ledger)', s.kept_value, s.value)
      ) AS f (what, kept, rebuilt)
      WHERE f.kept <> f.rebuilt
      ORDER BY p.sku, 4, 1
      LIMIT ${limit - out.length}`.execute(db);
    out.push(...rows);
  }
  return out;
}
