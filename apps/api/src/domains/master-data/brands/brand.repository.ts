import type { MasterDataFilter, MasterDataListQuery } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { BrandsTable, Database } from '../../../db/schema.ts';
import { likePattern, offsetOf, parseSort } from '../../../platform/pagination.ts';

export interface BrandRow {
  id: string;
  code: string;
  name: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

const SORTS = { code: 'code', name: 'name', updatedAt: 'updated_at' } as const;

function toBrand(r: Selectable<BrandsTable>): BrandRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    active: r.active,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function filtered(db: Kysely<Database>, f: MasterDataFilter) {
  let query = db.selectFrom('brands');
  const text = f.q;
  if (text)
    query = query.where((eb) =>
      eb.or([eb('code', 'ilike', likePattern(text)), eb('name', 'ilike', likePattern(text))]),
    );
  if (f.active) query = query.where('active', '=', f.active === 'true');
  return query;
}

/** The filter's rows in its order (code by default), id last so that paging is stable. */
function ordered(db: Kysely<Database>, f: MasterDataFilter) {
  const sort = parseSort(f.sort, SORTS, { column: 'code', direction: 'asc' });
  return filtered(db, f).selectAll().orderBy(sql.ref(sort.column), sort.direction).orderBy('id');
}

export async function findBrands(db: Kysely<Database>, q: MasterDataListQuery) {
  const [rows, count] = await Promise.all([
    ordered(db, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    filtered(db, q)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toBrand), total: count.n };
}

/** One chunk of the filter's rows, for exports. */
export async function findBrandChunk(db: Kysely<Database>, f: MasterDataFilter, offset: number, limit: number) {
  return (await ordered(db, f).limit(limit).offset(offset).execute()).map(toBrand);
}

export async function getBrandById(db: Kysely<Database>, id: string, forUpdate = false) {
  let query = db.selectFrom('brands').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toBrand(row);
}

export async function brandCodeTaken(db: Kysely<Database>, code: string, exceptId?: string) {
  let query = db.selectFrom('brands').select('id').where(sql`upper(code)`, '=', code.toUpperCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The unique index on upper(code), named for the service's race handling. */
export const BRAND_CODE_KEY = 'brands_code_key';

export async function insertBrand(db: Kysely<Database>, v: { code: string; name: string; active: boolean }) {
  const row = await db.insertInto('brands').values(v).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBrandRow(
  db: Kysely<Database>,
  id: string,
  v: { code: string; name: string; active: boolean },
) {
  await db
    .updateTable('brands')
    .set({ ...v, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteBrandRow(db: Kysely<Database>, id: string) {
  await db.deleteFrom('brands').where('id', '=', id).execute();
}
