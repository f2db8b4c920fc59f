import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Zip bombs shaped as .xlsx files, built in memory in a moment: a small archive whose part inflates to
 * `inflatedBytes` of well-formed XML while its central directory (and local headers) declare a few kilobytes.
 *
 * The big part is one deflate stream made of a head, the same flushed block `repeat` times and a tail: each
 * piece is compressed from a fresh state and ends on a full flush (byte-aligned, no final bit), so identical
 * input gives identical bytes and the pieces simply follow each other.
 */

const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

interface Entry {
  name: string;
  /** Raw deflate data. */
  data: Buffer;
  /** What the archive says the part inflates to (a lie for the bomb). */
  declaredSize: number;
  crc: number;
}

const small = (name: string, text: string): Entry => {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), declaredSize: raw.length, crc: crc32(raw) };
};

/** A deflate stream that inflates to head + block × repeat + tail, from a few kilobytes. */
function repeatedDeflate(head: string, block: string, repeat: number, tail: string): Buffer {
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });
  const body = flushed(block);
  return Buffer.concat([
    flushed(head),
    ...Array.from({ length: repeat }, () => body),
    deflateRawSync(Buffer.from(tail)),
  ]);
}

/** One 1 MiB block of shared strings (1 000-character texts). */
const SHARED_BLOCK = `<si><t>${'A'.repeat(1000)}</t></si>`.repeat(Math.floor((1024 * 1024) / 1018));
/** One 1 MiB block of sheet rows with empty cells (a reader skips them, so only the bytes count). */
const ROW_BLOCK = '<row r="2"><c r="A2"/></row>'.repeat(Math.floor((1024 * 1024) / 28));

/**
 * An .xlsx whose `part` ('sharedStrings' or 'sheet') inflates to about `inflatedMiB` MiB. The sheet comes
 * before the shared strings in the archive, as in the file that made the server write a 1.2 GB temporary file.
 */
export function xlsxBomb(part: 'sharedStrings' | 'sheet', inflatedMiB: number): Buffer {
  const sheetHead = `${xml}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>`;
  const sheet: Entry =
    part === 'sheet'
      ? {
          name: 'xl/worksheets/sheet1.xml',
          data: repeatedDeflate(sheetHead, ROW_BLOCK, inflatedMiB, '</sheetData></worksheet>'),
          declaredSize: 4096,
          crc: 0,
        }
      : small('xl/worksheets/sheet1.xml', `${sheetHead}</sheetData></worksheet>`);
  const sstHead = `${xml}<sst xmlns="${MAIN}"><si><t>SKU</t></si>`;
  const shared: Entry =
    part === 'sharedStrings'
      ? {
          name: 'xl/sharedStrings.xml',
          data: repeatedDeflate(sstHead, SHARED_BLOCK, inflatedMiB, '</sst>'),
          declaredSize: 4096,
          crc: 0,
        }
      : small('xl/sharedStrings.xml', `${sstHead}</sst>`);
  return zip([
    small(
      '[Content_Types].xml',
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    small(
      '_rels/.rels',
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    small(
      'xl/workbook.xml',
      `${xml}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    small(
      'xl/_rels/workbook.xml.rels',
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    sheet,
    shared,
  ]);
}

function zip(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, e.data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(e.crc >>> 0, 16);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE(e.declaredSize, 24);
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
