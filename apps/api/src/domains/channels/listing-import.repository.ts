import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Set-based reads of the listing import: one statement per kind of thing a file names, whatever its rows. */

type Db = Kysely<Database>;

/** Accounts by name (names are unique whatever their case; `names` lower-case). */
export async function accountsByNames(db: Db, names: readonly string[]) {
  if (!names.length) return [];
  const { rows } = await sql<{ id: string; name: string; type: string }>`
    SELECT id, name, type FROM channel_accounts WHERE lower(name) = ANY(${names as string[]}::text[])`.execute(db);
  return rows;
}

/** Products by SKU (stored upper-case; `skus` upper-case). */
export async function productsBySkus(db: Db, skus: readonly string[]) {
  if (!skus.length) return [];
  const { rows } = await sql<{ id: string; sku: string }>`
    SELECT id, sku FROM products WHERE sku = ANY(${skus as string[]}::text[])`.execute(db);
  return rows;
}

/** The listings these accounts already have under these channel SKUs. */
export async function listingsByKeys(db: Db, accountIds: readonly string[], skus: readonly string[]) {
  if (!accountIds.length || !skus.length) return [];
  const { rows } = await sql<{
    account_id: string;
    sku: string;
    product_id: string;
    external_id: string | null;
    external_ref: string | null;
  }>`
    SELECT account_id, sku, product_id, external_id, external_ref FROM channel_listings
    WHERE account_id = ANY(${accountIds as string[]}::uuid[]) AND sku = ANY(${skus as string[]}::text[])`.execute(db);
  return rows;
}
