import {
  type BusinessPartner,
  BusinessPartnerErrorCode,
  type BusinessPartnerFilter,
  type BusinessPartnerListQuery,
  type BusinessPartnerSummary,
  type BusinessPartnerValues,
  type Page,
  postalAddressText,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../../platform/pagination.ts';
import { inUse } from '../../../platform/references.ts';
import type { Ctx } from '../../../platform/routes.ts';
import { ACTIVE_INACTIVE, sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../../platform/xlsx.ts';
import { referencesOf } from './business-partner.references.ts';
import * as repo from './business-partner.repository.ts';

const ENTITY = 'business_partner';

const codeTaken = (code: string) =>
  conflict(
    BusinessPartnerErrorCode.BUSINESS_PARTNER_CODE_TAKEN,
    `A business partner with code "${code}" already exists.`,
    {
      code,
    },
  );

export async function getPartner(db: Kysely<Database>, id: string, forUpdate = false): Promise<BusinessPartner> {
  const row = await repo.findPartner(db, id, forUpdate);
  if (!row) throw notFound('Business partner', id);
  const [contacts, addresses] = [await repo.contactsOf(db, id), await repo.addressesOf(db, id)];
  return { ...row, contacts, addresses };
}

export async function listPartners(
  db: Kysely<Database>,
  q: BusinessPartnerListQuery,
): Promise<Page<BusinessPartnerSummary>> {
  const [rows, total] = await Promise.all([
    repo.listPartners(db, q, q.pageSize, offsetOf(q)),
    repo.countPartners(db, q),
  ]);
  return toPage(
    rows.map(({ notes: _, ...summary }) => summary),
    total,
    q,
  );
}

/** Checks the code, then writes; a concurrent request that took the code meanwhile gets the same 409. */
async function withFreeCode<T>(
  db: Kysely<Database>,
  code: string,
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  if (await repo.codeHolder(db, code, exceptId)) throw codeTaken(code);
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, 'business_partners_code_key') ? codeTaken(code) : e;
  }
}

export async function createPartner(ctx: Ctx, input: BusinessPartnerValues): Promise<BusinessPartner> {
  const { contacts, addresses, ...fields } = input;
  const id = await withFreeCode(ctx.db, input.code, undefined, () => repo.insertPartner(ctx.db, fields));
  await repo.replaceChildren(ctx.db, id, contacts, addresses);
  const after = await getPartner(ctx.db, id);
  await ctx.audit({ action: 'create', entity: ENTITY, entityId: id, after });
  return after;
}

/** Changes the partner and replaces its contacts and addresses, under the partner's row lock. */
export async function updatePartner(ctx: Ctx, id: string, input: BusinessPartnerValues): Promise<BusinessPartner> {
  const before = await getPartner(ctx.db, id, true);
  const { contacts, addresses, ...fields } = input;
  await withFreeCode(ctx.db, input.code, id, () => repo.updatePartner(ctx.db, id, fields));
  await repo.replaceChildren(ctx.db, id, contacts, addresses);
  const after = await getPartner(ctx.db, id);
  await ctx.audit({ action: 'update', entity: ENTITY, entityId: id, before, after });
  return after;
}

export async function deletePartner(ctx: Ctx, id: string) {
  // The row lock also blocks a new reference meanwhile: a foreign key check takes a KEY SHARE lock.
  const before = await getPartner(ctx.db, id, true);
  const references = await referencesOf(ctx.db, id);
  if (references.length) throw inUse(`Business partner "${before.code}"`, references);
  await repo.deletePartner(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: ENTITY, entityId: id, before });
  return { ok: true as const };
}

type ExportRow = Awaited<ReturnType<typeof repo.listPartners>>[number] & { billing: string };

const COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('partners:fields.code'), width: 16, value: (r) => r.code },
  { header: ui('partners:fields.name'), width: 36, value: (r) => r.name },
  { header: ui('partners:fields.vatNumber'), width: 18, value: (r) => r.vatNumber },
  { header: ui('partners:fields.currency'), width: 10, value: (r) => r.defaultCurrency },
  {
    header: ui('partners:fields.paymentTerms'),
    width: 12,
    type: 'number',
    places: 0,
    value: (r) => r.paymentTermsDays,
  },
  { header: ui('partners:fields.lateInterestRate'), width: 12, type: 'number', value: (r) => r.lateInterestRate },
  {
    header: ui('partners:fields.lateInterestType'),
    width: 18,
    type: 'enum',
    labels: 'partners:interestTypes',
    value: (r) => r.lateInterestType,
  },
  { header: ui('partners:fields.isConsignment'), width: 12, type: 'boolean', value: (r) => r.isConsignment },
  { header: ui('partners:fields.status'), width: 10, type: 'boolean', labels: ACTIVE_INACTIVE, value: (r) => r.active },
  { header: ui('partners:fields.primaryContact'), width: 24, value: (r) => r.primaryContact?.name ?? null },
  { header: ui('partners:fields.email'), width: 28, value: (r) => r.primaryContact?.email ?? null },
  { header: ui('partners:fields.phone'), width: 18, value: (r) => r.primaryContact?.phone ?? null },
  { header: ui('partners:addressKinds.billing'), width: 48, value: (r) => r.billing },
  { header: ui('partners:fields.notes'), width: 40, value: (r) => r.notes },
  { header: ui('partners:fields.createdAt'), width: 12, type: 'date', value: (r) => r.createdAt },
  { header: ui('partners:fields.updatedAt'), width: 12, type: 'date', value: (r) => r.updatedAt },
];

/** The filter's partners, every page, as an .xlsx download (with each one's default billing address). */
export async function exportPartners(ctx: Ctx, filter: BusinessPartnerFilter) {
  const ids = await repo.orderedPartnerIds(ctx.db, filter, XLSX_EXPORT_MAX_ROWS);
  const rows = allRows(async (offset, limit) => {
    const chunk = await repo.partnersByIds(ctx.db, ids.slice(offset, offset + limit));
    const billing = await repo.defaultAddresses(
      ctx.db,
      chunk.map((p) => p.id),
      'billing',
    );
    return chunk.map((p) => {
      const address = billing.get(p.id);
      return { ...p, billing: address ? postalAddressText(address) : '' };
    });
  }, ids.length);
  const date = new Date().toISOString().slice(0, 10);
  return sendXlsx(ctx, `business-partners-${date}.xlsx`, COLUMNS, rows);
}
