import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AreaReferences } from '../../platform/references.ts';

/** Pick lists hold their warehouse, the products they pick and the bins they pick them from. */

type Db = Kysely<Database>;

async function count(db: Db, query: ReturnType<typeof sql<{ n: string }>>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export const pickListReferences: AreaReferences = {
  entity: 'pick_list',
  holds: {
    warehouse: (db, id) =>
      count(db, sql<{ n: string }>`SELECT count(*) AS n FROM pick_lists WHERE warehouse_id = ${id}`),
    product: (db, id) =>
      count(
        db,
        sql<{ n: string }>`SELECT count(DISTINCT pick_list_id) AS n FROM pick_list_lines WHERE product_id = ${id}`,
      ),
    location: (db, id) =>
      count(
        db,
        sql<{ n: string }>`SELECT count(DISTINCT pick_list_id) AS n FROM pick_list_lines WHERE location_id = ${id}`,
      ),
  },
};
