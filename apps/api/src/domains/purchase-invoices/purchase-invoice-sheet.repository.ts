import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL of reading a supplier's .xlsx (the uploaded file, the products its rows name) and of the printout (the address). */

type Db = Kysely<Database>;

export interface SheetFileRow {
  id: string;
  file_name: string;
  original_name: string;
  kind: string;
  uploaded_by: string;
  attached_entity: string | null;
  content: Buffer;
}

export async function findSheetFile(db: Db, fileName: string): Promise<SheetFileRow | undefined> {
  return db
    .selectFrom('uploaded_files')
    .select(['id', 'file_name', 'original_name', 'kind', 'uploaded_by', 'attached_entity', 'content'])
    .where('file_name', '=', fileName)
    .executeTakeFirst();
}

/** The barcodes (GTIN, 14 digits) of the products. */
export async function barcodesOf(db: Db, productIds: readonly string[]) {
  if (!productIds.length) return [];
  const { rows } = await sql<{ product_id: string; gtin: string }>`SELECT product_id, gtin FROM product_barcodes
    WHERE product_id = ANY(${productIds as string[]}::uuid[])`.execute(db);
  return rows;
}

/** Products by SKU (case ignored) or barcode, whoever supplies them: to tell an unknown code from one not ordered. */
export async function productsByCodes(db: Db, codes: readonly string[]) {
  if (!codes.length) return [];
  const upper = codes.map((c) => c.toUpperCase());
  const gtins = codes.filter((c) => /^\d{8,14}$/.test(c)).map((c) => c.padStart(14, '0'));
  const { rows } = await sql<{ code: string; sku: string }>`
    SELECT upper(p.sku) AS code, p.sku FROM products p WHERE upper(p.sku) = ANY(${upper}::text[])
    UNION ALL
    SELECT b.gtin AS code, p.sku FROM product_barcodes b JOIN products p ON p.id = b.product_id
    WHERE b.gtin = ANY(${gtins}::text[])`.execute(db);
  return rows;
}

/** The supplier's address for the printout: the default one, else the first. */
export async function supplierAddress(db: Db, partnerId: string) {
  return db
    .selectFrom('business_partner_addresses')
    .select(['line1', 'line2', 'city', 'postcode', 'country'])
    .where('partner_id', '=', partnerId)
    .orderBy('is_default', 'desc')
    .orderBy('position')
    .executeTakeFirst();
}
