import { STOCK_FILES_KEPT } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountRow } from './account.repository.ts';
import { listingLevelsSql } from './stock-out.ts';

type Db = Kysely<Database>;

export interface StockFileRow {
  listing_id: string;
  product_sku: string;
  channel_sku: string;
  product_name: string;
  quantity: string;
}

/** Every listing of the account with the quantity to list now, by channel SKU. */
export async function stockFileRows(db: Db, account: AccountRow): Promise<StockFileRow[]> {
  const r = await sql<StockFileRow>`
    SELECT v.listing_id, p.sku AS product_sku, l.sku AS channel_sku, p.name AS product_name, v.quantity::text AS quantity
    FROM (${listingLevelsSql(account, null)}) v
    JOIN channel_listings l ON l.id = v.listing_id
    JOIN products p ON p.id = v.product_id
    ORDER BY l.sku`.execute(db);
  return r.rows;
}

export async function insertStockFile(
  db: Db,
  values: {
    accountId: string;
    producedAt: Date;
    rowCount: number;
    content: Buffer;
    sha256: string;
    jobId: string | null;
    createdBy: string | null;
  },
) {
  const row = await db
    .insertInto('channel_stock_files')
    .values({
      account_id: values.accountId,
      produced_at: values.producedAt,
      row_count: values.rowCount,
      size_bytes: values.content.length,
      sha256: values.sha256,
      content: values.content,
      job_id: values.jobId,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the account's files beyond the newest `keep`; answers how many went. */
export async function pruneStockFiles(db: Db, accountId: string, keep = STOCK_FILES_KEPT): Promise<number> {
  const r = await sql`
    DELETE FROM channel_stock_files
    WHERE account_id = ${accountId}
      AND id NOT IN (SELECT id FROM channel_stock_files WHERE account_id = ${accountId}
                     ORDER BY produced_at DESC, id DESC LIMIT ${keep})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Levels still waiting for a push from before the account's stock went to a file: the file carries them now. */
export async function dropQueuedPushes(db: Db, accountId: string): Promise<number> {
  const r = await db.deleteFrom('channel_stock_queue').where('account_id', '=', accountId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

const listed = ['id', 'account_id', 'produced_at', 'row_count', 'size_bytes', 'sha256'] as const;

export function stockFilesOf(db: Db, accountId: string) {
  return db
    .selectFrom('channel_stock_files')
    .select(listed)
    .where('account_id', '=', accountId)
    .orderBy('produced_at', 'desc')
    .orderBy('id', 'desc')
    .limit(STOCK_FILES_KEPT)
    .execute();
}

export function stockFileWithContent(db: Db, accountId: string, id: string) {
  return db
    .selectFrom('channel_stock_files')
    .select([...listed, 'content'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function userOf(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
}
