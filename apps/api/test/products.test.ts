import type {
  ErrorBody,
  Page,
  Product,
  ProductInput,
  ProductListItem,
  ProductLookupItem,
  UploadedFile,
} from '@backoffice/contracts';
import {
  ALL_PERMISSIONS,
  Barcode,
  barcodeKind,
  barcodeProblem,
  expectedCheckDigit,
  gs1CheckDigit,
  ProductInput as ProductInputSchema,
  toGtin14,
} from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_CONTENT_TYPE } from '../src/platform/xlsx.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { PDF, PNG } from './fixtures.ts';

const PATH = '/api/products';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000001';

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

/** A valid barcode of this length, distinct per call (a counter in its digits, the right check digit). */
let serial = 100_000;
function barcode(length: 8 | 12 | 13 | 14 = 13): string {
  serial += 1;
  const body = `${length === 14 ? '1' : '5'}${String(serial).padStart(length - 2, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}
/** The same digits with a wrong last digit. */
const wrongCheck = (b: string) => `${b.slice(0, -1)}${(Number(b.at(-1)) + 1) % 10}`;

let skuSerial = 0;
const sku = (prefix = 'T') => `${prefix}-${++skuSerial}`;

async function create(body: Partial<ProductInput> = {}): Promise<Product> {
  const res = await admin.post<Product>(PATH, { sku: sku(), name: 'Test product', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** What an update sends to keep a product as it is, with changes. */
function inputOf(p: Product, changes: Partial<ProductInput> = {}): ProductInput {
  return {
    sku: p.sku,
    name: p.name,
    brandId: p.brand?.id ?? null,
    unit: p.unit,
    kind: p.kind,
    barcodes: p.barcodes.map((b) => b.barcode),
    components: p.components.map((c) => ({ productId: c.productId, quantity: c.quantity })),
    costPrice: p.costPrice,
    salePrice: p.salePrice,
    vatRate: p.vatRate,
    weightKg: p.weightKg,
    lengthCm: p.lengthCm,
    widthCm: p.widthCm,
    heightCm: p.heightCm,
    reorderPoint: p.reorderPoint,
    reorderQuantity: p.reorderQuantity,
    images: p.images.map((i) => i.fileName),
    active: p.active,
    ...changes,
  };
}

const count = async (table: 'products' | 'product_barcodes' | 'product_bundle_components' | 'uploaded_files') =>
  Number(
    (
      await ta.t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => ({
  products: await count('products'),
  barcodes: await count('product_barcodes'),
  components: await count('product_bundle_components'),
  files: await count('uploaded_files'),
  logs: Number(
    (
      await ta.t.db
        .selectFrom('system_logs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('entity', '=', 'product')
        .executeTakeFirstOrThrow()
    ).n,
  ),
});
const auditOf = (id: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .selectAll()
    .where('entity', '=', 'product')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

async function upload(token: string, name: string, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const res = await fetch(`${ta.baseUrl}/api/upload/uploadFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=t0k3n', 'x-xsrf-token': 't0k3n' },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as UploadedFile;
}

async function createBrand(code: string, active = true) {
  const res = await admin.post<{ id: string }>('/api/brands', { code, name: `Brand ${code}`, active });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('barcodes (shared by the form, the API and the import)', () => {
  it('accepts real EAN-8, UPC-A, EAN-13 and GTIN-14 numbers and names their kind', () => {
    expect(
      ['96385074', '036000291452', '4006381333931', '5012345678900', '10012345678902'].map(barcodeProblem),
    ).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(['96385074', '036000291452', '4006381333931', '10012345678902'].map(barcodeKind)).toEqual([
      'EAN_8',
      'UPC_A',
      'EAN_13',
      'GTIN_14',
    ]);
  });

  it('refuses a wrong check digit, a wrong length, letters and nothing, and says which digit was expected', () => {
    expect(barcodeProblem('4006381333932')).toBe('checkDigit');
    expect(expectedCheckDigit('4006381333932')).toBe(1);
    expect(barcodeProblem('400638133393')).toBe('checkDigit');
    expect(barcodeProblem('40063813339')).toBe('length');
    expect(barcodeProblem('4006381333931X')).toBe('notDigits');
    expect(barcodeProblem('  ')).toBe('empty');
    const parsed = Barcode.safeParse('4006381333932');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/check digit.*would end in 1/);
    expect(Barcode.parse(' 4006381333931 ')).toBe('4006381333931');
  });

  it('compares barcodes as 14-digit GTINs', () => {
    expect(toGtin14('036000291452')).toBe(toGtin14('0036000291452'));
    expect(toGtin14('96385074')).toBe('00000096385074');
  });

  it('ProductInput fills defaults (what an import row relies on)', () => {
    expect(ProductInputSchema.parse({ sku: ' ab-1 ', name: ' X ' })).toMatchObject({
      sku: 'AB-1',
      name: 'X',
      brandId: null,
      unit: 'Unit',
      kind: 'STOCK',
      barcodes: [],
      components: [],
      costPrice: '0',
      salePrice: '0',
      vatRate: '20',
      weightKg: null,
      reorderPoint: '0',
      reorderQuantity: '0',
      images: [],
      active: true,
    });
  });
});

describe('products', () => {
  it('creates stock items and a bundle of them, reads, updates and deletes, auditing each', async () => {
    const brandId = await createBrand('PRD-ACME');
    const [bA, bB, bC] = [barcode(13), barcode(12), barcode(8)];
    const a = await create({
      sku: ' cable-usb-c ',
      name: '  USB-C cable 1 m ',
      brandId,
      barcodes: [bA, bB],
      costPrice: '1.2345',
      salePrice: '4.99',
      vatRate: '20',
      weightKg: '0.045',
      lengthCm: '100',
      widthCm: '2.5',
      heightCm: '1',
      reorderPoint: '10',
      reorderQuantity: '50',
    });
    expect(a).toMatchObject({
      sku: 'CABLE-USB-C',
      name: 'USB-C cable 1 m',
      brand: { id: brandId, code: 'PRD-ACME', name: 'Brand PRD-ACME' },
      unit: 'Unit',
      kind: 'STOCK',
      barcodes: [
        { barcode: bA, kind: 'EAN_13' },
        { barcode: bB, kind: 'UPC_A' },
      ],
      components: [],
      costPrice: '1.2345',
      salePrice: '4.99',
      vatRate: '20',
      weightKg: '0.045',
      lengthCm: '100',
      widthCm: '2.5',
      heightCm: '1',
      reorderPoint: '10',
      reorderQuantity: '50',
      images: [],
      active: true,
    });
    const b = await create({ sku: 'plug-uk', name: 'UK plug', unit: 'Unit', salePrice: '7' });
    expect(b.salePrice).toBe('7.00');
    const bundle = await create({
      sku: 'kit-charge',
      name: 'Charging kit',
      kind: 'BUNDLE',
      barcodes: [bC],
      salePrice: '10.50',
      vatRate: '5',
      components: [
        { productId: a.id, quantity: '2' },
        { productId: b.id, quantity: '1' },
      ],
    });
    expect(bundle.components).toEqual([
      { productId: a.id, sku: 'CABLE-USB-C', name: 'USB-C cable 1 m', unit: 'Unit', quantity: '2' },
      { productId: b.id, sku: 'PLUG-UK', name: 'UK plug', unit: 'Unit', quantity: '1' },
    ]);
    expect((await admin.get<Product>(`${PATH}/${bundle.id}`)).body).toEqual(bundle);

    // Update replaces barcodes and components as sent.
    const bD = barcode(14);
    const updated = await admin.put<Product>(
      `${PATH}/${bundle.id}`,
      inputOf(bundle, {
        name: 'Charging kit (2024)',
        barcodes: [bD, bC],
        components: [{ productId: b.id, quantity: '3' }],
        active: false,
      }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      id: bundle.id,
      name: 'Charging kit (2024)',
      barcodes: [
        { barcode: bD, kind: 'GTIN_14' },
        { barcode: bC, kind: 'EAN_8' },
      ],
      components: [{ productId: b.id, quantity: '3' }],
      active: false,
      createdAt: bundle.createdAt,
    });
    expect(updated.body.updatedAt > bundle.updatedAt).toBe(true);

    const deleted = await admin.delete<{ ok: boolean }>(`${PATH}/${bundle.id}`);
    expect([deleted.status, deleted.body]).toEqual([200, { ok: true }]);
    expect((await admin.get<ErrorBody>(`${PATH}/${bundle.id}`)).status).toBe(404);
    expect(await ta.t.db.selectFrom('product_barcodes').where('product_id', '=', bundle.id).execute()).toEqual([]);

    const log = await auditOf(bundle.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((l) => l.user_id === adminId)).toBe(true);
    expect(log[0]?.before).toBeNull();
    expect(log[0]?.after).toMatchObject({ sku: 'KIT-CHARGE', kind: 'BUNDLE' });
    expect(log[1]?.before).toMatchObject({ name: 'Charging kit', barcodes: [{ barcode: bC }] });
    expect(log[1]?.after).toMatchObject({ name: 'Charging kit (2024)', active: false });
    expect(log[2]?.before).toMatchObject({ sku: 'KIT-CHARGE' });
    expect(log[2]?.after).toBeNull();
  });

  it.each([
    ['no SKU', { sku: undefined, name: 'N' }],
    ['an empty SKU', { sku: '  ', name: 'N' }],
    ['a SKU over 64 characters', { sku: 'A'.repeat(65), name: 'N' }],
    ['a SKU with a space', { sku: 'AB CD', name: 'N' }],
    ['a SKU with other characters', { sku: 'ÄB#1', name: 'N' }],
    ['a SKU starting with a dash', { sku: '-AB', name: 'N' }],
    ['no name', { sku: 'OK1', name: undefined }],
    ['a name over 200 characters', { sku: 'OK1', name: 'n'.repeat(201) }],
    ['an unknown unit', { unit: 'Box' }],
    ['an unknown kind', { kind: 'KIT' }],
    ['a barcode with a wrong check digit', { barcodes: [wrongCheck('4006381333931')] }],
    ['a barcode of a wrong length', { barcodes: ['40063813339'] }],
    ['a barcode with letters', { barcodes: ['40063813339AB'] }],
    ['the same barcode twice', { barcodes: ['4006381333931', '4006381333931'] }],
    ['a UPC-A and the same number as EAN-13', { barcodes: ['036000291452', '0036000291452'] }],
    ['over 20 barcodes', { barcodes: Array.from({ length: 21 }, () => barcode()) }],
    ['a bundle without components', { kind: 'BUNDLE', components: [] }],
    ['a stock item with components', { components: [{ productId: UNKNOWN_ID, quantity: '1' }] }],
    [
      'a component twice',
      {
        kind: 'BUNDLE',
        components: [
          { productId: UNKNOWN_ID, quantity: '1' },
          { productId: UNKNOWN_ID, quantity: '2' },
        ],
      },
    ],
    ['a component quantity of zero', { kind: 'BUNDLE', components: [{ productId: UNKNOWN_ID, quantity: '0' }] }],
    ['a negative component quantity', { kind: 'BUNDLE', components: [{ productId: UNKNOWN_ID, quantity: '-1' }] }],
    ['a component that is not an id', { kind: 'BUNDLE', components: [{ productId: 'abc', quantity: '1' }] }],
    ['a negative cost price', { costPrice: '-1' }],
    ['a cost price with 5 places', { costPrice: '1.23456' }],
    ['a sale price with 3 places', { salePrice: '1.234' }],
    ['a price as a JSON number', { salePrice: 4.99 }],
    ['a VAT rate over 100', { vatRate: '120' }],
    ['a weight with 4 places', { weightKg: '1.2345' }],
    ['a negative length', { lengthCm: '-2' }],
    ['a fractional reorder point for a unit item', { reorderPoint: '1.5', reorderQuantity: '10' }],
    ['a reorder point without a reorder quantity', { reorderPoint: '5', reorderQuantity: '0' }],
    ['an image that is not a file name', { images: ['../etc/passwd'] }],
    ['a malformed brand id', { brandId: 'acme' }],
    ['active that is not a boolean', { active: 'yes' }],
  ])('refuses %s with 400 VALIDATION_FAILED, creating nothing', async (_, body) => {
    const before = await counts();
    const res = await admin.post<ErrorBody>(PATH, { sku: sku('V'), name: 'Valid', ...body });
    expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([400, 'VALIDATION_FAILED']);
    expect(await counts()).toEqual(before);
  });

  it('accepts fractional quantities for a product counted in kilograms, and the limits of each field', async () => {
    const p = await create({
      sku: `a${'B'.repeat(63)}`,
      name: 'n'.repeat(200),
      unit: 'Kilogram (Kg)',
      reorderPoint: '2.5',
      reorderQuantity: '12.125',
      vatRate: '100',
      costPrice: '999999999999.9999',
      salePrice: '999999999999.99',
      weightKg: '999999.999',
    });
    expect(p).toMatchObject({ sku: `A${'B'.repeat(63)}`, reorderPoint: '2.5', vatRate: '100' });
  });

  it('refuses a SKU already taken whatever its case, on create and on update (409), changing nothing', async () => {
    const first = await create({ sku: 'dup-sku-1' });
    const other = await create({ sku: 'DUP-SKU-2' });
    const before = await counts();
    const dup = await admin.post<ErrorBody>(PATH, { sku: 'Dup-Sku-1', name: 'Again' });
    expect([dup.status, dup.body.code]).toEqual([409, 'PRODUCT_SKU_TAKEN']);
    expect(dup.body.details).toMatchObject({ sku: 'DUP-SKU-1', productId: first.id });
    const rename = await admin.put<ErrorBody>(`${PATH}/${other.id}`, inputOf(other, { sku: 'dup-sku-1' }));
    expect([rename.status, rename.body.code]).toEqual([409, 'PRODUCT_SKU_TAKEN']);
    expect(await counts()).toEqual(before);
    expect((await admin.get<Product>(`${PATH}/${other.id}`)).body).toEqual(other);
    // Keeping its own SKU in another case is no conflict.
    expect((await admin.put(`${PATH}/${other.id}`, inputOf(other, { sku: 'dup-sku-2' }))).status).toBe(200);
  });

  it('refuses a barcode another product has, also as the same GTIN written longer (409), changing nothing', async () => {
    const upc = barcode(12);
    const holder = await create({ barcodes: [upc] });
    const other = await create({ barcodes: [barcode()] });
    const before = await counts();
    for (const taken of [upc, `0${upc}`, `00${upc}`]) {
      const res = await admin.post<ErrorBody>(PATH, { sku: sku(), name: 'N', barcodes: [barcode(), taken] });
      expect([res.status, res.body.code], taken).toEqual([409, 'PRODUCT_BARCODE_TAKEN']);
      expect(res.body.details).toMatchObject({ barcode: upc, sku: holder.sku });
      expect(res.body.message).toContain(holder.sku);
    }
    // An update that would take it changes nothing, its own barcodes included.
    const res = await admin.put<ErrorBody>(`${PATH}/${other.id}`, inputOf(other, { barcodes: [upc], name: 'Changed' }));
    expect([res.status, res.body.code]).toEqual([409, 'PRODUCT_BARCODE_TAKEN']);
    expect(await counts()).toEqual(before);
    expect((await admin.get<Product>(`${PATH}/${other.id}`)).body).toEqual(other);
    // A product keeps its own barcodes through an update; once freed, a barcode can move.
    expect((await admin.put(`${PATH}/${holder.id}`, inputOf(holder, { name: 'Renamed' }))).status).toBe(200);
    expect((await admin.put(`${PATH}/${holder.id}`, inputOf(holder, { barcodes: [] }))).status).toBe(200);
    expect((await admin.put(`${PATH}/${other.id}`, inputOf(other, { barcodes: [`0${upc}`] }))).status).toBe(200);
  });

  it('gives concurrent creates of one SKU or one barcode one 201 and one 409, naming the holder', async () => {
    for (let round = 0; round < 3; round++) {
      const shared = barcode();
      const answers = await Promise.all([
        admin.post<Product & ErrorBody>(PATH, { sku: sku('RACE'), name: 'A', barcodes: [shared] }),
        admin.post<Product & ErrorBody>(PATH, { sku: sku('RACE'), name: 'B', barcodes: [shared] }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 409]);
      const winner = answers.find((a) => a.status === 201)?.body;
      const loser = answers.find((a) => a.status === 409)?.body;
      expect(loser).toMatchObject({ code: 'PRODUCT_BARCODE_TAKEN', details: { barcode: shared, sku: winner?.sku } });
    }
    const same = `RACE-SKU-${skuSerial}`;
    const answers = await Promise.all([
      admin.post<ErrorBody>(PATH, { sku: same, name: 'A' }),
      admin.post<ErrorBody>(PATH, { sku: same.toLowerCase(), name: 'B' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('PRODUCT_SKU_TAKEN');
  });

  it('applies the bundle rules that need other products (422/409), changing nothing', async () => {
    const stock = await create({ unit: 'Unit' });
    const kg = await create({ unit: 'Kilogram (Kg)' });
    const service = await create({ kind: 'SERVICE' });
    const bundle = await create({ kind: 'BUNDLE', components: [{ productId: stock.id, quantity: '1' }] });
    const before = await counts();
    const cases: [string, Partial<ProductInput>, number, string][] = [
      ['unknown', { components: [{ productId: UNKNOWN_ID, quantity: '1' }] }, 422, 'PRODUCT_COMPONENT_UNKNOWN'],
      [
        'a service',
        { components: [{ productId: service.id, quantity: '1' }] },
        422,
        'PRODUCT_COMPONENT_NOT_STOCK_ITEM',
      ],
      ['a bundle', { components: [{ productId: bundle.id, quantity: '1' }] }, 422, 'PRODUCT_COMPONENT_NOT_STOCK_ITEM'],
      [
        '1.5 units',
        { components: [{ productId: stock.id, quantity: '1.5' }] },
        422,
        'PRODUCT_COMPONENT_QUANTITY_NOT_WHOLE',
      ],
    ];
    for (const [label, body, status, code] of cases) {
      const res = await admin.post<ErrorBody>(PATH, { sku: sku(), name: 'B', kind: 'BUNDLE', ...body });
      expect([res.status, res.body.code], label).toEqual([status, code]);
    }
    const self = await admin.put<ErrorBody>(
      `${PATH}/${bundle.id}`,
      inputOf(bundle, { components: [{ productId: bundle.id, quantity: '1' }] }),
    );
    expect([self.status, self.body.code]).toEqual([422, 'PRODUCT_COMPONENT_SELF']);
    // A component stays a stock item while a bundle holds it.
    const kindChange = await admin.put<ErrorBody>(`${PATH}/${stock.id}`, inputOf(stock, { kind: 'SERVICE' }));
    expect([kindChange.status, kindChange.body.code]).toEqual([409, 'PRODUCT_USED_AS_COMPONENT']);
    expect(kindChange.body.details).toEqual({ count: 1 });
    expect(await counts()).toEqual(before);
    // Kilograms may be fractional.
    const mixed = await create({
      kind: 'BUNDLE',
      components: [
        { productId: kg.id, quantity: '0.25' },
        { productId: stock.id, quantity: '2.000' },
      ],
    });
    expect(mixed.components.map((c) => c.quantity)).toEqual(['0.25', '2']);
    // A bundle may become a stock item once it has no components.
    const unbundled = await admin.put<Product>(
      `${PATH}/${bundle.id}`,
      inputOf(bundle, { kind: 'STOCK', components: [] }),
    );
    expect([unbundled.status, unbundled.body.kind]).toEqual([200, 'STOCK']);
  });

  it('refuses to delete a product a bundle holds (409 IN_USE), changing nothing; deleting the bundle frees it', async () => {
    const part = await create();
    const bundle = await create({ kind: 'BUNDLE', components: [{ productId: part.id, quantity: '2' }] });
    const before = await counts();
    const refused = await admin.delete<ErrorBody>(`${PATH}/${part.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'IN_USE',
      details: { references: [{ entity: 'bundle', count: 1 }], count: 1 },
    });
    expect(refused.body.message).toMatch(/is used by 1 bundle; deactivate it instead/);
    expect(await counts()).toEqual(before);
    expect((await admin.get<Product>(`${PATH}/${part.id}`)).body).toEqual(part);
    expect((await admin.delete(`${PATH}/${bundle.id}`)).status).toBe(200);
    expect((await admin.delete(`${PATH}/${part.id}`)).status).toBe(200);
  });

  it('checks the brand: unknown 422, a deactivated one is not newly given (422) but may be kept; a brand in use cannot be deleted', async () => {
    const before = await counts();
    const unknown = await admin.post<ErrorBody>(PATH, { sku: sku(), name: 'N', brandId: UNKNOWN_ID });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'PRODUCT_BRAND_UNKNOWN']);
    const inactiveId = await createBrand('PRD-OLD', false);
    const inactive = await admin.post<ErrorBody>(PATH, { sku: sku(), name: 'N', brandId: inactiveId });
    expect([inactive.status, inactive.body.code]).toEqual([422, 'PRODUCT_BRAND_INACTIVE']);
    expect(await counts()).toEqual(before);

    const brandId = await createBrand('PRD-USED');
    const p = await create({ brandId });
    await create({ brandId });
    const refused = await admin.delete<ErrorBody>(`/api/brands/${brandId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'IN_USE', details: { references: [{ entity: 'product', count: 2 }] } });
    expect((await admin.get(`/api/brands/${brandId}`)).status).toBe(200);
    // Deactivated, the brand stays on its products.
    const brand = (await admin.get<{ code: string; name: string }>(`/api/brands/${brandId}`)).body;
    expect(
      (await admin.put(`/api/brands/${brandId}`, { code: brand.code, name: brand.name, active: false })).status,
    ).toBe(200);
    const kept = await admin.put<Product>(`${PATH}/${p.id}`, inputOf(p, { name: 'Still branded' }));
    expect([kept.status, kept.body.brand?.id]).toEqual([200, brandId]);
  });

  it('attaches uploaded images in order, shows them to product viewers, and deletes the files it drops', async () => {
    const viewer = await clientWith(ta, ['view_product']);
    const uploader = await clientWith(ta, ['upload_file', 'add_product', 'edit_product', 'view_product']);
    const [one, two, three] = [
      await upload(uploader.tokens.accessToken, 'front.png', PNG),
      await upload(uploader.tokens.accessToken, 'back.png', PNG),
      await upload(uploader.tokens.accessToken, 'side.png', PNG),
    ];
    const created = await uploader.api.post<Product>(PATH, {
      sku: sku('IMG'),
      name: 'Pictured',
      images: [two.fileName, one.fileName],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.images.map((i) => [i.fileName, i.originalName, i.url])).toEqual([
      [two.fileName, 'back.png', `/api/upload/files/${two.fileName}`],
      [one.fileName, 'front.png', `/api/upload/files/${one.fileName}`],
    ]);
    const listed = await admin.get<Page<ProductListItem>>(`${PATH}?q=${created.body.sku}`);
    expect(listed.body.items[0]?.imageUrl).toBe(`/api/upload/files/${two.fileName}`);
    // Anyone who may see products may see its images; the uploader can no longer remove them.
    const seen = await viewer.api.get(`/api/upload/files/${one.fileName}`);
    expect(seen.status).toBe(200);
    const remove = await uploader.api.call<ErrorBody>('GET', `/api/upload/removeFile?fileName=${one.fileName}`);
    expect([remove.status, remove.body.code]).toEqual([409, 'IN_USE']);

    // Reordering and replacing: the dropped file is deleted.
    const updated = await uploader.api.put<Product>(
      `${PATH}/${created.body.id}`,
      inputOf(created.body, { images: [three.fileName, two.fileName] }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.images.map((i) => i.fileName)).toEqual([three.fileName, two.fileName]);
    expect(await ta.t.db.selectFrom('uploaded_files').where('file_name', '=', one.fileName).execute()).toEqual([]);

    // Deleting the product deletes its files.
    expect((await admin.delete(`${PATH}/${created.body.id}`)).status).toBe(200);
    const left = await ta.t.db
      .selectFrom('uploaded_files')
      .select('file_name')
      .where('file_name', 'in', [two.fileName, three.fileName])
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses images that are not images, not found, someone else’s or another product’s, changing nothing', async () => {
    const me = await clientWith(ta, ['upload_file', 'add_product', 'view_product']);
    const someoneElse = await clientWith(ta, ['upload_file']);
    const pdf = await upload(me.tokens.accessToken, 'sheet.pdf', PDF);
    const theirs = await upload(someoneElse.tokens.accessToken, 'theirs.png', PNG);
    const mine = await upload(me.tokens.accessToken, 'mine.png', PNG);
    const holder = await me.api.post<Product>(PATH, { sku: sku(), name: 'Holder', images: [mine.fileName] });
    expect(holder.status).toBe(201);
    const before = await counts();
    const cases: [string, number, string][] = [
      [pdf.fileName, 415, 'PRODUCT_IMAGE_NOT_IMAGE'],
      ['00000000-0000-4000-8000-000000000009.png', 422, 'PRODUCT_IMAGE_UNKNOWN'],
      [theirs.fileName, 422, 'PRODUCT_IMAGE_UNKNOWN'],
      [mine.fileName, 409, 'PRODUCT_IMAGE_TAKEN'],
    ];
    for (const [fileName, status, code] of cases) {
      const res = await me.api.post<ErrorBody>(PATH, { sku: sku(), name: 'N', images: [fileName] });
      expect([res.status, res.body.code], fileName).toEqual([status, code]);
    }
    expect(await counts()).toEqual(before);
    const pdfRow = await ta.t.db
      .selectFrom('uploaded_files')
      .select('attached_entity')
      .where('file_name', '=', pdf.fileName)
      .executeTakeFirstOrThrow();
    expect(pdfRow.attached_entity).toBeNull();
  });

  it('a refused update changes nothing: barcodes, components and images stay as they were', async () => {
    const part = await create();
    const holder = await create({ barcodes: [barcode()] });
    const bundle = await create({
      kind: 'BUNDLE',
      barcodes: [barcode()],
      components: [{ productId: part.id, quantity: '1' }],
    });
    const before = await counts();
    const res = await admin.put<ErrorBody>(
      `${PATH}/${bundle.id}`,
      inputOf(bundle, {
        name: 'Changed',
        barcodes: [barcode(), holder.barcodes[0]?.barcode ?? ''],
        components: [{ productId: holder.id, quantity: '4' }],
      }),
    );
    expect([res.status, res.body.code]).toEqual([409, 'PRODUCT_BARCODE_TAKEN']);
    expect((await admin.get<Product>(`${PATH}/${bundle.id}`)).body).toEqual(bundle);
    expect(await counts()).toEqual(before);
  });

  it('answers a replayed create with the first answer, and the same key with another body with 422', async () => {
    const headers = { 'idempotency-key': 'products-create-0001' };
    const body = { sku: 'ONCE-1', name: 'Once', barcodes: [barcode()] };
    const first = await admin.post<Product>(PATH, body, headers);
    const again = await admin.post<Product>(PATH, body, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.post<ErrorBody>(PATH, { sku: 'TWICE-1', name: 'Twice' }, headers);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await ta.t.db.selectFrom('products').select('id').where('sku', 'in', ['ONCE-1', 'TWICE-1']).execute();
    expect(rows).toHaveLength(1);
    expect((await auditOf(first.body.id)).map((l) => l.action)).toEqual(['create']);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const res of [
      await admin.get<ErrorBody>(`${PATH}/${UNKNOWN_ID}`),
      await admin.put<ErrorBody>(`${PATH}/${UNKNOWN_ID}`, { sku: 'X', name: 'X' }),
      await admin.delete<ErrorBody>(`${PATH}/${UNKNOWN_ID}`),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await admin.get(`${PATH}/not-a-uuid`)).status).toBe(400);
  });

  it('lets each permission do its part only', async () => {
    const p = await create();
    const viewer = (await clientWith(ta, ['view_product'])).api;
    const adder = (await clientWith(ta, ['view_product', 'add_product'])).api;
    const editor = (await clientWith(ta, ['view_product', 'edit_product'])).api;
    const deleter = (await clientWith(ta, ['view_product', 'delete_product'])).api;
    const nobody = (await clientWith(ta, ['view_brand'])).api;
    for (const path of [PATH, `${PATH}/${p.id}`, `${PATH}/lookup?q=T`, `${PATH}/export`]) {
      expect((await viewer.get(path)).status, path).toBe(200);
      expect((await nobody.get(path)).status, path).toBe(403);
    }
    const before = await counts();
    expect((await viewer.post(PATH, { sku: sku(), name: 'N' })).status).toBe(403);
    expect((await editor.post(PATH, { sku: sku(), name: 'N' })).status).toBe(403);
    expect((await adder.put(`${PATH}/${p.id}`, inputOf(p))).status).toBe(403);
    expect((await editor.delete(`${PATH}/${p.id}`)).status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await adder.post(PATH, { sku: sku(), name: 'N' })).status).toBe(201);
    expect((await editor.put(`${PATH}/${p.id}`, inputOf(p, { name: 'Edited' }))).status).toBe(200);
    expect((await deleter.delete(`${PATH}/${p.id}`)).status).toBe(200);
  });

  describe('list, lookup and export', () => {
    let brandX: string;
    const made: Record<string, Product> = {};
    const barcodeOfB = barcode(13);
    beforeAll(async () => {
      brandX = await createBrand('LST-X');
      made.a = await create({ sku: 'LST-A', name: 'Lister gamma widget', brandId: brandX, salePrice: '30' });
      made.b = await create({ sku: 'LST-B', name: 'Lister alpha', barcodes: [barcodeOfB], salePrice: '10' });
      made.c = await create({ sku: 'LST-C', name: 'Lister beta 100% off', kind: 'SERVICE', salePrice: '20' });
      made.d = await create({
        sku: 'LST-D',
        name: 'Lister bundle =SUM(1)',
        kind: 'BUNDLE',
        brandId: brandX,
        components: [
          { productId: made.a.id, quantity: '2' },
          { productId: made.b.id, quantity: '1' },
        ],
        salePrice: '40',
        active: false,
      });
      made.z = await create({ sku: 'OTHER-LST', name: 'Unrelated' });
    });
    const skus = (p: Page<ProductListItem>) => p.items.map((i) => i.sku);

    it('searches SKU, name and barcode, filters by brand, kind and active, sorts by the whitelist and pages', async () => {
      const list = await admin.get<Page<ProductListItem>>(`${PATH}?q=lst-`);
      expect(skus(list.body)).toEqual(['LST-A', 'LST-B', 'LST-C', 'LST-D']);
      const a = list.body.items[0];
      expect(a).toMatchObject({
        sku: 'LST-A',
        brand: { id: brandX, code: 'LST-X' },
        kind: 'STOCK',
        unit: 'Unit',
        salePrice: '30.00',
        active: true,
        imageUrl: null,
      });
      expect(skus((await admin.get<Page<ProductListItem>>(`${PATH}?q=LISTER`)).body)).toEqual([
        'LST-A',
        'LST-B',
        'LST-C',
        'LST-D',
      ]);
      // A barcode, whole or its beginning.
      const byBarcode = await admin.get<Page<ProductListItem>>(`${PATH}?q=${barcodeOfB}`);
      expect(skus(byBarcode.body)).toEqual(['LST-B']);
      expect(byBarcode.body.items[0]?.barcodes).toEqual([barcodeOfB]);
      expect(skus((await admin.get<Page<ProductListItem>>(`${PATH}?q=${barcodeOfB.slice(0, 9)}`)).body)).toContain(
        'LST-B',
      );
      // LIKE wildcards are taken literally.
      expect(skus((await admin.get<Page<ProductListItem>>(`${PATH}?q=%25`)).body)).toEqual(['LST-C']);
      expect(skus((await admin.get<Page<ProductListItem>>(`${PATH}?q=lst-&brandId=${brandX}`)).body)).toEqual([
        'LST-A',
        'LST-D',
      ]);
      expect(skus((await admin.get<Page<ProductListItem>>(`${PATH}?q=lst-&kind=SERVICE`)).body)).toEqual(['LST-C']);
      expect(skus((await admin.get<Page<ProductListItem>>(`${PATH}?q=lst-&active=false`)).body)).toEqual(['LST-D']);
      expect(skus((await admin.get<Page<ProductListItem>>(`${PATH}?q=lister&sort=name`)).body)).toEqual([
        'LST-B',
        'LST-C',
        'LST-D',
        'LST-A',
      ]);
      expect(skus((await admin.get<Page<ProductListItem>>(`${PATH}?q=lister&sort=-salePrice`)).body)).toEqual([
        'LST-D',
        'LST-A',
        'LST-C',
        'LST-B',
      ]);
      expect(skus((await admin.get<Page<ProductListItem>>(`${PATH}?q=lister&sort=-sku`)).body)[0]).toBe('LST-D');
      expect((await admin.get<Page<ProductListItem>>(`${PATH}?q=lister&sort=-updatedAt`)).body.items[0]?.sku).toBe(
        'LST-D',
      );
      const page2 = await admin.get<Page<ProductListItem>>(`${PATH}?q=lister&pageSize=3&page=2`);
      expect(page2.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(skus(page2.body)).toEqual(['LST-D']);
      for (const bad of ['sort=createdAt', 'active=yes', 'kind=KIT', 'brandId=x', 'pageSize=201', 'page=0']) {
        const res = await admin.get<ErrorBody>(`${PATH}?${bad}`);
        expect([res.status, res.body.code], bad).toEqual([400, 'VALIDATION_FAILED']);
      }
    });

    it('looks up SKU prefixes first, then names and barcodes; active only unless asked; by kind', async () => {
      const look = async (query: string) =>
        (await admin.get<{ items: ProductLookupItem[] }>(`${PATH}/lookup?${query}`)).body.items.map((i) => i.sku);
      // "lst" starts LST-A…; OTHER-LST only contains it; LST-D is inactive.
      expect(await look('q=lst')).toEqual(['LST-A', 'LST-B', 'LST-C', 'OTHER-LST']);
      expect(await look('q=lst&active=all')).toEqual(['LST-A', 'LST-B', 'LST-C', 'LST-D', 'OTHER-LST']);
      expect(await look('q=gamma')).toEqual(['LST-A']);
      expect(await look(`q=${barcodeOfB}`)).toEqual(['LST-B']);
      expect(await look('q=lst&kind=SERVICE')).toEqual(['LST-C']);
      expect(await look('q=lst&limit=2')).toEqual(['LST-A', 'LST-B']);
      // Two letters search prefixes only.
      expect(await look('q=ls')).toEqual(['LST-A', 'LST-B', 'LST-C']);
      const item = (await admin.get<{ items: ProductLookupItem[] }>(`${PATH}/lookup?q=lst-a`)).body.items[0];
      expect(item).toEqual({
        id: made.a?.id,
        sku: 'LST-A',
        name: 'Lister gamma widget',
        kind: 'STOCK',
        unit: 'Unit',
        active: true,
      });
      expect((await admin.get(`${PATH}/lookup?limit=51`)).status).toBe(400);
    });

    it('exports the filtered products (barcodes and components joined) as an .xlsx, formula-like text kept as text', async () => {
      const res = await fetch(`${ta.baseUrl}${PATH}/export?q=lister&sort=sku&brandId=${brandX}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''products-.+\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual([
        'SKU',
        'Name',
        'Brand',
        'Brand code',
        'Kind',
        'Unit of measure',
        'Barcodes',
        'Cost price',
        'Sale price',
        'VAT rate',
        'Weight (kg)',
        'Length (cm)',
        'Width (cm)',
        'Height (cm)',
        'Reorder point',
        'Reorder quantity',
        'Bundle components',
        'Status',
        'Created',
        'Updated',
      ]);
      expect(sheet.rowCount).toBe(3);
      const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1);
      expect(cell(2, 'SKU').value).toBe('LST-A');
      expect(cell(3, 'SKU').value).toBe('LST-D');
      expect(cell(3, 'Bundle components').value).toBe('LST-A x 2, LST-B x 1');
      expect(cell(3, 'Name').value).toBe('Lister bundle =SUM(1)');
      expect([cell(3, 'Sale price').value, cell(3, 'Sale price').numFmt]).toEqual([40, '"£"#,##0.00##']);
      expect(cell(3, 'Kind').value).toBe('Bundle');
      expect(cell(3, 'Status').value).toBe('Inactive');

      const withBarcode = await fetch(`${ta.baseUrl}${PATH}/export?q=${barcodeOfB}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const wb2 = new ExcelJS.Workbook();
      await wb2.xlsx.load((await withBarcode.arrayBuffer()) as ArrayBuffer);
      expect(wb2.worksheets[0]?.getRow(2).getCell(7).value).toBe(barcodeOfB);
    });
  });
});

/**
 * The lookup and list at 100 000 products (PRODUCTS_PERF=1): p95 of pickers' searches.
 * Off by default to keep the suite fast; the figures are reported with the change.
 */
describe.runIf(process.env.PRODUCTS_PERF === '1')('at 100 000 products', () => {
  it('keeps lookup and list p95 low', { timeout: 300_000 }, async () => {
    await sql`
      INSERT INTO products (sku, name, unit, kind, sale_price)
      SELECT 'PERF-' || lpad(g::text, 6, '0'),
             (ARRAY['Cable','Charger','Case','Screen protector','Adapter','Headphones'])[1 + g % 6] || ' model ' || g,
             'Unit', 'STOCK', (g % 1000)::numeric / 10
      FROM generate_series(1, 100000) g`.execute(ta.t.db);
    await sql`
      INSERT INTO product_barcodes (product_id, position, barcode)
      SELECT id, 0, '50' || lpad(substr(sku, 6), 10, '0') || '0' FROM products WHERE sku LIKE 'PERF-%'`.execute(
      ta.t.db,
    );
    await sql`ANALYZE products; ANALYZE product_barcodes`.execute(ta.t.db);
    const queries = [
      'lookup?q=',
      'lookup?q=p',
      'lookup?q=perf-0123',
      'lookup?q=charger',
      'lookup?q=model 4242',
      'lookup?q=500000042',
      'lookup?q=zzzz',
      '?q=',
      '?q=charger&sort=-salePrice',
      '?q=model 777',
      '?sort=name&page=200',
      '?q=500000012',
    ];
    for (const q of queries) {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const t0 = performance.now();
        const res = await admin.get(`${PATH}${q.startsWith('?') ? '' : '/'}${q}`);
        times.push(performance.now() - t0);
        expect(res.status).toBe(200);
      }
      times.sort((x, y) => x - y);
      const p95 = times[Math.floor(times.length * 0.95) - 1] ?? 0;
      console.log(`${q.padEnd(30)} p50 ${times[12]?.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`);
      expect(p95).toBeLessThan(250);
    }
  });
});
