import {
  ALL_PERMISSIONS,
  CHANNEL_ACCOUNT_TYPE_INFO,
  type ChannelAccount,
  type ChannelAccountInput,
  type ChannelAccountType,
  type ChannelEnvironment,
  type ChannelOperation,
  DEFAULT_POLL_MINUTES,
  type PollMinutes,
  type StockBuffer,
  type StockDelivery,
} from '@backoffice/contracts';
import type { FieldPath } from '../../../shared/ui/kit/form-errors.ts';

/** The form mirrors the request's body, so the server's issue paths name its fields as they are. */
export interface AccountFormValues {
  /** Chosen once, on a new account; none until then. */
  type: ChannelAccountType | undefined;
  name: string;
  environment: ChannelEnvironment;
  marketplace: string;
  enabled: boolean;
  /** What was typed per credential field; empty keeps what is saved. */
  credentials: Record<string, string>;
  baseUrl: string;
  settings: {
    warehouseIds: string[];
    locations: string[];
    carrierCodes: { carrierCode: string; channelCode: string }[];
    stockBuffer: { mode: StockBuffer['mode']; value: number | null };
    pollMinutes: Record<keyof PollMinutes, number | null>;
    operations: ChannelOperation[];
    stockDelivery: StockDelivery;
  };
}

export const STOCK_BUFFER_MODES = ['NONE', 'UNITS', 'PERCENT'] as const;
export const POLL_KINDS = ['orders', 'returns', 'tracking', 'stock'] as const satisfies readonly (keyof PollMinutes)[];

/** Which operation each polling interval serves: an interval is offered only when the type can do its operation. */
const POLL_OPERATION: Record<keyof PollMinutes, ChannelOperation> = {
  orders: 'ORDERS',
  returns: 'RETURNS',
  tracking: 'TRACKING',
  stock: 'STOCK',
};

export function pollKindsOf(type: ChannelAccountType): (keyof PollMinutes)[] {
  const operations = CHANNEL_ACCOUNT_TYPE_INFO[type].operations;
  return POLL_KINDS.filter((kind) => operations.includes(POLL_OPERATION[kind]));
}

/** An administrator holds every permission of the catalogue: the only one who may change where calls go. */
export function isAdministrator(held: ReadonlySet<string>): boolean {
  return ALL_PERMISSIONS.every((permission) => held.has(permission));
}

/** The values of a new account, before its type is chosen. */
export function newAccountValues(): AccountFormValues {
  return {
    type: undefined,
    name: '',
    environment: 'PRODUCTION',
    marketplace: '',
    enabled: true,
    credentials: {},
    baseUrl: '',
    settings: {
      warehouseIds: [],
      locations: [],
      carrierCodes: [],
      stockBuffer: { mode: 'NONE', value: 0 },
      pollMinutes: { ...DEFAULT_POLL_MINUTES },
      operations: [],
      stockDelivery: 'API',
    },
  };
}

/** A saved account's values; credentials start empty, since the server never answers them. */
export function accountValues(account: ChannelAccount): AccountFormValues {
  const { settings } = account;
  return {
    type: account.type,
    name: account.name,
    environment: account.environment,
    marketplace: account.marketplace ?? '',
    enabled: account.enabled,
    credentials: {},
    baseUrl: account.baseUrl ?? '',
    settings: {
      warehouseIds: [...settings.warehouseIds],
      locations: [...settings.locations],
      carrierCodes: settings.carrierCodes.map((m) => ({ ...m })),
      stockBuffer: { ...settings.stockBuffer },
      pollMinutes: { ...settings.pollMinutes },
      operations: [...settings.operations],
      stockDelivery: settings.stockDelivery ?? 'API',
    },
  };
}

/**
 * Another type chosen for a new account: its credential fields start empty, its operations are all the type's, and
 * the marketplace is the type's default again (shown as the placeholder).
 */
export function withType(values: AccountFormValues, type: ChannelAccountType): AccountFormValues {
  return {
    ...values,
    type,
    marketplace: '',
    credentials: Object.fromEntries(CHANNEL_ACCOUNT_TYPE_INFO[type].credentials.map((f) => [f.name, ''])),
    settings: { ...values.settings, operations: [...CHANNEL_ACCOUNT_TYPE_INFO[type].operations] },
  };
}

/** The credential fields a saved account still lacks, in the type's order. */
export function missingCredentials(account: Pick<ChannelAccount, 'credentials'>): string[] {
  return account.credentials.filter((c) => !c.set).map((c) => c.name);
}

/**
 * What the save sends. Credentials are write-only, so only what changed goes: a typed value replaces the saved one,
 * a field the reader cleared goes as "" (which clears it), and a field left empty is left out (kept). The base
 * address is the reader's only when they are an administrator; anyone else sends the saved one back unchanged.
 */
export function accountBody(
  values: AccountFormValues,
  options: { type: ChannelAccountType; saved: ChannelAccount | null; cleared: ReadonlySet<string>; isAdmin: boolean },
): ChannelAccountInput {
  const { type, saved, cleared, isAdmin } = options;
  const info = CHANNEL_ACCOUNT_TYPE_INFO[type];
  const credentials: Record<string, string> = {};
  for (const field of info.credentials) {
    // Pasted keys often carry a stray space or line break at either end; no provider's key starts or ends with one.
    const typed = (values.credentials?.[field.name] ?? '').trim();
    if (typed) credentials[field.name] = typed;
    else if (saved && cleared.has(field.name)) credentials[field.name] = '';
  }
  const settings = values.settings;
  const buffer = settings.stockBuffer;
  const poll = settings.pollMinutes;
  return {
    type,
    name: values.name.trim(),
    environment: values.environment,
    marketplace: info.marketplace ? values.marketplace.trim() || null : null,
    baseUrl: isAdmin ? values.baseUrl.trim() || null : (saved?.baseUrl ?? null),
    enabled: values.enabled,
    credentials,
    settings: {
      warehouseIds: [...settings.warehouseIds],
      locations: [...new Set(settings.locations.map((l) => l.trim()).filter(Boolean))],
      carrierCodes: settings.carrierCodes.map((m) => ({
        carrierCode: m.carrierCode.trim(),
        channelCode: m.channelCode.trim(),
      })),
      stockBuffer: { mode: buffer.mode, value: buffer.mode === 'NONE' ? 0 : (buffer.value ?? 0) },
      pollMinutes: {
        orders: poll.orders ?? DEFAULT_POLL_MINUTES.orders,
        returns: poll.returns ?? DEFAULT_POLL_MINUTES.returns,
        tracking: poll.tracking ?? DEFAULT_POLL_MINUTES.tracking,
        stock: poll.stock ?? DEFAULT_POLL_MINUTES.stock,
      },
      operations: info.operations.filter((o) => settings.operations.includes(o)),
      stockDelivery: settings.stockDelivery ?? 'API',
    },
  };
}

/**
 * The form field a server issue belongs to: warehouses, locations and operations are each one field, so an issue
 * about one of their entries goes under the whole list.
 */
export function formFieldOf(name: FieldPath): FieldPath {
  const whole = ['warehouseIds', 'locations', 'operations'];
  return name[0] === 'settings' && typeof name[1] === 'string' && whole.includes(name[1]) ? name.slice(0, 2) : name;
}

/** A base address as the server takes it: http(s), a host, maybe a port and a path; no user, query or fragment. */
export const BASE_URL_PATTERN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:\/[^\s?#@]*)?$/i;
