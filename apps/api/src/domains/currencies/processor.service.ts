import {
  type CurrencyCode,
  CurrencyErrorCode,
  formatIban,
  formatSortCode,
  type Processor,
  ProcessorErrorCode,
  type ProcessorFilter,
  type ProcessorListQuery,
  type ProcessorType,
  type ProcessorValues,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { todayInLondon } from '../../platform/business-day.ts';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import { inUse, referencesTo } from '../../platform/references.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ACTIVE_INACTIVE, sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import { PROCESSOR_REFERENCES } from './processor.references.ts';
import {
  deleteProcessorRow,
  filteredProcessors,
  getProcessorRow,
  insertProcessor,
  lockCurrencyShared,
  orderedProcessors,
  type ProcessorRow,
  processorIdWithCode,
  updateProcessorRow,
} from './processor.repository.ts';

function toProcessor(r: ProcessorRow): Processor {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type as ProcessorType,
    currency: r.currency as CurrencyCode,
    bankName: r.bank_name,
    accountName: r.account_name,
    sortCode: r.sort_code,
    accountNumber: r.account_number,
    iban: r.iban,
    paypalEmail: r.paypal_email,
    active: r.active,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function getProcessor(db: Kysely<Database>, id: string, forUpdate = false): Promise<Processor> {
  const row = await getProcessorRow(db, id, forUpdate);
  if (!row) throw notFound('Processor', id);
  return toProcessor(row);
}

export async function listProcessors(db: Kysely<Database>, q: ProcessorListQuery) {
  const [rows, count] = await Promise.all([
    orderedProcessors(db, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    filteredProcessors(db, q)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPage(rows.map(toProcessor), count.n, q);
}

const codeTaken = (code: string) =>
  conflict(ProcessorErrorCode.PROCESSOR_CODE_TAKEN, `A processor with code "${code}" already exists.`, { code });

async function withUniqueCode<T>(
  db: Kysely<Database>,
  code: string,
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  if (await processorIdWithCode(db, code, exceptId)) throw codeTaken(code);
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, 'processors_code_key') ? codeTaken(code) : e;
  }
}

/** A processor is put in an active currency (one kept in a currency since deactivated may stay there). */
async function requireActiveCurrency(db: Kysely<Database>, code: string) {
  const currency = await lockCurrencyShared(db, code);
  if (!currency?.active)
    throw unprocessable(
      CurrencyErrorCode.CURRENCY_INACTIVE,
      `${code} is deactivated: nothing new can be put in it. Activate it under Currencies first.`,
      { currency: code },
    );
}

export async function createProcessor(ctx: Ctx, input: ProcessorValues) {
  await requireActiveCurrency(ctx.db, input.currency);
  const { id } = await withUniqueCode(ctx.db, input.code, undefined, () => insertProcessor(ctx.db, input));
  const after = await getProcessor(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'processor', entityId: id, after });
  return after;
}

export async function updateProcessor(ctx: Ctx, id: string, input: ProcessorValues) {
  const before = await getProcessor(ctx.db, id, true);
  if (input.currency !== before.currency) {
    const references = await referencesTo(ctx.db, 'processor', id, PROCESSOR_REFERENCES);
    if (references.length)
      throw conflict(
        ProcessorErrorCode.PROCESSOR_CURRENCY_LOCKED,
        `Processor "${before.code}" is used in ${before.currency}; its currency cannot change. Create another processor instead.`,
        { references, count: references.reduce((sum, r) => sum + r.count, 0) },
      );
  }
  // Reactivating, or moving to another currency, puts it in use in that currency again.
  if (input.currency !== before.currency || (input.active && !before.active))
    await requireActiveCurrency(ctx.db, input.currency);
  await withUniqueCode(ctx.db, input.code, id, () => updateProcessorRow(ctx.db, id, input));
  const after = await getProcessor(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'processor', entityId: id, before, after });
  return after;
}

export async function deleteProcessor(ctx: Ctx, id: string) {
  // The row lock also blocks a new reference meanwhile: a foreign key check takes a KEY SHARE lock.
  const before = await getProcessor(ctx.db, id, true);
  const references = await referencesTo(ctx.db, 'processor', id, PROCESSOR_REFERENCES);
  if (references.length) throw inUse(`Processor "${before.code}"`, references);
  await deleteProcessorRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'processor', entityId: id, before });
  return { ok: true as const };
}

const COLUMNS: XlsxColumn<Processor>[] = [
  { header: ui('currencies:fields.code'), width: 16, value: (p) => p.code },
  { header: ui('currencies:fields.name'), width: 32, value: (p) => p.name },
  { header: ui('currencies:fields.type'), width: 20, type: 'enum', labels: 'currencies:types', value: (p) => p.type },
  { header: ui('currencies:fields.currency'), width: 10, value: (p) => p.currency },
  { header: ui('currencies:fields.bankName'), width: 24, value: (p) => p.bankName },
  { header: ui('currencies:fields.accountName'), width: 24, value: (p) => p.accountName },
  {
    header: ui('currencies:fields.sortCode'),
    width: 10,
    value: (p) => (p.sortCode ? formatSortCode(p.sortCode) : null),
  },
  { header: ui('currencies:fields.accountNumber'), width: 16, value: (p) => p.accountNumber },
  { header: ui('currencies:fields.iban'), width: 36, value: (p) => (p.iban ? formatIban(p.iban) : null) },
  { header: ui('currencies:fields.paypalEmail'), width: 28, value: (p) => p.paypalEmail },
  {
    header: ui('currencies:fields.status'),
    width: 10,
    type: 'boolean',
    labels: ACTIVE_INACTIVE,
    value: (p) => p.active,
  },
  { header: ui('currencies:fields.updatedAt'), width: 12, type: 'date', value: (p) => p.updatedAt },
];

export function exportProcessors(ctx: Ctx, filter: ProcessorFilter) {
  const rows = allRows(
    async (offset, limit) =>
      (await orderedProcessors(ctx.db, filter).limit(limit).offset(offset).execute()).map(toProcessor),
    XLSX_EXPORT_MAX_ROWS,
  );
  return sendXlsx(ctx, `processors-${todayInLondon()}.xlsx`, COLUMNS, rows);
}
