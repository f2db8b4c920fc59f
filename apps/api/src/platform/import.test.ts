import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseImport, proposeMapping } from './import.ts';
import { writeXlsx } from './xlsx.ts';

const columns = [
  { field: 'sku', label: 'SKU', required: true, aliases: ['item code'] },
  { field: 'name', label: 'Name', required: true },
  { field: 'price', label: 'Sale price', aliases: ['price'] },
];
const schema = z.object({
  sku: z.string({ error: 'a SKU is needed' }).max(10, 'a SKU has at most 10 characters'),
  name: z.string({ error: 'a name is needed' }),
  price: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'a price is a number with at most 2 decimals')
    .optional(),
});

const sheet = (header: string[], rows: string[][]) =>
  writeXlsx(
    header.map((h, i) => ({ header: h, value: (r: string[]) => r[i] ?? null })),
    rows,
  );

describe('import parsing', () => {
  it('proposes a mapping from headers by name, label or alias, ignoring case and punctuation', () => {
    expect(proposeMapping(['Item Code', 'NAME', 'Price', 'Other'], columns)).toEqual({
      sku: 'Item Code',
      name: 'NAME',
      price: 'Price',
    });
  });

  it('reads good rows and collects every problem with its row number and field', async () => {
    const file = await sheet(
      ['SKU', 'Name', 'Sale price'],
      [
        ['A-1', 'Apple', '1.50'],
        ['', 'No sku', '2'],
        ['B-2', 'Banana', '1.234'],
        ['A-1', 'Apple again', '1'],
        ['C-3', 'Cherry', ''],
      ],
    );
    const result = await parseImport(file, { columns, schema, uniqueBy: { field: 'sku', key: (r) => r.sku } });
    expect(result.rows.map((r) => [r.rowNumber, r.value])).toEqual([
      [2, { sku: 'A-1', name: 'Apple', price: '1.50' }],
      [6, { sku: 'C-3', name: 'Cherry', price: undefined }],
    ]);
    expect(result.errors).toEqual([
      { rowNumber: 3, field: 'sku', message: 'a SKU is needed' },
      { rowNumber: 4, field: 'price', message: 'a price is a number with at most 2 decimals' },
      { rowNumber: 5, field: 'sku', message: '"A-1" is already in row 2 of this file.' },
    ]);
  });

  it('takes a saved mapping, and refuses a file without a required column', async () => {
    const file = await sheet(['Code', 'Title'], [['X', 'Ex']]);
    const mapped = await parseImport(file, { columns, schema, mapping: { sku: 'Code', name: 'Title' } });
    expect(mapped.rows[0]?.value).toEqual({ sku: 'X', name: 'Ex', price: undefined });
    await expect(parseImport(file, { columns, schema })).rejects.toMatchObject({
      status: 422,
      code: 'IMPORT_COLUMNS_MISSING',
      details: { missing: ['sku', 'name'] },
    });
  });
});
