import type { DraftKind } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, DraftsTable } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of drafts. Every read and write names the owner: a draft is found only by its owner. */

export type DraftRow = Selectable<DraftsTable>;
type DraftListRow = Omit<DraftRow, 'payload'>;

const SORTS = { savedAt: 'saved_at', createdAt: 'created_at', title: 'title', kind: 'kind' } as const;

export interface DraftFilter {
  ownerId: string;
  /** The kinds the user may use; drafts of other kinds are not listed. */
  kinds: readonly DraftKind[];
  kind?: DraftKind;
  q?: string;
  sort?: string;
}

function filtered(db: Kysely<Database>, f: DraftFilter) {
  let query = db.selectFrom('drafts').where('owner_id', '=', f.ownerId).where('kind', 'in', f.kinds);
  if (f.kind) query = query.where('kind', '=', f.kind);
  if (f.q) query = query.where('title', 'ilike', likePattern(f.q));
  return query;
}

export function countDrafts(db: Kysely<Database>, f: DraftFilter) {
  return filtered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
}

/** A page of the user's drafts, newest save first by default, id last for a stable order. */
export function pageOfDrafts(
  db: Kysely<Database>,
  f: DraftFilter,
  limit: number,
  offset: number,
): Promise<DraftListRow[]> {
  const sort = parseSort(f.sort, SORTS, { column: 'saved_at', direction: 'desc' });
  return filtered(db, f)
    .select([
      'id',
      'owner_id',
      'kind',
      'route',
      'title',
      'summary',
      'payload_bytes',
      'version',
      'created_at',
      'saved_at',
    ])
    .orderBy(sort.column === 'title' ? sql`lower(title)` : sql.ref(sort.column), sort.direction)
    .orderBy('id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
}

export function getDraftRow(db: Kysely<Database>, ownerId: string, id: string, forUpdate = false) {
  let query = db.selectFrom('drafts').selectAll().where('id', '=', id).where('owner_id', '=', ownerId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface DraftColumns {
  title: string;
  summary: string;
  payload: string;
  payload_bytes: number;
}

export function insertDraft(
  db: Kysely<Database>,
  ownerId: string,
  kind: DraftKind,
  route: string,
  values: DraftColumns,
) {
  return db
    .insertInto('drafts')
    .values({ ...values, owner_id: ownerId, kind, route })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateDraftRow(db: Kysely<Database>, id: string, values: DraftColumns) {
  return db
    .updateTable('drafts')
    .set({ ...values, version: sql`version + 1`, saved_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteDraftRow(db: Kysely<Database>, id: string) {
  return db.deleteFrom('drafts').where('id', '=', id).execute();
}

/** Deletes the drafts not saved for `days` days; answers what was deleted (for the log). */
export function deleteDraftsSavedBefore(db: Kysely<Database>, days: number) {
  return db
    .deleteFrom('drafts')
    .where('saved_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .returning(['id', 'owner_id', 'kind', 'title', 'saved_at'])
    .execute();
}
