import type {
  Currency,
  ErrorBody,
  ExchangeRateRecord,
  ExchangeRateSeries,
  Page,
  Processor,
  RateOn,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_REFERENCES } from '../src/domains/currencies/currency.references.ts';
import { convertToBase, rateOn, toBase } from '../src/domains/currencies/index.ts';
import { PROCESSOR_REFERENCES } from '../src/domains/currencies/processor.references.ts';
import { AppError } from '../src/platform/errors.ts';
import type { ReferenceQuery } from '../src/platform/references.ts';
import { XLSX_CONTENT_TYPE } from '../src/platform/xlsx.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
let adminId: string;
let adminToken: string;
beforeAll(async () => {
  ta = await startTestApp();
  const a = await clientWith(ta, ALL_PERMISSIONS);
  admin = a.api;
  adminId = a.user.id;
  adminToken = a.tokens.accessToken;
});
afterAll(() => ta.close());

const countOf = async (table: 'exchange_rates' | 'processors' | 'system_logs') =>
  Number(
    (
      await ta.t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = (entity: string, id: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

async function readSheet(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''.+\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  return sheet;
}
const download = (path: string) =>
  fetch(`${ta.baseUrl}${path}`, { headers: { authorization: `Bearer ${adminToken}` } });

/** Clears a currency's rates (each test sets the ones it needs). */
const clearRates = (currency: string) =>
  ta.t.db.deleteFrom('exchange_rates').where('currency', '=', currency).execute();
const addRate = async (currency: string, effectiveDate: string, rate: string, source = '') => {
  const res = await admin.post<ExchangeRateRecord>(`/api/currencies/${currency}/rates`, {
    effectiveDate,
    rate,
    source,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('currencies', () => {
  it('are GBP, EUR and USD as seeded, GBP the base at rate 1, the others without rates yet', async () => {
    const res = await admin.get<Page<Currency>>('/api/currencies');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((c) => [c.code, c.symbol, c.decimalPlaces, c.isBase, c.active])).toEqual([
      ['EUR', '€', 2, false, true],
      ['GBP', '£', 2, true, true],
      ['USD', '$', 2, false, true],
    ]);
    const gbp = res.body.items.find((c) => c.code === 'GBP');
    expect(gbp).toMatchObject({
      name: 'Pound sterling',
      currentRate: { rate: '1', effectiveDate: null },
      rateCount: 0,
    });
    expect(res.body.items.find((c) => c.code === 'EUR')?.currentRate).toBeNull();
    expect((await admin.get<Currency>('/api/currencies/USD')).body).toMatchObject({ code: 'USD', name: 'US dollar' });
  });

  it('searches, filters, sorts and pages the currencies, and refuses an unknown currency or sort', async () => {
    const codes = (p: Page<Currency>) => p.items.map((c) => c.code);
    expect(codes((await admin.get<Page<Currency>>('/api/currencies?q=euro')).body)).toEqual(['EUR']);
    expect(codes((await admin.get<Page<Currency>>('/api/currencies?sort=-name')).body)).toEqual(['USD', 'GBP', 'EUR']);
    const page = (await admin.get<Page<Currency>>('/api/currencies?pageSize=2&page=2')).body;
    expect([page.total, codes(page)]).toEqual([3, ['USD']]);
    for (const bad of ['/api/currencies/JPY', '/api/currencies/eur', '/api/currencies?sort=symbol']) {
      const res = await admin.get<ErrorBody>(bad);
      expect([res.status, res.body.code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it("changes a currency's name and symbol, audited; refuses bad values, changing nothing", async () => {
    const before = (await admin.get<Currency>('/api/currencies/USD')).body;
    const res = await admin.put<Currency>('/api/currencies/USD', {
      name: '  United States dollar ',
      symbol: 'US$',
      active: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'USD', name: 'United States dollar', symbol: 'US$', decimalPlaces: 2 });
    const log = await auditOf('currency', 'USD');
    expect(log.at(-1)).toMatchObject({ action: 'update', user_id: adminId });
    expect(log.at(-1)?.before).toMatchObject({ name: before.name, symbol: '$' });
    expect(log.at(-1)?.after).toMatchObject({ name: 'United States dollar', symbol: 'US$' });

    for (const body of [
      { symbol: '$', active: true },
      { name: ' ', symbol: '$', active: true },
      { name: 'n'.repeat(61), symbol: '$', active: true },
      { name: 'Dollar', symbol: '', active: true },
      { name: 'Dollar', symbol: 'DOLLAR', active: true },
      { name: 'Dollar', symbol: '$' },
      { name: 'Dollar', symbol: '$', active: 'no' },
    ]) {
      const refused = await admin.put<ErrorBody>('/api/currencies/USD', body);
      expect([refused.status, refused.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await admin.get<Currency>('/api/currencies/USD')).body).toMatchObject({ name: 'United States dollar' });
    await admin.put('/api/currencies/USD', { name: 'US dollar', symbol: '$', active: true });
  });

  it('keeps GBP active (409 BASE_CURRENCY_ALWAYS_ACTIVE), changing nothing', async () => {
    const logs = await countOf('system_logs');
    const res = await admin.put<ErrorBody>('/api/currencies/GBP', { name: 'Pound', symbol: '£', active: false });
    expect([res.status, res.body.code]).toEqual([409, 'BASE_CURRENCY_ALWAYS_ACTIVE']);
    expect((await admin.get<Currency>('/api/currencies/GBP')).body).toMatchObject({
      name: 'Pound sterling',
      active: true,
    });
    expect(await countOf('system_logs')).toBe(logs);
  });

  it('deactivates a currency nothing uses, refuses one an active processor uses (409 IN_USE), and reactivates it', async () => {
    const processor = await admin.post<Processor>('/api/processors', {
      code: 'EUR-CASH',
      name: 'Euro float',
      type: 'CASH',
      currency: 'EUR',
    });
    expect(processor.status).toBe(201);
    const refused = await admin.put<ErrorBody>('/api/currencies/EUR', { name: 'Euro', symbol: '€', active: false });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'IN_USE',
      details: { references: [{ entity: 'processor', count: 1 }], count: 1 },
    });
    expect(refused.body.message).toMatch(/EUR is used by 1 processor; it stays active/);
    expect((await admin.get<Currency>('/api/currencies/EUR')).body.active).toBe(true);

    // A deactivated processor no longer holds the currency.
    await admin.put(`/api/processors/${processor.body.id}`, { ...processor.body, active: false });
    const done = await admin.put<Currency>('/api/currencies/EUR', { name: 'Euro', symbol: '€', active: false });
    expect([done.status, done.body.active]).toEqual([200, false]);
    expect((await auditOf('currency', 'EUR')).at(-1)?.action).toBe('deactivate');
    const inactive = await admin.get<Page<Currency>>('/api/currencies?active=false');
    expect(inactive.body.items.map((c) => c.code)).toEqual(['EUR']);

    // Nothing new goes into a deactivated currency, not even by reactivating a processor in it.
    const reactivate = await admin.put<ErrorBody>(`/api/processors/${processor.body.id}`, {
      ...processor.body,
      active: true,
    });
    expect([reactivate.status, reactivate.body.code]).toEqual([422, 'CURRENCY_INACTIVE']);
    expect((await admin.get<Currency>('/api/currencies/EUR', {})).status).toBe(200);
    expect((await admin.put('/api/currencies/EUR', { name: 'Euro', symbol: '€', active: true })).status).toBe(200);
    expect((await admin.delete(`/api/processors/${processor.body.id}`)).status).toBe(200);
  });

  it('counts what other areas register as using a currency', async () => {
    const reference: ReferenceQuery = {
      entity: 'purchase_order',
      count: async (_db, code) => (code === 'USD' ? 2 : 0),
    };
    CURRENCY_REFERENCES.push(reference);
    try {
      const res = await admin.put<ErrorBody>('/api/currencies/USD', { name: 'US dollar', symbol: '$', active: false });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/USD is used by 2 purchase orders/);
    } finally {
      CURRENCY_REFERENCES.splice(CURRENCY_REFERENCES.indexOf(reference), 1);
    }
  });

  it('exports the currencies as .xlsx', async () => {
    const sheet = await readSheet(await download('/api/currencies/export?sort=code'));
    expect(sheet.getRow(1).getCell(1).value).toBe('Code');
    expect(sheet.rowCount).toBe(4);
    expect([sheet.getRow(3).getCell(1).value, sheet.getRow(3).getCell(6).value]).toEqual(['GBP', 1]);
    expect(sheet.getRow(3).getCell(6).numFmt).toBe('#,##0.00000000');
  });
});

describe('exchange rates', () => {
  it('adds, changes and deletes a dated rate, auditing each; the rate travels as exact text', async () => {
    await clearRates('EUR');
    const created = await admin.post<ExchangeRateRecord>('/api/currencies/EUR/rates', {
      effectiveDate: '2025-01-06',
      rate: '0.86512345',
      source: ' ECB reference ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      currency: 'EUR',
      effectiveDate: '2025-01-06',
      rate: '0.86512345',
      source: 'ECB reference',
    });
    const stored = await ta.t.db
      .selectFrom('exchange_rates')
      .select('rate')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.rate).toBe('0.86512345');

    const updated = await admin.put<ExchangeRateRecord>(`/api/currencies/EUR/rates/${created.body.id}`, {
      effectiveDate: '2025-01-07',
      rate: '0.8600',
      source: '',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ effectiveDate: '2025-01-07', rate: '0.86', source: '' });

    const deleted = await admin.delete<{ ok: boolean }>(`/api/currencies/EUR/rates/${created.body.id}`);
    expect([deleted.status, deleted.body]).toEqual([200, { ok: true }]);
    expect((await admin.get<ErrorBody>(`/api/currencies/EUR/rates/${created.body.id}`)).status).toBe(404);

    const log = await auditOf('exchange_rate', created.body.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((l) => l.user_id === adminId)).toBe(true);
    expect(log[1]?.before).toMatchObject({ rate: '0.86512345', effectiveDate: '2025-01-06' });
    expect(log[1]?.after).toMatchObject({ rate: '0.86', effectiveDate: '2025-01-07' });
    expect(log[2]?.before).toMatchObject({ rate: '0.86' });
  });

  it('keeps one rate per currency and date (409 EXCHANGE_RATE_DATE_TAKEN on add and on change), changing nothing', async () => {
    await clearRates('USD');
    const first = await addRate('USD', '2025-02-03', '0.79');
    const second = await addRate('USD', '2025-02-04', '0.80');
    // Another currency may have a rate on the same day.
    await clearRates('EUR');
    await addRate('EUR', '2025-02-03', '0.83');
    const before = await countOf('exchange_rates');
    const dup = await admin.post<ErrorBody>('/api/currencies/USD/rates', { effectiveDate: '2025-02-03', rate: '0.81' });
    expect([dup.status, dup.body.code]).toEqual([409, 'EXCHANGE_RATE_DATE_TAKEN']);
    expect(dup.body.details).toEqual({ currency: 'USD', effectiveDate: '2025-02-03' });
    expect(await countOf('exchange_rates')).toBe(before);
    const move = await admin.put<ErrorBody>(`/api/currencies/USD/rates/${second.id}`, {
      effectiveDate: '2025-02-03',
      rate: '0.8',
    });
    expect([move.status, move.body.code]).toEqual([409, 'EXCHANGE_RATE_DATE_TAKEN']);
    const kept = await admin.get<Page<ExchangeRateRecord>>('/api/currencies/USD/rates');
    expect(kept.body.items.map((r) => [r.effectiveDate, r.rate])).toEqual([
      ['2025-02-04', '0.8'],
      ['2025-02-03', '0.79'],
    ]);
    // Keeping its own date is no conflict.
    expect(
      (await admin.put(`/api/currencies/USD/rates/${first.id}`, { effectiveDate: '2025-02-03', rate: '0.791' })).status,
    ).toBe(200);
  });

  it.each([
    ['no rate', { effectiveDate: '2025-03-01' }],
    ['a zero rate', { effectiveDate: '2025-03-01', rate: '0' }],
    ['a rate of 0.00000000', { effectiveDate: '2025-03-01', rate: '0.00000000' }],
    ['a negative rate', { effectiveDate: '2025-03-01', rate: '-0.8' }],
    ['a rate with 9 places', { effectiveDate: '2025-03-01', rate: '0.865123456' }],
    ['a rate over 6 digits before the point', { effectiveDate: '2025-03-01', rate: '1234567' }],
    ['a rate sent as a JSON number', { effectiveDate: '2025-03-01', rate: 0.86 }],
    ['a rate in exponent form', { effectiveDate: '2025-03-01', rate: '8.6e-1' }],
    ['no date', { rate: '0.86' }],
    ['a date not written YYYY-MM-DD', { effectiveDate: '01/03/2025', rate: '0.86' }],
    ['a date that does not exist', { effectiveDate: '2025-02-29', rate: '0.86' }],
    ['a date before 1990', { effectiveDate: '1989-12-31', rate: '0.86' }],
    ['a source over 200 characters', { effectiveDate: '2025-03-01', rate: '0.86', source: 's'.repeat(201) }],
  ])('refuses %s with 400 VALIDATION_FAILED, adding nothing', async (_, body) => {
    const before = await countOf('exchange_rates');
    const res = await admin.post<ErrorBody>('/api/currencies/EUR/rates', body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await countOf('exchange_rates')).toBe(before);
  });

  it('accepts the limits: 8 places, 6 digits before the point, a leap day', async () => {
    await clearRates('USD');
    expect((await addRate('USD', '2024-02-29', '999999.99999999')).rate).toBe('999999.99999999');
  });

  it('keeps the GBP rate at 1: no rate can be added, changed or deleted (409 BASE_CURRENCY_RATE_FIXED)', async () => {
    const before = await countOf('exchange_rates');
    const id = '00000000-0000-4000-8000-000000000001';
    for (const res of [
      await admin.post<ErrorBody>('/api/currencies/GBP/rates', { effectiveDate: '2025-01-01', rate: '1.1' }),
      await admin.put<ErrorBody>(`/api/currencies/GBP/rates/${id}`, { effectiveDate: '2025-01-01', rate: '1.1' }),
      await admin.delete<ErrorBody>(`/api/currencies/GBP/rates/${id}`),
    ])
      expect([res.status, res.body.code]).toEqual([409, 'BASE_CURRENCY_RATE_FIXED']);
    expect(await countOf('exchange_rates')).toBe(before);
    // The database refuses one too.
    await expect(
      ta.t.db
        .insertInto('exchange_rates')
        .values({ currency: 'GBP', effective_date: '2025-01-01', rate: '1.1' })
        .execute(),
    ).rejects.toThrow();
    expect((await admin.get<RateOn>('/api/currencies/GBP/rate-on?date=1995-01-01')).body).toEqual({
      currency: 'GBP',
      date: '1995-01-01',
      rate: '1',
      effectiveDate: null,
    });
  });

  it('answers 404 for a rate of another currency or an unknown one, changing nothing', async () => {
    await clearRates('EUR');
    const eur = await addRate('EUR', '2025-04-01', '0.84');
    for (const res of [
      await admin.put<ErrorBody>(`/api/currencies/USD/rates/${eur.id}`, { effectiveDate: '2025-04-01', rate: '0.5' }),
      await admin.delete<ErrorBody>(`/api/currencies/USD/rates/${eur.id}`),
      await admin.delete<ErrorBody>('/api/currencies/EUR/rates/00000000-0000-4000-8000-000000000009'),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await admin.get<Page<ExchangeRateRecord>>('/api/currencies/EUR/rates')).body.items[0]?.rate).toBe('0.84');
    expect((await admin.delete(`/api/currencies/EUR/rates/not-a-uuid`)).status).toBe(400);
  });

  it('answers a replayed add with the first answer, and the same key with another body with 422', async () => {
    await clearRates('EUR');
    const headers = { 'idempotency-key': 'eur-rate-create-0001' };
    const body = { effectiveDate: '2025-05-01', rate: '0.85' };
    const first = await admin.post<ExchangeRateRecord>('/api/currencies/EUR/rates', body, headers);
    const again = await admin.post<ExchangeRateRecord>('/api/currencies/EUR/rates', body, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.post<ErrorBody>('/api/currencies/EUR/rates', { ...body, rate: '0.86' }, headers);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await admin.get<Page<ExchangeRateRecord>>('/api/currencies/EUR/rates')).body.total).toBe(1);
  });

  it('rateOn picks the latest rate effective on or before the day; none before the first is a 422', async () => {
    await clearRates('EUR');
    await addRate('EUR', '2024-01-01', '0.85');
    await addRate('EUR', '2024-03-01', '0.87');
    await addRate('EUR', '2024-02-01', '0.86');
    const cases: [string, string, string][] = [
      ['2024-01-01', '0.85', '2024-01-01'],
      ['2024-01-31', '0.85', '2024-01-01'],
      ['2024-02-01', '0.86', '2024-02-01'],
      ['2024-02-15', '0.86', '2024-02-01'],
      ['2024-02-29', '0.86', '2024-02-01'],
      ['2030-12-31', '0.87', '2024-03-01'],
    ];
    for (const [date, rate, effectiveDate] of cases) {
      expect(await rateOn(ta.t.db, 'EUR', date), date).toEqual({ currency: 'EUR', rate, effectiveDate });
      expect((await admin.get<RateOn>(`/api/currencies/EUR/rate-on?date=${date}`)).body).toEqual({
        currency: 'EUR',
        date,
        rate,
        effectiveDate,
      });
    }
    expect(await rateOn(ta.t.db, 'GBP', '1990-01-01')).toEqual({ currency: 'GBP', rate: '1', effectiveDate: null });

    const none = await admin.get<ErrorBody>('/api/currencies/EUR/rate-on?date=2023-12-31');
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: 'NO_EXCHANGE_RATE', details: { currency: 'EUR', date: '2023-12-31' } });
    expect(none.body.message).toBe(
      'There is no EUR exchange rate effective on or before 2023-12-31. Add one under Currencies first.',
    );
    await expect(rateOn(ta.t.db, 'EUR', '2023-12-31')).rejects.toBeInstanceOf(AppError);
    for (const bad of ['', '?date=2024-13-01', '?date=tomorrow'])
      expect((await admin.get(`/api/currencies/EUR/rate-on${bad}`)).status, bad).toBe(400);
  });

  it('converts to GBP at the day’s rate, rounding half up to 2 places once', async () => {
    await clearRates('USD');
    await addRate('USD', '2024-06-01', '0.78912345');
    expect(await toBase(ta.t.db, '100.00', 'USD', '2024-06-30')).toEqual({
      currency: 'USD',
      rate: '0.78912345',
      effectiveDate: '2024-06-01',
      amount: '78.91',
    });
    expect(await toBase(ta.t.db, '12.34', 'GBP', '2024-06-30')).toMatchObject({ amount: '12.34', rate: '1' });
    await expect(toBase(ta.t.db, '1', 'USD', '2024-05-31')).rejects.toMatchObject({
      status: 422,
      code: 'NO_EXCHANGE_RATE',
    });
    // Half a penny goes up (away from zero); exact decimals, never floating point.
    expect(convertToBase('0.01', '0.5')).toBe('0.01');
    expect(convertToBase('0.03', '0.5')).toBe('0.02');
    expect(convertToBase('-0.01', '0.5')).toBe('-0.01');
    expect(convertToBase('0.29', '0.5')).toBe('0.15');
    expect(convertToBase('1.005', '1')).toBe('1.01');
    expect(convertToBase('0.1', '0.2')).toBe('0.02');
    // The largest money at the largest rate, still exact.
    expect(convertToBase('999999999999.99', '999999.99999999')).toBe('999999999999980000.00');
  });

  it('shows the rate effective today as the current rate, not a future one', async () => {
    await clearRates('EUR');
    await addRate('EUR', '2020-01-01', '0.88');
    await addRate('EUR', '2099-01-01', '0.5');
    const eur = (await admin.get<Currency>('/api/currencies/EUR')).body;
    expect(eur.currentRate).toEqual({ rate: '0.88', effectiveDate: '2020-01-01' });
    expect(eur.rateCount).toBe(2);
  });

  it('lists rates latest first, filtered by period and source, sorted by the whitelist and paged; exports them', async () => {
    await clearRates('EUR');
    await addRate('EUR', '2025-01-01', '0.84', 'ECB');
    await addRate('EUR', '2025-01-02', '0.86', 'Bank of England');
    await addRate('EUR', '2025-01-03', '0.85', '=HYPERLINK("http://x")');
    await addRate('EUR', '2025-01-04', '0.83', 'ECB 100%');
    const dates = (p: Page<ExchangeRateRecord>) => p.items.map((r) => r.effectiveDate.slice(8));
    const get = async (query: string) =>
      (await admin.get<Page<ExchangeRateRecord>>(`/api/currencies/EUR/rates${query}`)).body;
    expect(dates(await get(''))).toEqual(['04', '03', '02', '01']);
    expect(dates(await get('?from=2025-01-02&to=2025-01-03'))).toEqual(['03', '02']);
    expect(dates(await get('?q=ecb'))).toEqual(['04', '01']);
    expect(dates(await get('?q=%25'))).toEqual(['04']);
    expect(dates(await get('?sort=rate'))).toEqual(['04', '01', '03', '02']);
    expect(dates(await get('?sort=-rate'))).toEqual(['02', '03', '01', '04']);
    expect(dates(await get('?sort=effectiveDate'))).toEqual(['01', '02', '03', '04']);
    const page = await get('?pageSize=3&page=2');
    expect([page.total, page.page, dates(page)]).toEqual([4, 2, ['01']]);
    for (const bad of ['sort=source', 'from=2025-02-30', 'pageSize=201'])
      expect((await admin.get(`/api/currencies/EUR/rates?${bad}`)).status, bad).toBe(400);
    expect((await get('')).items).toHaveLength(4);

    const sheet = await readSheet(
      await download('/api/currencies/EUR/rates/export?from=2025-01-02&sort=effectiveDate'),
    );
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Currency',
      'Effective from',
      '1 EUR in GBP',
      'Source or note',
      'Updated',
    ]);
    expect(sheet.rowCount).toBe(4);
    expect([sheet.getRow(2).getCell(2).value, sheet.getRow(2).getCell(3).value]).toEqual([
      new Date('2025-01-02T00:00:00Z'),
      0.86,
    ]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('yyyy-mm-dd');
    const hostile = sheet.getRow(3).getCell(4);
    expect([hostile.type, hostile.value, hostile.formula]).toEqual([
      ExcelJS.ValueType.String,
      '=HYPERLINK("http://x")',
      undefined,
    ]);
    expect((await admin.get('/api/currencies/EUR/rates/export?sort=bogus')).status).toBe(400);
  });

  it('answers the series of a period oldest first for the chart, the latest 1000 when there are more', async () => {
    await clearRates('USD');
    await sql`INSERT INTO exchange_rates (currency, effective_date, rate)
      SELECT 'USD', date '2020-01-01' + i, 0.7 + i / 100000.0 FROM generate_series(0, 1004) AS i`.execute(ta.t.db);
    const all = (await admin.get<ExchangeRateSeries>('/api/currencies/USD/rates/series')).body;
    expect([all.currency, all.points.length, all.truncated]).toEqual(['USD', 1000, true]);
    expect(all.points[0]?.effectiveDate).toBe('2020-01-06');
    expect(all.points.at(-1)).toEqual({ effectiveDate: '2022-10-01', rate: '0.71004' });
    const part = (await admin.get<ExchangeRateSeries>('/api/currencies/USD/rates/series?from=2020-01-01&to=2020-01-03'))
      .body;
    expect(part).toEqual({
      currency: 'USD',
      points: [
        { effectiveDate: '2020-01-01', rate: '0.7' },
        { effectiveDate: '2020-01-02', rate: '0.70001' },
        { effectiveDate: '2020-01-03', rate: '0.70002' },
      ],
      truncated: false,
    });
    expect((await admin.get<ExchangeRateSeries>('/api/currencies/GBP/rates/series')).body.points).toEqual([]);
  });

  it('answers a user with view_currency only, and refuses them every change', async () => {
    const viewer = (await clientWith(ta, ['view_currency'])).api;
    expect((await viewer.get('/api/currencies')).status).toBe(200);
    expect((await viewer.get('/api/currencies/EUR/rates')).status).toBe(200);
    expect((await viewer.get('/api/currencies/EUR/rate-on?date=2025-01-01')).status).not.toBe(403);
    const before = await countOf('exchange_rates');
    for (const res of [
      await viewer.post<ErrorBody>('/api/currencies/EUR/rates', { effectiveDate: '2026-01-01', rate: '0.9' }),
      await viewer.put<ErrorBody>('/api/currencies/EUR', { name: 'Euro', symbol: '€', active: false }),
      await viewer.post<ErrorBody>('/api/processors', { code: 'X', name: 'X', type: 'CASH', currency: 'GBP' }),
    ])
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await countOf('exchange_rates')).toBe(before);
    const stranger = (await clientWith(ta, ['view_brand'])).api;
    expect((await stranger.get('/api/currencies')).status).toBe(403);
    expect((await stranger.get('/api/processors')).status).toBe(403);
  });
});

describe('processors', () => {
  const bank = {
    code: 'hsbc-main',
    name: 'HSBC current account',
    type: 'BANK_ACCOUNT',
    currency: 'GBP',
    bankName: 'HSBC UK',
    accountName: 'Acme Trading Ltd',
    sortCode: '40-11-62',
    accountNumber: '12345678',
    iban: 'gb82 west 1234 5698 7654 32',
  };

  it('creates (code upper-cased, details normalised), reads, updates and deletes, auditing each', async () => {
    const created = await admin.post<Processor>('/api/processors', { ...bank, paypalEmail: 'ignored@example.com' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      code: 'HSBC-MAIN',
      type: 'BANK_ACCOUNT',
      currency: 'GBP',
      sortCode: '401162',
      accountNumber: '12345678',
      iban: 'GB82WEST12345698765432',
      // A bank account has no PayPal e-mail: what does not belong to the type is not kept.
      paypalEmail: null,
      active: true,
    });
    const id = created.body.id;
    expect((await admin.get<Processor>(`/api/processors/${id}`)).body).toEqual(created.body);

    const updated = await admin.put<Processor>(`/api/processors/${id}`, {
      ...bank,
      type: 'PAYPAL',
      paypalEmail: ' Payments@Example.COM ',
      currency: 'EUR',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      type: 'PAYPAL',
      currency: 'EUR',
      paypalEmail: 'payments@example.com',
      bankName: null,
      sortCode: null,
      iban: null,
    });

    expect((await admin.delete(`/api/processors/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/processors/${id}`)).status).toBe(404);
    const log = await auditOf('processor', id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]?.before).toMatchObject({ type: 'BANK_ACCOUNT', sortCode: '401162' });
    expect(log[1]?.after).toMatchObject({ type: 'PAYPAL', paypalEmail: 'payments@example.com' });
    expect(log[2]?.after).toBeNull();
  });

  it('accepts a bank account with an IBAN only, or with sort code and account number only', async () => {
    const ibanOnly = await admin.post<Processor>('/api/processors', {
      ...bank,
      code: 'DE-BANK',
      currency: 'EUR',
      sortCode: '',
      accountNumber: '',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect([ibanOnly.status, ibanOnly.body.iban, ibanOnly.body.sortCode]).toEqual([
      201,
      'DE89370400440532013000',
      null,
    ]);
    const ukOnly = await admin.post<Processor>('/api/processors', { ...bank, code: 'UK-BANK', iban: null });
    expect([ukOnly.status, ukOnly.body.iban, ukOnly.body.accountNumber]).toEqual([201, null, '12345678']);
    for (const type of ['CASH', 'MARKETPLACE_BALANCE', 'CARD'])
      expect(
        (await admin.post('/api/processors', { code: `T-${type}`, name: type, type, currency: 'USD' })).status,
      ).toBe(201);
  });

  it.each([
    ['no code', { ...bank, code: undefined }],
    ['a code with a space', { ...bank, code: 'A B' }],
    ['a code over 30 characters', { ...bank, code: 'A'.repeat(31) }],
    ['no name', { ...bank, name: '  ' }],
    ['an unknown type', { ...bank, type: 'CHEQUE' }],
    ['an unknown currency', { ...bank, currency: 'JPY' }],
    ['no currency', { ...bank, currency: undefined }],
    ['a sort code of 5 digits', { ...bank, sortCode: '12-34-5' }],
    ['a sort code with letters', { ...bank, sortCode: '12-34-AB' }],
    ['an account number of 7 digits', { ...bank, accountNumber: '1234567' }],
    ['an account number of 9 digits', { ...bank, accountNumber: '123456789' }],
    ['an IBAN whose check digits are wrong', { ...bank, iban: 'GB82WEST12345698765433' }],
    ['an IBAN of the wrong length for its country', { ...bank, iban: 'GB82WEST1234569876543' }],
    ['an IBAN that is not one', { ...bank, iban: '12345' }],
    ['a bank account without its bank', { ...bank, bankName: '' }],
    ['a bank account without its account name', { ...bank, accountName: null }],
    ['a sort code without an account number', { ...bank, accountNumber: '', iban: '' }],
    ['an account number without a sort code', { ...bank, sortCode: '' }],
    ['a bank account with no account identifiers', { ...bank, sortCode: '', accountNumber: '', iban: '' }],
    ['a bank name over 120 characters', { ...bank, bankName: 'b'.repeat(121) }],
    ['PayPal without its e-mail', { code: 'PP', name: 'PayPal', type: 'PAYPAL', currency: 'GBP' }],
    [
      'PayPal with an e-mail that is not one',
      { code: 'PP', name: 'PayPal', type: 'PAYPAL', currency: 'GBP', paypalEmail: 'pay@' },
    ],
    ['active that is not a boolean', { ...bank, active: 'yes' }],
  ])('refuses %s with 400 VALIDATION_FAILED, creating nothing', async (_, body) => {
    const before = await countOf('processors');
    const res = await admin.post<ErrorBody>('/api/processors', body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await countOf('processors')).toBe(before);
  });

  it('names the field at fault', async () => {
    const res = await admin.post<ErrorBody & { details: { issues: { path: string; message: string }[] } }>(
      '/api/processors',
      { ...bank, iban: 'GB00WEST12345698765432', sortCode: '' },
    );
    expect(res.body.details.issues.map((i) => i.path).sort()).toEqual(['body.iban', 'body.sortCode']);
    expect(res.body.message).toMatch(/iban: not a valid IBAN/);
  });

  it('refuses a code already taken, whatever its case (409 PROCESSOR_CODE_TAKEN), on create and update', async () => {
    await admin.post('/api/processors', { code: 'DUP-P1', name: 'One', type: 'CASH', currency: 'GBP' });
    const other = await admin.post<Processor>('/api/processors', {
      code: 'DUP-P2',
      name: 'Two',
      type: 'CASH',
      currency: 'GBP',
    });
    const before = await countOf('processors');
    const dup = await admin.post<ErrorBody>('/api/processors', {
      code: 'dup-p1',
      name: 'Again',
      type: 'CASH',
      currency: 'GBP',
    });
    expect([dup.status, dup.body.code]).toEqual([409, 'PROCESSOR_CODE_TAKEN']);
    expect(await countOf('processors')).toBe(before);
    const rename = await admin.put<ErrorBody>(`/api/processors/${other.body.id}`, { ...other.body, code: 'Dup-P1' });
    expect([rename.status, rename.body.code]).toEqual([409, 'PROCESSOR_CODE_TAKEN']);
    expect((await admin.get<Processor>(`/api/processors/${other.body.id}`)).body.code).toBe('DUP-P2');
  });

  it('puts a new processor only in an active currency (422 CURRENCY_INACTIVE), creating nothing', async () => {
    await ta.t.db.updateTable('currencies').set({ active: false }).where('code', '=', 'USD').execute();
    try {
      const before = await countOf('processors');
      const res = await admin.post<ErrorBody>('/api/processors', {
        code: 'USD-CASH',
        name: 'Dollars',
        type: 'CASH',
        currency: 'USD',
      });
      expect([res.status, res.body.code]).toEqual([422, 'CURRENCY_INACTIVE']);
      expect(await countOf('processors')).toBe(before);
    } finally {
      await ta.t.db.updateTable('currencies').set({ active: true }).where('code', '=', 'USD').execute();
    }
  });

  it('answers a replayed create with the first answer, and the same key with another body with 422', async () => {
    const headers = { 'idempotency-key': 'processor-create-0001' };
    const body = { code: 'ONCE-P', name: 'Once', type: 'CASH', currency: 'GBP' };
    const first = await admin.post<Processor>('/api/processors', body, headers);
    const again = await admin.post<Processor>('/api/processors', body, headers);
    expect([first.status, again.status, again.body.id]).toEqual([201, 201, first.body.id]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.post<ErrorBody>('/api/processors', { ...body, code: 'TWICE-P' }, headers);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(
      await ta.t.db.selectFrom('processors').select('id').where('code', 'in', ['ONCE-P', 'TWICE-P']).execute(),
    ).toHaveLength(1);
  });

  it('refuses to delete a processor in use (409 IN_USE) or to change its currency, changing nothing', async () => {
    const p = (
      await admin.post<Processor>('/api/processors', { code: 'USED-P', name: 'Used', type: 'CASH', currency: 'GBP' })
    ).body;
    const reference: ReferenceQuery = { entity: 'settlement', count: async (_db, id) => (id === p.id ? 2 : 0) };
    PROCESSOR_REFERENCES.push(reference);
    try {
      const logs = (await auditOf('processor', p.id)).length;
      const refused = await admin.delete<ErrorBody>(`/api/processors/${p.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'IN_USE',
        details: { references: [{ entity: 'settlement', count: 2 }] },
      });
      expect(refused.body.message).toMatch(/Processor "USED-P" is used by 2 settlements; deactivate it instead/);
      const moved = await admin.put<ErrorBody>(`/api/processors/${p.id}`, { ...p, currency: 'EUR' });
      expect([moved.status, moved.body.code]).toEqual([409, 'PROCESSOR_CURRENCY_LOCKED']);
      expect((await admin.get<Processor>(`/api/processors/${p.id}`)).body).toEqual(p);
      expect((await auditOf('processor', p.id)).length).toBe(logs);
      // Its name and active flag can still change.
      expect((await admin.put(`/api/processors/${p.id}`, { ...p, name: 'Used (closed)', active: false })).status).toBe(
        200,
      );
    } finally {
      PROCESSOR_REFERENCES.splice(PROCESSOR_REFERENCES.indexOf(reference), 1);
    }
    expect((await admin.delete(`/api/processors/${p.id}`)).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    for (const res of [
      await admin.get<ErrorBody>(`/api/processors/${unknown}`),
      await admin.put<ErrorBody>(`/api/processors/${unknown}`, { code: 'X', name: 'X', type: 'CASH', currency: 'GBP' }),
      await admin.delete<ErrorBody>(`/api/processors/${unknown}`),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await admin.get('/api/processors/not-a-uuid')).status).toBe(400);
  });

  it('searches (code, name, bank, IBAN with spaces, e-mail), filters by type, currency and active, sorts and pages; exports', async () => {
    const make = (body: Record<string, unknown>) => admin.post<Processor>('/api/processors', body);
    await make({
      code: 'LP-A',
      name: 'Lister bank',
      type: 'BANK_ACCOUNT',
      currency: 'EUR',
      bankName: 'Lloyds',
      accountName: 'Acme',
      iban: 'IE29AIBK93115212345678',
    });
    await make({
      code: 'LP-B',
      name: 'Lister PayPal',
      type: 'PAYPAL',
      currency: 'GBP',
      paypalEmail: 'lister@example.com',
    });
    await make({ code: 'LP-C', name: 'Lister till', type: 'CASH', currency: 'GBP', active: false });
    await make({
      code: 'LP-D',
      name: '=cmd|calc',
      type: 'MARKETPLACE_BALANCE',
      currency: 'USD',
      accountName: 'Amazon US',
    });
    const codes = async (query: string) =>
      (await admin.get<Page<Processor>>(`/api/processors?${query}`)).body.items.map((p) => p.code);
    expect(await codes('q=lp-')).toEqual(['LP-A', 'LP-B', 'LP-C', 'LP-D']);
    expect(await codes('q=lloyds')).toEqual(['LP-A']);
    expect(await codes('q=ie29 aibk')).toEqual(['LP-A']);
    expect(await codes('q=LISTER@EXAMPLE')).toEqual(['LP-B']);
    expect(await codes('q=lp-&type=PAYPAL')).toEqual(['LP-B']);
    expect(await codes('q=lp-&currency=GBP')).toEqual(['LP-B', 'LP-C']);
    expect(await codes('q=lp-&active=false')).toEqual(['LP-C']);
    expect(await codes('q=lp-&sort=-type')).toEqual(['LP-B', 'LP-D', 'LP-C', 'LP-A']);
    expect(await codes('q=lp-&sort=currency')).toEqual(['LP-A', 'LP-B', 'LP-C', 'LP-D']);
    expect(await codes('q=lp-&sort=name')).toEqual(['LP-D', 'LP-A', 'LP-B', 'LP-C']);
    const page = (await admin.get<Page<Processor>>('/api/processors?q=lp-&pageSize=3&page=2')).body;
    expect([page.total, page.items.map((p) => p.code)]).toEqual([4, ['LP-D']]);
    for (const bad of ['sort=iban', 'type=CHEQUE', 'currency=JPY', 'active=1'])
      expect((await admin.get(`/api/processors?${bad}`)).status, bad).toBe(400);

    const sheet = await readSheet(await download('/api/processors/export?q=lp-&currency=EUR'));
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('LP-A');
    expect(sheet.getRow(2).getCell(9).value).toBe('IE29 AIBK 9311 5212 3456 78');
    const hostile = (await readSheet(await download('/api/processors/export?q=lp-d'))).getRow(2).getCell(2);
    expect([hostile.type, hostile.value]).toEqual([ExcelJS.ValueType.String, '=cmd|calc']);
  });
});
