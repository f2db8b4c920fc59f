import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { moneyFormat, ui, words, writeXlsx, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from './xlsx.ts';

async function read(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('xlsx export', () => {
  const columns: XlsxColumn<{ code: string; qty: number }>[] = [
    { header: 'Code', value: (r) => r.code },
    { header: 'Quantity', type: 'quantity', value: (r) => r.qty },
  ];

  it('writes a header row and one row per item, in order', async () => {
    const sheet = await read(
      await writeXlsx(columns, [
        { code: 'A', qty: 1 },
        { code: 'B', qty: 2 },
      ]),
    );
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Quantity']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'A', 1]);
    expect(sheet.getRow(3).values).toEqual([undefined, 'B', 2]);
    expect(sheet.rowCount).toBe(3);
  });

  it('keeps formula-like text as text, never a formula, and drops characters XML cannot carry', async () => {
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd'];
    const sheet = await read(
      await writeXlsx(
        columns,
        hostile.map((code) => ({ code: `${code}\u0000`, qty: 0 })),
      ),
    );
    hostile.forEach((text, i) => {
      const cell = sheet.getRow(i + 2).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(text);
      expect(cell.numFmt).toBe('@');
    });
  });

  it('reads from an async source and stops at the row limit', async () => {
    async function* many() {
      for (let i = 0; i < XLSX_EXPORT_MAX_ROWS + 5; i++) yield { code: `C${i}`, qty: i };
    }
    const sheet = await read(await writeXlsx(columns, many()));
    expect(sheet.rowCount).toBe(XLSX_EXPORT_MAX_ROWS + 1);
  }, 60_000);
});

describe('typed export columns', () => {
  interface Row {
    sku: string;
    kind: string;
    price: string;
    qty: string;
    day: string | null;
    at: string;
    active: boolean;
  }
  const columns: XlsxColumn<Row>[] = [
    { header: ui('products:fields.sku'), value: (r) => r.sku },
    { header: ui('products:fields.kind'), type: 'enum', labels: 'products:kinds', value: (r) => r.kind },
    { header: ui('products:fields.salePrice'), type: 'money', value: (r) => r.price },
    { header: words('Quantity', 'Cantidad', 'Quantidade', 'Menge'), type: 'quantity', value: (r) => r.qty },
    { header: ui('transfers:fields.expectedDate'), type: 'date', value: (r) => r.day },
    { header: ui('inventory:fields.postedAt'), type: 'date', value: (r) => r.at },
    { header: ui('products:fields.status'), type: 'boolean', value: (r) => r.active },
  ];
  const rows: Row[] = [
    // 23:30 UTC on 31 March 2026 is already 1 April in London (summer time).
    {
      sku: 'A-1',
      kind: 'STOCK',
      price: '1234.5',
      qty: '12',
      day: '2026-03-04',
      at: '2026-03-31T23:30:00Z',
      active: true,
    },
    { sku: 'B-2', kind: 'BUNDLE', price: '-0.1', qty: '2.5', day: null, at: '2026-01-01T00:00:00Z', active: false },
  ];

  it('writes numbers as numbers with their format, dates as date cells, codes as words (en)', async () => {
    const sheet = await read(await writeXlsx(columns, rows, { language: 'en' }));
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'SKU',
      'Kind',
      'Sale price',
      'Quantity',
      'Expected arrival',
      'Posted',
      'Status',
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe('Stock item');
    expect(first.getCell(3).value).toBe(1234.5);
    expect(first.getCell(3).numFmt).toBe('"£"#,##0.00');
    expect(first.getCell(4).value).toBe(12);
    expect(first.getCell(4).numFmt).toBe('#,##0');
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.Date);
    expect((first.getCell(5).value as Date).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(first.getCell(5).numFmt).toBe('yyyy-mm-dd');
    expect((first.getCell(6).value as Date).toISOString().slice(0, 10)).toBe('2026-04-01');
    expect(first.getCell(7).value).toBe('Yes');
    const second = sheet.getRow(3);
    expect(second.getCell(2).value).toBe('Bundle');
    expect(second.getCell(3).value).toBe(-0.1);
    expect(second.getCell(4).value).toBe(2.5);
    expect(second.getCell(4).numFmt).toBe('#,##0.0');
    expect(second.getCell(5).value).toBeNull();
    expect(second.getCell(7).value).toBe('No');
  });

  it('writes titles and words in German', async () => {
    const sheet = await read(await writeXlsx(columns, rows, { language: 'de' }));
    const header = sheet.getRow(1).values as unknown[];
    expect(header[4]).toBe('Menge');
    expect(header).not.toContain('Sale price');
    expect(sheet.getRow(2).getCell(2).value).not.toBe('STOCK');
    expect(sheet.getRow(2).getCell(7).value).toBe('Ja');
    // Numbers stay numbers whatever the language: the spreadsheet shows them as its user's locale writes them.
    expect(sheet.getRow(2).getCell(3).value).toBe(1234.5);
  });

  it('shows a code the web app has no word for as it is, never as a text key', async () => {
    const sheet = await read(
      await writeXlsx(
        [{ header: 'K', type: 'enum', labels: 'products:kinds', value: (r: { k: string }) => r.k }],
        [{ k: 'NEW_KIND' }],
      ),
    );
    expect(sheet.getRow(2).getCell(1).value).toBe('NEW_KIND');
  });

  it('formats money by currency: a sign for the known ones, the code after the amount otherwise', () => {
    expect(moneyFormat('GBP')).toBe('"£"#,##0.00');
    expect(moneyFormat('EUR', 4)).toBe('"€"#,##0.00##');
    expect(moneyFormat('CHF')).toBe('#,##0.00 "CHF"');
  });
});
