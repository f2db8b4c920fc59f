import { notificationsApi, SIGN_IN_ACTIONS, systemLogsApi } from '@backoffice/contracts';
import { sql } from 'kysely';
import { likePattern, offsetOf, parseSort, toPage } from '../../platform/pagination.ts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { referenceOf } from './notifications.repository.ts';
import { activityPage, getPreferences, markActivitySeen, updatePreferences } from './notifications.service.ts';

/** Distinct values of an indexed column by a loose index scan: fast however long the log grows. */
function distinctValues(column: 'entity' | 'action') {
  return sql<{ v: string }>`
    WITH RECURSIVE t(v) AS (
      (SELECT ${sql.ref(column)} FROM system_logs ORDER BY 1 LIMIT 1)
      UNION ALL
      SELECT (SELECT ${sql.ref(column)} FROM system_logs WHERE ${sql.ref(column)} > t.v ORDER BY 1 LIMIT 1) FROM t WHERE t.v IS NOT NULL
    )
    SELECT v FROM t WHERE v IS NOT NULL`;
}

export const systemLogsRoutes: RouteEntry[] = [
  route(systemLogsApi.list, async ({ query }, ctx) => {
    let base = ctx.db.selectFrom('system_logs as l');
    // Sign-ins outnumber every other row: they are a filter away, business changes are the default.
    if (query.kind === 'business') base = base.where('action', 'not in', [...SIGN_IN_ACTIONS]);
    if (query.kind === 'signIns') base = base.where('action', 'in', [...SIGN_IN_ACTIONS]);
    if (query.userId) base = base.where('user_id', '=', query.userId);
    if (query.entity) base = base.where('entity', '=', query.entity);
    if (query.action) base = base.where('action', '=', query.action);
    if (query.from) base = base.where(sql<boolean>`at >= ${query.from}::date`);
    if (query.to) base = base.where(sql<boolean>`at < ${query.to}::date + 1`);
    if (query.q) {
      const p = likePattern(query.q);
      base = base.where(
        sql<boolean>`(username ILIKE ${p} OR entity_id ILIKE ${p} OR reference ILIKE ${p} OR request_id ILIKE ${p})`,
      );
    }
    const { direction } = parseSort(query.sort, { at: 'at' }, { column: 'at', direction: 'desc' });
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .select(referenceOf.as('resolved_reference'))
        .orderBy('at', direction)
        .orderBy('id', direction)
        .limit(query.pageSize)
        .offset(offsetOf(query))
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      userId: r.user_id,
      username: r.username,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      reference: r.resolved_reference,
      before: r.before ?? null,
      after: r.after ?? null,
      requestId: r.request_id,
    }));
    return toPage(items, count.n, query);
  }),
  route(systemLogsApi.mine, async ({ query }, ctx) => {
    const rows = await ctx.db
      .selectFrom('system_logs as l')
      .select(['id', 'at', 'action', 'entity', 'entity_id'])
      .select(referenceOf.as('reference'))
      .where('user_id', '=', ctx.user.id)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .execute();
    return {
      items: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        action: r.action,
        entity: r.entity,
        entityId: r.entity_id,
        reference: r.reference,
      })),
    };
  }),
  route(systemLogsApi.facets, async (_, ctx) => {
    const [entities, actions] = await Promise.all([
      distinctValues('entity').execute(ctx.db),
      distinctValues('action').execute(ctx.db),
    ]);
    return { entities: entities.rows.map((r) => r.v), actions: actions.rows.map((r) => r.v) };
  }),
  route(notificationsApi.activity, ({ query }, ctx) => activityPage(ctx, query)),
  route(notificationsApi.markActivitySeen, ({ body }, ctx) => markActivitySeen(ctx, body.upTo)),
  route(notificationsApi.preferences, (_, ctx) => getPreferences(ctx)),
  route(notificationsApi.updatePreferences, ({ body }, ctx) => updatePreferences(ctx, body)),
];
