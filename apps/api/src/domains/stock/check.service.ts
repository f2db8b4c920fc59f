import type { StockCheckResult } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readModelDifferences } from './checkpoint.repository.ts';

/**
 * The balances check: every kept figure (levels, bin balances, reservations, layers) against the same figure
 * rebuilt from the ledger. The posting service keeps them in one transaction, so any difference is a bug.
 */

const MAX_DIFFERENCES = 1000;

export async function checkStock(db: Kysely<Database>): Promise<StockCheckResult> {
  const { rows } = await sql<{
    what: string;
    product_id: string;
    sku: string;
    warehouse_id: string;
    location_id: string | null;
    kept: string;
    rebuilt: string;
  }>`
    WITH ledger AS (
      SELECT product_id, warehouse_id,
        sum(quantity) FILTER (WHERE bucket = 'STOCK') AS on_hand,
        sum(quantity) FILTER (WHERE bucket = 'TRANSIT') AS in_transit,
        sum(value) AS value
      FROM stock_movements GROUP BY product_id, warehouse_id
    ),
    layers AS (
      SELECT product_id, warehouse_id,
        sum(remaining) FILTER (WHERE bucket = 'STOCK') AS on_hand,
        sum(remaining) FILTER (WHERE bucket = 'TRANSIT') AS in_transit,
        sum(remaining) FILTER (WHERE bucket = 'STOCK' AND owner_partner_id IS NOT NULL) AS consigned,
        sum(remaining_value) AS value
      FROM stock_layers GROUP BY product_id, warehouse_id
    ),
    reserved AS (
      SELECT product_id, warehouse_id, sum(open_quantity) AS reserved, sum(short_quantity) AS short
      FROM stock_reservations WHERE status = 'OPEN' GROUP BY product_id, warehouse_id
    ),
    keys AS (
      SELECT product_id, warehouse_id FROM stock_levels
      UNION SELECT product_id, warehouse_id FROM ledger
      UNION SELECT product_id, warehouse_id FROM layers
      UNION SELECT product_id, warehouse_id FROM reserved
    ),
    figures AS (
      SELECT k.product_id, k.warehouse_id, NULL::uuid AS location_id, f.what, f.kept, f.rebuilt
      FROM keys k
      LEFT JOIN stock_levels s USING (product_id, warehouse_id)
      LEFT JOIN ledger g USING (product_id, warehouse_id)
      LEFT JOIN layers y USING (product_id, warehouse_id)
      LEFT JOIN reserved r USING (product_id, warehouse_id)
      LEFT JOIN warehouse_configs wc ON wc.warehouse_id = k.warehouse_id
      CROSS JOIN LATERAL (VALUES
        ('on hand (ledger)', coalesce(s.on_hand, 0), coalesce(g.on_hand, 0)),
        ('in transit (ledger)', coalesce(s.in_transit, 0), coalesce(g.in_transit, 0)),
        ('value (ledger)', coalesce(s.value, 0), coalesce(g.value, 0)),
        ('on hand (layers)', coalesce(s.on_hand, 0), coalesce(y.on_hand, 0)),
        ('in transit (layers)', coalesce(s.in_transit, 0), coalesce(y.in_transit, 0)),
        ('value (layers)', coalesce(s.value, 0), coalesce(y.value, 0)),
        ('consigned (layers)', coalesce(s.consigned, 0), coalesce(y.consigned, 0)),
        ('reserved (reservations)', coalesce(s.reserved, 0), coalesce(r.reserved, 0)),
        ('short (reservations)', coalesce(s.reserved_short, 0), coalesce(r.short, 0)),
        -- Only a physical loss takes available below zero, and then exactly that much is marked short.
        ('short (reserved not on hand)', coalesce(s.reserved_short, 0),
          CASE WHEN coalesce(wc.allow_negative_stock, false) THEN 0
            ELSE greatest(coalesce(s.reserved, 0) - greatest(coalesce(s.on_hand, 0), 0), 0) END)
      ) AS f (what, kept, rebuilt)
      UNION ALL
      SELECT coalesce(b.product_id, g.product_id), coalesce(b.warehouse_id, g.warehouse_id),
        coalesce(b.location_id, g.location_id), 'on hand in bin (ledger)', coalesce(b.on_hand, 0), coalesce(g.q, 0)
      FROM stock_bin_balances b
      FULL JOIN (
        SELECT product_id, warehouse_id, location_id, sum(quantity) AS q FROM stock_movements
        WHERE bucket = 'STOCK' GROUP BY product_id, warehouse_id, location_id
      ) g ON g.product_id = b.product_id AND g.warehouse_id = b.warehouse_id
        AND g.location_id IS NOT DISTINCT FROM b.location_id
    )
    SELECT f.what, f.product_id, p.sku, f.warehouse_id, f.location_id, f.kept::text AS kept, f.rebuilt::text AS rebuilt
    FROM figures f JOIN products p ON p.id = f.product_id
    WHERE f.kept <> f.rebuilt
    ORDER BY p.sku, f.warehouse_id, f.what
    LIMIT ${MAX_DIFFERENCES}`.execute(db);
  const counts = await sql<{ movements: string; levels: string }>`
    SELECT (SELECT count(*) FROM stock_movements) AS movements, (SELECT count(*) FROM stock_levels) AS levels`.execute(
    db,
  );
  const c = counts.rows[0] as { movements: string; levels: string };
  // The read models of migration 0024 (each product's value, the month-start checkpoints), kept by triggers.
  const kept = rows.length < MAX_DIFFERENCES ? await readModelDifferences(db, MAX_DIFFERENCES - rows.length) : [];
  for (const r of kept) rows.push({ ...r, location_id: null });
  return {
    checkedAt: new Date().toISOString(),
    movementCount: Number(c.movements),
    levelCount: Number(c.levels),
    ok: rows.length === 0,
    differences: rows.map((r) => ({
      what: r.what,
      productId: r.product_id,
      sku: r.sku,
      warehouseId: r.warehouse_id,
      locationId: r.location_id,
      kept: new Decimal(r.kept).toFixed(),
      rebuilt: new Decimal(r.rebuilt).toFixed(),
    })),
  };
}
