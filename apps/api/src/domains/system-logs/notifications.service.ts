import {
  ACTIVITY_KINDS,
  ACTIVITY_SOURCES,
  type ActivityEntity,
  type ActivityItem,
  type ActivityKind,
  type ActivityPage,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  visibleActivityEntities,
} from '@backoffice/contracts';
import type { Ctx } from '../../platform/routes.ts';
import * as repo from './notifications.repository.ts';

type Prefs = NotificationPreferences;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every kind with its value: stored ones as stored, the rest wanted. */
function preferencesOf(row: repo.PreferencesRow | undefined): Prefs {
  const stored = row?.notifications ?? {};
  return {
    notifications: Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, stored[k] !== false])) as Record<
      ActivityKind,
      boolean
    >,
    emailOnTaskAssignment: row?.email_on_task_assignment ?? true,
  };
}

export async function getPreferences(ctx: Pick<Ctx, 'db' | 'user'>): Promise<Prefs> {
  return preferencesOf(await repo.findPreferences(ctx.db, ctx.user.id));
}

/** Changes the signed-in user's own preferences (only theirs: the user is the session's), audited when changed. */
export async function updatePreferences(ctx: Ctx, input: NotificationPreferencesInput): Promise<Prefs> {
  const before = preferencesOf(await repo.lockPreferences(ctx.db, ctx.user.id));
  const after: Prefs = {
    notifications: { ...before.notifications, ...input.notifications },
    emailOnTaskAssignment: input.emailOnTaskAssignment ?? before.emailOnTaskAssignment,
  };
  if (JSON.stringify(before) === JSON.stringify(after)) return after;
  await repo.savePreferences(ctx.db, ctx.user.id, after);
  await ctx.audit({ action: 'update', entity: 'user_preferences', entityId: ctx.user.id, before, after });
  return after;
}

/** The entities whose rows the user sees as activity: their areas, the kinds they want. */
function entitiesFor(user: Ctx['user'], prefs: Prefs): ActivityEntity[] {
  return visibleActivityEntities(user.permissions, (kind) => prefs.notifications[kind]);
}

export async function activityPage(
  ctx: Pick<Ctx, 'db' | 'user'>,
  query: { page: number; pageSize: number },
): Promise<ActivityPage> {
  const row = await repo.findPreferences(ctx.db, ctx.user.id);
  const entities = entitiesFor(ctx.user, preferencesOf(row));
  const seenUpTo = row?.activity_seen_id ?? '0';
  const [{ rows, total }, unread] = await Promise.all([
    repo.findActivity(ctx.db, entities, query.pageSize, (query.page - 1) * query.pageSize),
    repo.countUnread(ctx.db, entities, ctx.user.id, seenUpTo),
  ]);
  const documents = await repo.documentIds(
    ctx.db,
    rows.flatMap((r) =>
      repo.isDocumentEntity(r.entity) && r.entity_id ? [{ entity: r.entity, number: r.entity_id }] : [],
    ),
  );
  const items = rows.map((r): ActivityItem => {
    const source = ACTIVITY_SOURCES[r.entity as ActivityEntity];
    let recordId: string | null = null;
    if (repo.isDocumentEntity(r.entity)) recordId = documents.get(`${r.entity}:${r.entity_id}`) ?? null;
    else if (r.entity_id && (UUID.test(r.entity_id) || r.entity === 'currency')) recordId = r.entity_id;
    return {
      id: r.id,
      at: r.at.toISOString(),
      actor: r.user_id ? { id: r.user_id, username: r.username ?? '', name: r.name ?? r.username ?? '' } : null,
      isOwn: r.user_id === ctx.user.id,
      action: r.action,
      entity: r.entity,
      kind: source.kind,
      reference: r.reference,
      recordId,
    };
  });
  return { items, total, page: query.page, pageSize: query.pageSize, unread, seenUpTo };
}

/**
 * Moves the user's read mark. A read receipt, like the time of a sign-in, changes nothing of the business
 * and is not written to the system log (it would add a row each time anyone opens the sidebar).
 */
export async function markActivitySeen(ctx: Pick<Ctx, 'db' | 'user'>, upTo: string) {
  const seenUpTo = await repo.markSeen(ctx.db, ctx.user.id, upTo);
  const prefs = preferencesOf(await repo.findPreferences(ctx.db, ctx.user.id));
  const unread = await repo.countUnread(ctx.db, entitiesFor(ctx.user, prefs), ctx.user.id, seenUpTo);
  return { seenUpTo, unread };
}
