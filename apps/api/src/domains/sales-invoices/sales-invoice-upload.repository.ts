import { type Kysely, sql } from 'kysely';
import { executeJsonRows } from '../../db/json-rows.ts';
import type { Database } from '../../db/schema.ts';
import { headValues, type InvoiceWrite, type LineWrite, lineValues } from './sales-invoice.repository.ts';

/** SQL of the sales-invoice Excel upload (sales-invoice-upload.ts): lookups in batches, multi-row writes. */

type Db = Kysely<Database>;

/** Lookups go to the database in chunks of this many keys (one round trip each). */
const LOOKUP_CHUNK = 5000;

async function chunked<K, R>(keys: readonly K[], read: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) out.push(...(await read(keys.slice(i, i + LOOKUP_CHUNK))));
  return out;
}

export function productsBySkus(db: Db, skus: readonly string[]) {
  return chunked(skus, (part) =>
    db
      .selectFrom('products')
      .select(['id', 'sku', 'unit', 'kind', 'active'])
      // SKUs are stored in capitals (the products' contract): the unique index answers.
      .where('sku', '=', sql<string>`ANY(${part}::text[])`)
      .execute(),
  );
}

export function warehousesByCodes(db: Db, codes: readonly string[]) {
  if (!codes.length) return Promise.resolve([]);
  return db
    .selectFrom('warehouses')
    .select(['id', 'code', 'active'])
    .where(sql<boolean>`upper(code) = ANY(${[...codes]}::text[])`)
    .execute();
}

export function warehouseById(db: Db, id: string) {
  return db.selectFrom('warehouses').select(['id', 'code', 'active']).where('id', '=', id).executeTakeFirst();
}

export function carrierServicesByCodes(db: Db, codes: readonly string[]) {
  if (!codes.length) return Promise.resolve([]);
  return db
    .selectFrom('carrier_services as s')
    .innerJoin('shipping_carriers as c', 'c.id', 's.carrier_id')
    .select(['s.id', 's.code', 's.active', 'c.active as carrier_active'])
    .where(sql<boolean>`upper(s.code) = ANY(${[...codes]}::text[])`)
    .execute();
}

/** The invoices some channel orders already are (for the preview's "will be skipped" and the run's skipped list). */
export function invoicesOfOrders(db: Db, orders: readonly { channel: string; externalOrderId: string }[]) {
  return chunked(orders, async (part) => {
    const rows = await sql<{
      id: string;
      number: string;
      status: string;
      channel: string;
      external_order_id: string;
      import_run_id: string | null;
    }>`
      SELECT i.id, i.number, i.status, i.channel, i.external_order_id, i.import_run_id
      FROM sales_invoices i
      JOIN unnest(${part.map((o) => o.channel)}::text[], ${part.map((o) => o.externalOrderId)}::text[])
        AS k(channel, external_order_id)
        ON i.channel = k.channel AND i.external_order_id = k.external_order_id`.execute(db);
    return rows.rows;
  });
}

export function uploadedFileOf(db: Db, fileName: string) {
  return db
    .selectFrom('uploaded_files')
    .select(['id', 'original_name', 'kind', 'uploaded_by'])
    .where('file_name', '=', fileName)
    .executeTakeFirst();
}

/** An invoice of a batch, with the number taken for it. */
export interface NewInvoiceRow {
  number: string;
  head: InvoiceWrite;
}

/**
 * Inserts a batch of invoices in one statement; the unique (channel, external order id) index skips an order that
 * is already an invoice (also one written meanwhile by another upload: the insert waits for it, then skips).
 * Answers those inserted.
 */
export async function insertInvoices(db: Db, rows: readonly NewInvoiceRow[], userId: string, runId: string) {
  return executeJsonRows<{ id: string; number: string }>(
    db,
    'sales_invoices',
    rows.map(({ number, head: o }) => ({
      number,
      ...headValues(o),
      short_quantity: '0',
      created_by: userId,
      import_run_id: runId,
    })),
    sql`ON CONFLICT (channel, external_order_id) WHERE external_order_id IS NOT NULL DO NOTHING RETURNING id, number`,
  );
}

/** Lines of several invoices, in statements of at most LINES_PER_STATEMENT rows. */
const LINES_PER_STATEMENT = 5000;
export async function insertLines(db: Db, lines: readonly { invoiceId: string; line: LineWrite }[]) {
  for (let i = 0; i < lines.length; i += LINES_PER_STATEMENT)
    await executeJsonRows(
      db,
      'sales_invoice_lines',
      lines.slice(i, i + LINES_PER_STATEMENT).map(({ invoiceId, line }) => lineValues(invoiceId, line)),
    );
}

export async function setRunOptions(db: Db, runId: string, options: unknown) {
  await db
    .updateTable('import_runs')
    .set({ options: JSON.stringify(options) })
    .where('id', '=', runId)
    .execute();
}

export async function setRunOutcome(db: Db, runId: string, outcome: unknown) {
  await db
    .updateTable('import_runs')
    .set({ outcome: JSON.stringify(outcome) })
    .where('id', '=', runId)
    .execute();
}

export function uploadRun(db: Db, id: string) {
  return db
    .selectFrom('import_runs')
    .select([
      'id',
      'kind',
      'file_name',
      'mapping_name',
      'status',
      'rows_total',
      'rows_done',
      'created_count',
      'updated_count',
      'failure_code',
      'failure_message',
      'timings',
      'options',
      'outcome',
      'created_at',
      'finished_at',
    ])
    .where('id', '=', id)
    .where('kind', '=', 'sales_invoices')
    .executeTakeFirst();
}

export function runOptions(db: Db, id: string) {
  return db.selectFrom('import_runs').select('options').where('id', '=', id).executeTakeFirst();
}

/** The invoices a run wrote, in number order. */
export function invoicesOfRun(db: Db, runId: string, limit: number) {
  return db
    .selectFrom('sales_invoices')
    .select(['id', 'number', 'status', 'channel', 'external_order_id'])
    .where('import_run_id', '=', runId)
    .orderBy('number')
    .limit(limit)
    .execute();
}

export async function shortInvoicesOfRun(db: Db, runId: string): Promise<number> {
  const row = await db
    .selectFrom('sales_invoices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('import_run_id', '=', runId)
    .where('short_quantity', '>', '0')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
