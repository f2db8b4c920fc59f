import { z } from 'zod';
import { CurrencyCode, InterestType } from '../master-data/enumerations.ts';
import { MasterDataCode, MasterDataName } from '../master-data/master-data.ts';
import { Percentage } from '../platform/decimal.ts';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import {
  checkDefaultAddresses,
  normaliseVatNumber,
  PARTNER_ADDRESS_KINDS,
  PostalAddress,
  postalAddressInput,
  settleDefaultAddresses,
  vatNumberIssue,
  vatNumberMessage,
} from './addresses.ts';
import { OptionalEmail, OptionalPhone, optionalText, PARTNER_LIMITS, requiredText } from './fields.ts';

/**
 * Business partners (DOMAIN.md "Master data"): the suppliers and other partners purchasing deals with,
 * with contacts, addresses, VAT number, default currency, payment terms, optional late-payment interest
 * and the consignment flag. Menu "Business Partners", permissions view/add/edit/delete_supplier.
 */
export const BusinessPartnerErrorCode = {
  BUSINESS_PARTNER_CODE_TAKEN: 'BUSINESS_PARTNER_CODE_TAKEN',
} as const;

export const PAYMENT_TERMS_MAX_DAYS = 365;
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const CONTACTS_MAX = 50;
export const PARTNER_ADDRESSES_MAX = 50;

export const PartnerContact = z
  .object({
    id: Uuid,
    name: z.string(),
    role: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    isPrimary: z.boolean(),
  })
  .meta({ id: 'PartnerContact' });
export type PartnerContact = z.infer<typeof PartnerContact>;

export const PartnerContactInput = z.object({
  name: requiredText(PARTNER_LIMITS.contactName, 'a contact needs a name'),
  role: optionalText(PARTNER_LIMITS.contactRole),
  email: OptionalEmail,
  phone: OptionalPhone,
  isPrimary: z.boolean().default(false),
});
export type PartnerContactInput = z.input<typeof PartnerContactInput>;

export const PartnerAddressInput = postalAddressInput(PARTNER_ADDRESS_KINDS);
export type PartnerAddressInput = z.input<typeof PartnerAddressInput>;

/** What list rows and the detail share. */
const partnerFields = {
  id: Uuid,
  code: z.string(),
  name: z.string(),
  /** Upper-case, without spaces, with its country prefix. */
  vatNumber: z.string().nullable(),
  defaultCurrency: CurrencyCode,
  paymentTermsDays: z.number().int(),
  /** Annual rate in percent, e.g. "8.00"; null with the type when no interest is charged. */
  lateInterestRate: z.string().nullable(),
  lateInterestType: InterestType.nullable(),
  isConsignment: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const BusinessPartner = z
  .object({
    ...partnerFields,
    notes: z.string().nullable(),
    contacts: z.array(PartnerContact),
    addresses: z.array(PostalAddress),
  })
  .meta({ id: 'BusinessPartner' });
export type BusinessPartner = z.infer<typeof BusinessPartner>;

/** A row of the list: the partner with its primary contact. */
export const BusinessPartnerSummary = z
  .object({
    ...partnerFields,
    primaryContact: z
      .object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'BusinessPartnerSummary' });
export type BusinessPartnerSummary = z.infer<typeof BusinessPartnerSummary>;

const OptionalVatNumber = optionalText(PARTNER_LIMITS.vatNumber)
  .transform((v) => (v ? normaliseVatNumber(v) : null))
  .superRefine((v, ctx) => {
    const issue = v && vatNumberIssue(v);
    if (v && issue) ctx.addIssue({ code: 'custom', message: vatNumberMessage(issue, v) });
  });

/**
 * A partner as written. Late-payment interest is a rate and a type, both or neither. Contacts and
 * addresses are the whole lists (they replace the stored ones); one contact is primary (the first
 * when none is marked) and each address kind has one default (likewise).
 */
export const BusinessPartnerInput = z
  .object({
    code: MasterDataCode,
    name: MasterDataName,
    vatNumber: OptionalVatNumber,
    defaultCurrency: CurrencyCode.default('GBP'),
    paymentTermsDays: z
      .number()
      .int('payment terms are whole days')
      .min(0, 'payment terms cannot be negative')
      .max(PAYMENT_TERMS_MAX_DAYS, `payment terms are at most ${PAYMENT_TERMS_MAX_DAYS} days`)
      .default(DEFAULT_PAYMENT_TERMS_DAYS),
    lateInterestRate: Percentage.refine((v) => /[1-9]/.test(v), 'an interest rate is more than zero')
      .nullish()
      .transform((v) => v ?? null),
    lateInterestType: InterestType.nullish().transform((v) => v ?? null),
    isConsignment: z.boolean().default(false),
    active: z.boolean().default(true),
    notes: optionalText(PARTNER_LIMITS.notes),
    contacts: z.array(PartnerContactInput).max(CONTACTS_MAX, `at most ${CONTACTS_MAX} contacts`).default([]),
    addresses: z
      .array(PartnerAddressInput)
      .max(PARTNER_ADDRESSES_MAX, `at most ${PARTNER_ADDRESSES_MAX} addresses`)
      .default([]),
  })
  .superRefine((p, ctx) => {
    if (p.lateInterestRate !== null && p.lateInterestType === null)
      ctx.addIssue({
        code: 'custom',
        path: ['lateInterestType'],
        message: 'late-payment interest needs its type as well as its rate',
      });
    if (p.lateInterestRate === null && p.lateInterestType !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['lateInterestRate'],
        message: 'late-payment interest needs its rate as well as its type',
      });
    const primaries = p.contacts.flatMap((c, i) => (c.isPrimary ? [i] : []));
    for (const i of primaries.slice(1))
      ctx.addIssue({ code: 'custom', path: ['contacts', i, 'isPrimary'], message: 'only one contact can be primary' });
    checkDefaultAddresses(p.addresses, ctx);
  })
  .transform((p) => ({
    ...p,
    contacts: p.contacts.map((c, i) => ({
      ...c,
      isPrimary: p.contacts.some((x) => x.isPrimary) ? c.isPrimary : i === 0,
    })),
    addresses: settleDefaultAddresses(p.addresses),
  }));
export type BusinessPartnerInput = z.input<typeof BusinessPartnerInput>;
export type BusinessPartnerValues = z.output<typeof BusinessPartnerInput>;

/** Search (code, name, VAT number, a contact's e-mail), filters and sort: what the list and its export share. */
export const BusinessPartnerFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  active: z.enum(['true', 'false']).optional(),
  consignment: z.enum(['true', 'false']).optional(),
  currency: CurrencyCode.optional(),
});
export type BusinessPartnerFilter = z.infer<typeof BusinessPartnerFilter>;
export const BusinessPartnerListQuery = PageQuery.extend(BusinessPartnerFilter.shape);
export type BusinessPartnerListQuery = z.infer<typeof BusinessPartnerListQuery>;

/** Sortable fields of the business partner list. */
export const BUSINESS_PARTNER_SORTS = ['code', 'name', 'paymentTermsDays', 'updatedAt'] as const;

const IdParams = z.object({ id: Uuid });
const TAG = 'partners';

export const businessPartnersApi = {
  listBusinessPartners: endpoint({
    method: 'GET',
    path: '/api/business-partners',
    permission: 'view_supplier',
    tag: TAG,
    summary:
      'Business partners, paged; search by code, name, VAT number or a contact e-mail; filter by active, consignment, currency; sort code, name, paymentTermsDays or updatedAt',
    query: BusinessPartnerListQuery,
    response: pageOf(BusinessPartnerSummary),
  }),
  exportBusinessPartners: endpoint({
    method: 'GET',
    path: '/api/business-partners/export',
    permission: 'view_supplier',
    tag: TAG,
    summary: 'The business partners of a filter as an .xlsx file (every page, at most 100 000 rows)',
    query: BusinessPartnerFilter,
    response: z.unknown(),
  }),
  getBusinessPartner: endpoint({
    method: 'GET',
    path: '/api/business-partners/:id',
    permission: 'view_supplier',
    tag: TAG,
    summary: 'One business partner with its contacts and addresses',
    params: IdParams,
    response: BusinessPartner,
  }),
  createBusinessPartner: endpoint({
    method: 'POST',
    path: '/api/business-partners',
    permission: 'add_supplier',
    tag: TAG,
    summary: 'Create a business partner with its contacts and addresses (its code is unique, whatever the case)',
    body: BusinessPartnerInput,
    response: BusinessPartner,
    status: 201,
    idempotent: true,
  }),
  updateBusinessPartner: endpoint({
    method: 'PUT',
    path: '/api/business-partners/:id',
    permission: 'edit_supplier',
    tag: TAG,
    summary: 'Change a business partner; its contacts and addresses are replaced by those given',
    params: IdParams,
    body: BusinessPartnerInput,
    response: BusinessPartner,
  }),
  deleteBusinessPartner: endpoint({
    method: 'DELETE',
    path: '/api/business-partners/:id',
    permission: 'delete_supplier',
    tag: TAG,
    summary: 'Delete a business partner nothing refers to (409 IN_USE otherwise: deactivate it instead)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
