import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The ledger rows a document posted: those whose source is the document (`source_type`, and `source_id` one of
 * the document's: its id, or one per posting of it). Rows that move only value (revaluations, landed costs, price
 * differences: quantity 0) are left out: they show in a row's value or on the product's stock card.
 * The ids only; the stock area turns them into movements.
 */
export async function documentMovementIds(
  db: Kysely<Database>,
  source: { type: string; ids: readonly string[] },
  page: { order: 'newest' | 'oldest'; limit?: number; offset?: number },
): Promise<{ ids: string[]; total: number }> {
  if (!source.ids.length) return { ids: [], total: 0 };
  const where = sql`m.source_type = ${source.type} AND m.source_id = ANY(${[...source.ids]}::text[]) AND m.quantity <> 0`;
  const order = page.order === 'newest' ? sql`m.posted_at DESC, m.id DESC` : sql`m.id`;
  const limit = page.limit === undefined ? sql`` : sql`LIMIT ${page.limit}`;
  const { rows } = await sql<{ id: string; total: string }>`
    SELECT m.id::text AS id, count(*) OVER () AS total FROM stock_movements m
    WHERE ${where} ORDER BY ${order} ${limit} OFFSET ${page.offset ?? 0}`.execute(db);
  if (rows[0] || !page.offset) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
  // A page past the end still answers how many there are.
  const { rows: count } = await sql<{ n: string }>`SELECT count(*) AS n FROM stock_movements m WHERE ${where}`.execute(
    db,
  );
  return { ids: [], total: Number(count[0]?.n ?? 0) };
}

/**
 * A page of the ledger rows a document posted, in the order asked for: `load` (the stock area's reader) turns
 * the ids into rows, whatever order it reads them in.
 */
export async function documentMovements<M extends { id: string }>(
  db: Kysely<Database>,
  source: { type: string; ids: readonly string[] },
  page: { order: 'newest' | 'oldest'; limit?: number; offset?: number },
  load: (db: Kysely<Database>, ids: string[]) => Promise<M[]>,
): Promise<{ items: M[]; total: number }> {
  const { ids, total } = await documentMovementIds(db, source, page);
  const position = new Map(ids.map((id, i) => [id, i]));
  const items = (await load(db, ids)).sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { items, total };
}
