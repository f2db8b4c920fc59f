import type { BiReportFilter } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { BiReportsTable, Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of the BI report register (Management Dashboards). */

export type BiReportRow = Selectable<BiReportsTable>;

const SORTS = { name: 'name', sortOrder: 'sort_order', updatedAt: 'updated_at' } as const;

export function filteredBiReports(db: Kysely<Database>, f: BiReportFilter) {
  let query = db.selectFrom('bi_reports as r');
  if (f.q) {
    const pattern = likePattern(f.q);
    query = query.where((eb) =>
      eb.or([
        eb('r.name', 'ilike', pattern),
        eb('r.embed_url', 'ilike', pattern),
        eb('r.description', 'ilike', pattern),
      ]),
    );
  }
  if (f.active) query = query.where('r.active', '=', f.active === 'true');
  const { roleId } = f;
  if (roleId)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('bi_report_roles as rr')
          .select('rr.report_id')
          .whereRef('rr.report_id', '=', 'r.id')
          .where('rr.role_id', '=', roleId),
      ),
    );
  return query;
}

/** The filter's reports in its order (sort order, then name, by default), id last. */
export function orderedBiReports(db: Kysely<Database>, f: BiReportFilter) {
  const sort = parseSort(f.sort, SORTS, { column: 'sort_order', direction: 'asc' });
  return filteredBiReports(db, f)
    .selectAll('r')
    .orderBy(sort.column === 'name' ? sql`lower(r.name)` : sql.ref(`r.${sort.column}`), sort.direction)
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id');
}

export function getBiReportRow(db: Kysely<Database>, id: string, forUpdate = false) {
  let query = db.selectFrom('bi_reports').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The roles of these reports, by role name. */
export function rolesOfReports(db: Kysely<Database>, reportIds: readonly string[]) {
  if (reportIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bi_report_roles as rr')
    .innerJoin('roles as ro', 'ro.id', 'rr.role_id')
    .select(['rr.report_id', 'ro.id', 'ro.name'])
    .where('rr.report_id', 'in', reportIds)
    .orderBy('ro.name')
    .orderBy('ro.id')
    .execute();
}

/** The roles to choose from, by name. */
export function roleChoices(db: Kysely<Database>, max: number) {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('name').orderBy('id').limit(max).execute();
}

/** Of these role ids, those that exist. */
export async function existingRoleIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export function reportIdWithName(db: Kysely<Database>, name: string, exceptId?: string) {
  let query = db.selectFrom('bi_reports').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export interface BiReportColumns {
  name: string;
  embed_url: string;
  description: string;
  active: boolean;
  sort_order: number;
}

export function insertBiReport(db: Kysely<Database>, values: BiReportColumns, userId: string) {
  return db
    .insertInto('bi_reports')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateBiReportRow(db: Kysely<Database>, id: string, values: BiReportColumns, userId: string) {
  return db
    .updateTable('bi_reports')
    .set({ ...values, updated_by: userId, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Replaces a report's roles by these. */
export async function setReportRoles(db: Kysely<Database>, reportId: string, roleIds: readonly string[]) {
  await db.deleteFrom('bi_report_roles').where('report_id', '=', reportId).execute();
  if (roleIds.length)
    await db
      .insertInto('bi_report_roles')
      .values(roleIds.map((role_id) => ({ report_id: reportId, role_id })))
      .execute();
}

export function deleteBiReportRow(db: Kysely<Database>, id: string) {
  return db.deleteFrom('bi_reports').where('id', '=', id).execute();
}

/**
 * The active reports a user sees, in their order: every one with `all`, else those naming one of the user's roles.
 */
export function visibleReports(db: Kysely<Database>, userId: string, all: boolean) {
  let query = db
    .selectFrom('bi_reports as r')
    .select(['r.id', 'r.name', 'r.embed_url', 'r.description'])
    .where('r.active', '=', true);
  if (!all)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('bi_report_roles as rr')
          .innerJoin('user_roles as ur', 'ur.role_id', 'rr.role_id')
          .select('rr.report_id')
          .whereRef('rr.report_id', '=', 'r.id')
          .where('ur.user_id', '=', userId),
      ),
    );
  return query.orderBy('r.sort_order').orderBy(sql`lower(r.name)`).orderBy('r.id').execute();
}

/** The addresses of the active reports (what the browser may frame). */
export async function activeEmbedUrls(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('bi_reports').select('embed_url').where('active', '=', true).execute();
  return rows.map((r) => r.embed_url);
}
