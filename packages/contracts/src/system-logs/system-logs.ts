import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';

export const SystemLog = z
  .object({
    id: z.string(),
    at: z.string(),
    userId: Uuid.nullable(),
    username: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    /** The record as a person names it (TR-2026-00001, a SKU, a warehouse code); null when unknown. */
    reference: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'SystemLog' });
export type SystemLog = z.infer<typeof SystemLog>;

/** Which rows: business changes (the default), sign-ins and sign-outs, or all. */
export const SYSTEM_LOG_KINDS = ['business', 'signIns', 'all'] as const;
export const SystemLogKind = z.enum(SYSTEM_LOG_KINDS);
export type SystemLogKind = z.infer<typeof SystemLogKind>;

export const SystemLogQuery = PageQuery.extend({
  kind: SystemLogKind.default('business'),
  userId: Uuid.optional(),
  entity: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type SystemLogQuery = z.input<typeof SystemLogQuery>;

export const systemLogsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/system-logs',
    permission: 'view_system_logs',
    tag: 'system-logs',
    summary:
      'System log rows, newest first, filtered by kind (business changes unless asked), user, entity, action and date',
    query: SystemLogQuery,
    response: pageOf(SystemLog),
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/system-logs/mine',
    permission: 'authenticated',
    tag: 'system-logs',
    summary: "The signed-in user's own recent actions (the notification sidebar's activity timeline)",
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: z.object({
      items: z.array(
        SystemLog.pick({ id: true, at: true, action: true, entity: true, entityId: true, reference: true }),
      ),
    }),
  }),
  facets: endpoint({
    method: 'GET',
    path: '/api/system-logs/facets',
    permission: 'view_system_logs',
    tag: 'system-logs',
    summary: 'The entities and actions that occur in the log, for filters',
    response: z.object({ entities: z.array(z.string()), actions: z.array(z.string()) }),
  }),
};
