import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx, XLSX_EXPORT_MAX_ROWS } from './xlsx.ts';

async function read(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('xlsx export', () => {
  const columns = [
    { header: 'Code', value: (r: { code: string; qty: number }) => r.code },
    { header: 'Quantity', value: (r: { code: string; qty: number }) => r.qty },
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
