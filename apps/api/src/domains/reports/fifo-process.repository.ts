import type { FifoDifference, FifoDifferenceKind, FifoProcessRun, FifoRunStatus } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { type CostEvent, costEventsOfProducts } from '../stock/index.ts';
import { assembledKey, type Difference, type LedgerRow, type StoredLayer, type StoredLevel } from './replay-ledger.ts';
import type { Db } from './report-sql.repository.ts';

/** SQL of the FIFO stock process: its runs and findings, and the batches of products it replays. */

type RunRow = {
  id: string;
  status: string;
  started_at: Date;
  finished_at: Date | null;
  username: string | null;
  products_total: number;
  products_done: number;
  movements_done: string;
  differences_found: number;
  failure: string | null;
};

const toRun = (r: RunRow): FifoProcessRun => ({
  id: r.id,
  status: r.status as FifoRunStatus,
  startedAt: r.started_at.toISOString(),
  finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
  startedBy: r.username,
  productsTotal: r.products_total,
  productsDone: r.products_done,
  movementsDone: Number(r.movements_done),
  differencesFound: r.differences_found,
  failure: r.failure,
});

const RUN_SELECT = sql`
  r.id, r.status, r.started_at, r.finished_at, u.username, r.products_total, r.products_done,
  r.movements_done::text AS movements_done, r.differences_found, r.failure`;

export async function findRunning(db: Db): Promise<FifoProcessRun | undefined> {
  const { rows } = await sql<RunRow>`
    SELECT ${RUN_SELECT} FROM fifo_process_runs r LEFT JOIN users u ON u.id = r.started_by
    WHERE r.status = 'RUNNING'`.execute(db);
  return rows[0] ? toRun(rows[0]) : undefined;
}

export async function insertRun(db: Db, userId: string, requestId: string): Promise<string> {
  const row = await db
    .insertInto('fifo_process_runs')
    .values({ started_by: userId, request_id: requestId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findRun(db: Db, id: string): Promise<FifoProcessRun | undefined> {
  const { rows } = await sql<RunRow>`
    SELECT ${RUN_SELECT} FROM fifo_process_runs r LEFT JOIN users u ON u.id = r.started_by
    WHERE r.id = ${id}::uuid`.execute(db);
  return rows[0] ? toRun(rows[0]) : undefined;
}

export async function listRuns(db: Db, limit: number, offset: number) {
  const { rows } = await sql<RunRow & { total_rows: string }>`
    SELECT ${RUN_SELECT}, count(*) OVER () AS total_rows
    FROM fifo_process_runs r LEFT JOIN users u ON u.id = r.started_by
    ORDER BY r.started_at DESC, r.id LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const total = rows[0]
    ? Number(rows[0].total_rows)
    : Number(
        (await db.selectFrom('fifo_process_runs').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
      );
  return { items: rows.map(toRun), total };
}

/**
 * Runs RUNNING that no job will finish: left by a server of an earlier version (before the process ran on the
 * platform's job runner), or whose job ended without ending them. A run whose job waits or runs is left alone:
 * the runner sweeps that job when, and only when, its heartbeat is stale.
 */
export async function failRunning(db: Db, failure: string, jobKind: string, quietSeconds = 0) {
  const result = await db
    .updateTable('fifo_process_runs')
    .set({ status: 'FAILED', finished_at: sql`now()`, failure })
    .where('status', '=', 'RUNNING')
    .where('heartbeat_at', '<=', sql<Date>`now() - make_interval(secs => ${quietSeconds})`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('jobs')
            .select('jobs.id')
            .where('jobs.kind', '=', jobKind)
            .whereRef('jobs.key', '=', sql`fifo_process_runs.id::text`)
            .where('jobs.status', 'in', ['QUEUED', 'RUNNING']),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An attempt starts from the first product: what an earlier, interrupted attempt found is dropped. */
export async function resetRun(db: Db, id: string) {
  await db.deleteFrom('fifo_process_differences').where('run_id', '=', id).execute();
  await db
    .updateTable('fifo_process_runs')
    .set({ products_total: 0, products_done: 0, movements_done: 0, differences_found: 0, heartbeat_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();
}

/** A failed run started again by a person (its job retried): RUNNING from the start. */
export async function reopenRun(db: Db, id: string) {
  const result = await db
    .updateTable('fifo_process_runs')
    .set({ status: 'RUNNING', finished_at: null, failure: null, heartbeat_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function saveProgress(
  db: Db,
  id: string,
  p: { productsTotal: number; productsDone: number; movementsDone: number; differencesFound: number },
) {
  await db
    .updateTable('fifo_process_runs')
    .set({
      products_total: p.productsTotal,
      products_done: p.productsDone,
      movements_done: p.movementsDone,
      differences_found: p.differencesFound,
      heartbeat_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();
}

export async function finishRun(db: Db, id: string, status: 'DONE' | 'FAILED', failure: string | null) {
  await db
    .updateTable('fifo_process_runs')
    .set({ status, failure, finished_at: sql`now()`, heartbeat_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();
}

export async function insertDifferences(
  db: Db,
  runId: string,
  firstSeq: number,
  found: (Difference & { productId: string })[],
) {
  for (let i = 0; i < found.length; i += 1000)
    await db
      .insertInto('fifo_process_differences')
      .values(
        found.slice(i, i + 1000).map((d, j) => ({
          run_id: runId,
          seq: firstSeq + i + j,
          kind: d.kind,
          product_id: d.productId,
          warehouse_id: d.warehouseId,
          bucket: d.bucket,
          expected: d.expected,
          stored: d.stored,
          detail: d.detail.slice(0, 1000),
        })),
      )
      .execute();
}

export async function findDifferences(
  db: Db,
  runId: string,
  kind: FifoDifferenceKind | undefined,
  limit: number,
  offset: number,
): Promise<{ items: FifoDifference[]; total: number }> {
  const { rows } = await sql<{
    seq: number;
    kind: string;
    product_id: string;
    sku: string | null;
    product_name: string | null;
    warehouse_id: string | null;
    warehouse_code: string | null;
    warehouse_name: string | null;
    bucket: string | null;
    expected: string;
    stored: string;
    detail: string;
    total_rows: string;
  }>`
    SELECT d.seq, d.kind, d.product_id, p.sku, p.name AS product_name, d.warehouse_id, w.code AS warehouse_code,
      w.name AS warehouse_name, d.bucket, d.expected, d.stored, d.detail, count(*) OVER () AS total_rows
    FROM fifo_process_differences d
    LEFT JOIN products p ON p.id = d.product_id
    LEFT JOIN warehouses w ON w.id = d.warehouse_id
    WHERE d.run_id = ${runId}::uuid ${kind ? sql`AND d.kind = ${kind}` : sql``}
    ORDER BY d.seq LIMIT ${limit} OFFSET ${offset}`.execute(db);
  let total = rows[0] ? Number(rows[0].total_rows) : 0;
  if (!rows[0] && offset > 0) {
    const count = await sql<{ n: string }>`
      SELECT count(*) AS n FROM fifo_process_differences d
      WHERE d.run_id = ${runId}::uuid ${kind ? sql`AND d.kind = ${kind}` : sql``}`.execute(db);
    total = Number(count.rows[0]?.n ?? 0);
  }
  return {
    items: rows.map((r) => ({
      seq: r.seq,
      kind: r.kind as FifoDifferenceKind,
      product: { id: r.product_id, sku: r.sku ?? '', name: r.product_name ?? '' },
      warehouse: r.warehouse_id
        ? { id: r.warehouse_id, code: r.warehouse_code ?? '', name: r.warehouse_name ?? '' }
        : null,
      bucket: r.bucket,
      expected: r.expected,
      stored: r.stored,
      detail: r.detail,
    })),
    total,
  };
}

// ── The batches the process replays ──────────────────────────────────────────────────────────────

/** Products with stock records (balances or layers): the process's work, counted once at its start. */
export async function countProducts(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (SELECT product_id FROM stock_levels UNION SELECT product_id FROM stock_layers) s`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The next products after `after` in id order (keyset paging: each batch reads an index range, whatever
 * the table's size), from the balances' and the layers' primary indexes.
 */
export async function nextProducts(db: Db, after: string | null, limit: number): Promise<string[]> {
  const from = after ? sql`WHERE product_id > ${after}::uuid` : sql``;
  const { rows } = await sql<{ product_id: string }>`
    SELECT product_id FROM (
      (SELECT DISTINCT product_id FROM stock_levels ${from} ORDER BY product_id LIMIT ${limit})
      UNION
      (SELECT DISTINCT product_id FROM stock_layers ${from} ORDER BY product_id LIMIT ${limit})
    ) s ORDER BY product_id LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.product_id);
}

export interface ProductBatch {
  history: Map<string, LedgerRow[]>;
  layers: Map<string, StoredLayer[]>;
  levels: Map<string, StoredLevel[]>;
  allowNegative: Set<string>;
  assembled: Map<string, Decimal>;
  /** Each product's cost price: a deficit's provisional cost when nothing better is known (fifo.ts). */
  costPrices: Map<string, Decimal>;
  /** Each product's landed costs and price differences: inputs of its replay. */
  costEvents: Map<string, CostEvent[]>;
  movementCount: number;
}

function group<T>(rows: T[], key: (r: T) => string) {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(r);
    else out.set(key(r), [r]);
  }
  return out;
}

/**
 * Everything the replay of a batch of products needs, read in the caller's (repeatable read) transaction
 * so that ledger, layers and balances are one snapshot: the ledger rows in posting order, the open layers,
 * the balances, which warehouses allow negative stock, and what bundles' components cost now.
 */
export async function loadBatch(db: Db, productIds: string[]): Promise<ProductBatch> {
  const [movements, layers, levels, warehouses, products] = await Promise.all([
    sql<LedgerRow & { product_id: string; posted: Date }>`
      SELECT m.product_id, m.id::text AS id, m.posted_at AS posted, m.warehouse_id, m.bucket, m.kind, m.quantity,
        m.value, m.unit_cost, m.owner_partner_id, m.link_id::text AS link_id, m.source_type, m.source_id,
        CASE WHEN m.quantity < 0 THEN (SELECT c.unit_cost FROM stock_consumptions c
          WHERE c.movement_id = m.id AND c.is_deficit LIMIT 1) END AS deficit_unit_cost
      FROM stock_movements m
      WHERE m.product_id = ANY(${productIds}::uuid[])
      ORDER BY m.product_id, m.posted_at, m.id`.execute(db),
    sql<{
      product_id: string;
      origin_movement_id: string;
      seq: number;
      warehouse_id: string;
      bucket: string;
      owner_partner_id: string | null;
      received_at: Date;
      unit_cost: string;
      quantity: string;
      remaining: string;
      remaining_value: string;
    }>`
      SELECT product_id, origin_movement_id::text AS origin_movement_id, seq, warehouse_id, bucket, owner_partner_id,
        received_at, unit_cost, quantity, remaining, remaining_value
      FROM stock_layers WHERE product_id = ANY(${productIds}::uuid[])`.execute(db),
    sql<{
      product_id: string;
      warehouse_id: string;
      on_hand: string;
      in_transit: string;
      consigned: string;
      value: string;
    }>`
      SELECT product_id, warehouse_id, on_hand, in_transit, consigned, value
      FROM stock_levels WHERE product_id = ANY(${productIds}::uuid[])`.execute(db),
    sql<{ warehouse_id: string }>`
      SELECT warehouse_id FROM warehouse_configs WHERE allow_negative_stock`.execute(db),
    sql<{ id: string; cost_price: string }>`
      SELECT id, cost_price FROM products WHERE id = ANY(${productIds}::uuid[])`.execute(db),
  ]);
  const history = group(
    movements.rows.map((m) => ({ ...m, posted_at: m.posted.toISOString() })),
    (m) => m.product_id,
  );
  const produced = movements.rows.filter((m) => m.kind === 'BUNDLE_PRODUCE');
  return {
    history,
    layers: group(
      layers.rows.map((l) => ({
        productId: l.product_id,
        originMovementId: l.origin_movement_id,
        seq: l.seq,
        warehouseId: l.warehouse_id,
        bucket: l.bucket,
        ownerId: l.owner_partner_id,
        receivedAt: l.received_at.toISOString(),
        unitCost: l.unit_cost,
        quantity: l.quantity,
        remaining: l.remaining,
        remainingValue: l.remaining_value,
      })),
      (l) => l.productId,
    ),
    levels: group(
      levels.rows.map((l) => ({
        productId: l.product_id,
        warehouseId: l.warehouse_id,
        onHand: l.on_hand,
        inTransit: l.in_transit,
        consigned: l.consigned,
        value: l.value,
      })),
      (l) => l.productId,
    ),
    allowNegative: new Set(warehouses.rows.map((w) => w.warehouse_id)),
    costPrices: new Map(products.rows.map((p) => [p.id, new Decimal(p.cost_price)])),
    costEvents: await costEventsOfProducts(db, productIds),
    assembled: await assembledValues(
      db,
      produced.map((m) => ({ sourceType: m.source_type, sourceId: m.source_id })),
    ),
    movementCount: movements.rows.length,
  };
}

/**
 * What the components of each bundle posting cost now (their BUNDLE_CONSUME rows and the revaluations of
 * those), negated: as stock.repository.ts#assembledValues answers it, zero for a source without component
 * rows, but for all the batch's sources in one statement.
 */
async function assembledValues(db: Db, sources: { sourceType: string; sourceId: string | null }[]) {
  const result = new Map<string, Decimal>();
  if (!sources.length) return result;
  for (const s of sources) result.set(assembledKey(s.sourceType, s.sourceId), new Decimal(0));
  const withId = sources.filter((s) => s.sourceId !== null);
  const withoutId = [...new Set(sources.filter((s) => s.sourceId === null).map((s) => s.sourceType))];
  const { rows } = await sql<{ source_type: string; source_id: string | null; v: string }>`
    SELECT m.source_type, m.source_id, sum(m.value) + coalesce(sum(r.value), 0) AS v
    FROM stock_movements m
    LEFT JOIN LATERAL (
      SELECT sum(r.value) AS value FROM stock_movements r WHERE r.link_id = m.id AND r.kind = 'REVALUATION'
    ) r ON true
    WHERE m.kind = 'BUNDLE_CONSUME' AND (
      (m.source_type, m.source_id) IN (
        SELECT * FROM unnest(${withId.map((s) => s.sourceType)}::text[], ${withId.map((s) => s.sourceId)}::text[]))
      OR (m.source_id IS NULL AND m.source_type = ANY(${withoutId}::text[])))
    GROUP BY m.source_type, m.source_id`.execute(db);
  for (const r of rows) result.set(assembledKey(r.source_type, r.source_id), new Decimal(r.v).neg());
  return result;
}
