import { z } from 'zod';
import { SalesChannel } from '../master-data/enumerations.ts';
import { MasterDataName } from '../master-data/master-data.ts';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import {
  CUSTOMER_ADDRESS_KINDS,
  checkDefaultAddresses,
  PostalAddress,
  postalAddressInput,
  settleDefaultAddresses,
} from './addresses.ts';
import { OptionalEmail, OptionalPhone, optionalText, PARTNER_LIMITS, requiredText } from './fields.ts';

/**
 * Customers (DOMAIN.md "Master data"): name, e-mail, phone, billing and shipping addresses, and the
 * ids sales channels know them by. Permissions view/add/edit/delete_customer.
 *
 * The e-mail address is optional and NOT unique: marketplaces hide buyers' addresses or hand out
 * relay addresses, and a household or a company's buyers may share one. What identifies a customer
 * to a channel is its external id, which is unique per channel across all customers.
 */
export const CustomerErrorCode = {
  CUSTOMER_CHANNEL_ID_TAKEN: 'CUSTOMER_CHANNEL_ID_TAKEN',
} as const;

export const CUSTOMER_ADDRESSES_MAX = 20;
export const CHANNEL_IDS_MAX = 20;

export const CustomerChannelId = z
  .object({ channel: SalesChannel, externalId: z.string() })
  .meta({ id: 'CustomerChannelId' });
export type CustomerChannelId = z.infer<typeof CustomerChannelId>;

export const CustomerChannelIdInput = z.object({
  channel: SalesChannel,
  externalId: requiredText(PARTNER_LIMITS.externalId, 'a channel id needs the id the channel knows the customer by'),
});
export type CustomerChannelIdInput = z.input<typeof CustomerChannelIdInput>;

export const CustomerAddressInput = postalAddressInput(CUSTOMER_ADDRESS_KINDS);
export type CustomerAddressInput = z.input<typeof CustomerAddressInput>;

const customerFields = {
  id: Uuid,
  name: z.string(),
  /** Lower-case; not unique (see above). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
  channelIds: z.array(CustomerChannelId),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const Customer = z
  .object({ ...customerFields, notes: z.string().nullable(), addresses: z.array(PostalAddress) })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof Customer>;

/** A row of the list: the customer with their channel ids and where they live (default shipping address). */
export const CustomerSummary = z
  .object({
    ...customerFields,
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
  })
  .meta({ id: 'CustomerSummary' });
export type CustomerSummary = z.infer<typeof CustomerSummary>;

/**
 * A customer as written. Addresses and channel ids are the whole lists (they replace the stored ones);
 * each address kind has one default (the first when none is marked); a channel id appears once.
 */
export const CustomerInput = z
  .object({
    name: MasterDataName,
    email: OptionalEmail,
    phone: OptionalPhone,
    active: z.boolean().default(true),
    notes: optionalText(PARTNER_LIMITS.notes),
    addresses: z
      .array(CustomerAddressInput)
      .max(CUSTOMER_ADDRESSES_MAX, `at most ${CUSTOMER_ADDRESSES_MAX} addresses`)
      .default([]),
    channelIds: z
      .array(CustomerChannelIdInput)
      .max(CHANNEL_IDS_MAX, `at most ${CHANNEL_IDS_MAX} channel ids`)
      .default([]),
  })
  .superRefine((c, ctx) => {
    checkDefaultAddresses(c.addresses, ctx);
    const seen = new Set<string>();
    c.channelIds.forEach((id, i) => {
      const key = `${id.channel}\u0000${id.externalId}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['channelIds', i, 'externalId'],
          message: 'this channel id is listed twice',
        });
      seen.add(key);
    });
  })
  .transform((c) => ({ ...c, addresses: settleDefaultAddresses(c.addresses) }));
export type CustomerInput = z.input<typeof CustomerInput>;
export type CustomerValues = z.output<typeof CustomerInput>;

/** Search (name, e-mail, phone, external id), filters and sort: what the list and its export share. */
export const CustomerFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  active: z.enum(['true', 'false']).optional(),
  channel: SalesChannel.optional(),
});
export type CustomerFilter = z.infer<typeof CustomerFilter>;
export const CustomerListQuery = PageQuery.extend(CustomerFilter.shape);
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

/** Sortable fields of the customer list. */
export const CUSTOMER_SORTS = ['name', 'email', 'createdAt', 'updatedAt'] as const;

const IdParams = z.object({ id: Uuid });
const TAG = 'partners';

export const customersApi = {
  listCustomers: endpoint({
    method: 'GET',
    path: '/api/customers',
    permission: 'view_customer',
    tag: TAG,
    summary:
      'Customers, paged; search by name, e-mail, phone or a channel external id; filter by channel and active; sort name, email, createdAt or updatedAt',
    query: CustomerListQuery,
    response: pageOf(CustomerSummary),
  }),
  exportCustomers: endpoint({
    method: 'GET',
    path: '/api/customers/export',
    permission: 'view_customer',
    tag: TAG,
    summary: 'The customers of a filter as an .xlsx file (every page, at most 100 000 rows)',
    query: CustomerFilter,
    response: z.unknown(),
  }),
  getCustomer: endpoint({
    method: 'GET',
    path: '/api/customers/:id',
    permission: 'view_customer',
    tag: TAG,
    summary: 'One customer with their addresses and channel ids',
    params: IdParams,
    response: Customer,
  }),
  createCustomer: endpoint({
    method: 'POST',
    path: '/api/customers',
    permission: 'add_customer',
    tag: TAG,
    summary: 'Create a customer (each channel id belongs to one customer only)',
    body: CustomerInput,
    response: Customer,
    status: 201,
    idempotent: true,
  }),
  updateCustomer: endpoint({
    method: 'PUT',
    path: '/api/customers/:id',
    permission: 'edit_customer',
    tag: TAG,
    summary: 'Change a customer; their addresses and channel ids are replaced by those given',
    params: IdParams,
    body: CustomerInput,
    response: Customer,
  }),
  deleteCustomer: endpoint({
    method: 'DELETE',
    path: '/api/customers/:id',
    permission: 'delete_customer',
    tag: TAG,
    summary: 'Delete a customer nothing refers to (409 IN_USE otherwise: deactivate them instead)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
