import { ACTIVITY_TOTAL_CAP, ACTIVITY_UNREAD_CAP, SIGN_IN_ACTIONS } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A row's readable reference: stored when written, else resolved now (rows written before it was kept). */
export const referenceOf = sql<
  string | null
>`coalesce(l.reference, system_log_reference(l.entity, l.entity_id, l.before, l.after))`;

/** Business rows of these entities: no sign-ins, no failed attempts. */
function activityRows(db: Db, entities: readonly string[]) {
  return db
    .selectFrom('system_logs as l')
    .where('l.entity', 'in', entities.length ? [...entities] : [''])
    .where('l.action', 'not in', [...SIGN_IN_ACTIONS])
    .where('l.action', 'not like', '%\\_failed');
}

export interface ActivityRow {
  id: string;
  at: Date;
  user_id: string | null;
  username: string | null;
  name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  reference: string | null;
}

export async function findActivity(db: Db, entities: readonly string[], limit: number, offset: number) {
  const base = activityRows(db, entities);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.id', 'l.at', 'l.user_id', 'l.username', 'u.name', 'l.action', 'l.entity', 'l.entity_id'])
      .select(referenceOf.as('reference'))
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    // Counted up to a bound: the sidebar pages through recent events, it never needs the log's whole size.
    db
      .selectFrom(base.select(sql`1`.as('one')).limit(ACTIVITY_TOTAL_CAP).as('x'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ActivityRow[], total: Number(count.n) };
}

/** Rows by others after `seenId`, counted up to the cap (the badge needs no more). */
export async function countUnread(db: Db, entities: readonly string[], userId: string, seenId: string) {
  const capped = activityRows(db, entities)
    .select(sql`1`.as('one'))
    .where('l.id', '>', seenId)
    .where((eb) => eb.or([eb('l.user_id', 'is', null), eb('l.user_id', '!=', userId)]))
    .limit(ACTIVITY_UNREAD_CAP);
  const row = await db
    .selectFrom(capped.as('x'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Documents' log rows name them by number: their ids for links, by number. */
const DOCUMENT_TABLES = {
  inventory_transfer: 'inventory_transfers',
  stock_count: 'stock_counts',
  bundle_task: 'bundle_tasks',
} as const;

export function isDocumentEntity(entity: string): entity is keyof typeof DOCUMENT_TABLES {
  return Object.hasOwn(DOCUMENT_TABLES, entity);
}

/** `<entity>:<number>` → id, for the documents these rows name. */
export async function documentIds(db: Db, refs: readonly { entity: string; number: string }[]) {
  const ids = new Map<string, string>();
  for (const [entity, table] of Object.entries(DOCUMENT_TABLES)) {
    const numbers = [...new Set(refs.filter((r) => r.entity === entity).map((r) => r.number))];
    if (!numbers.length) continue;
    const rows = await db.selectFrom(table).select(['id', 'number']).where('number', 'in', numbers).execute();
    for (const r of rows) ids.set(`${entity}:${r.number}`, r.id);
  }
  return ids;
}

export interface PreferencesRow {
  notifications: Record<string, boolean>;
  email_on_task_assignment: boolean;
  activity_seen_id: string;
}

export async function findPreferences(db: Db, userId: string, lock = false): Promise<PreferencesRow | undefined> {
  const query = db
    .selectFrom('user_preferences')
    .select(['notifications', 'email_on_task_assignment', 'activity_seen_id'])
    .where('user_id', '=', userId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The user's row, made with the defaults when missing, locked until the transaction ends. */
export async function lockPreferences(db: Db, userId: string): Promise<PreferencesRow> {
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await findPreferences(db, userId, true);
  if (!row) throw new Error(`user_preferences of ${userId} vanished`);
  return row;
}

export async function savePreferences(
  db: Db,
  userId: string,
  values: { notifications: Record<string, boolean>; emailOnTaskAssignment: boolean },
) {
  await db
    .updateTable('user_preferences')
    .set({
      notifications: JSON.stringify(values.notifications),
      email_on_task_assignment: values.emailOnTaskAssignment,
      updated_at: new Date(),
    })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Moves the user's read mark forward to `upTo`, never past the newest row there is nor back; answers the mark.
 */
export async function markSeen(db: Db, userId: string, upTo: string): Promise<string> {
  const row = await db
    .insertInto('user_preferences')
    .values({
      user_id: userId,
      activity_seen_id: sql`least(${upTo}::bigint, (SELECT coalesce(max(id), 0) FROM system_logs))`,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        activity_seen_id: sql`greatest(user_preferences.activity_seen_id, excluded.activity_seen_id)`,
      }),
    )
    .returning('activity_seen_id')
    .executeTakeFirstOrThrow();
  return String(row.activity_seen_id);
}
