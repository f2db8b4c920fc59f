import type {
  BarcodeKind,
  Product,
  ProductFilter,
  ProductKind,
  ProductListItem,
  ProductListQuery,
  ProductLookupItem,
  UnitOfMeasure,
} from '@backoffice/contracts';
import { barcodeKind } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, offsetOf, parseSort } from '../../platform/pagination.ts';

/** The columns a product's own row holds (children live in their tables). */
export interface ProductRowValues {
  sku: string;
  name: string;
  brand_id: string | null;
  unit: string;
  kind: string;
  cost_price: string;
  sale_price: string;
  vat_rate: string;
  weight_kg: string | null;
  length_cm: string | null;
  width_cm: string | null;
  height_cm: string | null;
  reorder_point: string;
  reorder_quantity: string;
  active: boolean;
}

/**
 * numeric(16,4) comes back as "2.5000": answers carry the plain value ("2.5"), with at least
 * `minScale` places for prices ("12.50").
 */
export function plainDecimal(value: string, minScale = 0): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(minScale, '0');
  return digits ? `${whole}.${digits}` : whole;
}
const plainOrNull = (v: string | null) => (v === null ? null : plainDecimal(v));

const LIST_SORTS = { sku: 'p.sku', name: 'p.name', updatedAt: 'p.updated_at', salePrice: 'p.sale_price' } as const;

/**
 * The ids matching a free text: SKU or name containing it, or a barcode starting with it. One
 * select per index, joined by UNION: an OR across columns would make PostgreSQL scan every row.
 */
export function textMatches(db: Kysely<Database>, text: string) {
  const bySku = db.selectFrom('products').select('id').where('sku', 'like', likePattern(text.toUpperCase()));
  const byName = db.selectFrom('products').select('id').where('name', 'ilike', likePattern(text));
  const byText = bySku.union(byName);
  if (!/^\d{3,14}$/.test(text)) return byText;
  return byText.union(
    db.selectFrom('product_barcodes').select('product_id as id').where('barcode', 'like', `${text}%`),
  );
}

function filtered(db: Kysely<Database>, f: ProductFilter) {
  let query = db.selectFrom('products as p');
  if (f.q) {
    const ids = textMatches(db, f.q);
    query = query.where('p.id', 'in', ids);
  }
  if (f.brandId) query = query.where('p.brand_id', '=', f.brandId);
  if (f.kind) query = query.where('p.kind', '=', f.kind);
  if (f.active) query = query.where('p.active', '=', f.active === 'true');
  return query;
}

function listColumns(db: Kysely<Database>, f: ProductFilter) {
  const sort = parseSort(f.sort, LIST_SORTS, { column: 'p.sku', direction: 'asc' });
  return filtered(db, f)
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.brand_id',
      'b.code as brand_code',
      'b.name as brand_name',
      'p.unit',
      'p.kind',
      'p.cost_price',
      'p.sale_price',
      'p.vat_rate',
      'p.weight_kg',
      'p.length_cm',
      'p.width_cm',
      'p.height_cm',
      'p.reorder_point',
      'p.reorder_quantity',
      'p.active',
      'p.created_at',
      'p.updated_at',
      sql<
        string[]
      >`coalesce((SELECT array_agg(pb.barcode ORDER BY pb.position) FROM product_barcodes pb WHERE pb.product_id = p.id), '{}')`.as(
        'barcodes',
      ),
      sql<
        string | null
      >`(SELECT f.file_name FROM product_images pi JOIN uploaded_files f ON f.id = pi.file_id WHERE pi.product_id = p.id ORDER BY pi.position LIMIT 1)`.as(
        'image',
      ),
      // Stock over every warehouse, for the page's rows only (the levels' primary key starts with the product).
      sql<string | null>`(SELECT sum(l.on_hand)::text FROM stock_levels l WHERE l.product_id = p.id)`.as('on_hand'),
      sql<string | null>`(SELECT sum(l.available)::text FROM stock_levels l WHERE l.product_id = p.id)`.as('available'),
    ])
    .orderBy(sql.ref(sort.column), sort.direction)
    .orderBy('p.id');
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listColumns>['execute']>>[number];

const brandOf = (r: { brand_id: string | null; brand_code: string | null; brand_name: string | null }) =>
  r.brand_id && r.brand_code !== null && r.brand_name !== null
    ? { id: r.brand_id, code: r.brand_code, name: r.brand_name }
    : null;

export const fileUrl = (fileName: string) => `/api/upload/files/${fileName}`;

function toListItem(r: ListRow): ProductListItem {
  return {
    id: r.id,
    sku: r.sku,
    name: r.name,
    brand: brandOf(r),
    unit: r.unit as UnitOfMeasure,
    kind: r.kind as ProductKind,
    barcodes: r.barcodes,
    costPrice: plainDecimal(r.cost_price, 2),
    salePrice: plainDecimal(r.sale_price, 2),
    vatRate: plainDecimal(r.vat_rate),
    onHand: plainDecimal(r.on_hand ?? '0'),
    available: plainDecimal(r.available ?? '0'),
    active: r.active,
    imageUrl: r.image ? fileUrl(r.image) : null,
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function findProducts(db: Kysely<Database>, q: ProductListQuery) {
  const [rows, count] = await Promise.all([
    listColumns(db, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    filtered(db, q)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toListItem), total: count.n };
}

/** A row of the export: the list's fields, the rest of the product, components as "SKU × qty". */
export interface ProductExportRow extends ProductListItem {
  weightKg: string | null;
  lengthCm: string | null;
  widthCm: string | null;
  heightCm: string | null;
  reorderPoint: string;
  reorderQuantity: string;
  components: string;
  createdAt: string;
}

export async function exportChunk(
  db: Kysely<Database>,
  f: ProductFilter,
  offset: number,
  limit: number,
): Promise<ProductExportRow[]> {
  const rows = await listColumns(db, f)
    .select(
      sql<string>`coalesce((SELECT string_agg(c.sku || ' x ' || trim_scale(bc.quantity)::text, ', ' ORDER BY bc.position) FROM product_bundle_components bc JOIN products c ON c.id = bc.component_id WHERE bc.bundle_id = p.id), '')`.as(
        'components',
      ),
    )
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    ...toListItem(r),
    weightKg: plainOrNull(r.weight_kg),
    lengthCm: plainOrNull(r.length_cm),
    widthCm: plainOrNull(r.width_cm),
    heightCm: plainOrNull(r.height_cm),
    reorderPoint: plainDecimal(r.reorder_point),
    reorderQuantity: plainDecimal(r.reorder_quantity),
    components: r.components,
    createdAt: r.created_at.toISOString(),
  }));
}

/**
 * A picker's few products: SKUs starting with the text first (btree prefix index), then barcodes
 * starting with it, then SKUs or names containing it (trigram indexes). Each is its own small query
 * that PostgreSQL plans well (walking the SKU index when matches are many, the trigram index when
 * they are few). Short texts only search prefixes: a one-letter "contains" matches most products.
 */
/** How many barcode or "contains" matches a lookup sorts to pick its few. */
const CANDIDATES = 500;

export async function lookupProducts(
  db: Kysely<Database>,
  q: { q: string; kind?: ProductKind; active: 'true' | 'false' | 'all'; limit: number },
): Promise<ProductLookupItem[]> {
  const base = () => {
    let query = db.selectFrom('products').select(['id', 'sku', 'name', 'kind', 'unit', 'active']);
    if (q.kind) query = query.where('kind', '=', q.kind);
    if (q.active !== 'all') query = query.where('active', '=', q.active === 'true');
    return query;
  };
  const text = q.q;
  const prefix = `${text.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const found = new Map<string, Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number]>();
  const add = (rows: Awaited<ReturnType<ReturnType<typeof base>['execute']>>) => {
    for (const r of rows) if (found.size < q.limit) found.set(r.id, r);
  };
  // "ORDER BY sku LIMIT n" over a filter may walk the whole SKU index looking for rare matches;
  // barcode and "contains" searches take their first few hundred matches by their own index, then sort.
  const firstMatches = (query: ReturnType<typeof base>) =>
    db.selectFrom(query.limit(CANDIDATES).as('m')).selectAll().orderBy('sku').limit(q.limit).execute();
  add(await (text ? base().where('sku', 'like', prefix) : base()).orderBy('sku').limit(q.limit).execute());
  if (text && found.size < q.limit && /^\d{3,14}$/.test(text))
    add(
      await firstMatches(
        base().where('id', 'in', (eb) =>
          eb.selectFrom('product_barcodes').select('product_id').where('barcode', 'like', `${text}%`),
        ),
      ),
    );
  if (text.length >= 3 && found.size < q.limit) {
    const [bySku, byName] = await Promise.all([
      firstMatches(base().where('sku', 'like', likePattern(text.toUpperCase()))),
      firstMatches(base().where('name', 'ilike', likePattern(text))),
    ]);
    const more = [...bySku, ...byName].filter((r) => !found.has(r.id));
    more.sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
    add(more);
  }
  return [...found.values()].map((r) => ({ ...r, kind: r.kind as ProductKind, unit: r.unit as UnitOfMeasure }));
}

/** Takes the row lock a change or delete needs before it checks its rules; false when there is no such product. */
export async function lockProduct(db: Kysely<Database>, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('products').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined
  );
}

export async function getProductById(db: Kysely<Database>, id: string): Promise<Product | undefined> {
  const row = await db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .selectAll('p')
    .select(['b.code as brand_code', 'b.name as brand_name'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [barcodes, components, images] = await Promise.all([
    db.selectFrom('product_barcodes').select('barcode').where('product_id', '=', id).orderBy('position').execute(),
    db
      .selectFrom('product_bundle_components as bc')
      .innerJoin('products as c', 'c.id', 'bc.component_id')
      .select(['bc.component_id', 'bc.quantity', 'c.sku', 'c.name', 'c.unit'])
      .where('bc.bundle_id', '=', id)
      .orderBy('bc.position')
      .execute(),
    db
      .selectFrom('product_images as pi')
      .innerJoin('uploaded_files as f', 'f.id', 'pi.file_id')
      .select(['f.file_name', 'f.original_name', 'f.content_type', 'f.size'])
      .where('pi.product_id', '=', id)
      .orderBy('pi.position')
      .execute(),
  ]);
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    brand: brandOf(row),
    unit: row.unit as UnitOfMeasure,
    kind: row.kind as ProductKind,
    barcodes: barcodes.map((b) => ({ barcode: b.barcode, kind: barcodeKind(b.barcode) as BarcodeKind })),
    components: components.map((c) => ({
      productId: c.component_id,
      sku: c.sku,
      name: c.name,
      unit: c.unit as UnitOfMeasure,
      quantity: plainDecimal(c.quantity),
    })),
    costPrice: plainDecimal(row.cost_price, 2),
    salePrice: plainDecimal(row.sale_price, 2),
    vatRate: plainDecimal(row.vat_rate),
    weightKg: plainOrNull(row.weight_kg),
    lengthCm: plainOrNull(row.length_cm),
    widthCm: plainOrNull(row.width_cm),
    heightCm: plainOrNull(row.height_cm),
    reorderPoint: plainDecimal(row.reorder_point),
    reorderQuantity: plainDecimal(row.reorder_quantity),
    images: images.map((f) => ({
      fileName: f.file_name,
      originalName: f.original_name,
      contentType: f.content_type,
      size: f.size,
      url: fileUrl(f.file_name),
    })),
    active: row.active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The product already holding this SKU (stored upper-case), other than `exceptId`. */
export async function productWithSku(db: Kysely<Database>, sku: string, exceptId?: string) {
  let query = db.selectFrom('products').select(['id', 'sku']).where('sku', '=', sku.toUpperCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

/** Barcodes (compared as GTIN-14) already on other products, with the product holding each. */
export async function barcodesTaken(db: Kysely<Database>, gtins: readonly string[], exceptId?: string) {
  if (!gtins.length) return [];
  let query = db
    .selectFrom('product_barcodes as pb')
    .innerJoin('products as p', 'p.id', 'pb.product_id')
    .select(['pb.barcode', 'pb.gtin', 'p.id as productId', 'p.sku'])
    .where('pb.gtin', 'in', [...gtins]);
  if (exceptId) query = query.where('pb.product_id', '<>', exceptId);
  return query.orderBy('pb.gtin').execute();
}

export async function brandById(db: Kysely<Database>, id: string) {
  return db.selectFrom('brands').select(['id', 'code', 'active']).where('id', '=', id).executeTakeFirst();
}

/**
 * The products named as components, share-locked so that none changes kind or is deleted before
 * this request commits.
 */
export async function componentCandidates(db: Kysely<Database>, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'kind', 'unit'])
    .where('id', 'in', [...ids])
    .forShare()
    .execute();
}

/** How many bundles hold this product as a component. */
export async function countBundlesUsing(db: Kysely<Database>, id: string): Promise<number> {
  const row = await db
    .selectFrom('product_bundle_components')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('component_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many products carry this brand. */
export async function countProductsOfBrand(db: Kysely<Database>, brandId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('brand_id', '=', brandId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The uploaded files named as images, locked: they are about to be attached or checked. */
export async function imageFiles(db: Kysely<Database>, fileNames: readonly string[]) {
  if (!fileNames.length) return [];
  return db
    .selectFrom('uploaded_files')
    .select(['id', 'file_name', 'kind', 'uploaded_by', 'attached_entity', 'attached_id'])
    .where('file_name', 'in', [...fileNames])
    .forUpdate()
    .execute();
}

export async function insertProduct(db: Kysely<Database>, values: ProductRowValues): Promise<string> {
  const row = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProductRow(db: Kysely<Database>, id: string, values: ProductRowValues) {
  await db
    .updateTable('products')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function replaceBarcodes(db: Kysely<Database>, id: string, barcodes: readonly string[]) {
  await db.deleteFrom('product_barcodes').where('product_id', '=', id).execute();
  if (barcodes.length)
    await db
      .insertInto('product_barcodes')
      .values(barcodes.map((barcode, position) => ({ product_id: id, position, barcode })))
      .execute();
}

export async function replaceComponents(
  db: Kysely<Database>,
  id: string,
  components: readonly { productId: string; quantity: string }[],
) {
  await db.deleteFrom('product_bundle_components').where('bundle_id', '=', id).execute();
  if (components.length)
    await db
      .insertInto('product_bundle_components')
      .values(
        components.map((c, position) => ({
          bundle_id: id,
          component_id: c.productId,
          position,
          quantity: c.quantity,
        })),
      )
      .execute();
}

/** The product's image files become exactly `fileIds`, in order; files it no longer shows are deleted. */
export async function replaceImages(db: Kysely<Database>, id: string, fileIds: readonly string[]) {
  const old = await db.deleteFrom('product_images').where('product_id', '=', id).returning('file_id').execute();
  if (fileIds.length) {
    await db
      .insertInto('product_images')
      .values(fileIds.map((file_id, position) => ({ product_id: id, position, file_id })))
      .execute();
    await db
      .updateTable('uploaded_files')
      .set({ attached_entity: 'product', attached_id: id })
      .where('id', 'in', [...fileIds])
      .execute();
  }
  const dropped = old.map((r) => r.file_id).filter((f) => !fileIds.includes(f));
  if (dropped.length) await db.deleteFrom('uploaded_files').where('id', 'in', dropped).execute();
}

/** Deletes the product (its barcodes, components and image rows go with it) and then its image files. */
export async function deleteProductRow(db: Kysely<Database>, id: string) {
  const images = await db.selectFrom('product_images').select('file_id').where('product_id', '=', id).execute();
  await db.deleteFrom('products').where('id', '=', id).execute();
  if (images.length)
    await db
      .deleteFrom('uploaded_files')
      .where(
        'id',
        'in',
        images.map((i) => i.file_id),
      )
      .execute();
}
