import {
  type Product,
  ProductErrorCode,
  type ProductFilter,
  type ProductValues,
  toGtin14,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import { allRows } from '../../platform/pagination.ts';
import { inUse, referencesTo } from '../../platform/references.ts';
import type { Ctx } from '../../platform/routes.ts';
import {
  ACTIVE_INACTIVE,
  CREATED,
  sendXlsx,
  UPDATED,
  ui,
  words,
  XLSX_EXPORT_MAX_ROWS,
  type XlsxColumn,
} from '../../platform/xlsx.ts';
import { PRODUCT_REFERENCES } from './product.references.ts';
import {
  barcodesTaken,
  brandById,
  componentCandidates,
  countBundlesUsing,
  deleteProductRow,
  exportChunk,
  getProductById,
  imageFiles,
  insertProduct,
  lockProduct,
  type ProductExportRow,
  type ProductRowValues,
  productWithSku,
  replaceBarcodes,
  replaceComponents,
  replaceImages,
  updateProductRow,
} from './product.repository.ts';
import { checkComponents, checkImages, checkKindChange } from './product.rules.ts';

export async function getProduct(db: Kysely<Database>, id: string): Promise<Product> {
  const product = await getProductById(db, id);
  if (!product) throw notFound('Product', id);
  return product;
}

const skuTaken = (sku: string, productId?: string) =>
  conflict(ProductErrorCode.PRODUCT_SKU_TAKEN, `A product with SKU "${sku}" already exists.`, { sku, productId });

const barcodeTaken = (taken: readonly { barcode: string; sku: string; productId: string }[]) => {
  const first = taken[0];
  return conflict(
    ProductErrorCode.PRODUCT_BARCODE_TAKEN,
    first
      ? `Barcode ${first.barcode} already belongs to product ${first.sku}${taken.length > 1 ? ` (and ${taken.length - 1} more barcode(s) are taken)` : ''}.`
      : 'A barcode already belongs to another product.',
    { barcode: first?.barcode, sku: first?.sku, taken },
  );
};

/** Checks what needs the database, in the order a person would fix things; answers the image file ids. */
async function validate(ctx: Ctx, input: ProductValues, before?: Product): Promise<string[]> {
  const id = before?.id;
  const sameSku = await productWithSku(ctx.db, input.sku, id);
  if (sameSku) throw skuTaken(input.sku, sameSku.id);
  if (input.brandId) {
    const brand = await brandById(ctx.db, input.brandId);
    if (!brand)
      throw unprocessable(ProductErrorCode.PRODUCT_BRAND_UNKNOWN, 'The chosen brand does not exist.', {
        brandId: input.brandId,
      });
    // A product may keep the inactive brand it had; it is not given one newly.
    if (!brand.active && before?.brand?.id !== brand.id)
      throw unprocessable(
        ProductErrorCode.PRODUCT_BRAND_INACTIVE,
        `Brand ${brand.code} is deactivated: choose an active brand.`,
        { brand: brand.code },
      );
  }
  const taken = await barcodesTaken(ctx.db, input.barcodes.map(toGtin14), id);
  if (taken.length) throw barcodeTaken(taken);
  if (before) checkKindChange(before.kind, input.kind, await countBundlesUsing(ctx.db, before.id), before.sku);
  const candidates = await componentCandidates(
    ctx.db,
    input.components.map((c) => c.productId),
  );
  checkComponents(id, input.components, candidates);
  return checkImages(input.images, await imageFiles(ctx.db, input.images), ctx.user.id, id);
}

function rowValues(input: ProductValues): ProductRowValues {
  return {
    sku: input.sku,
    name: input.name,
    brand_id: input.brandId,
    unit: input.unit,
    kind: input.kind,
    cost_price: input.costPrice,
    sale_price: input.salePrice,
    vat_rate: input.vatRate,
    weight_kg: input.weightKg,
    length_cm: input.lengthCm,
    width_cm: input.widthCm,
    height_cm: input.heightCm,
    reorder_point: input.reorderPoint,
    reorder_quantity: input.reorderQuantity,
    active: input.active,
  };
}

/**
 * Writes; a concurrent request that took the SKU or a barcode meanwhile gets the same 409 as the
 * check gives. The writes run under a savepoint so that, after such a clash, the holder of the
 * barcode can still be read to name it.
 */
async function write(ctx: Ctx, input: ProductValues, imageIds: string[], id?: string): Promise<string> {
  await sql`SAVEPOINT product_write`.execute(ctx.db);
  try {
    const productId = id ?? (await insertProduct(ctx.db, rowValues(input)));
    if (id) await updateProductRow(ctx.db, id, rowValues(input));
    await replaceBarcodes(ctx.db, productId, input.barcodes);
    await replaceComponents(ctx.db, productId, input.components);
    await replaceImages(ctx.db, productId, imageIds);
    await sql`RELEASE SAVEPOINT product_write`.execute(ctx.db);
    return productId;
  } catch (e) {
    const sku = isUniqueViolation(e, 'products_sku_key');
    const barcode = isUniqueViolation(e, 'product_barcodes_gtin_key');
    if (!sku && !barcode) throw e;
    await sql`ROLLBACK TO SAVEPOINT product_write`.execute(ctx.db);
    if (sku) throw skuTaken(input.sku, (await productWithSku(ctx.db, input.sku, id))?.id);
    throw barcodeTaken(await barcodesTaken(ctx.db, input.barcodes.map(toGtin14), id));
  }
}

export async function createProduct(ctx: Ctx, input: ProductValues): Promise<Product> {
  const imageIds = await validate(ctx, input);
  const id = await write(ctx, input, imageIds);
  const after = await getProduct(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'product', entityId: id, after });
  return after;
}

export async function updateProduct(ctx: Ctx, id: string, input: ProductValues): Promise<Product> {
  if (!(await lockProduct(ctx.db, id))) throw notFound('Product', id);
  const before = await getProduct(ctx.db, id);
  const imageIds = await validate(ctx, input, before);
  await write(ctx, input, imageIds, id);
  const after = await getProduct(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'product', entityId: id, before, after });
  return after;
}

export async function deleteProduct(ctx: Ctx, id: string) {
  // The row lock also blocks a new reference meanwhile: a foreign key check takes a KEY SHARE lock.
  if (!(await lockProduct(ctx.db, id))) throw notFound('Product', id);
  const before = await getProduct(ctx.db, id);
  const references = await referencesTo(ctx.db, 'product', id, PRODUCT_REFERENCES);
  if (references.length) throw inUse(`Product ${before.sku}`, references);
  await deleteProductRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'product', entityId: id, before });
  return { ok: true as const };
}

const COLUMNS: XlsxColumn<ProductExportRow>[] = [
  { header: ui('products:fields.sku'), width: 18, value: (r) => r.sku },
  { header: ui('products:fields.name'), width: 40, value: (r) => r.name },
  { header: ui('products:fields.brand'), width: 24, value: (r) => r.brand?.name ?? '' },
  // The code too: the product import names a brand by its code, so an edited export can be imported again.
  {
    header: words('Brand code', 'Código de marca', 'Código da marca', 'Markencode'),
    width: 14,
    value: (r) => r.brand?.code ?? '',
  },
  { header: ui('products:fields.kind'), width: 12, type: 'enum', labels: 'products:kinds', value: (r) => r.kind },
  { header: ui('products:fields.unit'), width: 16, type: 'enum', labels: 'products:units', value: (r) => r.unit },
  { header: ui('products:sections.barcodes'), width: 32, value: (r) => r.barcodes.join(', ') },
  { header: ui('products:fields.costPrice'), width: 12, type: 'money', places: 4, value: (r) => r.costPrice },
  { header: ui('products:fields.salePrice'), width: 12, type: 'money', places: 4, value: (r) => r.salePrice },
  {
    header: ui('products:fields.vatRate'),
    width: 16,
    type: 'enum',
    labels: (rate) => ui(`products:vatRates.${new Decimal(rate).toString()}`),
    value: (r) => r.vatRate,
  },
  {
    header: words('Weight (kg)', 'Peso (kg)', 'Peso (kg)', 'Gewicht (kg)'),
    width: 12,
    type: 'number',
    value: (r) => r.weightKg,
  },
  {
    header: words('Length (cm)', 'Largo (cm)', 'Comprimento (cm)', 'Länge (cm)'),
    width: 12,
    type: 'number',
    value: (r) => r.lengthCm,
  },
  {
    header: words('Width (cm)', 'Ancho (cm)', 'Largura (cm)', 'Breite (cm)'),
    width: 12,
    type: 'number',
    value: (r) => r.widthCm,
  },
  {
    header: words('Height (cm)', 'Alto (cm)', 'Altura (cm)', 'Höhe (cm)'),
    width: 12,
    type: 'number',
    value: (r) => r.heightCm,
  },
  { header: ui('products:fields.reorderPoint'), width: 14, type: 'quantity', value: (r) => r.reorderPoint },
  { header: ui('products:fields.reorderQuantity'), width: 16, type: 'quantity', value: (r) => r.reorderQuantity },
  { header: ui('products:sections.components'), width: 40, value: (r) => r.components },
  { header: ui('products:fields.status'), width: 10, type: 'boolean', labels: ACTIVE_INACTIVE, value: (r) => r.active },
  { header: CREATED, width: 12, type: 'date', value: (r) => r.createdAt },
  { header: UPDATED, width: 12, type: 'date', value: (r) => r.updatedAt },
];

/** The filter's products, every page, as an .xlsx download (decimals as exact text). */
export function exportProducts(ctx: Ctx, filter: ProductFilter) {
  const rows = allRows((offset, limit) => exportChunk(ctx.db, filter, offset, limit), XLSX_EXPORT_MAX_ROWS);
  return sendXlsx(ctx, `products-${new Date().toISOString().slice(0, 10)}.xlsx`, COLUMNS, rows);
}
