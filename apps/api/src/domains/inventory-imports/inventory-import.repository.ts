import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Set-based reads of the inventory import: one statement per kind of thing a file names (products, warehouses,
 * bins, the bins' balances), whatever the number of rows. Stock is written by the posting service only.
 */

type Db = Kysely<Database>;

/** Products by what a row may name them by: the SKU (stored upper-case) or a barcode (as a 14-digit GTIN). */
export async function productsByCodes(db: Db, codes: readonly string[]) {
  if (!codes.length) return [];
  const gtins = codes.filter((c) => /^\d{8,14}$/.test(c)).map((c) => c.padStart(14, '0'));
  const { rows } = await sql<{ code: string; id: string; sku: string; kind: string; via: 'sku' | 'barcode' }>`
    SELECT p.sku AS code, p.id, p.sku, p.kind, 'sku' AS via FROM products p WHERE p.sku = ANY(${codes as string[]}::text[])
    UNION ALL
    SELECT b.gtin AS code, p.id, p.sku, p.kind, 'barcode' AS via
    FROM product_barcodes b JOIN products p ON p.id = b.product_id
    WHERE b.gtin = ANY(${gtins}::text[])`.execute(db);
  return rows;
}

export async function warehousesByCodes(db: Db, codes: readonly string[]) {
  if (!codes.length) return [];
  const { rows } = await sql<{
    id: string;
    code: string;
    active: boolean;
    allow_negative_stock: boolean | null;
    receiving: { id: string; warehouse_id: string; code: string; active: boolean } | null;
  }>`
    SELECT w.id, w.code, w.active, c.allow_negative_stock,
      CASE WHEN r.id IS NULL THEN NULL
        ELSE json_build_object('id', r.id, 'warehouse_id', r.warehouse_id, 'code', r.code, 'active', r.active) END
        AS receiving
    FROM warehouses w LEFT JOIN warehouse_configs c ON c.warehouse_id = w.id
    LEFT JOIN warehouse_locations r ON r.id = c.default_receiving_location_id
    WHERE upper(w.code) = ANY(${codes as string[]}::text[])`.execute(db);
  return rows;
}

/** Bins of these warehouses with these codes (compared upper-case). */
export async function locationsByCodes(db: Db, warehouseIds: readonly string[], codes: readonly string[]) {
  if (!warehouseIds.length || !codes.length) return [];
  const { rows } = await sql<{ id: string; warehouse_id: string; code: string; active: boolean }>`
    SELECT id, warehouse_id, code, active FROM warehouse_locations
    WHERE warehouse_id = ANY(${warehouseIds as string[]}::uuid[]) AND upper(code) = ANY(${codes as string[]}::text[])`.execute(
    db,
  );
  return rows;
}

/**
 * Every bin balance of these products (read after the products are locked, so the file's differences are
 * worked out from what no other posting can change meanwhile). A row here means the bin has had stock.
 */
export async function binBalancesOf(db: Db, productIds: readonly string[]) {
  if (!productIds.length) return [];
  const { rows } = await sql<{ product_id: string; warehouse_id: string; location_id: string | null; on_hand: string }>`
    SELECT product_id, warehouse_id, location_id, on_hand FROM stock_bin_balances
    WHERE product_id = ANY(${productIds as string[]}::uuid[])`.execute(db);
  return rows;
}
