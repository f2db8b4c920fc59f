import { z } from 'zod';
import { CurrencyCode } from '../master-data/enumerations.ts';
import { MasterDataCode, MasterDataFilter, MasterDataName } from '../master-data/master-data.ts';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { AccountNumber, Iban, SortCode } from './bank-details.ts';

export const ProcessorErrorCode = {
  PROCESSOR_CODE_TAKEN: 'PROCESSOR_CODE_TAKEN',
  /** Payments already went through the processor in its currency: the currency cannot change. */
  PROCESSOR_CURRENCY_LOCKED: 'PROCESSOR_CURRENCY_LOCKED',
} as const;

/** What a processor is: where money is held or moves through. */
export const PROCESSOR_TYPES = ['CASH', 'PAYPAL', 'BANK_ACCOUNT', 'MARKETPLACE_BALANCE', 'CARD'] as const;
export const ProcessorType = z.enum(PROCESSOR_TYPES);
export type ProcessorType = z.infer<typeof ProcessorType>;

export const PROCESSOR_DETAIL_FIELDS = [
  'bankName',
  'accountName',
  'sortCode',
  'accountNumber',
  'iban',
  'paypalEmail',
] as const;
export type ProcessorDetailField = (typeof PROCESSOR_DETAIL_FIELDS)[number];

/**
 * The account details each type has; the rest are cleared on save. A bank account needs the bank and
 * account names and either a UK sort code with account number or an IBAN (or both); PayPal its e-mail.
 */
export const PROCESSOR_FIELDS_BY_TYPE: Readonly<Record<ProcessorType, readonly ProcessorDetailField[]>> = {
  CASH: [],
  PAYPAL: ['paypalEmail'],
  BANK_ACCOUNT: ['bankName', 'accountName', 'sortCode', 'accountNumber', 'iban'],
  MARKETPLACE_BALANCE: ['accountName'],
  CARD: ['bankName', 'accountName'],
};
export const BANK_TEXT_MAX_LENGTH = 120;

export const Processor = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    type: ProcessorType,
    currency: CurrencyCode,
    bankName: z.string().nullable(),
    accountName: z.string().nullable(),
    /** Six digits. */
    sortCode: z.string().nullable(),
    /** Eight digits. */
    accountNumber: z.string().nullable(),
    /** Compact, capital letters. */
    iban: z.string().nullable(),
    paypalEmail: z.string().nullable(),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Processor' });
export type Processor = z.infer<typeof Processor>;

/** Empty text is no value: the web form sends '' for a field left blank. */
function optional<T extends z.ZodType<unknown, string>>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullish().transform((value) => value ?? null),
  );
}
const BankText = z.string().trim().max(BANK_TEXT_MAX_LENGTH, `at most ${BANK_TEXT_MAX_LENGTH} characters`);

export const ProcessorInput = z
  .object({
    code: MasterDataCode,
    name: MasterDataName,
    type: ProcessorType,
    currency: CurrencyCode,
    bankName: optional(BankText),
    accountName: optional(BankText),
    sortCode: optional(SortCode),
    accountNumber: optional(AccountNumber),
    iban: optional(Iban),
    paypalEmail: optional(z.string().trim().toLowerCase().pipe(z.email('not a valid e-mail address').max(254))),
    active: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    const needed = (field: ProcessorDetailField, message: string) => {
      if (input[field] === null) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (input.type === 'PAYPAL') needed('paypalEmail', 'a PayPal account needs its e-mail address');
    if (input.type === 'BANK_ACCOUNT') {
      needed('bankName', 'a bank account needs the name of its bank');
      needed('accountName', 'a bank account needs the name it is held in');
      if ((input.sortCode === null) !== (input.accountNumber === null))
        needed(input.sortCode === null ? 'sortCode' : 'accountNumber', 'a sort code and an account number go together');
      if (input.sortCode === null && input.accountNumber === null && input.iban === null)
        needed('iban', 'a bank account needs a sort code and account number, or an IBAN');
    }
  })
  .transform((input) => {
    const kept = new Set<ProcessorDetailField>(PROCESSOR_FIELDS_BY_TYPE[input.type]);
    const cleared = { ...input };
    for (const field of PROCESSOR_DETAIL_FIELDS) if (!kept.has(field)) cleared[field] = null;
    return cleared;
  });
export type ProcessorInput = z.input<typeof ProcessorInput>;
export type ProcessorValues = z.output<typeof ProcessorInput>;

export const ProcessorFilter = MasterDataFilter.extend({
  type: ProcessorType.optional(),
  currency: CurrencyCode.optional(),
});
export type ProcessorFilter = z.infer<typeof ProcessorFilter>;
export const ProcessorListQuery = PageQuery.extend(ProcessorFilter.shape);
export type ProcessorListQuery = z.infer<typeof ProcessorListQuery>;
/** Sortable fields of the processor list. */
export const PROCESSOR_SORTS = ['code', 'name', 'type', 'currency', 'updatedAt'] as const;

const IdParams = z.object({ id: Uuid });

export const processorsApi = {
  listProcessors: endpoint({
    method: 'GET',
    path: '/api/processors',
    permission: 'view_currency',
    tag: 'currencies',
    summary:
      'Payment processors and accounts, paged; searched by code, name, bank, account name, IBAN or e-mail; filtered by active, type and currency',
    query: ProcessorListQuery,
    response: pageOf(Processor),
  }),
  exportProcessors: endpoint({
    method: 'GET',
    path: '/api/processors/export',
    permission: 'view_currency',
    tag: 'currencies',
    summary: 'The processors of a filter as an .xlsx file (every page, at most 100 000 rows)',
    query: ProcessorFilter,
    response: z.unknown(),
  }),
  getProcessor: endpoint({
    method: 'GET',
    path: '/api/processors/:id',
    permission: 'view_currency',
    tag: 'currencies',
    summary: 'One processor',
    params: IdParams,
    response: Processor,
  }),
  createProcessor: endpoint({
    method: 'POST',
    path: '/api/processors',
    permission: 'edit_currency',
    tag: 'currencies',
    summary: 'Create a processor in an active currency (its code is unique, whatever the case)',
    body: ProcessorInput,
    response: Processor,
    status: 201,
    idempotent: true,
  }),
  updateProcessor: endpoint({
    method: 'PUT',
    path: '/api/processors/:id',
    permission: 'edit_currency',
    tag: 'currencies',
    summary: 'Change a processor (its currency only while nothing uses it)',
    params: IdParams,
    body: ProcessorInput,
    response: Processor,
  }),
  deleteProcessor: endpoint({
    method: 'DELETE',
    path: '/api/processors/:id',
    permission: 'edit_currency',
    tag: 'currencies',
    summary: 'Delete a processor nothing refers to (409 IN_USE otherwise: deactivate it instead)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
