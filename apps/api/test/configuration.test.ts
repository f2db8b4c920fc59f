import type { ErrorBody, SystemConfiguration, Warehouse } from '@backoffice/contracts';
import { ALL_PERMISSIONS, formatDocumentNumber, ukCalendarDay } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertPeriodOpen,
  getPeriodLockDate,
  getSettlementNotificationRecipients,
  nextDocumentNumber,
} from '../src/domains/configuration/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

const ENV_RECIPIENTS = 'accounts@example.test, finance@example.test';

let ta: TestApp;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  ta = await startTestApp({ SETTLEMENT_NOTIFICATION_RECIPIENTS: ENV_RECIPIENTS });
  const a = await clientWith(ta, ALL_PERMISSIONS);
  admin = a.api;
  adminId = a.user.id;
});
afterAll(() => ta.close());

const PATH = '/api/system-configuration';
const patch = <T = SystemConfiguration>(group: string, body: unknown) =>
  admin.call<T>('PATCH', `${PATH}/${group}`, body);
const current = async () => (await admin.get<SystemConfiguration>(PATH)).body;
const auditOf = (group: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .selectAll()
    .where('entity', '=', 'system_configuration')
    .where('entity_id', '=', group)
    .orderBy('id')
    .execute();
const settingsRows = async () =>
  (await ta.t.db.selectFrom('system_settings').selectAll().orderBy('key').execute()).length;

/** Runs `work` in a transaction that commits, or rolls back when `rollback` is set. */
async function inTransaction<T>(work: (tx: typeof ta.t.db) => Promise<T>, rollback = false): Promise<T | undefined> {
  const rolledBack = new Error('rolled back on purpose');
  try {
    return await ta.t.db.transaction().execute(async (tx) => {
      const result = await work(tx);
      if (rollback) throw rolledBack;
      return result;
    });
  } catch (e) {
    if (e === rolledBack) return undefined;
    throw e;
  }
}

describe('reading', () => {
  it('answers every group with its defaults, the settlement recipients from the environment', async () => {
    const res = await admin.get<SystemConfiguration>(PATH);
    expect(res.status).toBe(200);
    const year = ukCalendarDay().year;
    expect(res.body).toMatchObject({
      company: { name: '', country: 'GB', vatNumber: '' },
      finance: { baseCurrency: 'GBP', defaultVatRate: '20.00', defaultPaymentTermsDays: 30, periodLockDate: null },
      documentNumbers: { purchaseOrder: 'PO-{YYYY}-{SEQ:5}', goodReceivedNote: 'GRN-{YYYY}-{SEQ:5}' },
      inventory: { defaultWarehouseId: null },
      notifications: {
        settlementRecipients: ['accounts@example.test', 'finance@example.test'],
        lowStockAlerts: false,
        lowStockRecipients: [],
      },
      status: {
        baseCurrencyLocked: true,
        settlementRecipientsSource: 'environment',
        defaultWarehouse: null,
        nextDocumentNumbers: { purchaseOrder: `PO-${year}-00001`, inventoryTransfer: `TR-${year}-00001` },
      },
    });
    expect(res.body.status.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lets a viewer read and refuses them a change; refuses a user without view_system_configuration', async () => {
    const viewer = (await clientWith(ta, ['view_system_configuration'])).api;
    expect((await viewer.get(PATH)).status).toBe(200);
    const res = await viewer.call<ErrorBody>('PATCH', `${PATH}/company`, { name: 'Nope Ltd' });
    expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    const stranger = (await clientWith(ta, ['view_warehouse'])).api;
    expect((await stranger.get(PATH)).status).toBe(403);
    expect((await current()).company.name).not.toBe('Nope Ltd');
  });
});

describe('company', () => {
  it('saves the given fields, normalised, audited with the group before and after', async () => {
    const res = await patch('company', {
      name: '  Acme Trading Ltd ',
      addressLine1: '1 High Street',
      city: 'Leeds',
      postcode: 'ls1 1ab',
      vatNumber: 'gb 123 4567 89',
      companyNumber: 'sc 123456',
      email: 'Office@Acme.Example',
      phone: '+44 113  496 0000',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.company).toEqual({
      name: 'Acme Trading Ltd',
      addressLine1: '1 High Street',
      addressLine2: '',
      city: 'Leeds',
      postcode: 'LS1 1AB',
      country: 'GB',
      vatNumber: 'GB123456789',
      companyNumber: 'SC123456',
      email: 'office@acme.example',
      phone: '+44 113 496 0000',
    });
    // One field alone changes that field only.
    const one = await patch('company', { phone: '' });
    expect(one.body.company).toMatchObject({ name: 'Acme Trading Ltd', phone: '' });

    const log = await auditOf('company');
    expect(log).toHaveLength(2);
    expect(log[0]?.user_id).toBe(adminId);
    expect(log[0]?.before).toMatchObject({ name: '', vatNumber: '' });
    expect(log[0]?.after).toMatchObject({ name: 'Acme Trading Ltd', vatNumber: 'GB123456789' });
    expect(log[1]?.before).toMatchObject({ phone: '+44 113 496 0000' });
    expect(log[1]?.after).toMatchObject({ phone: '' });
  });

  it.each([
    ['an empty name', { name: '  ' }],
    ['a name over 120 characters', { name: 'n'.repeat(121) }],
    ['a VAT number that is not one', { vatNumber: 'GB12345' }],
    ['a VAT number without a country', { vatNumber: '123456789' }],
    ['a company number that is not one', { companyNumber: '1234' }],
    ['an e-mail that is not one', { email: 'office at acme' }],
    ['a phone with letters', { phone: 'call us' }],
    ['an unknown country', { country: 'UK' }],
    ['a UK postcode that is not one', { country: 'GB', postcode: 'ABC' }],
    ['an unknown setting', { website: 'https://acme.example' }],
    ['nothing to change', {}],
    ['a name that is not text', { name: 42 }],
  ])('refuses %s with 400 VALIDATION_FAILED, changing nothing', async (_, body) => {
    const before = await current();
    const rows = await settingsRows();
    const logs = (await auditOf('company')).length;
    const res = await patch<ErrorBody>('company', body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await current()).toEqual(before);
    expect(await settingsRows()).toBe(rows);
    expect((await auditOf('company')).length).toBe(logs);
  });

  it('checks the postcode against the country the company would have after the change', async () => {
    expect((await patch('company', { country: 'FR', postcode: '75001' })).status).toBe(200);
    // Moving back to GB with a French postcode is refused, on the postcode.
    const res = await patch<ErrorBody>('company', { country: 'GB' });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({ issues: [{ path: 'body.postcode' }] });
    expect((await patch('company', { country: 'GB', postcode: 'SW1A1AA' })).body.company.postcode).toBe('SW1A 1AA');
  });
});

describe('finance', () => {
  it('saves the VAT rate with two places, payment terms and a past period lock date', async () => {
    const res = await patch('finance', {
      defaultVatRate: '17.5',
      defaultPaymentTermsDays: 45,
      periodLockDate: '2024-12-31',
    });
    expect(res.status).toBe(200);
    expect(res.body.finance).toMatchObject({
      defaultVatRate: '17.50',
      defaultPaymentTermsDays: 45,
      periodLockDate: '2024-12-31',
    });
    expect(await getPeriodLockDate(ta.t.db)).toBe('2024-12-31');
    await expect(assertPeriodOpen(ta.t.db, '2024-12-31')).rejects.toMatchObject({ status: 409, code: 'PERIOD_LOCKED' });
    await expect(assertPeriodOpen(ta.t.db, '2024-06-01')).rejects.toMatchObject({ code: 'PERIOD_LOCKED' });
    await expect(assertPeriodOpen(ta.t.db, '2025-01-01')).resolves.toBeUndefined();
    expect((await patch('finance', { periodLockDate: null })).body.finance.periodLockDate).toBeNull();
    await expect(assertPeriodOpen(ta.t.db, '2000-01-01')).resolves.toBeUndefined();
  });

  it.each([
    ['a VAT rate over 100', { defaultVatRate: '100.5' }],
    ['a negative VAT rate', { defaultVatRate: '-5' }],
    ['a VAT rate with 3 places', { defaultVatRate: '20.125' }],
    ['a VAT rate as a number', { defaultVatRate: 20 }],
    ['an unknown currency', { baseCurrency: 'JPY' }],
    ['payment terms over 365 days', { defaultPaymentTermsDays: 366 }],
    ['fractional payment terms', { defaultPaymentTermsDays: 1.5 }],
    ['a lock date that is no day', { periodLockDate: '2025-02-30' }],
    ['a lock date written otherwise', { periodLockDate: '31/12/2024' }],
  ])('refuses %s with 400, changing nothing', async (_, body) => {
    const before = await current();
    const res = await patch<ErrorBody>('finance', body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await current()).toEqual(before);
  });

  it('refuses a period lock date in the future (422)', async () => {
    const res = await patch<ErrorBody>('finance', { periodLockDate: '2999-01-01' });
    expect([res.status, res.body.code]).toEqual([422, 'PERIOD_LOCK_DATE_IN_FUTURE']);
    expect((await current()).finance.periodLockDate).toBeNull();
  });
});

describe('document numbers', () => {
  it.each([
    ['no sequence', 'PO-{YYYY}'],
    ['two sequences', 'PO-{YYYY}-{SEQ:3}-{SEQ:3}'],
    ['no year', 'PO-{SEQ:5}'],
    ['an unknown token', 'PO-{YYYY}-{N}-{SEQ:5}'],
    ['a sequence of no digits', 'PO-{YYYY}-{SEQ:0}'],
    ['a sequence of 11 digits', 'PO-{YYYY}-{SEQ:11}'],
    ['a space', 'PO {YYYY}-{SEQ:5}'],
    ['a stray brace', 'PO-{YYYY}-{SEQ:5}}'],
    ['over 40 characters', `${'P'.repeat(30)}-{YYYY}-{SEQ:5}`],
    ['nothing', ''],
  ])('refuses a format with %s (400), changing nothing', async (_, format) => {
    const before = await current();
    const res = await patch<ErrorBody>('document-numbers', { purchaseOrder: format });
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await current()).toEqual(before);
  });

  it('refuses two kinds with the same format (400)', async () => {
    const res = await patch<ErrorBody>('document-numbers', { creditNote: 'si-{YYYY}-{SEQ:5}' });
    expect([res.status, res.body.code]).toEqual([400, 'DOCUMENT_NUMBER_FORMAT_DUPLICATE']);
    expect(res.body.details).toMatchObject({ kinds: ['salesInvoice', 'creditNote'] });
    expect((await current()).documentNumbers.creditNote).toBe('CN-{YYYY}-{SEQ:5}');
  });

  it('saves a format and previews the next number with it', async () => {
    const res = await patch('document-numbers', { rma: 'RMA/{YY}{MM}/{SEQ:4}' });
    expect(res.status).toBe(200);
    const today = ukCalendarDay();
    expect(res.body.status.nextDocumentNumbers.rma).toBe(formatDocumentNumber('RMA/{YY}{MM}/{SEQ:4}', today, 1));
    expect(res.body.status.nextDocumentNumbers.rma).toMatch(/^RMA\/\d{4}\/0001$/);
    expect((await auditOf('documentNumbers'))[0]?.after).toMatchObject({ rma: 'RMA/{YY}{MM}/{SEQ:4}' });
  });

  it('gives numbers in the format, counting up per kind and year, giving back a rolled-back number', async () => {
    const first = await inTransaction((tx) => nextDocumentNumber(tx, 'salesInvoice', '2031-03-05'));
    const second = await inTransaction((tx) => nextDocumentNumber(tx, 'salesInvoice', '2031-11-30'));
    expect([first, second]).toEqual(['SI-2031-00001', 'SI-2031-00002']);
    // Another kind, another year: their own counters.
    expect(await inTransaction((tx) => nextDocumentNumber(tx, 'creditNote', '2031-01-01'))).toBe('CN-2031-00001');
    expect(await inTransaction((tx) => nextDocumentNumber(tx, 'salesInvoice', '2032-01-01'))).toBe('SI-2032-00001');
    // A document that is not saved gives its number back.
    await inTransaction((tx) => nextDocumentNumber(tx, 'salesInvoice', '2031-12-01'), true);
    expect(await inTransaction((tx) => nextDocumentNumber(tx, 'salesInvoice', '2031-12-01'))).toBe('SI-2031-00003');
    // A sequence past its width is written in full.
    await ta.t.db
      .updateTable('document_number_counters')
      .set({ last_value: '99999' })
      .where('kind', '=', 'salesInvoice')
      .where('year', '=', 2031)
      .execute();
    expect(await inTransaction((tx) => nextDocumentNumber(tx, 'salesInvoice', '2031-12-02'))).toBe('SI-2031-100000');
    await expect(nextDocumentNumber(ta.t.db, 'salesInvoice')).rejects.toThrow(/transaction/);
  });

  it('gives concurrent documents distinct numbers without gaps, some of them rolled back', async () => {
    const attempts = 24;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        inTransaction(
          async (tx) => {
            const number = await nextDocumentNumber(tx, 'inventoryTransfer', '2040-06-01');
            // Hold the lock a moment, as a document being written would.
            await new Promise((resolve) => setTimeout(resolve, 5));
            return number;
          },
          i % 4 === 0,
        ),
      ),
    );
    const committed = results.filter((n): n is string => n !== undefined).sort();
    expect(committed).toHaveLength(attempts - attempts / 4);
    expect(committed).toEqual(
      Array.from({ length: committed.length }, (_, i) => `TR-2040-${String(i + 1).padStart(5, '0')}`),
    );
  });
});

describe('base currency', () => {
  it('is GBP and fixed: another currency is refused with the reason (409), the same one is no change', async () => {
    const before = await current();
    expect(before.finance.baseCurrency).toBe('GBP');
    expect(before.status.baseCurrencyLocked).toBe(true);
    const refused = await patch<ErrorBody>('finance', { baseCurrency: 'EUR', defaultVatRate: '5' });
    expect([refused.status, refused.body.code]).toEqual([409, 'BASE_CURRENCY_LOCKED']);
    expect(refused.body.message).toMatch(/The base currency is GBP and cannot be changed/);
    expect(refused.body.details).toMatchObject({ baseCurrency: 'GBP' });
    expect(await current()).toEqual(before);
    expect((await patch('finance', { baseCurrency: 'GBP' })).status).toBe(200);
  });
});

describe('inventory', () => {
  it('sets an active warehouse as the default, refusing unknown and inactive ones (422)', async () => {
    const w = await admin.post<Warehouse>('/api/warehouses', { code: 'DEF-W', name: 'Default one' });
    const off = await admin.post<Warehouse>('/api/warehouses', { code: 'OFF-W', name: 'Off', active: false });
    const unknown = await patch<ErrorBody>('inventory', { defaultWarehouseId: '00000000-0000-4000-8000-000000000009' });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'UNKNOWN_WAREHOUSE']);
    const inactive = await patch<ErrorBody>('inventory', { defaultWarehouseId: off.body.id });
    expect([inactive.status, inactive.body.code]).toEqual([422, 'WAREHOUSE_INACTIVE']);
    expect((await patch<ErrorBody>('inventory', { defaultWarehouseId: 'main' })).status).toBe(400);
    expect((await current()).inventory.defaultWarehouseId).toBeNull();

    const res = await patch('inventory', { defaultWarehouseId: w.body.id });
    expect(res.status).toBe(200);
    expect(res.body.inventory.defaultWarehouseId).toBe(w.body.id);
    expect(res.body.status.defaultWarehouse).toEqual({
      id: w.body.id,
      code: 'DEF-W',
      name: 'Default one',
      active: true,
    });
    // A warehouse that is the default can still be deactivated; saving it again as is stays allowed.
    await admin.put(`/api/warehouses/${w.body.id}`, { code: 'DEF-W', name: 'Default one', active: false });
    expect((await patch('inventory', { defaultWarehouseId: w.body.id })).status).toBe(200);
    expect((await patch('inventory', { defaultWarehouseId: null })).body.inventory.defaultWarehouseId).toBeNull();
  });
});

describe('notifications', () => {
  it('saves recipients, and null goes back to the environment’s list', async () => {
    const res = await patch('notifications', {
      settlementRecipients: [' Payables@Example.test ', 'boss@example.test'],
      lowStockAlerts: true,
      lowStockRecipients: ['stock@example.test'],
    });
    expect(res.status).toBe(200);
    expect(res.body.notifications).toEqual({
      settlementRecipients: ['payables@example.test', 'boss@example.test'],
      lowStockAlerts: true,
      lowStockRecipients: ['stock@example.test'],
    });
    expect(res.body.status.settlementRecipientsSource).toBe('saved');
    expect(await getSettlementNotificationRecipients(ta.t.db, ta.config)).toEqual([
      'payables@example.test',
      'boss@example.test',
    ]);
    // An empty list is a choice too: nobody is told.
    expect(
      (await patch('notifications', { settlementRecipients: [] })).body.notifications.settlementRecipients,
    ).toEqual([]);

    const back = await patch('notifications', { settlementRecipients: null });
    expect(back.body.notifications.settlementRecipients).toEqual(['accounts@example.test', 'finance@example.test']);
    expect(back.body.status.settlementRecipientsSource).toBe('environment');
    expect(await getSettlementNotificationRecipients(ta.t.db, ta.config)).toEqual([
      'accounts@example.test',
      'finance@example.test',
    ]);
  });

  it.each([
    ['an address that is not one', { settlementRecipients: ['nobody'] }],
    ['an address twice', { settlementRecipients: ['a@example.test', 'A@example.test'] }],
    ['more than 50 addresses', { lowStockRecipients: Array.from({ length: 51 }, (_, i) => `u${i}@example.test`) }],
    ['a list that is not one', { lowStockRecipients: 'a@example.test' }],
    ['low-stock alerts without recipients', { lowStockAlerts: true, lowStockRecipients: [] }],
  ])('refuses %s (400), changing nothing', async (_, body) => {
    const before = await current();
    const res = await patch<ErrorBody>('notifications', body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await current()).toEqual(before);
  });
});
