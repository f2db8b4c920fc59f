import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { pageOf, Uuid } from '../platform/pagination.ts';
import type { PermissionName } from '../users/permissions.ts';

/**
 * The notification sidebar: the activity of the product's users (system-log rows of business records, each
 * shown to those who may see its area) and every user's own notification preferences.
 */

/** Kinds of activity a user can choose to be notified of (Settings tab), one per area. */
export const ACTIVITY_KINDS = [
  'purchasing',
  'sales',
  'transfers',
  'stockCounts',
  'bundleTasks',
  'stockChanges',
  'products',
  'masterData',
  'warehouses',
  'imports',
  'usersAndRoles',
  'configuration',
] as const;
export const ActivityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKind>;

export interface ActivitySource {
  kind: ActivityKind;
  /** Who sees it: any one of these (the permission of the record's area, as its list needs). */
  permissions: readonly PermissionName[];
}

const STOCK_VIEW = ['view_inventory_summary', 'view_inventory_list', 'view_manual_stock'] as const;

/**
 * System-log entities that are activity, keyed by the log's `entity`. A row of any other entity (files, jobs,
 * preferences) is never activity. A new area adds its entities here.
 */
export const ACTIVITY_SOURCES = {
  purchase_order: { kind: 'purchasing', permissions: ['view_purchase_order'] },
  good_received_note: { kind: 'purchasing', permissions: ['view_good_received_note'] },
  rma: { kind: 'purchasing', permissions: ['view_rma'] },
  sales_invoice: { kind: 'sales', permissions: ['view_sales_invoice'] },
  return_ticket: { kind: 'sales', permissions: ['view_return_ticket'] },
  pick_list: { kind: 'sales', permissions: ['handle_pick_list_process'] },
  ship_list: { kind: 'sales', permissions: ['ship_list'] },
  inventory_transfer: { kind: 'transfers', permissions: ['view_inventory_transfer'] },
  stock_count: {
    kind: 'stockCounts',
    permissions: ['handle_inventory_stock_process', 'approve_inventory_stock_process'],
  },
  bundle_task: { kind: 'bundleTasks', permissions: ['view_warehouse', 'add_bundle_task'] },
  stock: { kind: 'stockChanges', permissions: STOCK_VIEW },
  stock_reservation: { kind: 'stockChanges', permissions: STOCK_VIEW },
  stock_override: { kind: 'stockChanges', permissions: STOCK_VIEW },
  product: { kind: 'products', permissions: ['view_product'] },
  brand: { kind: 'masterData', permissions: ['view_brand'] },
  cost_center: { kind: 'masterData', permissions: ['view_cost_center'] },
  currency: { kind: 'masterData', permissions: ['view_currency'] },
  exchange_rate: { kind: 'masterData', permissions: ['view_currency'] },
  processor: { kind: 'masterData', permissions: ['view_currency'] },
  shipping_carrier: { kind: 'masterData', permissions: ['handle_shipping_carriers'] },
  business_partner: { kind: 'masterData', permissions: ['view_supplier'] },
  customer: { kind: 'masterData', permissions: ['view_customer'] },
  excel_mapping: { kind: 'masterData', permissions: ['view_excel_mapping'] },
  warehouse: { kind: 'warehouses', permissions: ['view_warehouse'] },
  warehouse_location: { kind: 'warehouses', permissions: ['view_warehouse'] },
  warehouse_configuration: { kind: 'warehouses', permissions: ['view_warehouse'] },
  product_import: { kind: 'imports', permissions: ['view_product', 'add_product'] },
  inventory_import: { kind: 'imports', permissions: ['view_warehouse'] },
  role: { kind: 'usersAndRoles', permissions: ['view_role'] },
  user: { kind: 'usersAndRoles', permissions: ['view_user'] },
  system_configuration: { kind: 'configuration', permissions: ['view_system_configuration'] },
} as const satisfies Record<string, ActivitySource>;
export type ActivityEntity = keyof typeof ACTIVITY_SOURCES;

/** The entities of the log a holder of these permissions sees as activity, of the kinds they want. */
export function visibleActivityEntities(
  permissions: ReadonlySet<string>,
  wanted: (kind: ActivityKind) => boolean = () => true,
): ActivityEntity[] {
  return (Object.entries(ACTIVITY_SOURCES) as [ActivityEntity, ActivitySource][])
    .filter(([, s]) => wanted(s.kind) && s.permissions.some((p) => permissions.has(p)))
    .map(([entity]) => entity);
}

/**
 * Actions of signing in and out and of getting back into an account: the system log's "sign-ins" (not
 * business changes), never activity.
 * Whoever logs a new action of that family adds it here.
 */
export const SIGN_IN_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'link_identity',
  'request_password_reset',
  'reset_password',
] as const;

export const ActivityItem = z
  .object({
    /** The system-log row's id. */
    id: z.string(),
    at: z.string(),
    /** Who did it; null: the system. */
    actor: z.object({ id: Uuid, username: z.string(), name: z.string() }).nullable(),
    /** The signed-in user did it themselves (never unread). */
    isOwn: z.boolean(),
    action: z.string(),
    entity: z.string(),
    kind: ActivityKind,
    /** The record as a person names it: TR-2026-00001, a SKU, a warehouse code; null when unknown. */
    reference: z.string().nullable(),
    /** The record's id for a link (a document's id, not its number); null when it has none or is gone. */
    recordId: z.string().nullable(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof ActivityItem>;

export const ACTIVITY_MAX_PAGE_SIZE = 50;
/** Unread counts stop here (the badge then reads "99+"). */
export const ACTIVITY_UNREAD_CAP = 100;
/** The activity's total is counted up to here (a thousand pages of ten). */
export const ACTIVITY_TOTAL_CAP = 10_000;

export const ActivityQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ACTIVITY_MAX_PAGE_SIZE).default(10),
});
export type ActivityQuery = z.input<typeof ActivityQuery>;

/** A page of activity; `total` is counted up to ACTIVITY_TOTAL_CAP. */
export const ActivityPage = pageOf(ActivityItem)
  .extend({
    /** Rows by others after the one the user last saw, up to ACTIVITY_UNREAD_CAP. */
    unread: z.number().int(),
    /** The newest row the user has seen ("0": none). */
    seenUpTo: z.string(),
  })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof ActivityPage>;

const LogId = z.string().regex(/^\d{1,18}$/, 'a log row id is a whole number');

export const ActivitySeenInput = z.object({ upTo: LogId }).strict();
export type ActivitySeenInput = z.input<typeof ActivitySeenInput>;

export const NotificationPreferences = z
  .object({
    /** Per kind of activity: shown in the sidebar and counted as unread. */
    notifications: z.object(
      Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, z.boolean()])) as Record<ActivityKind, z.ZodBoolean>,
    ),
    /** An e-mail when a task (a bundling task, say) is assigned to the user. */
    emailOnTaskAssignment: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** A change of preferences: any of them; kinds not named keep their value. */
export const NotificationPreferencesInput = z
  .object({
    notifications: NotificationPreferences.shape.notifications.partial().strict().optional(),
    emailOnTaskAssignment: z.boolean().optional(),
  })
  .strict();
export type NotificationPreferencesInput = z.input<typeof NotificationPreferencesInput>;

export const notificationsApi = {
  activity: endpoint({
    method: 'GET',
    path: '/api/me/activity',
    permission: 'authenticated',
    tag: 'notifications',
    summary:
      "Activity the signed-in user may see (their areas' records, the kinds they want), newest first, with the unread count",
    query: ActivityQuery,
    response: ActivityPage,
  }),
  markActivitySeen: endpoint({
    method: 'PUT',
    path: '/api/me/activity/seen',
    permission: 'authenticated',
    tag: 'notifications',
    summary: 'Marks the activity up to this row as seen (a read receipt, never moved back)',
    body: ActivitySeenInput,
    response: z.object({ seenUpTo: z.string(), unread: z.number().int() }),
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/api/me/preferences',
    permission: 'authenticated',
    tag: 'notifications',
    summary: "The signed-in user's own notification preferences",
    response: NotificationPreferences,
  }),
  updatePreferences: endpoint({
    method: 'PUT',
    path: '/api/me/preferences',
    permission: 'authenticated',
    tag: 'notifications',
    summary: "Changes the signed-in user's own notification preferences",
    body: NotificationPreferencesInput,
    response: NotificationPreferences,
  }),
};
