import { z } from 'zod';
import { UnitOfMeasure } from '../master-data/enumerations.ts';
import { compareDecimalText, decimalString, Money, Percentage, Quantity, UnitCost } from '../platform/decimal.ts';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';
import { Barcode, MAX_BARCODES_PER_PRODUCT, ProductBarcode, toGtin14 } from './barcodes.ts';

/**
 * Products: the master record every stock movement and document line refers to (by id).
 *
 * SKU: unique whatever its case and stored upper-cased ("ab-12" is kept as "AB-12"), like every code
 * here, so scanners, spreadsheets and people typing it in lower case all find the same product.
 */

export const ProductErrorCode = {
  PRODUCT_SKU_TAKEN: 'PRODUCT_SKU_TAKEN',
  PRODUCT_BARCODE_TAKEN: 'PRODUCT_BARCODE_TAKEN',
  PRODUCT_BRAND_UNKNOWN: 'PRODUCT_BRAND_UNKNOWN',
  PRODUCT_BRAND_INACTIVE: 'PRODUCT_BRAND_INACTIVE',
  PRODUCT_COMPONENT_UNKNOWN: 'PRODUCT_COMPONENT_UNKNOWN',
  PRODUCT_COMPONENT_SELF: 'PRODUCT_COMPONENT_SELF',
  PRODUCT_COMPONENT_NOT_STOCK_ITEM: 'PRODUCT_COMPONENT_NOT_STOCK_ITEM',
  PRODUCT_COMPONENT_QUANTITY_NOT_WHOLE: 'PRODUCT_COMPONENT_QUANTITY_NOT_WHOLE',
  PRODUCT_USED_AS_COMPONENT: 'PRODUCT_USED_AS_COMPONENT',
  PRODUCT_IMAGE_UNKNOWN: 'PRODUCT_IMAGE_UNKNOWN',
  PRODUCT_IMAGE_NOT_IMAGE: 'PRODUCT_IMAGE_NOT_IMAGE',
  PRODUCT_IMAGE_TAKEN: 'PRODUCT_IMAGE_TAKEN',
} as const;
export type ProductErrorCode = (typeof ProductErrorCode)[keyof typeof ProductErrorCode];

/** Stock item (counted in warehouses), bundle (sold as a set of stock items), service (never stocked). */
export const PRODUCT_KINDS = ['STOCK', 'BUNDLE', 'SERVICE'] as const;
export const ProductKind = z.enum(PRODUCT_KINDS);
export type ProductKind = z.infer<typeof ProductKind>;

export const SKU_MAX_LENGTH = 64;
/** Letters, digits and . _ - / ; starting with a letter or digit. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const PRODUCT_NAME_MAX_LENGTH = 200;
export const MAX_COMPONENTS_PER_BUNDLE = 100;
export const MAX_IMAGES_PER_PRODUCT = 12;
/** The unit whose quantities are whole numbers (a bundle cannot hold 1.5 of a "Unit" component). */
export const WHOLE_UNIT = 'Unit';

export const Sku = singleLine(
  z
    .string()
    .trim()
    .min(1, 'a SKU is needed')
    .max(SKU_MAX_LENGTH, `a SKU has at most ${SKU_MAX_LENGTH} characters`)
    .regex(SKU_PATTERN, 'a SKU uses letters, digits, . _ - and / only, and starts with a letter or digit')
    .toUpperCase(),
);

export const ProductName = singleLine(
  z
    .string()
    .trim()
    .min(1, 'a name is needed')
    .max(PRODUCT_NAME_MAX_LENGTH, `a name has at most ${PRODUCT_NAME_MAX_LENGTH} characters`),
);

/** Weight in kilograms: 3 places (grams), up to 999 999.999 kg. */
export const WeightKg = decimalString({ scale: 3, precision: 6 });
/** A length in centimetres: 2 places, up to 999 999.99 cm. */
export const DimensionCm = decimalString({ scale: 2, precision: 6 });
/** A stored upload's name, as the upload API answers it. */
export const ImageFileName = z.string().regex(/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/, 'not a stored file name');

export const BundleComponentInput = z.object({
  productId: Uuid,
  quantity: Quantity.refine((v) => /[1-9]/.test(v), 'a quantity is more than zero'),
});
export type BundleComponentInput = z.input<typeof BundleComponentInput>;

/**
 * A product's fields, each checked on its own. `ProductInput` adds the rules that tie fields
 * together; an import that needs to pick or extend fields starts from here.
 */
export const ProductFields = z.object({
  sku: Sku,
  name: ProductName,
  brandId: Uuid.nullable().default(null),
  unit: UnitOfMeasure.default('Unit'),
  kind: ProductKind.default('STOCK'),
  barcodes: z.array(Barcode).max(MAX_BARCODES_PER_PRODUCT, `at most ${MAX_BARCODES_PER_PRODUCT} barcodes`).default([]),
  components: z
    .array(BundleComponentInput)
    .max(MAX_COMPONENTS_PER_BUNDLE, `at most ${MAX_COMPONENTS_PER_BUNDLE} components`)
    .default([]),
  costPrice: UnitCost.default('0'),
  salePrice: Money.default('0'),
  vatRate: Percentage.default('20'),
  weightKg: WeightKg.nullable().default(null),
  lengthCm: DimensionCm.nullable().default(null),
  widthCm: DimensionCm.nullable().default(null),
  heightCm: DimensionCm.nullable().default(null),
  reorderPoint: Quantity.default('0'),
  reorderQuantity: Quantity.default('0'),
  /** Uploaded image file names in display order; the first is the main image. */
  images: z.array(ImageFileName).max(MAX_IMAGES_PER_PRODUCT, `at most ${MAX_IMAGES_PER_PRODUCT} images`).default([]),
  active: z.boolean().default(true),
});

const isWhole = (v: string) => !/\.\d*[1-9]/.test(v);

/** The rules between fields (the server adds those that need the database: components exist, are stock items…). */
export function checkProductRules(p: z.output<typeof ProductFields>, ctx: z.core.$RefinementCtx): void {
  const seen = new Map<string, number>();
  p.barcodes.forEach((b, i) => {
    const gtin = toGtin14(b);
    if (seen.has(gtin))
      ctx.addIssue({
        code: 'custom',
        path: ['barcodes', i],
        message: 'this barcode is already in the list',
        params: { problem: 'duplicate' },
      });
    else seen.set(gtin, i);
  });
  if (p.kind === 'BUNDLE' && p.components.length === 0)
    ctx.addIssue({ code: 'custom', path: ['components'], message: 'a bundle has at least one component' });
  if (p.kind !== 'BUNDLE' && p.components.length > 0)
    ctx.addIssue({ code: 'custom', path: ['components'], message: 'only a bundle has components' });
  const components = new Set<string>();
  p.components.forEach((c, i) => {
    if (components.has(c.productId))
      ctx.addIssue({
        code: 'custom',
        path: ['components', i, 'productId'],
        message: 'this product is already a component',
      });
    components.add(c.productId);
  });
  if (new Set(p.images).size !== p.images.length)
    ctx.addIssue({ code: 'custom', path: ['images'], message: 'an image is in the list twice' });
  if (p.unit === WHOLE_UNIT)
    for (const field of ['reorderPoint', 'reorderQuantity'] as const)
      if (!isWhole(p[field]))
        ctx.addIssue({ code: 'custom', path: [field], message: 'a product counted in units has whole quantities' });
  if (compareDecimalText(p.reorderQuantity, '0') === 0 && compareDecimalText(p.reorderPoint, '0') > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['reorderQuantity'],
      message: 'a product with a reorder point needs a reorder quantity',
    });
}

/** What creates and updates send (and each row of a product import is checked against). */
export const ProductInput = ProductFields.superRefine(checkProductRules);
export type ProductInput = z.input<typeof ProductInput>;
export type ProductValues = z.output<typeof ProductInput>;

export const ProductBrand = z.object({ id: Uuid, code: z.string(), name: z.string() });

export const BundleComponent = z
  .object({
    productId: Uuid,
    sku: z.string(),
    name: z.string(),
    unit: UnitOfMeasure,
    quantity: z.string(),
  })
  .meta({ id: 'BundleComponent' });
export type BundleComponent = z.infer<typeof BundleComponent>;

export const ProductImage = z
  .object({
    fileName: z.string(),
    originalName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    url: z.string(),
  })
  .meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof ProductImage>;

export const Product = z
  .object({
    id: Uuid,
    sku: z.string(),
    name: z.string(),
    brand: ProductBrand.nullable(),
    unit: UnitOfMeasure,
    kind: ProductKind,
    barcodes: z.array(ProductBarcode),
    components: z.array(BundleComponent),
    costPrice: z.string(),
    salePrice: z.string(),
    vatRate: z.string(),
    weightKg: z.string().nullable(),
    lengthCm: z.string().nullable(),
    widthCm: z.string().nullable(),
    heightCm: z.string().nullable(),
    reorderPoint: z.string(),
    reorderQuantity: z.string(),
    images: z.array(ProductImage),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

/** A row of the product list: the fields a list shows, the main image, and the barcodes. */
export const ProductListItem = z
  .object({
    id: Uuid,
    sku: z.string(),
    name: z.string(),
    brand: ProductBrand.nullable(),
    unit: UnitOfMeasure,
    kind: ProductKind,
    barcodes: z.array(z.string()),
    costPrice: z.string(),
    salePrice: z.string(),
    vatRate: z.string(),
    /** Units on hand in every warehouse (stock in transit not included). */
    onHand: z.string(),
    /** On hand less reserved, in every warehouse. */
    available: z.string(),
    active: z.boolean(),
    imageUrl: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ProductListItem' });
export type ProductListItem = z.infer<typeof ProductListItem>;

/** Sortable fields of the product list. */
export const PRODUCT_SORTS = ['sku', 'name', 'updatedAt', 'salePrice'] as const;

/** Search (SKU, name, barcode), filters and sort: what the list and its export share. */
export const ProductFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  brandId: Uuid.optional(),
  kind: ProductKind.optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type ProductFilter = z.infer<typeof ProductFilter>;

export const ProductListQuery = PageQuery.extend(ProductFilter.shape);
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const PRODUCT_LOOKUP_LIMIT = 20;

/** A picker's search: SKU prefix, name words or barcode; optionally one kind and active only. */
export const ProductLookupQuery = z.object({
  q: z.string().trim().max(100).default(''),
  kind: ProductKind.optional(),
  /** Defaults to active products only: pickers offer what can be used. */
  active: z.enum(['true', 'false', 'all']).default('true'),
  limit: z.coerce.number().int().min(1).max(50).default(PRODUCT_LOOKUP_LIMIT),
});
export type ProductLookupQuery = z.input<typeof ProductLookupQuery>;

export const ProductLookupItem = z
  .object({
    id: Uuid,
    sku: z.string(),
    name: z.string(),
    kind: ProductKind,
    unit: UnitOfMeasure,
    active: z.boolean(),
  })
  .meta({ id: 'ProductLookupItem' });
export type ProductLookupItem = z.infer<typeof ProductLookupItem>;

const IdParams = z.object({ id: Uuid });

export const productsApi = {
  listProducts: endpoint({
    method: 'GET',
    path: '/api/products',
    permission: 'view_product',
    tag: 'products',
    summary:
      'Products, paged; search by SKU, name or barcode; filter by brand, kind, active; sort sku, name, updatedAt or salePrice',
    query: ProductListQuery,
    response: pageOf(ProductListItem),
  }),
  exportProducts: endpoint({
    method: 'GET',
    path: '/api/products/export',
    permission: 'view_product',
    tag: 'products',
    summary: 'The products of a filter as an .xlsx file, barcodes and components joined (at most 100 000 rows)',
    query: ProductFilter,
    response: z.unknown(),
  }),
  lookupProducts: endpoint({
    method: 'GET',
    path: '/api/products/lookup',
    permission: 'view_product',
    tag: 'products',
    summary: 'A few products for a picker: SKU prefix first, then name or barcode matches',
    query: ProductLookupQuery,
    response: z.object({ items: z.array(ProductLookupItem) }),
  }),
  getProduct: endpoint({
    method: 'GET',
    path: '/api/products/:id',
    permission: 'view_product',
    tag: 'products',
    summary: 'One product with its barcodes, bundle components and images',
    params: IdParams,
    response: Product,
  }),
  createProduct: endpoint({
    method: 'POST',
    path: '/api/products',
    permission: 'add_product',
    tag: 'products',
    summary: 'Create a product (SKU unique whatever the case; barcodes unique across products)',
    body: ProductInput,
    response: Product,
    status: 201,
    idempotent: true,
  }),
  updateProduct: endpoint({
    method: 'PUT',
    path: '/api/products/:id',
    permission: 'edit_product',
    tag: 'products',
    summary: 'Change a product; its barcodes, components and images are replaced by the ones sent',
    params: IdParams,
    body: ProductInput,
    response: Product,
  }),
  deleteProduct: endpoint({
    method: 'DELETE',
    path: '/api/products/:id',
    permission: 'delete_product',
    tag: 'products',
    summary:
      'Delete a product nothing refers to (409 IN_USE otherwise, e.g. a component of a bundle: deactivate it instead)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
