import {
  addressPostcodeProblem,
  BASE_CURRENCY,
  CompanySettings,
  ConfigurationErrorCode,
  calendarDayText,
  DEFAULT_COUNTRY,
  DEFAULT_DOCUMENT_NUMBER_FORMATS,
  DOCUMENT_KINDS,
  DocumentNumberSettings,
  FinanceSettings,
  formatDocumentNumber,
  InventorySettings,
  NotificationSettings,
  normaliseAddressPostcode,
  type SettingsGroup,
  type SettingsGroups,
  type SystemConfiguration,
  ukCalendarDay,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import * as repo from './settings.repository.ts';

/** What the environment supplies as defaults (README: SETTLEMENT_NOTIFICATION_RECIPIENTS). */
export interface SettingsEnvironment {
  settlementNotificationRecipients: readonly string[];
}
export const environmentOf = (config: Pick<Config, 'web'>): SettingsEnvironment => ({
  settlementNotificationRecipients: config.web.settlementNotificationRecipients,
});
const NO_ENVIRONMENT: SettingsEnvironment = { settlementNotificationRecipients: [] };

/** Every setting's value when none is saved. */
export function defaultSettings(env: SettingsEnvironment = NO_ENVIRONMENT): SettingsGroups {
  return {
    company: {
      name: '',
      addressLine1: '',
      addressLine2: '',
      city: '',
      postcode: '',
      country: DEFAULT_COUNTRY,
      vatNumber: '',
      companyNumber: '',
      email: '',
      phone: '',
    },
    finance: {
      baseCurrency: BASE_CURRENCY,
      defaultVatRate: '20.00',
      defaultPaymentTermsDays: 30,
      periodLockDate: null,
    },
    documentNumbers: { ...DEFAULT_DOCUMENT_NUMBER_FORMATS },
    inventory: { defaultWarehouseId: null },
    notifications: {
      settlementRecipients: [...env.settlementNotificationRecipients],
      lowStockAlerts: false,
      lowStockRecipients: [],
    },
  };
}

/** How a saved value is read back: a value that no longer fits its setting falls back to the default. */
const STORED: { [G in SettingsGroup]: z.ZodObject } = {
  company: CompanySettings,
  finance: FinanceSettings,
  documentNumbers: DocumentNumberSettings,
  inventory: InventorySettings,
  notifications: NotificationSettings,
};

/** One group's settings in force: saved values over the defaults. */
export async function getSettingsGroup<G extends SettingsGroup>(
  db: Kysely<Database>,
  group: G,
  env: SettingsEnvironment = NO_ENVIRONMENT,
): Promise<SettingsGroups[G]> {
  const saved = await repo.loadSettings(db, `${group}.`);
  const values: Record<string, unknown> = { ...defaultSettings(env)[group] };
  for (const [field, schema] of Object.entries(STORED[group].shape)) {
    const key = `${group}.${field}`;
    if (!saved.has(key)) continue;
    const parsed = (schema as z.ZodType).safeParse(saved.get(key));
    if (parsed.success) values[field] = parsed.data;
  }
  return values as SettingsGroups[G];
}

/** Every setting, grouped, with the facts that decide what may change. */
export async function getSystemConfiguration(
  db: Kysely<Database>,
  env: SettingsEnvironment,
): Promise<SystemConfiguration> {
  const [company, finance, documentNumbers, inventory, notifications] = [
    await getSettingsGroup(db, 'company', env),
    await getSettingsGroup(db, 'finance', env),
    await getSettingsGroup(db, 'documentNumbers', env),
    await getSettingsGroup(db, 'inventory', env),
    await getSettingsGroup(db, 'notifications', env),
  ];
  const today = ukCalendarDay();
  const last = await repo.lastSequences(db, today.year);
  const nextDocumentNumbers: Record<string, string> = {};
  const nextSequences: Record<string, string> = {};
  for (const kind of DOCUMENT_KINDS) {
    const sequence = new Decimal(last.get(kind) ?? '0').plus(1).toFixed(0);
    nextSequences[kind] = sequence;
    nextDocumentNumbers[kind] = formatDocumentNumber(documentNumbers[kind], today, sequence);
  }
  const savedRecipients = await repo.loadSettings(db, 'notifications.settlementRecipients');
  const warehouse = inventory.defaultWarehouseId
    ? await repo.findWarehouseSummary(db, inventory.defaultWarehouseId)
    : undefined;
  return {
    company,
    finance,
    documentNumbers,
    inventory,
    notifications,
    status: {
      baseCurrencyLocked: true,
      settlementRecipientsSource: savedRecipients.size ? 'saved' : 'environment',
      defaultWarehouse: warehouse ?? null,
      today: calendarDayText(today),
      nextDocumentNumbers,
      nextSequences,
    },
  };
}

/** 400 VALIDATION_FAILED in the shape the platform answers schema failures with. */
function invalid(field: string, message: string) {
  return badRequest('VALIDATION_FAILED', `Some values are not valid: ${field}: ${message}`, {
    issues: [{ path: `body.${field}`, message }],
  });
}

type Patch = Record<string, unknown>;

/** Settings whose default comes from the environment: null forgets the saved value. */
const FORGETTABLE = new Set(['notifications.settlementRecipients']);

/** The rules that look at several settings, or at other data, applied to the group as it would become. */
const GROUP_RULES: {
  [G in SettingsGroup]: (ctx: Ctx, next: SettingsGroups[G], before: SettingsGroups[G], patch: Patch) => Promise<void>;
} = {
  async company(_ctx, next) {
    if (!next.postcode) return;
    const problem = addressPostcodeProblem(next.postcode, next.country);
    if (problem) throw invalid('postcode', problem);
    next.postcode = normaliseAddressPostcode(next.postcode, next.country);
  },
  async finance(ctx, next, before) {
    if (next.baseCurrency !== before.baseCurrency) {
      const documents = await repo.countIssuedNumbers(ctx.db);
      throw conflict(
        ConfigurationErrorCode.BASE_CURRENCY_LOCKED,
        `The base currency is ${before.baseCurrency} and cannot be changed: the books are kept in it, every exchange rate is recorded against it, and every amount booked (stock values, invoices, settlements) is in it. Another base currency would change what those amounts mean.`,
        { baseCurrency: before.baseCurrency, documents },
      );
    }
    next.defaultVatRate = new Decimal(next.defaultVatRate).toFixed(2);
    const today = calendarDayText(ukCalendarDay());
    if (next.periodLockDate && next.periodLockDate !== before.periodLockDate && next.periodLockDate > today)
      throw unprocessable(
        ConfigurationErrorCode.PERIOD_LOCK_DATE_IN_FUTURE,
        `A period can be locked only once it has ended: choose ${today} or earlier.`,
        { periodLockDate: next.periodLockDate, today },
      );
  },
  async documentNumbers(_ctx, next) {
    const seen = new Map<string, string>();
    for (const kind of DOCUMENT_KINDS) {
      const format = next[kind].toUpperCase();
      const other = seen.get(format);
      if (other)
        throw badRequest(
          ConfigurationErrorCode.DOCUMENT_NUMBER_FORMAT_DUPLICATE,
          `Two kinds of document would get the same numbers (${other} and ${kind}): give each its own format.`,
          { kinds: [other, kind], format: next[kind] },
        );
      seen.set(format, kind);
    }
  },
  async inventory(ctx, next, before) {
    const id = next.defaultWarehouseId;
    if (!id || id === before.defaultWarehouseId) return;
    // A share lock: the warehouse cannot be deleted before this reference to it is committed.
    const warehouse = await repo.findWarehouseSummary(ctx.db, id, true);
    if (!warehouse)
      throw unprocessable(ConfigurationErrorCode.UNKNOWN_WAREHOUSE, 'The chosen warehouse does not exist.', {
        warehouseId: id,
      });
    if (!warehouse.active)
      throw unprocessable(
        ConfigurationErrorCode.WAREHOUSE_INACTIVE,
        `Warehouse "${warehouse.code}" is inactive; the default warehouse must be active.`,
        { warehouseId: id, code: warehouse.code },
      );
  },
  async notifications(_ctx, next) {
    if (next.lowStockAlerts && next.lowStockRecipients.length === 0)
      throw invalid('lowStockRecipients', 'low-stock alerts need at least one recipient');
  },
};

/**
 * Changes the given settings of one group: checks the group as it would become, saves each given
 * setting (null for the settlement recipients forgets the saved list: the environment's applies
 * again), and audits the group before and after.
 */
export async function updateSettingsGroup<G extends SettingsGroup>(
  ctx: Ctx,
  env: SettingsEnvironment,
  group: G,
  patch: Patch,
): Promise<SystemConfiguration> {
  await repo.lockSettings(ctx.db);
  const before = await getSettingsGroup(ctx.db, group, env);
  const defaults = defaultSettings(env)[group] as Record<string, unknown>;
  const next = { ...before } as Record<string, unknown>;
  const forgotten = new Set<string>();
  for (const [field, value] of Object.entries(patch)) {
    if (value === null && FORGETTABLE.has(`${group}.${field}`)) {
      next[field] = defaults[field];
      forgotten.add(field);
    } else next[field] = value;
  }
  await GROUP_RULES[group](ctx, next as SettingsGroups[G], before, patch);
  for (const field of Object.keys(patch)) {
    const key = `${group}.${field}`;
    if (forgotten.has(field)) await repo.forgetSetting(ctx.db, key);
    else await repo.saveSetting(ctx.db, key, next[field], ctx.user.id);
  }
  const after = await getSettingsGroup(ctx.db, group, env);
  await ctx.audit({ action: 'update', entity: 'system_configuration', entityId: group, before, after });
  return getSystemConfiguration(ctx.db, env);
}

/** Postings dated on or before this day (YYYY-MM-DD) are refused; null when no period is locked. */
export async function getPeriodLockDate(db: Kysely<Database>): Promise<string | null> {
  return (await getSettingsGroup(db, 'finance')).periodLockDate;
}

/** Refuses (409 PERIOD_LOCKED) a posting dated `date` (YYYY-MM-DD) on or before the period lock date. */
export async function assertPeriodOpen(db: Kysely<Database>, date: string): Promise<void> {
  const lockDate = await getPeriodLockDate(db);
  if (lockDate && date <= lockDate)
    throw conflict(
      ConfigurationErrorCode.PERIOD_LOCKED,
      `The period up to ${lockDate} is locked: nothing dated ${date} can be posted. Date it after ${lockDate}, or ask an administrator to move the lock date.`,
      { date, periodLockDate: lockDate },
    );
}

/** Who is told when a purchase invoice is settled: the saved list, else SETTLEMENT_NOTIFICATION_RECIPIENTS. */
export async function getSettlementNotificationRecipients(
  db: Kysely<Database>,
  config: Pick<Config, 'web'>,
): Promise<string[]> {
  return (await getSettingsGroup(db, 'notifications', environmentOf(config))).settlementRecipients;
}
