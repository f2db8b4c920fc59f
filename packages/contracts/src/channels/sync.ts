import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import type { PermissionName } from '../users/permissions.ts';
import { ChannelAccountType, type ChannelOperation } from './accounts.ts';

/**
 * The API area's screens: what each account pulled and sent, what waits, what failed and why (with Retry), Run now,
 * last and next run, progress while a run goes. Messages are per order, invoice, credit note or return, in the
 * specification's process types; stock levels wait per listing in a queue where a newer quantity replaces a pending one.
 */

export const CHANNEL_STREAMS = ['ORDERS', 'RETURNS', 'TRACKING', 'STOCK', 'FBA_INVENTORY'] as const;
export const ChannelStream = z.enum(CHANNEL_STREAMS);
export type ChannelStream = z.infer<typeof ChannelStream>;

/** The operation each stream serves: a stream runs when the account's type can do it and it is switched on. */
export const CHANNEL_STREAM_OPERATION: Record<ChannelStream, ChannelOperation> = {
  ORDERS: 'ORDERS',
  RETURNS: 'RETURNS',
  TRACKING: 'TRACKING',
  STOCK: 'STOCK',
  FBA_INVENTORY: 'FBA_INVENTORY',
};

export const CHANNEL_MESSAGE_OPERATIONS = [
  'ORDER',
  'CANCEL',
  'SHIPMENT',
  'DELIVERY',
  'REFUND',
  'RETURN',
  'INVOICE',
  'LABEL',
] as const;
export const ChannelMessageOperation = z.enum(CHANNEL_MESSAGE_OPERATIONS);
export type ChannelMessageOperation = z.infer<typeof ChannelMessageOperation>;

export const CHANNEL_MESSAGE_STATUSES = ['PENDING', 'DONE', 'FAILED', 'SKIPPED'] as const;
export const ChannelMessageStatus = z.enum(CHANNEL_MESSAGE_STATUSES);
export type ChannelMessageStatus = z.infer<typeof ChannelMessageStatus>;

/** The failed variant of a process type, where the specification has one. */
export const FAILED_PROCESS_TYPE: Partial<Record<string, string>> = {
  CREATE_ORDER: 'FAILED_CREATE_ORDER',
  CANCEL_ORDER: 'FAILED_CANCEL_ORDER',
  STATUS_SHIPPED: 'FAILED_STATUS_SHIPPED',
  STATUS_DELIVERED: 'FAILED_STATUS_DELIVERED',
  UPLOAD_INVOICE: 'FAILED_UPLOAD_INVOICE',
};

/** What a screen's permission opens: orders and messages, stock levels, or carrier labels and tracking. */
export type ChannelArea = 'MESSAGES' | 'STOCK' | 'LABELS' | 'FBA';

/**
 * Who may see and work an account's messages, stock or labels (the specification's screens' permissions); Api
 * Config's readers see everything. The server checks it per account; the contract's routes admit any of them.
 */
export function channelPermissionsFor(type: ChannelAccountType, area: ChannelArea): PermissionName[] {
  const base: PermissionName[] = ['view_api_configuration'];
  if (area === 'FBA') return type === 'AMAZON' ? [...base, 'view_fba_inventory', 'amazon_stock_update'] : base;
  if (area === 'STOCK') {
    const byType: Partial<Record<ChannelAccountType, PermissionName>> = {
      AMAZON: 'amazon_stock_update',
      EBAY: 'ebay_stock_update',
      SHOPIFY: 'shopify_stock_update',
      TIKTOK: 'marketplace_fulfilment',
    };
    const p = byType[type];
    return p ? [...base, p] : base;
  }
  if (area === 'LABELS')
    return type === 'DPD' || type === 'PARCELFORCE'
      ? [...base, 'shipping_fulfilment', 'ship_list']
      : [...base, 'ship_list'];
  const byType: Partial<Record<ChannelAccountType, PermissionName[]>> = {
    AMAZON: ['amazon_fulfilment', 'amazon_stock_update', 'marketplace_fulfilment'],
    EBAY: ['ebay_stock_update', 'marketplace_fulfilment'],
    SHOPIFY: ['shopify_stock_update', 'marketplace_fulfilment'],
    TIKTOK: ['marketplace_fulfilment'],
  };
  return [...base, ...(byType[type] ?? [])];
}

/** Every permission that opens some screen of the area (the routes' gate; the server then checks per account). */
export const CHANNEL_SCREEN_PERMISSIONS: PermissionName[] = [
  'view_api_configuration',
  'amazon_fulfilment',
  'amazon_stock_update',
  'shipping_fulfilment',
  'marketplace_fulfilment',
  'ebay_stock_update',
  'shopify_stock_update',
  'ship_list',
  'view_fba_inventory',
];

const AccountRef = z.object({ id: Uuid, name: z.string(), type: ChannelAccountType });
const DocRef = z.object({ id: Uuid, number: z.string() });

export const ChannelMessage = z
  .object({
    id: Uuid,
    account: AccountRef,
    direction: z.enum(['IN', 'OUT']),
    operation: ChannelMessageOperation,
    processType: z.string().nullable(),
    status: ChannelMessageStatus,
    externalOrderId: z.string().nullable(),
    salesInvoice: DocRef.nullable(),
    creditNote: DocRef.nullable(),
    /** The return ticket a channel's return became (CREATE_/CANCEL_/COMPLETE_RETURN_ORDER). */
    returnTicket: DocRef.nullable(),
    /** What it carried, in a line: "RM123456785GB via Royal Mail Tracked 48", "£12.50 refund", … */
    summary: z.string(),
    attempts: z.number().int(),
    maxAttempts: z.number().int().nullable(),
    lastError: z.string().nullable(),
    /** When the next attempt goes (a PENDING message waiting after a failed attempt). */
    nextAttemptAt: z.string().nullable(),
    /** The job delivering it (for Retry). */
    jobId: Uuid.nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ChannelMessage' });
export type ChannelMessage = z.infer<typeof ChannelMessage>;

const TypeList = z
  .string()
  .regex(/^[A-Z_]+(,[A-Z_]+)*$/, 'account types separated by commas')
  .transform((s) => s.split(','))
  .pipe(z.array(ChannelAccountType));

export const ChannelMessageListQuery = PageQuery.extend({
  types: TypeList.optional(),
  accountId: Uuid.optional(),
  operation: ChannelMessageOperation.optional(),
  status: ChannelMessageStatus.optional(),
  direction: z.enum(['IN', 'OUT']).optional(),
});
export type ChannelMessageListQuery = z.infer<typeof ChannelMessageListQuery>;

export const ChannelStreamState = z.object({
  stream: ChannelStream,
  /** Whether the account does this (its operations). */
  enabled: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastOkAt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  /** The run under way: its job and progress. */
  running: z.object({ jobId: Uuid, progressDone: z.number(), progressTotal: z.number().nullable() }).nullable(),
});
export type ChannelStreamState = z.infer<typeof ChannelStreamState>;

export const ChannelAccountState = z
  .object({
    account: AccountRef.extend({ enabled: z.boolean(), environment: z.string() }),
    streams: z.array(ChannelStreamState),
    messages: z.object({ pending: z.number().int(), failed: z.number().int(), doneToday: z.number().int() }),
    stock: z.object({ waiting: z.number().int(), failed: z.number().int(), listings: z.number().int() }),
  })
  .meta({ id: 'ChannelAccountState' });
export type ChannelAccountState = z.infer<typeof ChannelAccountState>;

export const ChannelStateQuery = z.object({ types: TypeList.optional() });

export const RunNowInput = z.object({ stream: ChannelStream });
export type RunNowInput = z.input<typeof RunNowInput>;

export const ChannelStockRow = z
  .object({
    listingId: Uuid,
    sku: z.string(),
    product: z.object({ id: Uuid, sku: z.string(), name: z.string() }),
    /** The quantity waiting to be sent (null: nothing waits). */
    queuedQuantity: z.string().nullable(),
    queuedAt: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    /** The last quantity the channel accepted. */
    pushedQuantity: z.string().nullable(),
    pushedAt: z.string().nullable(),
  })
  .meta({ id: 'ChannelStockRow' });
export type ChannelStockRow = z.infer<typeof ChannelStockRow>;

export const ChannelStockQuery = PageQuery.extend({
  /** One account's listings; empty: those of every account the user's permissions open. */
  accountId: Uuid.optional(),
  state: z.enum(['ALL', 'WAITING', 'FAILED']).default('ALL'),
});
export type ChannelStockQuery = z.infer<typeof ChannelStockQuery>;

export const ChannelSyncErrorCode = {
  CHANNEL_RUN_ALREADY_QUEUED: 'CHANNEL_RUN_ALREADY_QUEUED',
  CHANNEL_MESSAGE_NOT_FAILED: 'CHANNEL_MESSAGE_NOT_FAILED',
} as const;

const IdParams = z.object({ id: Uuid });

export const channelSyncApi = {
  channelState: endpoint({
    method: 'GET',
    path: '/api/channel-sync/state',
    permission: CHANNEL_SCREEN_PERMISSIONS,
    tag: 'channels',
    summary:
      "The accounts a screen shows (of the types asked, those the user's permissions open): each stream's last and next run, progress, counts",
    query: ChannelStateQuery,
    response: z.object({ items: z.array(ChannelAccountState) }),
  }),
  runNow: endpoint({
    method: 'POST',
    path: '/api/channel-accounts/:id/run',
    permission: CHANNEL_SCREEN_PERMISSIONS,
    tag: 'channels',
    summary: 'Run now: pull orders, returns, tracking or FBA stock, or push every listing’s stock level, at once',
    params: IdParams,
    body: RunNowInput,
    response: z.object({ jobId: Uuid }),
  }),
  listChannelMessages: endpoint({
    method: 'GET',
    path: '/api/channel-messages',
    permission: CHANNEL_SCREEN_PERMISSIONS,
    tag: 'channels',
    summary:
      'Messages exchanged with channels and carriers (orders in, shipments, refunds, invoices out), newest first',
    query: ChannelMessageListQuery,
    response: pageOf(ChannelMessage),
  }),
  retryChannelMessage: endpoint({
    method: 'POST',
    path: '/api/channel-messages/:id/retry',
    permission: CHANNEL_SCREEN_PERMISSIONS,
    tag: 'channels',
    summary: 'Send or apply a failed message again',
    params: IdParams,
    response: ChannelMessage,
  }),
  listChannelStock: endpoint({
    method: 'GET',
    path: '/api/channel-stock',
    permission: CHANNEL_SCREEN_PERMISSIONS,
    tag: 'channels',
    summary: "An account's listings with the quantity waiting to be sent, the last accepted and the last failure",
    query: ChannelStockQuery,
    response: pageOf(ChannelStockRow),
  }),
};

export const FbaInventoryRow = z
  .object({
    account: AccountRef,
    sku: z.string(),
    asin: z.string().nullable(),
    fnsku: z.string().nullable(),
    productName: z.string().nullable(),
    /** The product the SKU is listed as (Listings, else a product with that SKU). */
    product: z.object({ id: Uuid, sku: z.string(), name: z.string() }).nullable(),
    fulfillable: z.string(),
    inbound: z.string(),
    reserved: z.string(),
    unfulfillable: z.string(),
    /** Sent by Send Inventory orders and not yet received (the product's stock in transit). */
    inTransit: z.string(),
    readAt: z.string(),
  })
  .meta({ id: 'FbaInventoryRow' });
export type FbaInventoryRow = z.infer<typeof FbaInventoryRow>;

export const FbaInventoryQuery = PageQuery.extend({ accountId: Uuid.optional() });
export type FbaInventoryQuery = z.infer<typeof FbaInventoryQuery>;

export const fbaInventoryApi = {
  listFbaInventory: endpoint({
    method: 'GET',
    path: '/api/fba-inventory',
    permission: ['view_fba_inventory', 'view_api_configuration', 'amazon_stock_update'],
    tag: 'channels',
    summary:
      "Amazon's fulfilment-centre quantities per SKU as last read (fulfillable, inbound, reserved, unfulfillable), beside the stock Send Inventory orders have in transit; with totals",
    query: FbaInventoryQuery,
    response: pageOf(FbaInventoryRow).extend({
      totals: z.object({
        fulfillable: z.string(),
        inbound: z.string(),
        reserved: z.string(),
        unfulfillable: z.string(),
        inTransit: z.string(),
      }),
      lastReadAt: z.string().nullable(),
    }),
  }),
};
