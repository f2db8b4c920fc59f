import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../test/zip-bomb.ts';
import type { AppError } from './errors.ts';
import { writeXlsx } from './xlsx.ts';
import { DEFAULT_XLSX_LIMITS, readXlsxRows } from './xlsx-read.ts';

const collect = async (buffer: Buffer, limits?: Parameters<typeof readXlsxRows>[1]) => {
  const rows = [];
  for await (const row of readXlsxRows(buffer, limits)) rows.push(row);
  return rows;
};
const limits = { maxRows: 5, maxColumns: 10, maxUncompressedBytes: 50 * 1024 * 1024, maxCompressionRatio: 200 };

describe('xlsx import reader', () => {
  it('reads the header and rows as trimmed text, numbers as Excel holds them, dates as YYYY-MM-DD', async () => {
    const file = await writeXlsx(
      [
        { header: 'SKU', value: (r: { sku: string; price: number; at: Date }) => r.sku },
        { header: 'Price', type: 'number', value: (r) => r.price },
        { header: 'Date', type: 'date', value: (r) => r.at },
      ],
      [
        { sku: '  A-1 ', price: 12.5, at: new Date('2026-03-04T00:00:00Z') },
        { sku: 'B-2', price: 0.1, at: new Date('2026-12-31T00:00:00Z') },
      ],
    );
    const rows = await collect(file, limits);
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['SKU', 'Price', 'Date'] },
      { rowNumber: 2, cells: ['A-1', '12.5', '2026-03-04'] },
      { rowNumber: 3, cells: ['B-2', '0.1', '2026-12-31'] },
    ]);
  });

  it('stops past the row limit with 413 TOO_MANY_ROWS', async () => {
    const file = await writeXlsx([{ header: 'N', type: 'number', value: (n: number) => n }], [1, 2, 3, 4, 5, 6, 7]);
    await expect(collect(file, limits)).rejects.toMatchObject({
      status: 413,
      code: 'TOO_MANY_ROWS',
    } satisfies Partial<AppError>);
  });

  it('refuses a file that is not a workbook, and one that would inflate too far (zip bomb), before parsing', async () => {
    await expect(collect(Buffer.from('%PDF-1.4 not a sheet'), limits)).rejects.toMatchObject({
      code: 'NOT_A_SPREADSHEET',
    });
    // A tiny archive that declares a 1 GB sheet.
    const data = deflateRawSync(Buffer.alloc(1024 * 1024));
    const bomb = fakeZip([
      { name: 'xl/workbook.xml', data: deflateRawSync(Buffer.from('<workbook/>')), size: 11 },
      { name: 'xl/worksheets/sheet1.xml', data, size: 1024 * 1024 * 1024 },
    ]);
    await expect(collect(bomb, limits)).rejects.toMatchObject({ status: 413, code: 'SPREADSHEET_TOO_LARGE' });
  });

  it('refuses a bomb whose declared sizes lie, counting what it inflates: memory stays flat, nothing is written', async () => {
    // 1 GiB of shared strings from about 2.9 MB, the sheet before them in the archive, every size declared as 4 KB.
    const bomb = xlsxBomb('sharedStrings', 1000);
    expect(bomb.length).toBeLessThan(3.5 * 1024 * 1024);
    const { error, liveGrowth, written } = await watched(() => collect(bomb, DEFAULT_XLSX_LIMITS));
    expect(error).toMatchObject({ status: 413, code: 'SPREADSHEET_TOO_LARGE' });
    expect(liveGrowth).toBeLessThan(100 * 1024 * 1024);
    expect(written).toEqual([]);
  }, 60_000);

  it('refuses a sheet that inflates past the limit without writing it anywhere', async () => {
    const bomb = xlsxBomb('sheet', 1024);
    const { error, liveGrowth, written } = await watched(() =>
      collect(bomb, { ...DEFAULT_XLSX_LIMITS, maxUncompressedBytes: 24 * 1024 * 1024 }),
    );
    expect(error).toMatchObject({ status: 413, code: 'SPREADSHEET_TOO_LARGE' });
    expect(liveGrowth).toBeLessThan(100 * 1024 * 1024);
    expect(written).toEqual([]);
  }, 60_000);

  it('reads a sheet stored before its shared strings, and stops early without leaving anything behind', async () => {
    const out = await sharedStringsSheet(3);
    const { error, written } = await watched(async () => {
      expect(await collect(out)).toEqual([
        { rowNumber: 1, cells: ['SKU', 'Name'] },
        { rowNumber: 2, cells: ['S-0', 'Ürün 0 – ü'] },
        { rowNumber: 3, cells: ['S-1', 'Ürün 1 – ü'] },
        { rowNumber: 4, cells: ['S-2', 'Ürün 2 – ü'] },
      ]);
      for await (const _ of readXlsxRows(out)) break;
      return [];
    });
    expect(error).toBeUndefined();
    expect(written).toEqual([]);
  });

  it('reads what writers other than Excel emit: rich and phonetic text, entities, prefixes, gaps, types, dates', async () => {
    const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const styles = `<x:styleSheet ${ns}><x:numFmts count="2"><x:numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><x:numFmt numFmtId="165" formatCode="&quot;day&quot;\\ 0.00"/></x:numFmts><x:cellXfs count="4"><x:xf numFmtId="0"/><x:xf numFmtId="164"/><x:xf numFmtId="14"/><x:xf numFmtId="165"/></x:cellXfs></x:styleSheet>`;
    const shared = `<sst><si><t xml:space="preserve"> Fish &amp; chips </t></si><si><r><t>Bold</t></r><r><rPr><b/></rPr><t xml:space="preserve"> and plain</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si><si><t>Line_x000D_two &#x263A;</t></si><si/></sst>`;
    const rows = [
      '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="s"><x:v>1</x:v></x:c><x:c r="D1" t="s"><x:v>2</x:v></x:c></x:row>',
      // No references: the cells follow each other, the row the last one.
      '<x:row><x:c t="inlineStr"><x:is><x:t>in&lt;line&gt;</x:t></x:is></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#DIV/0!</x:v></x:c><x:c t="str"><x:f>A1</x:f><x:v>formula&apos;s</x:v></x:c></x:row>',
      '<x:row r="5"/>',
      '<x:row r="6"><x:c r="A6" s="1"><x:v>45000</x:v></x:c><x:c r="B6" s="2"><x:v>45000.75</x:v></x:c><x:c r="C6" s="3"><x:v>2.5</x:v></x:c><x:c r="D6" t="d"><x:v>2026-02-03T00:00:00Z</x:v></x:c><x:c r="E6"><x:v>0.30000000000000004</x:v></x:c><x:c r="F6" t="s"><x:v>3</x:v></x:c><x:c r="G6" t="inlineStr"><x:is><x:t><![CDATA[a <b> & c]]></x:t></x:is></x:c></x:row>',
    ];
    const file = workbookOf({
      workbook: `<workbook><workbookPr date1904="1"/></workbook>`,
      styles,
      shared,
      sheet: `<?xml version="1.0"?><x:worksheet ${ns}><x:sheetData>${rows.join('')}</x:sheetData></x:worksheet>`,
    });
    expect(await collect(file, limits)).toEqual([
      { rowNumber: 1, cells: ['Fish & chips', '', 'Bold and plain', 'Line\rtwo ☺'] },
      { rowNumber: 2, cells: ['in<line>', 'true', '', "formula's"] },
      // 45000 days after 1 January 1904 (the workbook's date system); the custom format's "d" is quoted text.
      {
        rowNumber: 6,
        cells: ['2027-03-16', '2027-03-16', '2.5', '2026-02-03', '0.30000000000000004', '', 'a <b> & c'],
      },
    ]);
  });

  it('reads every row of a long sheet whatever pieces its text arrives in, each cell its own', async () => {
    const n = 3000;
    let sheet =
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>N</t></is></c></row>';
    for (let i = 2; i <= n + 1; i++)
      sheet += `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>A rather long product name ${i}</t></is></c><c r="B${i}"><v>${i}</v></c></row>`;
    sheet += '</sheetData></worksheet>';
    const read = await collect(workbookOf({ workbook: '<workbook/>', sheet }), { ...limits, maxRows: n });
    expect(read).toHaveLength(n + 1);
    expect(
      read.every(
        (r, i) =>
          i === 0 ||
          (r.rowNumber === i + 1 &&
            r.cells[0] === `A rather long product name ${i + 1}` &&
            r.cells[1] === String(i + 1)),
      ),
    ).toBe(true);
  });
});

/**
 * Runs a read with the temporary folder pointed at an empty one of its own, sampling what the process holds:
 * answers what it threw, how far the live memory (JavaScript heap plus buffers, after a full collection) rose
 * above where it started, and the files left. Collecting before each sample measures what the reader keeps,
 * not garbage the collector has not reached yet, so the figure does not depend on when the collector runs. A full
 * collection costs tens of milliseconds on a busy machine, so samples are at least 100 ms apart: what a reader keeps,
 * it keeps for the whole read, and a bomb takes longer than that to inflate.
 */
async function watched(read: () => Promise<unknown>) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc)
    throw new Error(
      'These tests measure memory after a full collection: run Node with --expose-gc (vitest.config.ts does).',
    );
  const live = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'xlsx-read-test-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  const start = live();
  let peak = start;
  // The next sample waits at least four times as long as the last collection took, so collecting never takes
  // more than a fifth of the read's time however busy the machine is.
  let sampler: NodeJS.Timeout;
  const sample = () => {
    const began = performance.now();
    peak = Math.max(peak, live());
    sampler = setTimeout(sample, Math.max(100, 4 * (performance.now() - began)));
  };
  sampler = setTimeout(sample, 100);
  let error: unknown;
  try {
    await read();
  } catch (e) {
    error = e;
  } finally {
    clearTimeout(sampler);
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
  const written = readdirSync(dir);
  rmSync(dir, { recursive: true, force: true });
  return { error, liveGrowth: peak - start, written };
}

/** A workbook with shared strings (as Excel writes them), non-ASCII text included. */
async function sharedStringsSheet(rows: number): Promise<Buffer> {
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(['SKU', 'Name']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow([`S-${i}`, `Ürün ${i} – ü`]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** A workbook of the given parts' XML, each deflated, with the sizes it really has. */
function workbookOf(parts: { workbook: string; sheet: string; styles?: string; shared?: string }): Buffer {
  const entry = (name: string, xml: string) => {
    const raw = Buffer.from(xml);
    return { name, data: deflateRawSync(raw), size: raw.length };
  };
  return fakeZip([
    entry('xl/workbook.xml', parts.workbook),
    entry('xl/worksheets/sheet1.xml', parts.sheet),
    ...(parts.styles ? [entry('xl/styles.xml', parts.styles)] : []),
    ...(parts.shared ? [entry('xl/sharedStrings.xml', parts.shared)] : []),
  ]);
}

/** A zip whose central directory declares the given sizes (the data need not match: it is never inflated). */
function fakeZip(entries: { name: string; data: Buffer; size: number }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, e.data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE(e.size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + e.data.length;
  }
  const size = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}
