import {
  Barcode,
  barcodeProblem,
  barcodeProblemMessage,
  checkProductRules,
  DimensionCm,
  IMPORT_MAX_ROWS,
  IMPORT_STORED_ERRORS,
  type ImportMode,
  type ImportRowError,
  MAX_BARCODES_PER_PRODUCT,
  type MappingColumn,
  Money,
  Percentage,
  PRODUCT_IMPORT_FIELDS,
  PRODUCT_KINDS,
  type ProductImportField,
  ProductInput,
  ProductName,
  type ProductValues,
  Quantity,
  Sku,
  toGtin14,
  UNITS_OF_MEASURE,
  UnitCost,
  WeightKg,
} from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { writeAudit, writeAudits } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { loopSlicer } from '../../platform/import.ts';
import {
  type CellResult,
  decimalCell,
  estimateDataRows,
  fileContent,
  finishRun,
  type ImportJob,
  type MappedRow,
  readMappedRows,
} from '../imports/index.ts';
import {
  barcodeOwners,
  barcodesOfProducts,
  brandsWithCodes,
  bundlesUsing,
  componentsOfBundles,
  deleteBarcodesOf,
  type ExistingProduct,
  insertBarcodes,
  insertProducts,
  type ProductRow,
  productsWithSkus,
  updateProducts,
} from './product-import.repository.ts';

/**
 * Product import (.xlsx → products), all or nothing, in one pass over the file:
 * - each row's cells are checked on their own (the product API's field rules);
 * - rows are checked together and against the database, chunk by chunk as they are read: SKU and
 *   barcodes unique within the file and against other products, brand codes known and active, then
 *   each row as the product it would become (the API's rules between fields);
 * - while no problem has been found, each checked chunk is written at once (set-based, with its
 *   audit rows) inside the run's one transaction, so PostgreSQL writes while the next chunk is read;
 *   the first problem stops the writing, the rest of the file is still checked so that every problem
 *   is listed, and the transaction is rolled back: nothing is imported.
 * Mode insert takes new SKUs only; mode upsert also updates existing SKUs: the file's columns replace
 * their values, columns the file does not map are kept, and an empty cell keeps the value it has.
 * Bundles are made on the product screen (their components are chosen there); an existing bundle
 * can be updated by a file, its components kept.
 */

const norm = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const UNIT_NAMES = new Map<string, string>();
for (const unit of UNITS_OF_MEASURE) {
  UNIT_NAMES.set(norm(unit), unit);
  const [name, abbreviation] = unit.split(/[()]/);
  if (name) UNIT_NAMES.set(norm(name), unit);
  if (abbreviation) UNIT_NAMES.set(norm(abbreviation), unit);
}
for (const [alias, unit] of [
  ['units', 'Unit'],
  ['each', 'Unit'],
  ['ea', 'Unit'],
  ['pcs', 'Unit'],
  ['piece', 'Unit'],
  ['kilograms', 'Kilogram (Kg)'],
  ['kgs', 'Kilogram (Kg)'],
  ['pounds', 'Pound (lb)'],
  ['lbs', 'Pound (lb)'],
  ['litre', 'Liter (l)'],
  ['litres', 'Liter (l)'],
  ['liters', 'Liter (l)'],
  ['meter', 'Meters (m)'],
  ['metre', 'Meters (m)'],
  ['metres', 'Meters (m)'],
  ['inch', 'Inches'],
  ['in', 'Inches'],
  ['foot', 'Feet'],
  ['ft', 'Feet'],
  ['gallons', 'Gallon'],
  ['gal', 'Gallon'],
  ['ounces', 'Ounce (oz)'],
] as const)
  UNIT_NAMES.set(alias, unit);

const KIND_NAMES = new Map<string, string>([
  ['stock', 'STOCK'],
  ['stockitem', 'STOCK'],
  ['storable', 'STOCK'],
  ['bundle', 'BUNDLE'],
  ['kit', 'BUNDLE'],
  ['service', 'SERVICE'],
]);

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'active']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'inactive']);

const fromNames = (names: Map<string, string>) => (v: unknown) =>
  typeof v === 'string' ? (names.get(norm(v)) ?? v.trim()) : v;

function booleanCell(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const word = v.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return v;
}

/** Barcodes in one cell, separated by commas, semicolons, spaces or line breaks; each named in its problem. */
const BarcodeList = z
  .array(z.string())
  .max(MAX_BARCODES_PER_PRODUCT, `at most ${MAX_BARCODES_PER_PRODUCT} barcodes`)
  .superRefine((list, ctx) => {
    for (const barcode of list) {
      const problem = barcodeProblem(barcode);
      if (problem) ctx.addIssue({ code: 'custom', message: `${barcode}: ${barcodeProblemMessage(problem, barcode)}` });
    }
  })
  .transform((list) => list.map((b) => Barcode.parse(b)));

const cell = <T extends z.ZodType>(schema: T, prepare: (v: string) => unknown = (v) => v) =>
  z.preprocess((v) => (typeof v === 'string' ? prepare(v) : v), schema);

/** Each field's cell, checked on its own (the product API's rules for that field); empty cells are not checked. */
const CELLS = {
  sku: cell(Sku),
  name: cell(ProductName),
  brand: cell(z.string().max(30, 'a brand code has at most 30 characters').toUpperCase()),
  barcodes: cell(BarcodeList, (v) => v.split(/[\s,;|]+/).filter(Boolean)),
  unit: cell(
    z.enum(UNITS_OF_MEASURE, { error: `a unit is one of: ${UNITS_OF_MEASURE.join(', ')}` }),
    fromNames(UNIT_NAMES),
  ),
  kind: cell(z.enum(PRODUCT_KINDS, { error: 'a kind is Stock, Bundle or Service' }), fromNames(KIND_NAMES)),
  costPrice: cell(UnitCost, decimalCell),
  salePrice: cell(Money, decimalCell),
  vatRate: cell(Percentage, decimalCell),
  weightKg: cell(WeightKg, decimalCell),
  lengthCm: cell(DimensionCm, decimalCell),
  widthCm: cell(DimensionCm, decimalCell),
  heightCm: cell(DimensionCm, decimalCell),
  reorderPoint: cell(Quantity, decimalCell),
  reorderQuantity: cell(Quantity, decimalCell),
  active: cell(z.boolean({ error: 'write yes or no (or true/false, 1/0)' }), booleanCell),
} satisfies Record<ProductImportField, z.ZodType>;

/** What a row's cells hold, each field present when its cell was filled and right. */
type ImportRow = { -readonly [F in ProductImportField]?: z.output<(typeof CELLS)[F]> };

const REQUIRED_MESSAGES: Partial<Record<ProductImportField, string>> = {
  sku: 'a SKU is needed',
  name: 'a name is needed',
};

/** Fields whose cells repeat (units, prices, rates…): their answers are kept, per distinct text. */
const REMEMBERED: ReadonlySet<ProductImportField> = new Set(
  PRODUCT_IMPORT_FIELDS.map((f) => f.field).filter((f) => f !== 'sku' && f !== 'name' && f !== 'barcodes'),
);
const MAX_REMEMBERED = 5_000;
const remembered = new Map<ProductImportField, Map<string, CellResult>>();

/** One cell checked by its field's rule; the answer for a repeated text is the one given before. */
function checkCell(field: ProductImportField, text: string): CellResult {
  const known = REMEMBERED.has(field) ? remembered.get(field)?.get(text) : undefined;
  if (known) return known;
  const parsed = CELLS[field].safeParse(text);
  const result: CellResult = parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, messages: parsed.error.issues.map((i) => i.message) };
  if (REMEMBERED.has(field)) {
    const answers = remembered.get(field) ?? new Map<string, CellResult>();
    remembered.set(field, answers);
    if (answers.size < MAX_REMEMBERED) answers.set(text, result);
  }
  return result;
}

export type ReadRow = MappedRow<ImportRow>;

/** The sheet's rows through the mapping (imports/mapped-rows.ts), each cell checked by its field's rule. */
export function readProductRows(
  content: Buffer,
  chosen: readonly MappingColumn[] | null,
  onColumns: (columns: MappingColumn[]) => void = () => {},
): AsyncGenerator<ReadRow> {
  return readMappedRows<ProductImportField, ImportRow>(content, {
    kind: 'products',
    columns: chosen,
    checkCell,
    requiredMessages: REQUIRED_MESSAGES,
    onColumns,
  });
}

/** Product fields a row can set, besides SKU, name, brand and barcodes. */
const SETTABLE = [
  'unit',
  'kind',
  'costPrice',
  'salePrice',
  'vatRate',
  'weightKg',
  'lengthCm',
  'widthCm',
  'heightCm',
  'reorderPoint',
  'reorderQuantity',
  'active',
] as const;

const DEFAULTS: ProductValues = ProductInput.parse({ sku: 'X', name: 'X' });

/** numeric(16,4) comes back as "2.5000": the plain value, as the API's rules read it. */
function plain(value: string): string;
function plain(value: string | null): string | null;
function plain(value: string | null) {
  if (value === null) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${whole}.${digits}` : whole;
}

function valuesOf(p: ExistingProduct, barcodes: string[], components: ProductValues['components']): ProductValues {
  return {
    sku: p.sku,
    name: p.name,
    brandId: p.brand_id,
    unit: p.unit as ProductValues['unit'],
    kind: p.kind as ProductValues['kind'],
    barcodes,
    components,
    costPrice: plain(p.cost_price),
    salePrice: plain(p.sale_price),
    vatRate: plain(p.vat_rate),
    weightKg: plain(p.weight_kg),
    lengthCm: plain(p.length_cm),
    widthCm: plain(p.width_cm),
    heightCm: plain(p.height_cm),
    reorderPoint: plain(p.reorder_point),
    reorderQuantity: plain(p.reorder_quantity),
    images: [],
    active: p.active,
  };
}

/** What the audit keeps of a product an import wrote (images and components are not the import's). */
function audited(v: ProductValues) {
  const { images: _images, components: _components, ...rest } = v;
  return rest;
}

/**
 * The product API's rules between fields (`checkProductRules`, what `ProductInput` adds to the fields'
 * own rules). Each field of `values` is already valid (checked cell by cell, or read from the
 * database), so only these run: parsing 50 000 rows again would double the work.
 */
function rulesBetweenFields(values: ProductValues) {
  const issues: { path: readonly PropertyKey[]; message: string }[] = [];
  const ctx: z.core.$RefinementCtx<ProductValues> = {
    value: values,
    issues: [],
    addIssue: (issue) => {
      if (typeof issue === 'string') issues.push({ path: [], message: issue });
      else issues.push({ path: issue.path ?? [], message: issue.message ?? 'is not valid' });
    },
  };
  checkProductRules(values, ctx);
  return issues;
}

/** The field a problem belongs to, as the import names fields. */
function importField(path: readonly PropertyKey[]): string | undefined {
  const first = path[0];
  if (first === undefined) return undefined;
  if (first === 'brandId') return 'brand';
  if (first === 'components') return 'kind';
  return String(first);
}

interface PlannedRow {
  values: ProductValues;
  existing?: ExistingProduct;
  before?: ProductValues;
  barcodesChanged: boolean;
}

function add<T>(map: Map<string, T[]>, key: string, item: T) {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/**
 * Checks a file's rows chunk by chunk, remembering what earlier chunks held (SKUs and barcodes of the
 * file, barcodes its rows gave up). Its checks read only what the database held before the import
 * (rows this import wrote are told apart), so they answer the same whether earlier chunks were
 * written or not.
 */
class ProductImportCheck {
  readonly errors: ImportRowError[] = [];
  errorCount = 0;
  private readonly firstRowOfSku = new Map<string, number>();
  private readonly firstRowOfGtin = new Map<string, number>();
  /** SKUs this import inserted: their barcodes are the file's own (checked in memory). */
  private readonly inserted = new Set<string>();
  /** Barcodes existing products gave up in an earlier row of the file. */
  private readonly released = new Set<string>();
  private readonly brands = new Map<string, { id: string; code: string; active: boolean } | null>();

  constructor(private readonly mode: ImportMode) {}

  private problem(rowNumber: number, field: string | undefined, message: string) {
    this.errorCount += 1;
    if (this.errors.length < IMPORT_STORED_ERRORS)
      this.errors.push({ rowNumber, ...(field ? { field } : {}), message });
  }

  get hasProblems() {
    return this.errorCount > 0;
  }

  /** Checks one chunk (in the run's transaction, whose products it locks in upsert mode) and plans its writes. */
  async check(tx: Kysely<Database>, rows: readonly ReadRow[]): Promise<PlannedRow[]> {
    const upsert = this.mode === 'upsert';
    const skus = [...new Set(rows.flatMap((r) => (r.value.sku ? [r.value.sku] : [])))];
    const existing = new Map(
      (await productsWithSkus(tx, skus, upsert)).filter((p) => !this.inserted.has(p.sku)).map((p) => [p.sku, p]),
    );
    const updating = upsert ? [...existing.values()] : [];
    const currentBarcodes = new Map<string, string[]>();
    for (const b of await barcodesOfProducts(
      tx,
      updating.map((p) => p.id),
    ))
      add(currentBarcodes, b.product_id, b.barcode);
    const components = new Map<string, ProductValues['components']>();
    for (const c of await componentsOfBundles(
      tx,
      updating.filter((p) => p.kind === 'BUNDLE').map((p) => p.id),
    ))
      add(components, c.bundle_id, { productId: c.component_id, quantity: plain(c.quantity) });
    const inBundles = new Map(
      (
        await bundlesUsing(
          tx,
          updating.filter((p) => p.kind === 'STOCK').map((p) => p.id),
        )
      ).map((r) => [r.component_id, Number(r.n)]),
    );
    const unknownCodes = [
      ...new Set(rows.flatMap((r) => (r.value.brand && !this.brands.has(r.value.brand) ? [r.value.brand] : []))),
    ];
    if (unknownCodes.length) {
      const found = new Map((await brandsWithCodes(tx, unknownCodes)).map((b) => [b.code.toUpperCase(), b]));
      for (const code of unknownCodes) this.brands.set(code, found.get(code) ?? null);
    }
    // The barcodes each SKU of this chunk ends with, for rows that set them.
    const barcodesAfter = new Map<string, Set<string>>();
    for (const r of rows)
      if (r.value.sku && r.value.barcodes) barcodesAfter.set(r.value.sku, new Set(r.value.barcodes.map(toGtin14)));
    const gtins = [...new Set(rows.flatMap((r) => (r.value.barcodes ?? []).map(toGtin14)))];
    const owners = new Map((await barcodeOwners(tx, gtins)).map((o) => [o.gtin, o]));

    const plan: PlannedRow[] = [];
    const pause = loopSlicer();
    for (const { rowNumber, value: row, errors: cellErrors } of rows) {
      await pause();
      for (const e of cellErrors) this.problem(e.rowNumber, e.field, e.message);
      const before = this.errorCount;
      let isDuplicate = false;
      if (row.sku) {
        const first = this.firstRowOfSku.get(row.sku);
        if (first !== undefined) {
          isDuplicate = true;
          this.problem(rowNumber, 'sku', `"${row.sku}" is already in row ${first} of this file.`);
        } else this.firstRowOfSku.set(row.sku, rowNumber);
      }
      const current = isDuplicate || !row.sku ? undefined : existing.get(row.sku);
      if (current && !upsert)
        this.problem(
          rowNumber,
          'sku',
          `a product with SKU ${row.sku} already exists; choose "add new and update existing" to update it`,
        );

      let brandId: string | undefined;
      if (row.brand !== undefined) {
        const brand = this.brands.get(row.brand);
        if (!brand) this.problem(rowNumber, 'brand', `there is no brand with code ${row.brand}`);
        else if (!brand.active && current?.brand_id !== brand.id)
          this.problem(rowNumber, 'brand', `brand ${brand.code} is deactivated: use an active brand`);
        else brandId = brand.id;
      }

      for (const barcode of row.barcodes ?? []) {
        const gtin = toGtin14(barcode);
        const first = this.firstRowOfGtin.get(gtin);
        if (first !== undefined) {
          if (first !== rowNumber)
            this.problem(rowNumber, 'barcodes', `barcode ${barcode} is already in row ${first} of this file`);
          continue;
        }
        this.firstRowOfGtin.set(gtin, rowNumber);
        const owner = owners.get(gtin);
        if (!owner || owner.sku === row.sku || this.inserted.has(owner.sku) || this.released.has(gtin)) continue;
        // A barcode moves between two products of the file when its owner's row, in this chunk, lets it go.
        const ownerLetsGo = upsert && barcodesAfter.has(owner.sku) && !barcodesAfter.get(owner.sku)?.has(gtin);
        if (!ownerLetsGo)
          this.problem(rowNumber, 'barcodes', `barcode ${barcode} already belongs to product ${owner.sku}`);
      }

      // The row as the product it would become, checked by the product API's rules between fields.
      if (cellErrors.length || this.errorCount > before || !row.sku || !row.name) continue;
      const base = current
        ? valuesOf(current, currentBarcodes.get(current.id) ?? [], components.get(current.id) ?? [])
        : { ...DEFAULTS, barcodes: [], components: [] };
      const values: ProductValues = { ...base, sku: row.sku, name: row.name };
      const target = values as unknown as Record<string, unknown>;
      for (const field of SETTABLE) if (row[field] !== undefined) target[field] = row[field];
      if (row.barcodes !== undefined) values.barcodes = row.barcodes;
      if (brandId !== undefined) values.brandId = brandId;

      if (values.kind === 'BUNDLE' && current?.kind !== 'BUNDLE')
        this.problem(rowNumber, 'kind', 'a bundle is made on the product screen, where its components are chosen');
      else if (current?.kind === 'BUNDLE' && values.kind !== 'BUNDLE')
        this.problem(rowNumber, 'kind', `${row.sku} is a bundle: change its kind on the product screen`);
      else if (current?.kind === 'STOCK' && values.kind !== 'STOCK' && (inBundles.get(current.id) ?? 0) > 0)
        this.problem(
          rowNumber,
          'kind',
          `${row.sku} is a component of ${inBundles.get(current.id)} bundle(s), so it stays a stock item`,
        );
      else
        for (const issue of rulesBetweenFields(values)) this.problem(rowNumber, importField(issue.path), issue.message);
      if (this.errorCount > before) continue;

      if (current && row.barcodes !== undefined) {
        const kept = new Set(row.barcodes.map(toGtin14));
        for (const old of base.barcodes) if (!kept.has(toGtin14(old))) this.released.add(toGtin14(old));
      }
      if (!current) this.inserted.add(row.sku);
      plan.push({
        values,
        ...(current ? { existing: current, before: base } : {}),
        barcodesChanged: row.barcodes !== undefined,
      });
    }
    return plan;
  }
}

function rowOf(v: ProductValues): ProductRow {
  return {
    sku: v.sku,
    name: v.name,
    brand_id: v.brandId,
    unit: v.unit,
    kind: v.kind,
    cost_price: v.costPrice,
    sale_price: v.salePrice,
    vat_rate: v.vatRate,
    weight_kg: v.weightKg,
    length_cm: v.lengthCm,
    width_cm: v.widthCm,
    height_cm: v.heightCm,
    reorder_point: v.reorderPoint,
    reorder_quantity: v.reorderQuantity,
    active: v.active,
  };
}

async function writeBarcodes(tx: Kysely<Database>, products: readonly { id: string; barcodes: readonly string[] }[]) {
  const productId: string[] = [];
  const position: number[] = [];
  const barcode: string[] = [];
  for (const p of products)
    p.barcodes.forEach((b, i) => {
      productId.push(p.id);
      position.push(i);
      barcode.push(b);
    });
  await insertBarcodes(tx, { productId, position, barcode });
}

/** Writes one checked chunk: updates first (barcodes they give up are freed), then inserts, each with its audit row. */
async function writeChunk(tx: Kysely<Database>, job: ImportJob, plan: readonly PlannedRow[]) {
  const by = { user: job.run.createdBy, requestId: job.run.requestId };
  const after = (p: PlannedRow) => ({ ...audited(p.values), importRunId: job.run.id });
  const updates = plan.filter((p) => p.existing);
  const inserts = plan.filter((p) => !p.existing);
  if (updates.length) {
    await updateProducts(
      tx,
      updates.map((p) => ({ id: p.existing!.id, ...rowOf(p.values) })),
    );
    const replacing = updates.filter((p) => p.barcodesChanged);
    await deleteBarcodesOf(
      tx,
      replacing.map((p) => p.existing!.id),
    );
    await writeBarcodes(
      tx,
      replacing.map((p) => ({ id: p.existing!.id, barcodes: p.values.barcodes })),
    );
    await writeAudits(
      tx,
      by,
      updates.map((p) => ({
        entity: 'product',
        action: 'update',
        entityId: p.existing!.id,
        before: audited(p.before!),
        after: after(p),
      })),
    );
  }
  if (inserts.length) {
    const written = await insertProducts(
      tx,
      inserts.map((p) => rowOf(p.values)),
    );
    const idOf = new Map(written.map((w) => [w.sku, w.id]));
    await writeBarcodes(
      tx,
      inserts.map((p) => ({ id: idOf.get(p.values.sku)!, barcodes: p.values.barcodes })),
    );
    await writeAudits(
      tx,
      by,
      inserts.map((p) => ({ entity: 'product', action: 'create', entityId: idOf.get(p.values.sku)!, after: after(p) })),
    );
  }
  return { created: inserts.length, updated: updates.length };
}

/** Thrown inside the run's transaction to roll it back when the file has problems. */
class FileHasProblems extends Error {}

/** The product import job (see the top of this file). */
export async function runProductImport(job: ImportJob): Promise<void> {
  const started = Date.now();
  const content = await fileContent(job.db, job.run.fileId);
  if (!content) throw new AppError(404, 'NOT_FOUND', 'The uploaded file is gone. Upload it again.');
  const estimate = estimateDataRows(content);
  job.progress(0, estimate);
  let check = new ProductImportCheck(job.run.mode);
  const time = { readMs: 0, checkMs: 0, applyMs: 0 };
  const counts = { created: 0, updated: 0 };
  let columns: MappingColumn[] | null = job.run.columns;
  let total = 0;

  /** One pass over the file: every row checked, and, while no problem is found, written if `write`. */
  async function pass(tx: Kysely<Database>, write: boolean) {
    check = new ProductImportCheck(job.run.mode);
    total = 0;
    let done = 0;
    const handle = async (chunk: ReadRow[]) => {
      let at = Date.now();
      const plan = await check.check(tx, chunk);
      time.checkMs += Date.now() - at;
      if (write && !check.hasProblems) {
        at = Date.now();
        const written = await writeChunk(tx, job, plan);
        counts.created += written.created;
        counts.updated += written.updated;
        time.applyMs += Date.now() - at;
      }
      done += chunk.length;
      job.progress(done, Math.max(estimate ?? 0, total));
    };
    // The chunk read last is checked and written while the next one is read.
    let chunk: ReadRow[] = [];
    let pending: Promise<void> = Promise.resolve();
    try {
      for await (const row of readProductRows(content!, job.run.columns, (c) => {
        columns = c;
      })) {
        chunk.push(row);
        total += 1;
        if (chunk.length >= CHECK_CHUNK) {
          await pending;
          pending = handle(chunk);
          // Its failure is taken up at the next await; until then it must not count as unhandled.
          pending.catch(() => {});
          chunk = [];
        }
      }
    } catch (e) {
      // The transaction may end only once the chunk under way has finished with its connection.
      await pending.catch(() => {});
      throw e;
    }
    time.readMs = Date.now() - started;
    await pending;
    if (chunk.length) await handle(chunk);
  }

  try {
    await job.db.transaction().execute(async (tx) => {
      // Trigram indexes of products take new rows into their pending list; autovacuum merges them later.
      await sql`SET LOCAL gin_pending_list_limit = '64MB'`.execute(tx);
      // A file that looks longer than an import takes is checked before anything is written, so that
      // its end (too many rows) does not come after writing 100 000 rows in vain; it is read twice if good.
      const writeAtOnce = estimate === null || estimate <= IMPORT_MAX_ROWS * 0.9;
      await pass(tx, writeAtOnce);
      if (!writeAtOnce && !check.hasProblems) await pass(tx, true);
      if (check.hasProblems) throw new FileHasProblems();
      await job.applying(total);
      await finishRun(tx, job.run.id, {
        status: 'APPLIED',
        columns,
        rowsTotal: total,
        rowsDone: total,
        createdCount: counts.created,
        updatedCount: counts.updated,
        timings: { ...time, totalMs: Date.now() - started },
      });
      await writeAudit(tx, {
        user: job.run.createdBy,
        requestId: job.run.requestId,
        action: 'apply',
        entity: 'product_import',
        entityId: job.run.id,
        after: { fileName: job.run.fileName, mode: job.run.mode, ...counts },
      });
    });
  } catch (e) {
    if (e instanceof FileHasProblems)
      return finishRun(job.db, job.run.id, {
        status: 'FAILED',
        columns,
        rowsTotal: total,
        rowsDone: total,
        errorCount: check.errorCount,
        errors: check.errors,
        failure: {
          code: 'IMPORT_INVALID',
          message: `${check.errorCount} problem(s) in the file; nothing was imported. Fix them and upload the file again.`,
        },
        timings: { ...time, applyMs: 0, totalMs: Date.now() - started },
      });
    // The file could not be read as a whole (columns missing, too many rows, not a workbook…).
    if (e instanceof AppError && e.status !== 409)
      return finishRun(job.db, job.run.id, {
        status: 'FAILED',
        columns,
        failure: { code: e.code, message: e.message },
        timings: { ...time, totalMs: Date.now() - started },
      });
    throw e;
  }
}

/** Rows checked (and written) together; small enough that reading and writing overlap well. */
const CHECK_CHUNK = 2_500;
