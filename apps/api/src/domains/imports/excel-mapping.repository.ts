import type { ExcelMapping, ExcelMappingFilter, ImportKind, MappingColumn } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, ExcelMappingsTable } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

const SORTS = { name: 'name', kind: 'kind', updatedAt: 'updated_at' } as const;

export function toMapping(r: Selectable<ExcelMappingsTable>): ExcelMapping {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind as ImportKind,
    isDefault: r.is_default,
    columns: r.columns as MappingColumn[],
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function filtered(db: Kysely<Database>, f: ExcelMappingFilter) {
  let query = db.selectFrom('excel_mappings');
  const text = f.q;
  // A mapping is found by its name or by a header it maps ("which mapping reads 'Item code'?").
  if (text)
    query = query.where((eb) =>
      eb.or([
        eb('name', 'ilike', likePattern(text)),
        eb.exists(
          sql`(SELECT 1 FROM jsonb_array_elements(excel_mappings.columns) c WHERE c->>'header' ILIKE ${likePattern(text)})`,
        ),
      ]),
    );
  if (f.kind) query = query.where('kind', '=', f.kind);
  return query;
}

/** The filter's mappings in its order (name by default), id last so paging is stable. */
export function orderedMappings(db: Kysely<Database>, f: ExcelMappingFilter) {
  const sort = parseSort(f.sort, SORTS, { column: 'name', direction: 'asc' });
  const column = sort.column === 'name' ? sql`lower(name)` : sql.ref(sort.column);
  return filtered(db, f).selectAll().orderBy(column, sort.direction).orderBy('id');
}

export async function countMappings(db: Kysely<Database>, f: ExcelMappingFilter): Promise<string> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function mappingById(db: Kysely<Database>, id: string, forUpdate = false) {
  let query = db.selectFrom('excel_mappings').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toMapping(row);
}

/** Another mapping of the kind with this name, whatever its case. */
export async function mappingNamed(db: Kysely<Database>, kind: string, name: string, exceptId?: string) {
  let query = db
    .selectFrom('excel_mappings')
    .select('id')
    .where('kind', '=', kind)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

/** The kind's current default, locked, other than `exceptId`. */
export async function lockDefaultOf(db: Kysely<Database>, kind: string, exceptId?: string) {
  let query = db.selectFrom('excel_mappings').selectAll().where('kind', '=', kind).where('is_default', '=', true);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const row = await query.forUpdate().executeTakeFirst();
  return row && toMapping(row);
}

export async function setDefaultFlag(db: Kysely<Database>, id: string, isDefault: boolean) {
  await db
    .updateTable('excel_mappings')
    .set({ is_default: isDefault, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface MappingValues {
  name: string;
  kind: string;
  isDefault: boolean;
  columns: MappingColumn[];
}

export async function insertMapping(db: Kysely<Database>, v: MappingValues, userId: string): Promise<string> {
  const row = await db
    .insertInto('excel_mappings')
    .values({
      name: v.name,
      kind: v.kind,
      is_default: v.isDefault,
      columns: JSON.stringify(v.columns),
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMappingRow(db: Kysely<Database>, id: string, v: MappingValues) {
  await db
    .updateTable('excel_mappings')
    .set({
      name: v.name,
      kind: v.kind,
      is_default: v.isDefault,
      columns: JSON.stringify(v.columns),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteMappingRow(db: Kysely<Database>, id: string) {
  await db.deleteFrom('excel_mappings').where('id', '=', id).execute();
}

/** A kind's saved mappings for an import to choose from: the default first, then by name. */
export async function mappingsOfKind(db: Kysely<Database>, kind: ImportKind, limit = 100): Promise<ExcelMapping[]> {
  const rows = await db
    .selectFrom('excel_mappings')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('is_default', 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toMapping);
}
