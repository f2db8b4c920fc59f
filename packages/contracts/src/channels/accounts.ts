import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';

/**
 * Api Config: one row per account of a sales channel or a carrier, so two Amazon accounts, an eBay shop and the
 * "Samsung" store are just rows. Credentials are write-only: sealed at rest, answered only as which fields are set.
 */
export const CHANNEL_ACCOUNT_TYPES = [
  'AMAZON',
  'EBAY',
  'SHOPIFY',
  'TIKTOK',
  'ROYAL_MAIL',
  'DHL',
  'DPD',
  'PARCELFORCE',
] as const;
export const ChannelAccountType = z.enum(CHANNEL_ACCOUNT_TYPES);
export type ChannelAccountType = z.infer<typeof ChannelAccountType>;

export const SALES_CHANNEL_ACCOUNT_TYPES = ['AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK'] as const;
export const CARRIER_ACCOUNT_TYPES = ['ROYAL_MAIL', 'DHL', 'DPD', 'PARCELFORCE'] as const;
export type AccountKind = 'CHANNEL' | 'CARRIER';
export function accountKindOf(type: ChannelAccountType): AccountKind {
  return (SALES_CHANNEL_ACCOUNT_TYPES as readonly string[]).includes(type) ? 'CHANNEL' : 'CARRIER';
}

export const CHANNEL_ENVIRONMENTS = ['PRODUCTION', 'SANDBOX'] as const;
export const ChannelEnvironment = z.enum(CHANNEL_ENVIRONMENTS);
export type ChannelEnvironment = z.infer<typeof ChannelEnvironment>;

/** What an account may do; each is switched on or off per account ("enabled operations"). */
export const CHANNEL_OPERATIONS = [
  'ORDERS',
  'SHIPMENTS',
  'STOCK',
  'REFUNDS',
  'RETURNS',
  'INVOICES',
  'FBA_INVENTORY',
  'LABELS',
  'TRACKING',
] as const;
export const ChannelOperation = z.enum(CHANNEL_OPERATIONS);
export type ChannelOperation = z.infer<typeof ChannelOperation>;

export interface CredentialField {
  name: string;
  /** A secret is never shown again once saved (a password field). */
  secret: boolean;
}

/** Per type: its kind, the credentials it asks for (in order), the operations it supports, what `marketplace` means. */
export const CHANNEL_ACCOUNT_TYPE_INFO: Record<
  ChannelAccountType,
  {
    kind: AccountKind;
    credentials: readonly CredentialField[];
    operations: readonly ChannelOperation[];
    /** The marketplace field's meaning, or null when the type has none. */
    marketplace: 'MARKETPLACE_ID' | 'SHOP_DOMAIN' | 'SHOP_CIPHER' | null;
    /** The default of `marketplace` for a UK seller. */
    defaultMarketplace: string | null;
    /** Built from documented request shapes, not a published contract. */
    modelledOnly: boolean;
  }
> = {
  AMAZON: {
    kind: 'CHANNEL',
    credentials: [
      { name: 'clientId', secret: false },
      { name: 'clientSecret', secret: true },
      { name: 'refreshToken', secret: true },
      { name: 'sellerId', secret: false },
    ],
    operations: ['ORDERS', 'SHIPMENTS', 'STOCK', 'REFUNDS', 'INVOICES', 'FBA_INVENTORY'],
    marketplace: 'MARKETPLACE_ID',
    defaultMarketplace: 'A1F83G8C2ARO7P',
    modelledOnly: false,
  },
  EBAY: {
    kind: 'CHANNEL',
    credentials: [
      { name: 'clientId', secret: false },
      { name: 'clientSecret', secret: true },
      { name: 'refreshToken', secret: true },
    ],
    operations: ['ORDERS', 'SHIPMENTS', 'STOCK', 'REFUNDS', 'RETURNS'],
    marketplace: 'MARKETPLACE_ID',
    defaultMarketplace: 'EBAY_GB',
    modelledOnly: false,
  },
  SHOPIFY: {
    kind: 'CHANNEL',
    credentials: [{ name: 'accessToken', secret: true }],
    operations: ['ORDERS', 'SHIPMENTS', 'STOCK', 'REFUNDS', 'RETURNS'],
    marketplace: 'SHOP_DOMAIN',
    defaultMarketplace: null,
    modelledOnly: false,
  },
  TIKTOK: {
    kind: 'CHANNEL',
    credentials: [
      { name: 'appKey', secret: false },
      { name: 'appSecret', secret: true },
      { name: 'accessToken', secret: true },
    ],
    operations: ['ORDERS', 'SHIPMENTS', 'STOCK'],
    marketplace: 'SHOP_CIPHER',
    defaultMarketplace: null,
    modelledOnly: true,
  },
  ROYAL_MAIL: {
    kind: 'CARRIER',
    credentials: [{ name: 'apiKey', secret: true }],
    operations: ['LABELS', 'TRACKING'],
    marketplace: null,
    defaultMarketplace: null,
    modelledOnly: false,
  },
  PARCELFORCE: {
    kind: 'CARRIER',
    credentials: [
      { name: 'username', secret: false },
      { name: 'password', secret: true },
      { name: 'accountNumber', secret: false },
      { name: 'contractNumber', secret: false },
    ],
    operations: ['LABELS', 'TRACKING'],
    marketplace: null,
    defaultMarketplace: null,
    modelledOnly: false,
  },
  DHL: {
    kind: 'CARRIER',
    credentials: [
      { name: 'clientId', secret: false },
      { name: 'clientSecret', secret: true },
      { name: 'accountNumber', secret: false },
    ],
    operations: ['LABELS', 'TRACKING'],
    marketplace: null,
    defaultMarketplace: null,
    modelledOnly: true,
  },
  DPD: {
    kind: 'CARRIER',
    credentials: [
      { name: 'username', secret: false },
      { name: 'password', secret: true },
      { name: 'accountNumber', secret: false },
    ],
    operations: ['LABELS', 'TRACKING'],
    marketplace: null,
    defaultMarketplace: null,
    modelledOnly: true,
  },
};

export const ChannelAccountErrorCode = {
  CHANNEL_ACCOUNT_NAME_TAKEN: 'CHANNEL_ACCOUNT_NAME_TAKEN',
  /** An update that names another type than the account's: a type is chosen once, at creation. */
  CHANNEL_ACCOUNT_TYPE_FIXED: 'CHANNEL_ACCOUNT_TYPE_FIXED',
  /** A base address override by someone who is not an administrator. */
  CHANNEL_ACCOUNT_BASE_URL_ADMIN_ONLY: 'CHANNEL_ACCOUNT_BASE_URL_ADMIN_ONLY',
  /** A production account's base address that is not https. */
  CHANNEL_ACCOUNT_BASE_URL_NOT_HTTPS: 'CHANNEL_ACCOUNT_BASE_URL_NOT_HTTPS',
  /** A credential field the type does not have. */
  CHANNEL_ACCOUNT_CREDENTIAL_UNKNOWN: 'CHANNEL_ACCOUNT_CREDENTIAL_UNKNOWN',
  /** An operation the type cannot do. */
  CHANNEL_ACCOUNT_OPERATION_UNSUPPORTED: 'CHANNEL_ACCOUNT_OPERATION_UNSUPPORTED',
  /** The stored credentials cannot be opened with this server's key. */
  CHANNEL_ACCOUNT_CREDENTIALS_UNREADABLE: 'CHANNEL_ACCOUNT_CREDENTIALS_UNREADABLE',
  /** Test connection or Run now on an account that lacks a credential the call needs. */
  CHANNEL_ACCOUNT_CREDENTIALS_MISSING: 'CHANNEL_ACCOUNT_CREDENTIALS_MISSING',
  /** The operation is switched off for this account, or the account is disabled. */
  CHANNEL_ACCOUNT_OPERATION_OFF: 'CHANNEL_ACCOUNT_OPERATION_OFF',
  /** A warehouse chosen in the account's settings does not exist. */
  WAREHOUSE_NOT_FOUND: 'WAREHOUSE_NOT_FOUND',
} as const;

export const POLL_MINUTES_MIN = 1;
export const POLL_MINUTES_MAX = 1440;
export const ACCOUNT_LOCATIONS_MAX = 20;
export const CARRIER_CODE_MAPPINGS_MAX = 50;
export const CREDENTIAL_MAX_LENGTH = 4000;
export const BASE_URL_MAX_LENGTH = 300;

const AccountName = singleLine(z.string().trim().min(1, 'a name is required').max(100, 'at most 100 characters'));
const ShortText = singleLine(z.string().trim().max(200, 'at most 200 characters'));

/** Stock held back from a channel: N units, or a percentage of what is available (rounded down to whole units). */
export const StockBuffer = z
  .object({
    mode: z.enum(['NONE', 'UNITS', 'PERCENT']),
    value: z.number().int('a whole number').min(0, 'not negative').max(100000, 'at most 100,000'),
  })
  .refine((b) => b.mode !== 'PERCENT' || b.value <= 100, {
    message: 'a percentage is at most 100',
    path: ['value'],
  });
export type StockBuffer = z.infer<typeof StockBuffer>;

export const PollMinutes = z.object({
  orders: z.number().int().min(POLL_MINUTES_MIN).max(POLL_MINUTES_MAX),
  returns: z.number().int().min(POLL_MINUTES_MIN).max(POLL_MINUTES_MAX),
  tracking: z.number().int().min(POLL_MINUTES_MIN).max(POLL_MINUTES_MAX),
  stock: z.number().int().min(POLL_MINUTES_MIN).max(POLL_MINUTES_MAX),
});
export type PollMinutes = z.infer<typeof PollMinutes>;
export const DEFAULT_POLL_MINUTES: PollMinutes = { orders: 15, returns: 60, tracking: 60, stock: 15 };

/** Our carrier's code (Shipping Carriers) as this channel names that carrier ("Royal Mail", "RMG", …). */
export const CarrierCodeMapping = z.object({
  carrierCode: ShortText.min(1, 'a carrier code is required'),
  channelCode: ShortText.min(1, "the channel's code is required"),
});
export type CarrierCodeMapping = z.infer<typeof CarrierCodeMapping>;

/**
 * Where an account's stock goes: the channel's API (pushed per listing), or a stock file (.xlsx) produced on the
 * schedule for someone to download and upload to the channel (a store with no public seller API).
 */
export const STOCK_DELIVERIES = ['API', 'FILE'] as const;
export const StockDelivery = z.enum(STOCK_DELIVERIES);
export type StockDelivery = z.infer<typeof StockDelivery>;

export const ChannelAccountSettings = z.object({
  /** The warehouses whose stock this channel sells; empty: all. */
  warehouseIds: z.array(Uuid).max(50),
  /** The channel's own locations (Shopify location id, Amazon fulfilment channel), in order. */
  locations: z.array(ShortText.min(1)).max(ACCOUNT_LOCATIONS_MAX),
  carrierCodes: z.array(CarrierCodeMapping).max(CARRIER_CODE_MAPPINGS_MAX),
  stockBuffer: StockBuffer,
  pollMinutes: PollMinutes,
  operations: z.array(ChannelOperation).max(CHANNEL_OPERATIONS.length),
  /** An account saved before this setting existed reads as API. */
  stockDelivery: StockDelivery,
});
export type ChannelAccountSettings = z.infer<typeof ChannelAccountSettings>;

export const ChannelAccount = z
  .object({
    id: Uuid,
    type: ChannelAccountType,
    kind: z.enum(['CHANNEL', 'CARRIER']),
    name: z.string(),
    environment: ChannelEnvironment,
    marketplace: z.string().nullable(),
    /** The overridden base address, or null for the provider's own. */
    baseUrl: z.string().nullable(),
    /** The address calls go to. */
    effectiveBaseUrl: z.string(),
    enabled: z.boolean(),
    /** Which credential fields are set; never their values. */
    credentials: z.array(z.object({ name: z.string(), secret: z.boolean(), set: z.boolean() })),
    settings: ChannelAccountSettings,
    lastTest: z.object({ at: z.string(), ok: z.boolean(), message: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ChannelAccount' });
export type ChannelAccount = z.infer<typeof ChannelAccount>;

const BaseUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(BASE_URL_MAX_LENGTH, `at most ${BASE_URL_MAX_LENGTH} characters`)
    .refine(
      (v) => /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:\/[^\s?#@]*)?$/i.test(v),
      'an http:// or https:// address without credentials or query',
    )
    .nullable(),
);

export const ChannelAccountInput = z.object({
  type: ChannelAccountType,
  name: AccountName,
  environment: ChannelEnvironment.default('PRODUCTION'),
  marketplace: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    ShortText.nullable().default(null),
  ),
  baseUrl: BaseUrl.default(null),
  enabled: z.boolean().default(true),
  /**
   * Credential values to set, by field name. A field left out keeps its stored value; an empty text clears it.
   * Never answered back.
   */
  credentials: z
    .record(z.string().max(50), z.string().max(CREDENTIAL_MAX_LENGTH, `at most ${CREDENTIAL_MAX_LENGTH} characters`))
    .default({}),
  settings: ChannelAccountSettings.partial().default({}),
});
export type ChannelAccountInput = z.input<typeof ChannelAccountInput>;

export const ChannelAccountFilter = z.object({
  search: z.string().trim().max(100).optional(),
  type: ChannelAccountType.optional(),
  kind: z.enum(['CHANNEL', 'CARRIER']).optional(),
  enabled: z.enum(['true', 'false']).optional(),
});
export const ChannelAccountListQuery = PageQuery.extend(ChannelAccountFilter.shape);
export type ChannelAccountListQuery = z.infer<typeof ChannelAccountListQuery>;
export const CHANNEL_ACCOUNT_SORTS = ['name', 'type', 'updatedAt'] as const;

export const ConnectionTestResult = z
  .object({ ok: z.boolean(), message: z.string(), at: z.string(), durationMs: z.number().int() })
  .meta({ id: 'ConnectionTestResult' });
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>;

const IdParams = z.object({ id: Uuid });

export const channelAccountsApi = {
  listChannelAccounts: endpoint({
    method: 'GET',
    path: '/api/channel-accounts',
    permission: 'view_api_configuration',
    tag: 'channels',
    summary: 'Channel and carrier accounts, paged; searched by name or marketplace; filtered by type, kind, enabled',
    query: ChannelAccountListQuery,
    response: pageOf(ChannelAccount),
  }),
  getChannelAccount: endpoint({
    method: 'GET',
    path: '/api/channel-accounts/:id',
    permission: 'view_api_configuration',
    tag: 'channels',
    summary: 'One account (credentials only as which fields are set)',
    params: IdParams,
    response: ChannelAccount,
  }),
  createChannelAccount: endpoint({
    method: 'POST',
    path: '/api/channel-accounts',
    permission: 'edit_api_configuration',
    tag: 'channels',
    summary:
      'Create an account; credentials are sealed and never answered; a base address override is for administrators only, https only in production',
    body: ChannelAccountInput,
    response: ChannelAccount,
    status: 201,
    idempotent: true,
  }),
  updateChannelAccount: endpoint({
    method: 'PUT',
    path: '/api/channel-accounts/:id',
    permission: 'edit_api_configuration',
    tag: 'channels',
    summary: 'Change an account (its type stays); credentials left out keep their values, an empty one is cleared',
    params: IdParams,
    body: ChannelAccountInput,
    response: ChannelAccount,
  }),
  deleteChannelAccount: endpoint({
    method: 'DELETE',
    path: '/api/channel-accounts/:id',
    permission: 'edit_api_configuration',
    tag: 'channels',
    summary: 'Delete an account that nothing refers to (409 IN_USE otherwise: disable it instead)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  testChannelAccount: endpoint({
    method: 'POST',
    path: '/api/channel-accounts/:id/test',
    permission: 'edit_api_configuration',
    tag: 'channels',
    summary: "Test connection: the provider's cheapest authenticated call; says in words what failed",
    params: IdParams,
    response: ConnectionTestResult,
  }),
};
