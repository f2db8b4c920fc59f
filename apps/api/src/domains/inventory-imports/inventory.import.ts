import {
  IMPORT_STORED_ERRORS,
  type ImportRowError,
  INVENTORY_IMPORT_SOURCE,
  type InventoryImportMode,
  type MappingColumn,
  SignedStockQuantity,
  StockErrorCode,
  UnitCost,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
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
import { costForFound, lockProducts, type PostLine, post } from '../stock/index.ts';
import { binBalancesOf, locationsByCodes, productsByCodes, warehousesByCodes } from './inventory-import.repository.ts';

/**
 * Inventory import (.xlsx → one stock posting), all or nothing:
 * - each row's cells are checked on their own (as the stock API checks quantities and costs);
 * - then all rows together, in the run's one transaction: products (SKU or barcode), warehouses and bins
 *   known; the products locked as the posting service locks them, then each bin's balance read, so that what
 *   the file is compared with cannot change before it is posted;
 * - mode "set": the quantity is the bin's new quantity, the difference is posted (OPENING where the bin has
 *   never had stock of the product, else ADJUSTMENT; nothing for a bin that already holds it); a bin may be
 *   named once per file. Mode "add": the quantity is a signed change (ADJUSTMENT); the rows taking stock out
 *   of a bin may take at most what it held before the file (unless the warehouse allows negative stock);
 * - increases need a cost: the row's, else what units found are posted at (the newest layer's in the
 *   warehouse, else the product's standard cost); a product with neither needs the row's;
 * - every problem of every row is listed by row and field; with any, nothing is posted. Otherwise every row
 *   goes into one post() (source inventory_import, the run's id, each row's number as its source line).
 * An empty bin cell means the warehouse's default receiving bin (stock not in a bin only where it has none).
 */

type Field = 'sku' | 'warehouse' | 'location' | 'quantity' | 'unitCost' | 'reason';

const cell = <T extends z.ZodType>(schema: T, prepare: (v: string) => unknown = (v) => v) =>
  z.preprocess((v) => (typeof v === 'string' ? prepare(v) : v), schema);

const CELLS: Record<Field, z.ZodType> = {
  sku: cell(z.string().trim().max(64, 'a SKU or barcode has at most 64 characters').toUpperCase()),
  warehouse: cell(z.string().trim().max(30, 'a warehouse code has at most 30 characters').toUpperCase()),
  location: cell(z.string().trim().max(30, 'a bin code has at most 30 characters').toUpperCase()),
  quantity: cell(SignedStockQuantity, decimalCell),
  unitCost: cell(UnitCost, decimalCell),
  reason: cell(z.string().trim().max(500, 'a reason has at most 500 characters')),
};

interface Row {
  sku?: string;
  warehouse?: string;
  location?: string;
  quantity?: string;
  unitCost?: string;
  reason?: string;
}

const REQUIRED_MESSAGES: Partial<Record<Field, string>> = {
  sku: 'a SKU or barcode is needed',
  warehouse: 'a warehouse code is needed',
  quantity: 'a quantity is needed',
};

function checkCell(field: Field, text: string): CellResult {
  const parsed = CELLS[field].safeParse(text);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, messages: parsed.error.issues.map((i) => i.message) };
}

const ZERO = new Decimal(0);
const binKey = (productId: string, warehouseId: string, locationId: string | null) =>
  `${productId}|${warehouseId}|${locationId ?? ''}`;

interface Planned {
  rowNumber: number;
  line: PostLine;
  opening: boolean;
}

/** Collects problems (all counted, the first IMPORT_STORED_ERRORS kept). */
class Problems {
  readonly list: ImportRowError[] = [];
  count = 0;
  add(rowNumber: number, field: string | undefined, message: string) {
    this.count += 1;
    if (this.list.length < IMPORT_STORED_ERRORS) this.list.push({ rowNumber, ...(field ? { field } : {}), message });
  }
}

/** Checks every row against the database (in the run's transaction) and plans the posting's lines. */
async function checkRows(
  tx: Kysely<Database>,
  rows: readonly MappedRow<Row>[],
  mode: InventoryImportMode,
  fileName: string,
  problems: Problems,
): Promise<Planned[]> {
  const codes = [...new Set(rows.flatMap((r) => (r.value.sku ? [r.value.sku] : [])))];
  const byCode = new Map<string, { id: string; sku: string; kind: string }>();
  // A SKU wins over a barcode that happens to read the same.
  for (const p of (await productsByCodes(tx, codes)).sort((a, b) => (a.via === b.via ? 0 : a.via === 'sku' ? 1 : -1)))
    byCode.set(p.code, p);
  const productOf = (code: string) =>
    byCode.get(code) ?? (/^\d{8,14}$/.test(code) ? byCode.get(code.padStart(14, '0')) : undefined);
  const warehouseCodes = [...new Set(rows.flatMap((r) => (r.value.warehouse ? [r.value.warehouse] : [])))];
  const warehouses = new Map((await warehousesByCodes(tx, warehouseCodes)).map((w) => [w.code.toUpperCase(), w]));
  const locationCodes = [...new Set(rows.flatMap((r) => (r.value.location ? [r.value.location] : [])))];
  const locations = new Map(
    (
      await locationsByCodes(
        tx,
        [...warehouses.values()].map((w) => w.id),
        locationCodes,
      )
    ).map((l) => [`${l.warehouse_id}|${l.code.toUpperCase()}`, l]),
  );
  const productIds = [...new Set([...byCode.values()].map((p) => p.id))].sort();
  // Locked before the balances are read: no posting can change them until this one commits.
  await lockProducts(tx, productIds);
  const balances = new Map(
    (await binBalancesOf(tx, productIds)).map((b) => [
      binKey(b.product_id, b.warehouse_id, b.location_id),
      new Decimal(b.on_hand),
    ]),
  );
  const firstRowOfBin = new Map<string, number>();
  /** Add mode: what the rows so far take out of each bin. */
  const takenOut = new Map<string, Decimal>();
  const costs = new Map<string, Decimal | null>();
  const planned: Planned[] = [];
  const pause = loopSlicer();

  for (const { rowNumber, value: row, errors } of rows) {
    await pause();
    for (const e of errors) problems.add(e.rowNumber, e.field, e.message);
    const before = problems.count;
    const product = row.sku ? productOf(row.sku) : undefined;
    if (row.sku && !product) problems.add(rowNumber, 'sku', `no product has the SKU or barcode ${row.sku}`);
    else if (product?.kind === 'SERVICE')
      problems.add(rowNumber, 'sku', `${product.sku} is a service: it holds no stock`);
    const warehouse = row.warehouse ? warehouses.get(row.warehouse) : undefined;
    if (row.warehouse && !warehouse)
      problems.add(rowNumber, 'warehouse', `there is no warehouse with code ${row.warehouse}`);
    else if (warehouse && !warehouse.active)
      problems.add(rowNumber, 'warehouse', `warehouse ${warehouse.code} is inactive: it takes no stock`);
    // A row without a bin goes to the warehouse's default receiving bin (stock "not in a bin" only without one).
    const location = !warehouse
      ? undefined
      : row.location
        ? locations.get(`${warehouse.id}|${row.location}`)
        : (warehouse.receiving ?? undefined);
    if (row.location && warehouse && !location)
      problems.add(rowNumber, 'location', `warehouse ${warehouse.code} has no bin ${row.location}`);
    let quantity: Decimal | undefined;
    if (row.quantity !== undefined) {
      quantity = new Decimal(row.quantity);
      if (mode === 'set' && quantity.isNegative())
        problems.add(rowNumber, 'quantity', 'the quantity a bin holds cannot be negative (choose "add" for changes)');
      if (mode === 'add' && quantity.isZero()) problems.add(rowNumber, 'quantity', 'a change must not be zero');
    }
    if (errors.length || problems.count > before || !product || !warehouse || quantity === undefined) continue;

    const locationId = location?.id ?? null;
    const key = binKey(product.id, warehouse.id, locationId);
    const binName = `${warehouse.code}${location ? ` ${location.code}` : ' (no bin)'}`;
    const first = firstRowOfBin.get(key);
    if (first !== undefined && mode === 'set') {
      problems.add(rowNumber, 'location', `${product.sku} in ${binName} is already set in row ${first} of this file`);
      continue;
    }
    if (first === undefined) firstRowOfBin.set(key, rowNumber);
    const current = balances.get(key) ?? ZERO;
    const change = mode === 'set' ? quantity.sub(current) : quantity;
    if (mode === 'add' && change.isNegative()) {
      // What goes out of a bin comes from what it held before the file: one posting takes its outbound lines
      // from the bins as they were (see the report of this area), so stock the file adds cannot leave again.
      const taken = (takenOut.get(key) ?? ZERO).sub(change);
      if (taken.gt(current) && !warehouse.allow_negative_stock) {
        problems.add(
          rowNumber,
          'quantity',
          `${binName} holds ${Decimal.max(current, 0).toFixed()} of ${product.sku} before this file; its rows would take out ${taken.toFixed()}`,
        );
        continue;
      }
      takenOut.set(key, taken);
    }
    if (change.isZero()) continue;
    if (change.isPositive() && location && !location.active) {
      problems.add(rowNumber, 'location', `bin ${location.code} is inactive: it takes no stock`);
      continue;
    }
    let unitCost: Decimal | undefined;
    if (change.isPositive()) {
      if (row.unitCost !== undefined) unitCost = new Decimal(row.unitCost);
      else {
        const costKey = `${product.id}|${warehouse.id}`;
        if (!costs.has(costKey)) costs.set(costKey, await knownCost(tx, product.id, warehouse.id));
        unitCost = costs.get(costKey) ?? undefined;
        if (!unitCost) {
          problems.add(rowNumber, 'unitCost', `${product.sku} has no cost yet: give the unit cost of the units added`);
          continue;
        }
      }
    }
    const opening = mode === 'set' && !balances.has(key);
    planned.push({
      rowNumber,
      opening,
      line: {
        productId: product.id,
        warehouseId: warehouse.id,
        locationId,
        kind: opening ? 'OPENING' : 'ADJUSTMENT',
        quantity: change,
        ...(unitCost ? { unitCost } : {}),
        reason: row.reason || `${opening ? 'Opening balance' : 'Adjustment'} from ${fileName}`,
        sourceLine: String(rowNumber),
        // A count that finds fewer units than the book records a physical loss, which may take reserved stock
        // (the posting marks the reservations it breaks short); an opening balance only brings stock in.
        ...(opening ? {} : { keepAvailable: false }),
      },
    });
  }
  return planned;
}

/** What units found are posted at when a row gives no cost (the stock API's rule); null when nothing is known. */
async function knownCost(tx: Kysely<Database>, productId: string, warehouseId: string) {
  try {
    return await costForFound({ db: tx }, productId, warehouseId);
  } catch (e) {
    if (e instanceof AppError && e.code === StockErrorCode.UNIT_COST_REQUIRED) return null;
    throw e;
  }
}

/** Thrown inside the run's transaction to roll it back when the file has problems. */
class FileHasProblems extends Error {}

/** The inventory import job (see the top of this file). */
export async function runInventoryImport(job: ImportJob): Promise<void> {
  const started = Date.now();
  const mode = job.run.mode;
  if (mode !== 'set' && mode !== 'add')
    throw new AppError(422, 'IMPORT_FAILED', 'An inventory upload sets quantities or adds to them.');
  const content = await fileContent(job.db, job.run.fileId);
  if (!content) throw new AppError(404, 'NOT_FOUND', 'The uploaded file is gone. Upload it again.');
  const estimate = estimateDataRows(content);
  job.progress(0, estimate);
  const time = { readMs: 0, checkMs: 0, applyMs: 0 };
  let columns: MappingColumn[] | null = job.run.columns;
  const rows: MappedRow<Row>[] = [];
  const problems = new Problems();
  const counts = { opening: 0, adjusted: 0 };

  try {
    for await (const row of readMappedRows<Field, Row>(content, {
      kind: 'inventory',
      columns: job.run.columns,
      checkCell,
      requiredMessages: REQUIRED_MESSAGES,
      onColumns: (c) => {
        columns = c;
      },
    })) {
      rows.push(row);
      if (rows.length % 500 === 0) job.progress(rows.length, Math.max(estimate ?? 0, rows.length));
    }
    time.readMs = Date.now() - started;
    job.progress(rows.length, rows.length);

    await job.db.transaction().execute(async (tx) => {
      let at = Date.now();
      const planned = await checkRows(tx, rows, mode, job.run.fileName, problems);
      time.checkMs = Date.now() - at;
      if (problems.count) throw new FileHasProblems();
      await job.applying(rows.length);
      at = Date.now();
      const posted = planned.length
        ? await post(
            {
              db: tx,
              user: { id: job.run.createdBy.id },
              // A row setting less is a physical loss: reservations it leaves short are logged as the run's.
              audit: (e) => writeAudit(tx, { user: job.run.createdBy, requestId: job.run.requestId, ...e }),
            },
            {
              sourceType: INVENTORY_IMPORT_SOURCE,
              sourceId: job.run.id,
              postedOn: null,
              lines: planned.map((p) => p.line),
            },
          )
        : [];
      time.applyMs = Date.now() - at;
      counts.opening = planned.filter((p) => p.opening).length;
      counts.adjusted = planned.length - counts.opening;
      const value = posted.reduce((s, m) => s.add(m.value), ZERO);
      await finishRun(tx, job.run.id, {
        status: 'APPLIED',
        columns,
        rowsTotal: rows.length,
        rowsDone: rows.length,
        createdCount: counts.opening,
        updatedCount: counts.adjusted,
        timings: { ...time, totalMs: Date.now() - started },
      });
      await writeAudit(tx, {
        user: job.run.createdBy,
        requestId: job.run.requestId,
        action: 'apply',
        entity: 'inventory_import',
        entityId: job.run.id,
        after: {
          fileName: job.run.fileName,
          mode,
          rows: rows.length,
          ...counts,
          unchanged: rows.length - planned.length,
          movements: posted.length,
          value: value.toFixed(2),
        },
      });
    });
  } catch (e) {
    if (e instanceof FileHasProblems)
      return finishRun(job.db, job.run.id, {
        status: 'FAILED',
        columns,
        rowsTotal: rows.length,
        rowsDone: rows.length,
        errorCount: problems.count,
        errors: problems.list,
        failure: {
          code: 'IMPORT_INVALID',
          message: `${problems.count} problem(s) in the file; nothing was imported. Fix them and upload the file again.`,
        },
        timings: { ...time, applyMs: 0, totalMs: Date.now() - started },
      });
    // The file could not be read as a whole, or the posting was refused (a locked period, say): nothing posted.
    if (e instanceof AppError && e.status < 500)
      return finishRun(job.db, job.run.id, {
        status: 'FAILED',
        columns,
        rowsTotal: rows.length || null,
        failure: { code: e.code, message: e.message },
        timings: { ...time, totalMs: Date.now() - started },
      });
    throw e;
  }
}
