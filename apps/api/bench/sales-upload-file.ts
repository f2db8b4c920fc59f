import { writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Writes the sales upload bench's .xlsx (bench/sales-upload.ts) to the path given, in a process of its own, so that
 * making a workbook of tens of thousands of rows never counts in the memory the bench measures of the server.
 * Arguments: the path, lines, lines per order, buyers, products.
 */
const [path, ...sizes] = process.argv.slice(2);
const [LINES, PER_ORDER, CUSTOMERS, PRODUCTS] = sizes.map(Number) as [number, number, number, number];

const HEADERS = ['Channel', 'Order', 'Buyer', 'Email', 'Street', 'Town', 'Postcode', 'SKU', 'Qty', 'Price', 'Shipping'];

async function workbook(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const ws = book.addWorksheet('Orders');
  ws.addRow(HEADERS).commit();
  for (let i = 0; i < LINES; i++) {
    const order = Math.floor(i / PER_ORDER);
    const first = i % PER_ORDER === 0;
    const buyer = order % CUSTOMERS;
    ws.addRow([
      'AMAZON',
      `BENCH-${order}`,
      `Buyer ${buyer}`,
      `buyer${buyer}@example.com`,
      `${buyer} High Street`,
      'Leeds',
      'LS1 1AA',
      `BS-${(i * 7919) % PRODUCTS}`,
      String(1 + (i % 3)),
      `${5 + (i % 20)}.99`,
      first ? '3.99' : '',
    ]).commit();
  }
  ws.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

if (!path) throw new Error('usage: sales-upload-file.ts <path> <lines> <per order> <buyers> <products>');
writeFileSync(path, await workbook());
