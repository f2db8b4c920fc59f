import { z } from 'zod';
import { CurrencyCode } from '../master-data/enumerations.ts';
import { normaliseVatNumber, PARTNER_PHONE_PATTERN, vatNumberProblem } from '../partners/addresses.ts';
import { Percentage } from '../platform/decimal.ts';
import { endpoint } from '../platform/endpoint.ts';
import { Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';
import { ADDRESS_LINE_MAX_LENGTH, CITY_MAX_LENGTH, CountryCode, POSTCODE_MAX_LENGTH } from '../warehouses/countries.ts';
import { DOCUMENT_KINDS, type DocumentKind, DocumentNumberFormat } from './document-numbers.ts';

export const ConfigurationErrorCode = {
  /** The base currency cannot change (see FINANCE_SETTING_FIELDS.baseCurrency). */
  BASE_CURRENCY_LOCKED: 'BASE_CURRENCY_LOCKED',
  PERIOD_LOCK_DATE_IN_FUTURE: 'PERIOD_LOCK_DATE_IN_FUTURE',
  /** A posting dated on or before the period lock date. */
  PERIOD_LOCKED: 'PERIOD_LOCKED',
  DOCUMENT_NUMBER_FORMAT_DUPLICATE: 'DOCUMENT_NUMBER_FORMAT_DUPLICATE',
  UNKNOWN_WAREHOUSE: 'UNKNOWN_WAREHOUSE',
  WAREHOUSE_INACTIVE: 'WAREHOUSE_INACTIVE',
} as const;
export type ConfigurationErrorCode = (typeof ConfigurationErrorCode)[keyof typeof ConfigurationErrorCode];

/**
 * The settings come in groups, each saved on its own (one section of the screen). A setting's key is
 * `group.field` (`company.vatNumber`); its value is stored as JSON and checked by the schema below.
 */
export const SETTINGS_GROUPS = ['company', 'finance', 'documentNumbers', 'inventory', 'notifications'] as const;
export const SettingsGroup = z.enum(SETTINGS_GROUPS);
export type SettingsGroup = z.infer<typeof SettingsGroup>;

/** Companies House numbers: 8 digits, or 2 letters (SC, NI, OC …) and 6 digits. */
export const COMPANY_NUMBER_PATTERN = /^(\d{8}|[A-Z]{2}\d{6})$/;
export const EMAIL_LIST_MAX = 50;
export const COMPANY_NAME_MAX_LENGTH = 120;

const EmailAddress = z.string().trim().toLowerCase().max(254).pipe(z.email('not an e-mail address'));

/** A list of e-mail addresses, each once. */
export const EmailList = z
  .array(EmailAddress)
  .max(EMAIL_LIST_MAX, `at most ${EMAIL_LIST_MAX} addresses`)
  .refine((list) => new Set(list).size === list.length, 'an address is listed twice');

/** A real calendar day written YYYY-MM-DD. */
const RealCalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'not a day of the calendar');

const optional = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

/** Each group's fields with their rules: what a change (PATCH) may carry. */
export const COMPANY_SETTING_FIELDS = {
  name: singleLine(z.string().trim().min(1, 'the company has a name').max(COMPANY_NAME_MAX_LENGTH)),
  addressLine1: optional(ADDRESS_LINE_MAX_LENGTH),
  addressLine2: optional(ADDRESS_LINE_MAX_LENGTH),
  city: optional(CITY_MAX_LENGTH),
  postcode: optional(POSTCODE_MAX_LENGTH),
  country: CountryCode,
  vatNumber: z
    .string()
    .transform(normaliseVatNumber)
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : vatNumberProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  companyNumber: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(
      (v) => v === '' || COMPANY_NUMBER_PATTERN.test(v),
      'a company number is 8 digits, or 2 letters and 6 digits',
    ),
  email: z.union([z.literal(''), EmailAddress]),
  phone: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ' '))
    .refine((v) => v === '' || PARTNER_PHONE_PATTERN.test(v), 'a phone number is digits, with an optional + first'),
};
export const FINANCE_SETTING_FIELDS = {
  /**
   * GBP, read-only: the books, stock values and every exchange rate (kept to GBP, DOMAIN.md) are in it,
   * so another value is refused with 409 BASE_CURRENCY_LOCKED; sending the current one is no change.
   */
  baseCurrency: CurrencyCode,
  defaultVatRate: Percentage,
  /** Days a supplier gives to pay, for partners without terms of their own. */
  defaultPaymentTermsDays: z.number().int().min(0).max(365),
  /** Postings dated on or before this day are refused; null: no period is locked. */
  periodLockDate: RealCalendarDay.nullable(),
};
export const DOCUMENT_NUMBER_SETTING_FIELDS = Object.fromEntries(
  DOCUMENT_KINDS.map((kind) => [kind, DocumentNumberFormat]),
) as Record<DocumentKind, typeof DocumentNumberFormat>;
export const INVENTORY_SETTING_FIELDS = {
  /** The warehouse documents start with; an active warehouse or null. */
  defaultWarehouseId: Uuid.nullable(),
};
export const NOTIFICATION_SETTING_FIELDS = {
  /** Told when a purchase invoice is settled; null goes back to the environment's list. */
  settlementRecipients: EmailList.nullable(),
  /** Whether a product falling to its reorder point is reported by e-mail. */
  lowStockAlerts: z.boolean(),
  lowStockRecipients: EmailList,
};

const atLeastOne = (patch: object) => Object.keys(patch).length > 0;
const patchOf = <S extends z.ZodRawShape>(shape: S) =>
  z.object(shape).partial().strict().refine(atLeastOne, 'change at least one setting');

export const CompanySettingsPatch = patchOf(COMPANY_SETTING_FIELDS);
export type CompanySettingsPatch = z.input<typeof CompanySettingsPatch>;
export const FinanceSettingsPatch = patchOf(FINANCE_SETTING_FIELDS);
export type FinanceSettingsPatch = z.input<typeof FinanceSettingsPatch>;
export const DocumentNumberSettingsPatch = patchOf(DOCUMENT_NUMBER_SETTING_FIELDS);
export type DocumentNumberSettingsPatch = z.input<typeof DocumentNumberSettingsPatch>;
export const InventorySettingsPatch = patchOf(INVENTORY_SETTING_FIELDS);
export type InventorySettingsPatch = z.input<typeof InventorySettingsPatch>;
export const NotificationSettingsPatch = patchOf(NOTIFICATION_SETTING_FIELDS);
export type NotificationSettingsPatch = z.input<typeof NotificationSettingsPatch>;

/** The settings as they are in force (saved, else the default). */
export const CompanySettings = z.object({
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  vatNumber: z.string(),
  companyNumber: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type CompanySettings = z.infer<typeof CompanySettings>;
export const FinanceSettings = z.object({
  baseCurrency: CurrencyCode,
  defaultVatRate: z.string(),
  defaultPaymentTermsDays: z.number().int(),
  periodLockDate: z.string().nullable(),
});
export type FinanceSettings = z.infer<typeof FinanceSettings>;
export const DocumentNumberSettings = z.object(
  Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, z.string()])) as Record<DocumentKind, z.ZodString>,
);
export type DocumentNumberSettings = z.infer<typeof DocumentNumberSettings>;
export const InventorySettings = z.object({ defaultWarehouseId: Uuid.nullable() });
export type InventorySettings = z.infer<typeof InventorySettings>;
export const NotificationSettings = z.object({
  settlementRecipients: z.array(z.string()),
  lowStockAlerts: z.boolean(),
  lowStockRecipients: z.array(z.string()),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export interface SettingsGroups {
  company: CompanySettings;
  finance: FinanceSettings;
  documentNumbers: DocumentNumberSettings;
  inventory: InventorySettings;
  notifications: NotificationSettings;
}

export const SystemConfiguration = z
  .object({
    company: CompanySettings,
    finance: FinanceSettings,
    documentNumbers: DocumentNumberSettings,
    inventory: InventorySettings,
    notifications: NotificationSettings,
    /** Facts that decide what may change, and what the next numbers would be. */
    status: z.object({
      /** Whether the base currency is fixed: always, as the books are kept in GBP. */
      baseCurrencyLocked: z.boolean(),
      /** Where the settlement recipients come from: saved here, or the SETTLEMENT_NOTIFICATION_RECIPIENTS variable. */
      settlementRecipientsSource: z.enum(['saved', 'environment']),
      /** The default warehouse's code and name, when one is set. */
      defaultWarehouse: z.object({ id: Uuid, code: z.string(), name: z.string(), active: z.boolean() }).nullable(),
      /** Today in the UK, and the number the next document of each kind would get today. */
      today: z.string(),
      nextDocumentNumbers: z.record(z.string(), z.string()),
      /** The sequence the next document of each kind would get this year (for previews of a changed format). */
      nextSequences: z.record(z.string(), z.string()),
    }),
  })
  .meta({ id: 'SystemConfiguration' });
export type SystemConfiguration = z.infer<typeof SystemConfiguration>;

const patchEndpoint = <const P extends string, B extends z.ZodType>(path: P, group: string, body: B) =>
  endpoint({
    method: 'PATCH',
    path: `/api/system-configuration/${path}` as const,
    permission: 'edit_system_configuration',
    tag: 'configuration',
    summary: `Change some or all of the ${group} settings (the fields given; the others stay). Audited with before and after`,
    body,
    response: SystemConfiguration,
  });

export const systemConfigurationApi = {
  getSystemConfiguration: endpoint({
    method: 'GET',
    path: '/api/system-configuration',
    permission: 'view_system_configuration',
    tag: 'configuration',
    summary: 'Every setting, grouped, as in force (saved or default), with what decides what may change',
    response: SystemConfiguration,
  }),
  updateCompanySettings: patchEndpoint('company', 'company', CompanySettingsPatch),
  updateFinanceSettings: patchEndpoint('finance', 'finance', FinanceSettingsPatch),
  updateDocumentNumberSettings: patchEndpoint(
    'document-numbers',
    'document number format',
    DocumentNumberSettingsPatch,
  ),
  updateInventorySettings: patchEndpoint('inventory', 'inventory', InventorySettingsPatch),
  updateNotificationSettings: patchEndpoint('notifications', 'notification', NotificationSettingsPatch),
};
