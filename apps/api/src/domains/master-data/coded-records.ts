import type { MasterDataFilter, MasterDataListQuery } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { BrandsTable, Database } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { allRows, likePattern, offsetOf, parseSort, toPage } from '../../platform/pagination.ts';
import { inUse, type ReferenceQuery, referencesTo } from '../../platform/references.ts';
import type { Ctx } from '../../platform/routes.ts';
import {
  ACTIVE_INACTIVE,
  CREATED,
  sendXlsx,
  UPDATED,
  ui,
  XLSX_EXPORT_MAX_ROWS,
  type XlsxColumn,
} from '../../platform/xlsx.ts';

/** A master-data record that is just a unique code, a name and an active flag (brands, cost centres). */
export interface CodedRow {
  id: string;
  code: string;
  name: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CodedInput {
  code: string;
  name: string;
  active: boolean;
}

export interface CodedRecordsSpec {
  /** The tables share one shape (migration 0005). */
  table: 'brands' | 'cost_centers';
  /** Audit entity, singular snake case; also the kind other areas register their references to. */
  entity: 'brand' | 'cost_center';
  /** For messages: "Brand", "Cost centre". */
  label: string;
  /** The unique index on upper(code), to tell a concurrent duplicate from other conflicts. */
  codeKey: string;
  codeTakenCode: string;
  /** What refers to a record from inside master data; other areas register theirs (platform/references.ts). */
  references: readonly ReferenceQuery[];
  /** Base of the export's file name. */
  exportName: string;
}

const SORTS = { code: 'code', name: 'name', updatedAt: 'updated_at' } as const;

const COLUMNS: XlsxColumn<CodedRow>[] = [
  { header: ui('masterData:fields.code'), width: 16, value: (r) => r.code },
  { header: ui('masterData:fields.name'), width: 40, value: (r) => r.name },
  {
    header: ui('masterData:fields.status'),
    width: 10,
    type: 'boolean',
    labels: ACTIVE_INACTIVE,
    value: (r) => r.active,
  },
  { header: CREATED, width: 12, type: 'date', value: (r) => r.createdAt },
  { header: UPDATED, width: 12, type: 'date', value: (r) => r.updatedAt },
];

function toRow(r: Selectable<BrandsTable>): CodedRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    active: r.active,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** Repository and service of one coded-record table: list, export, get, create, update, delete. */
export function codedRecords(spec: CodedRecordsSpec) {
  // Both tables have the columns of `brands`; naming one type keeps Kysely's typing simple.
  const table = spec.table as 'brands';

  function filtered(db: Kysely<Database>, f: MasterDataFilter) {
    let query = db.selectFrom(table);
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

  async function get(db: Kysely<Database>, id: string, forUpdate = false): Promise<CodedRow> {
    let query = db.selectFrom(table).selectAll().where('id', '=', id);
    if (forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw notFound(spec.label, id);
    return toRow(row);
  }

  const codeTaken = (code: string) =>
    conflict(spec.codeTakenCode, `A ${spec.label.toLowerCase()} with code "${code}" already exists.`, { code });

  /** Checks the code, then writes; a concurrent request that took the code meanwhile gets the same 409. */
  async function withUniqueCode<T>(
    db: Kysely<Database>,
    code: string,
    exceptId: string | undefined,
    write: () => Promise<T>,
  ) {
    let query = db.selectFrom(table).select('id').where(sql`upper(code)`, '=', code.toUpperCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    if (await query.executeTakeFirst()) throw codeTaken(code);
    try {
      return await write();
    } catch (e) {
      throw isUniqueViolation(e, spec.codeKey) ? codeTaken(code) : e;
    }
  }

  return {
    get,

    async find(db: Kysely<Database>, q: MasterDataListQuery) {
      const [rows, count] = await Promise.all([
        ordered(db, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
        filtered(db, q)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return toPage(rows.map(toRow), count.n, q);
    },

    async create(ctx: Ctx, input: CodedInput) {
      const { id } = await withUniqueCode(ctx.db, input.code, undefined, () =>
        ctx.db.insertInto(table).values(input).returning('id').executeTakeFirstOrThrow(),
      );
      const after = await get(ctx.db, id);
      await ctx.audit({ action: 'create', entity: spec.entity, entityId: id, after });
      return after;
    },

    async update(ctx: Ctx, id: string, input: CodedInput) {
      const before = await get(ctx.db, id, true);
      await withUniqueCode(ctx.db, input.code, id, () =>
        ctx.db
          .updateTable(table)
          .set({ ...input, updated_at: new Date() })
          .where('id', '=', id)
          .execute(),
      );
      const after = await get(ctx.db, id);
      await ctx.audit({ action: 'update', entity: spec.entity, entityId: id, before, after });
      return after;
    },

    async remove(ctx: Ctx, id: string) {
      // The row lock also blocks a new reference meanwhile: a foreign key check takes a KEY SHARE lock.
      const before = await get(ctx.db, id, true);
      const references = await referencesTo(ctx.db, spec.entity, id, spec.references);
      if (references.length) throw inUse(`${spec.label} "${before.code}"`, references);
      await ctx.db.deleteFrom(table).where('id', '=', id).execute();
      await ctx.audit({ action: 'delete', entity: spec.entity, entityId: id, before });
      return { ok: true as const };
    },

    /** The filter's records, every page, as an .xlsx download. */
    export(ctx: Ctx, filter: MasterDataFilter) {
      const rows = allRows(
        async (offset, limit) => (await ordered(ctx.db, filter).limit(limit).offset(offset).execute()).map(toRow),
        XLSX_EXPORT_MAX_ROWS,
      );
      return sendXlsx(ctx, `${spec.exportName}-${new Date().toISOString().slice(0, 10)}.xlsx`, COLUMNS, rows);
    },
  };
}
