import {
  ChannelListingInput,
  IMPORT_STORED_ERRORS,
  type ImportRowError,
  type MappingColumn,
  SKU_MAX_LENGTH,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { loopSlicer } from '../../platform/import.ts';
import { type JobRunner, jobCtx } from '../../platform/jobs/index.ts';
import {
  type CellResult,
  estimateDataRows,
  fileContent,
  finishRun,
  type ImportJob,
  type ImportJobHandler,
  type MappedRow,
  readMappedRows,
} from '../imports/index.ts';
import { listingAccountRefusal, upsertListing } from './listing.service.ts';
import { accountsByNames, listingsByKeys, productsBySkus } from './listing-import.repository.ts';

/**
 * Listing import (.xlsx → listings, import kind channel_listings), all or nothing:
 * - each row's cells are checked on their own, the listing's own cells by the listing contract's rules;
 * - then all rows together, in the run's one transaction: the account known by name and a sales channel's, the
 *   product known by our SKU, the row as a whole a valid listing (ChannelListingInput), an account's channel SKU
 *   named once per file;
 * - every problem of every row is listed by row and field; with any, nothing is written. Otherwise each row goes
 *   through the listing service's upsert (the same checks, writes, audit rows and stock queueing as the screen's):
 *   the account's listing with that channel SKU is made, changed, or left alone when it already says the same.
 * A column the mapping leaves out keeps what the listing has (an empty cell of a mapped column clears it).
 */

type Field = 'account' | 'sku' | 'channelSku' | 'externalId' | 'externalRef';

interface Row {
  account?: string;
  sku?: string;
  channelSku?: string;
  externalId?: string;
  externalRef?: string;
}

const listing = ChannelListingInput.shape;

const CELLS: Record<Field, z.ZodType> = {
  account: z.string().trim().min(1, 'an account name is needed').max(100, 'an account name has at most 100 characters'),
  sku: z
    .string()
    .trim()
    .min(1, 'a SKU is needed')
    .max(SKU_MAX_LENGTH, `a SKU has at most ${SKU_MAX_LENGTH} characters`)
    .toUpperCase(),
  channelSku: listing.sku,
  externalId: listing.externalId,
  externalRef: listing.externalRef,
};

const REQUIRED_MESSAGES: Partial<Record<Field, string>> = {
  account: 'an account name is needed',
  sku: 'a SKU is needed',
};

function checkCell(field: Field, text: string): CellResult {
  const parsed = CELLS[field].safeParse(text);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, messages: parsed.error.issues.map((i) => i.message) };
}

/** The contract's field of a listing, as the import's column it came from. */
const FIELD_OF: Record<string, Field> = {
  accountId: 'account',
  productId: 'sku',
  sku: 'channelSku',
  externalId: 'externalId',
  externalRef: 'externalRef',
};

/** Collects problems (all counted, the first IMPORT_STORED_ERRORS kept). */
class Problems {
  readonly list: ImportRowError[] = [];
  count = 0;
  add(rowNumber: number, field: string | undefined, message: string) {
    this.count += 1;
    if (this.list.length < IMPORT_STORED_ERRORS) this.list.push({ rowNumber, ...(field ? { field } : {}), message });
  }
}

type Planned = z.output<typeof ChannelListingInput>;

/** Checks every row against the database (in the run's transaction) and plans each row's listing. */
async function checkRows(
  tx: Kysely<Database>,
  rows: readonly MappedRow<Row>[],
  mapped: ReadonlySet<string>,
  problems: Problems,
): Promise<Planned[]> {
  const names = [...new Set(rows.flatMap((r) => (r.value.account ? [r.value.account.toLowerCase()] : [])))];
  const accounts = new Map((await accountsByNames(tx, names)).map((a) => [a.name.toLowerCase(), a]));
  const skus = [...new Set(rows.flatMap((r) => (r.value.sku ? [r.value.sku] : [])))];
  const products = new Map((await productsBySkus(tx, skus)).map((p) => [p.sku, p]));
  const channelSkus = [
    ...new Set(rows.flatMap((r) => (r.value.channelSku ? [r.value.channelSku] : r.value.sku ? [r.value.sku] : []))),
  ];
  const existing = new Map(
    (
      await listingsByKeys(
        tx,
        [...accounts.values()].map((a) => a.id),
        channelSkus,
      )
    ).map((l) => [`${l.account_id}|${l.sku}`, l]),
  );
  const firstRowOf = new Map<string, number>();
  const planned: Planned[] = [];
  const pause = loopSlicer();

  for (const { rowNumber, value: row, errors } of rows) {
    await pause();
    for (const e of errors) problems.add(e.rowNumber, e.field, e.message);
    const before = problems.count;
    const account = row.account ? accounts.get(row.account.toLowerCase()) : undefined;
    if (row.account && !account) problems.add(rowNumber, 'account', `there is no account named ${row.account}`);
    const refusal = account ? listingAccountRefusal(account) : null;
    if (refusal) problems.add(rowNumber, 'account', refusal.message);
    const product = row.sku ? products.get(row.sku) : undefined;
    if (row.sku && !product) problems.add(rowNumber, 'sku', `no product has the SKU ${row.sku}`);
    if (errors.length || problems.count > before || !account || !product) continue;

    // Without a channel SKU, the channel knows the product by ours.
    const channelSku = mapped.has('channelSku') && row.channelSku ? row.channelSku : product.sku;
    const key = `${account.id}|${channelSku}`;
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      problems.add(rowNumber, 'channelSku', `${account.name} ${channelSku} is already in row ${first} of this file`);
      continue;
    }
    firstRowOf.set(key, rowNumber);
    const current = existing.get(key);
    const parsed = ChannelListingInput.safeParse({
      accountId: account.id,
      productId: product.id,
      sku: channelSku,
      externalId: mapped.has('externalId') ? (row.externalId ?? null) : (current?.external_id ?? null),
      externalRef: mapped.has('externalRef') ? (row.externalRef ?? null) : (current?.external_ref ?? null),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.add(rowNumber, FIELD_OF[String(issue.path[0])], issue.message);
      continue;
    }
    planned.push(parsed.data);
  }
  return planned;
}

/** Thrown inside the run's transaction to roll it back when the file has problems. */
class FileHasProblems extends Error {}

/** The listing import job (see the top of this file); `runner` queues the stock pushes of the listings written. */
export function channelListingImportJob(runner: () => JobRunner): ImportJobHandler {
  return (job) => runChannelListingImport(job, runner());
}

async function runChannelListingImport(job: ImportJob, runner: JobRunner): Promise<void> {
  const started = Date.now();
  const content = await fileContent(job.db, job.run.fileId);
  if (!content) throw new AppError(404, 'NOT_FOUND', 'The uploaded file is gone. Upload it again.');
  const estimate = estimateDataRows(content);
  job.progress(0, estimate);
  const time = { readMs: 0, checkMs: 0, applyMs: 0 };
  let columns: MappingColumn[] | null = job.run.columns;
  const rows: MappedRow<Row>[] = [];
  const problems = new Problems();
  const counts = { created: 0, updated: 0, unchanged: 0 };

  try {
    for await (const row of readMappedRows<Field, Row>(content, {
      kind: 'channel_listings',
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
    const mapped = new Set<string>((columns ?? []).map((c) => c.field));

    await job.db.transaction().execute(async (tx) => {
      let at = Date.now();
      const planned = await checkRows(tx, rows, mapped, problems);
      time.checkMs = Date.now() - at;
      if (problems.count) throw new FileHasProblems();
      await job.applying(planned.length);
      at = Date.now();
      // Each listing written as the screen writes it, its audit rows the run's user's and request's.
      const ctx = jobCtx(tx, job.run.createdBy, job.run.requestId, ['edit_api_configuration']);
      const pause = loopSlicer();
      for (const [i, input] of planned.entries()) {
        await pause();
        counts[await upsertListing(ctx, input, runner)] += 1;
        if ((i + 1) % 100 === 0) job.progress(i + 1, planned.length);
      }
      time.applyMs = Date.now() - at;
      await finishRun(tx, job.run.id, {
        status: 'APPLIED',
        columns,
        rowsTotal: rows.length,
        rowsDone: rows.length,
        createdCount: counts.created,
        updatedCount: counts.updated,
        timings: { ...time, totalMs: Date.now() - started },
      });
      await writeAudit(tx, {
        user: job.run.createdBy,
        requestId: job.run.requestId,
        action: 'apply',
        entity: 'channel_listings_import',
        entityId: job.run.id,
        after: { fileName: job.run.fileName, rows: rows.length, ...counts },
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
    // The file could not be read as a whole, or a write was refused (a listing changed meanwhile): nothing written.
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
