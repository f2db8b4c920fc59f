import { randomUUID } from 'node:crypto';
import {
  type Customer,
  type CustomerChannelId,
  CustomerErrorCode,
  type CustomerFilter,
  type CustomerListQuery,
  type CustomerSummary,
  type CustomerValues,
  type Page,
  postalAddressText,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { writeAudits } from '../../../platform/audit.ts';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../../platform/pagination.ts';
import { inUse } from '../../../platform/references.ts';
import type { Ctx } from '../../../platform/routes.ts';
import { ACTIVE_INACTIVE, sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../../platform/xlsx.ts';
import { referencesOf } from './customer.references.ts';
import * as repo from './customer.repository.ts';

const ENTITY = 'customer';

const channelIdTaken = (taken: { channel?: string; externalId?: string; customerId?: string }) =>
  conflict(
    CustomerErrorCode.CUSTOMER_CHANNEL_ID_TAKEN,
    taken.channel && taken.externalId
      ? `The ${taken.channel} id "${taken.externalId}" already belongs to another customer.`
      : 'A channel id already belongs to another customer.',
    taken,
  );

export async function getCustomer(db: Kysely<Database>, id: string, forUpdate = false): Promise<Customer> {
  const row = await repo.findCustomer(db, id, forUpdate);
  if (!row) throw notFound('Customer', id);
  const addresses = await repo.addressesOf(db, id);
  const channelIds = (await repo.channelIdsOf(db, [id])).get(id) ?? [];
  return { ...row, addresses, channelIds };
}

export async function listCustomers(db: Kysely<Database>, q: CustomerListQuery): Promise<Page<CustomerSummary>> {
  const [rows, total] = await Promise.all([
    repo.listCustomers(db, q, q.pageSize, offsetOf(q)),
    repo.countCustomers(db, q),
  ]);
  return toPage(
    rows.map(({ notes: _, shipping, ...summary }) => ({
      ...summary,
      city: shipping?.city ?? null,
      postcode: shipping?.postcode ?? null,
      country: shipping?.country ?? null,
    })),
    total,
    q,
  );
}

/** Checks no other customer holds these channel ids, then writes; a concurrent holder gets the same 409. */
async function withFreeChannelIds<T>(
  db: Kysely<Database>,
  ids: readonly CustomerChannelId[],
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  const holder = await repo.channelIdHolder(db, ids, exceptId);
  if (holder) throw channelIdTaken(holder);
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, 'customer_channel_ids_key') ? channelIdTaken({}) : e;
  }
}

export async function createCustomer(ctx: Ctx, input: CustomerValues): Promise<Customer> {
  const { addresses, channelIds, ...fields } = input;
  const id = await repo.insertCustomer(ctx.db, fields);
  await withFreeChannelIds(ctx.db, channelIds, id, () => repo.replaceChildren(ctx.db, id, addresses, channelIds));
  const after = await getCustomer(ctx.db, id);
  await ctx.audit({ action: 'create', entity: ENTITY, entityId: id, after });
  return after;
}

/**
 * The customers of many sales documents at once (the sales-invoice upload), one answer per input in its order:
 * an input with an e-mail gets the oldest active customer holding it, else one customer made for that e-mail (the
 * first input naming it gives its name, phone and address); an input without one gets a customer of its own.
 * New customers are written in multi-row statements and audited as `createCustomer` audits them. The e-mails to
 * create are locked for the caller's transaction first and looked up again, so two uploads at once naming the
 * same new e-mail make one customer (the e-mail stays not unique: a customer may be added by hand with it).
 * Channel ids are not set here: an input may not carry any.
 */
export async function matchOrCreateCustomers(
  ctx: Ctx,
  inputs: readonly { email: string | null; values: () => CustomerValues }[],
): Promise<string[]> {
  const emails = [...new Set(inputs.flatMap((c) => (c.email ? [c.email] : [])))];
  const idOfEmail = new Map<string, string>();
  const remember = (rows: readonly { id: string; email: string | null }[]) => {
    for (const r of rows) if (r.email && !idOfEmail.has(r.email)) idOfEmail.set(r.email, r.id);
  };
  remember(await repo.activeCustomersByEmails(ctx.db, emails));
  const unknown = emails.filter((e) => !idOfEmail.has(e));
  if (unknown.length) {
    await repo.lockCustomerEmails(ctx.db, unknown);
    // Another transaction may have made some of them while this one waited for the locks.
    remember(await repo.activeCustomersByEmails(ctx.db, unknown));
  }
  const toMake: {
    id: string;
    fields: Omit<CustomerValues, 'addresses' | 'channelIds'>;
    addresses: CustomerValues['addresses'];
  }[] = [];
  const ids = inputs.map((input) => {
    const known = input.email ? idOfEmail.get(input.email) : undefined;
    if (known) return known;
    const { addresses, channelIds, ...fields } = input.values();
    if (channelIds.length) throw new Error('matchOrCreateCustomers sets no channel ids');
    if (fields.email !== input.email) throw new Error('a customer is matched by the e-mail it is made with');
    const id = randomUUID();
    toMake.push({ id, fields, addresses });
    if (input.email) idOfEmail.set(input.email, id);
    return id;
  });
  const made = await repo.insertCustomers(ctx.db, toMake);
  await writeAudits(
    ctx.db,
    { user: ctx.user, requestId: ctx.requestId || null },
    made.map((after) => ({
      action: 'create',
      entity: ENTITY,
      entityId: after.id,
      after: { ...after, channelIds: [] },
    })),
  );
  return ids;
}

/** Changes the customer and replaces their addresses and channel ids, under the customer's row lock. */
export async function updateCustomer(ctx: Ctx, id: string, input: CustomerValues): Promise<Customer> {
  const before = await getCustomer(ctx.db, id, true);
  const { addresses, channelIds, ...fields } = input;
  await repo.updateCustomer(ctx.db, id, fields);
  await withFreeChannelIds(ctx.db, channelIds, id, () => repo.replaceChildren(ctx.db, id, addresses, channelIds));
  const after = await getCustomer(ctx.db, id);
  await ctx.audit({ action: 'update', entity: ENTITY, entityId: id, before, after });
  return after;
}

export async function deleteCustomer(ctx: Ctx, id: string) {
  // The row lock also blocks a new reference meanwhile: a foreign key check takes a KEY SHARE lock.
  const before = await getCustomer(ctx.db, id, true);
  const references = await referencesOf(ctx.db, id);
  if (references.length) throw inUse(`Customer "${before.name}"`, references);
  await repo.deleteCustomer(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: ENTITY, entityId: id, before });
  return { ok: true as const };
}

type ExportRow = Awaited<ReturnType<typeof repo.listCustomers>>[number];

const COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('partners:fields.name'), width: 32, value: (r) => r.name },
  { header: ui('partners:fields.email'), width: 30, value: (r) => r.email },
  { header: ui('partners:fields.phone'), width: 18, value: (r) => r.phone },
  {
    header: ui('partners:fields.channelIds'),
    width: 36,
    value: (r) => r.channelIds.map((c) => `${c.channel}: ${c.externalId}`).join('; '),
  },
  {
    header: ui('partners:addressKinds.shipping'),
    width: 48,
    value: (r) => (r.shipping ? postalAddressText(r.shipping) : null),
  },
  { header: ui('partners:fields.status'), width: 10, type: 'boolean', labels: ACTIVE_INACTIVE, value: (r) => r.active },
  { header: ui('partners:fields.notes'), width: 40, value: (r) => r.notes },
  { header: ui('partners:fields.createdAt'), width: 12, type: 'date', value: (r) => r.createdAt },
  { header: ui('partners:fields.updatedAt'), width: 12, type: 'date', value: (r) => r.updatedAt },
];

/** The filter's customers, every page, as an .xlsx download. */
export async function exportCustomers(ctx: Ctx, filter: CustomerFilter) {
  const ids = await repo.orderedCustomerIds(ctx.db, filter, XLSX_EXPORT_MAX_ROWS);
  const rows = allRows((offset, limit) => repo.customersByIds(ctx.db, ids.slice(offset, offset + limit)), ids.length);
  const date = new Date().toISOString().slice(0, 10);
  return sendXlsx(ctx, `customers-${date}.xlsx`, COLUMNS, rows);
}
