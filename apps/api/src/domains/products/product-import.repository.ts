import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Set-based reads and writes of the product import: one statement per chunk of rows (arrays passed
 * whole and unnested by PostgreSQL), so 50 000 rows take a few hundred round trips rather than 150 000.
 */

export interface ExistingProduct {
  id: string;
  sku: string;
  name: string;
  brand_id: string | null;
  unit: string;
  kind: string;
  cost_price: string;
  sale_price: string;
  vat_rate: string;
  weight_kg: string | null;
  length_cm: string | null;
  width_cm: string | null;
  height_cm: string | null;
  reorder_point: string;
  reorder_quantity: string;
  active: boolean;
  updated_at: Date;
}

/** The products with these SKUs; locked when the import is to update them. */
export async function productsWithSkus(
  db: Kysely<Database>,
  skus: readonly string[],
  forUpdate = false,
): Promise<ExistingProduct[]> {
  if (!skus.length) return [];
  const result = await sql<ExistingProduct>`
    SELECT id, sku, name, brand_id, unit, kind, cost_price, sale_price, vat_rate, weight_kg, length_cm, width_cm,
           height_cm, reorder_point, reorder_quantity, active, updated_at
    FROM products WHERE sku = ANY(${skus as string[]}::text[]) ORDER BY id ${forUpdate ? sql`FOR UPDATE` : sql``}`.execute(
    db,
  );
  return result.rows;
}

export async function barcodesOfProducts(db: Kysely<Database>, ids: readonly string[]) {
  if (!ids.length) return [];
  const result = await sql<{ product_id: string; barcode: string }>`
    SELECT product_id, barcode FROM product_barcodes
    WHERE product_id = ANY(${ids as string[]}::uuid[]) ORDER BY product_id, position`.execute(db);
  return result.rows;
}

export async function componentsOfBundles(db: Kysely<Database>, ids: readonly string[]) {
  if (!ids.length) return [];
  const result = await sql<{ bundle_id: string; component_id: string; quantity: string }>`
    SELECT bundle_id, component_id, quantity FROM product_bundle_components
    WHERE bundle_id = ANY(${ids as string[]}::uuid[]) ORDER BY bundle_id, position`.execute(db);
  return result.rows;
}

/** How many bundles each of these products is a component of (only those in at least one). */
export async function bundlesUsing(db: Kysely<Database>, ids: readonly string[]) {
  if (!ids.length) return [];
  const result = await sql<{ component_id: string; n: string }>`
    SELECT component_id, count(*) AS n FROM product_bundle_components
    WHERE component_id = ANY(${ids as string[]}::uuid[]) GROUP BY component_id`.execute(db);
  return result.rows;
}

export async function brandsWithCodes(db: Kysely<Database>, codes: readonly string[]) {
  if (!codes.length) return [];
  const result = await sql<{ id: string; code: string; active: boolean }>`
    SELECT id, code, active FROM brands WHERE upper(code) = ANY(${codes as string[]}::text[])`.execute(db);
  return result.rows;
}

/** Who holds these barcodes (compared as 14-digit GTINs). */
export async function barcodeOwners(db: Kysely<Database>, gtins: readonly string[]) {
  if (!gtins.length) return [];
  const result = await sql<{ gtin: string; barcode: string; product_id: string; sku: string }>`
    SELECT b.gtin, b.barcode, b.product_id, p.sku
    FROM product_barcodes b JOIN products p ON p.id = b.product_id
    WHERE b.gtin = ANY(${gtins as string[]}::text[])`.execute(db);
  return result.rows;
}

/** A product row as the import writes it (numerics as exact text). */
export interface ProductRow {
  sku: string;
  name: string;
  brand_id: string | null;
  unit: string;
  kind: string;
  cost_price: string;
  sale_price: string;
  vat_rate: string;
  weight_kg: string | null;
  length_cm: string | null;
  width_cm: string | null;
  height_cm: string | null;
  reorder_point: string;
  reorder_quantity: string;
  active: boolean;
}

// Rows travel as one JSON document per chunk: serialising it is native and fast, where arrays of text
// would be escaped element by element.
const PRODUCT_RECORD = sql`(sku text, name text, brand_id uuid, unit text, kind text, cost_price numeric,
  sale_price numeric, vat_rate numeric, weight_kg numeric, length_cm numeric, width_cm numeric, height_cm numeric,
  reorder_point numeric, reorder_quantity numeric, active boolean)`;

export async function insertProducts(db: Kysely<Database>, rows: readonly ProductRow[]) {
  const result = await sql<{ id: string; sku: string }>`
    INSERT INTO products (sku, name, brand_id, unit, kind, cost_price, sale_price, vat_rate, weight_kg, length_cm,
                          width_cm, height_cm, reorder_point, reorder_quantity, active)
    SELECT sku, name, brand_id, unit, kind, cost_price, sale_price, vat_rate, weight_kg, length_cm, width_cm,
           height_cm, reorder_point, reorder_quantity, active
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v${PRODUCT_RECORD}
    RETURNING id, sku`.execute(db);
  return result.rows;
}

export async function updateProducts(db: Kysely<Database>, rows: readonly (ProductRow & { id: string })[]) {
  await sql`
    UPDATE products p SET
      sku = v.sku, name = v.name, brand_id = v.brand_id, unit = v.unit, kind = v.kind, cost_price = v.cost_price,
      sale_price = v.sale_price, vat_rate = v.vat_rate, weight_kg = v.weight_kg, length_cm = v.length_cm,
      width_cm = v.width_cm, height_cm = v.height_cm, reorder_point = v.reorder_point,
      reorder_quantity = v.reorder_quantity, active = v.active, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, sku text, name text, brand_id uuid,
      unit text, kind text, cost_price numeric, sale_price numeric, vat_rate numeric, weight_kg numeric,
      length_cm numeric, width_cm numeric, height_cm numeric, reorder_point numeric, reorder_quantity numeric,
      active boolean)
    WHERE p.id = v.id`.execute(db);
}

export async function deleteBarcodesOf(db: Kysely<Database>, ids: readonly string[]) {
  if (!ids.length) return;
  await sql`DELETE FROM product_barcodes WHERE product_id = ANY(${ids as string[]}::uuid[])`.execute(db);
}

export async function insertBarcodes(
  db: Kysely<Database>,
  rows: { productId: string[]; position: number[]; barcode: string[] },
) {
  if (!rows.productId.length) return;
  await sql`
    INSERT INTO product_barcodes (product_id, position, barcode)
    SELECT * FROM unnest(${rows.productId}::uuid[], ${rows.position}::int[], ${rows.barcode}::text[])`.execute(db);
}
