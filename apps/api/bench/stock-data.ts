import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import {
  type Bucket,
  type EngineMovement,
  type Layer,
  replay,
  type Slice,
  unitCostOf,
} from '../src/domains/stock/fifo.ts';
import * as repo from './stock-bench.repository.ts';

/**
 * The stock bench's data: products, warehouses with bins, and a ledger of about two years per product
 * (receipts at varied costs, issues, transfers through transit, a little consignment), written set-based in
 * big batches. Each product's history is simulated in order so that no warehouse or bin ever goes below zero,
 * then valued by the FIFO engine itself (fifo.ts replay()), and the derived tables (levels, bin balances, open
 * layers, consumptions) are written from that replay: exactly what the posting service would have kept had
 * every row been posted one by one, which checkStock confirms afterwards. stock_consumptions is written too (a
 * return or transfer linked to a generated issue needs it), so nothing derived is left out.
 *
 * Loaded as pg_restore loads: the secondary indexes and foreign keys of the stock tables are set aside, the rows
 * go in by INSERT … SELECT unnest() in batches of whole products (history before derived rows), then each index is
 * built in one sort and each foreign key validated in one anti-join. Ids are given explicitly (OVERRIDING SYSTEM
 * VALUE), in product order, and the identity is moved past them at the end.
 *
 * The simulation counts units with plain integers: they are generated here, never parsed from money or from
 * the database, and become Decimal before the engine sees them.
 */

export interface StockDataOptions {
  products: number;
  movements: number;
  /** The embedded cluster's directory, to read the database's CPU time from /proc (Linux). */
  pgDir?: string;
  /** The PRNG seed: the same seed makes the same history (product ids and dates, relative to today, differ). */
  seed?: number;
  log?: (line: string) => void;
}

export interface BenchWarehouse {
  id: string;
  code: string;
  /** The bins products live in (the receiving bin is apart). */
  binIds: string[];
  receivingId: string;
}

export interface StockData {
  productIds: string[];
  warehouses: BenchWarehouse[];
  partnerId: string;
  brandIds: string[];
  movements: number;
  consumptions: number;
  /** Ledger rows per kind, consigned receipts apart (RECEIPT_CONSIGNED). */
  kinds: Record<string, number>;
  layers: number;
  /** The latest posted_at of the generated history. */
  historyEnd: Date;
  timings: {
    masterMs: number;
    ledgerMs: number;
    replayMs: number;
    writeWaitMs: number;
    restoreMs: number;
    finishMs: number;
    /** CPU time of this process while the ledger was generated (simulation, replay, encoding). */
    cpuMs: number;
    /** CPU time of the database meanwhile (null where /proc cannot tell). */
    dbCpuMs: number | null;
  };
}

const WAREHOUSES = 5;
const BINS_PER_WAREHOUSE = 200;
const BRANDS = 6;
const DAY = 86_400_000;
const HISTORY_DAYS = 730;
/** Rows per write batch: big enough for set-based inserts, small enough to keep memory flat. */
const BATCH_ROWS = 40_000;
/** Batches written at once, each on a connection of its own. */
const WRITERS = 2;

/** mulberry32: a small, fast, seedable PRNG (every run of the bench makes the same kind of history). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A price in ten-thousandths of a pound, as the 4-place decimal text the ledger takes. */
const price4 = (tenThousandths: number) =>
  `${Math.floor(tenThousandths / 10_000)}.${String(tenThousandths % 10_000).padStart(4, '0')}`;

interface GenMovement {
  engine: EngineMovement;
  productId: string;
  locationId: string | null;
  kind: string;
  unitCost: Decimal | null;
  ownerId: string | null;
  linkId: string | null;
  sourceType: string;
}

/** Column arrays of one write batch (unnest() takes them as they are). */
export class Batch {
  movements = repo.emptyMovementColumns();
  consumptions = repo.emptyConsumptionColumns();
  layers = repo.emptyLayerColumns();
  levels = repo.emptyLevelColumns();
  bins = repo.emptyBinColumns();
  get size() {
    return this.movements.id.length + this.consumptions.movement_id.length;
  }
}

export async function generateStockData(db: Kysely<Database>, opts: StockDataOptions): Promise<StockData> {
  const log = opts.log ?? (() => {});
  const random = prng(opts.seed ?? 20_240_601);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  let t = performance.now();
  const master = await repo.createMasterData(db, {
    products: opts.products,
    warehouses: WAREHOUSES,
    binsPerWarehouse: BINS_PER_WAREHOUSE,
    brands: BRANDS,
  });
  const masterMs = performance.now() - t;
  log(`master data: ${opts.products} products, ${WAREHOUSES} warehouses in ${(masterMs / 1000).toFixed(1)} s`);

  // History ends yesterday, so that every posting the bench makes afterwards is the newest of its product
  // (posted incrementally, as in daily use).
  const end = Date.now() - DAY;
  const start = end - HISTORY_DAYS * DAY;

  // Rows per product: uneven (a few busy products, many quiet ones), summing exactly to the total asked for.
  const weights = master.productIds.map(() => 0.25 + random() * random() * 3.5);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  const budgets = weights.map((w) => Math.max(2, Math.floor((w / weightSum) * opts.movements)));
  let spare = opts.movements - budgets.reduce((s, b) => s + b, 0);
  for (let i = 0; spare > 0; i = (i + 1) % budgets.length, spare--) budgets[i] = (budgets[i] as number) + 1;

  let nextId = 1n;
  let movements = 0;
  let consumptions = 0;
  const kinds: Record<string, number> = {};
  let layers = 0;
  let historyEnd = 0;
  let replayMs = 0;
  let writeWaitMs = 0;
  let batch = new Batch();
  // Batches are written while the next ones are simulated, WRITERS at a time on connections of their own: the
  // database works while this process computes. Batches hold whole products, so they never depend on each other.
  const writing: Promise<void>[] = [];
  const flush = async () => {
    const full = batch;
    batch = new Batch();
    const w = performance.now();
    if (writing.length >= WRITERS) await writing.shift();
    writeWaitMs += performance.now() - w;
    writing.push(repo.writeBatch(db, full));
  };

  const setAside = await repo.setAsideForLoad(db);
  t = performance.now();
  const cpu0 = process.cpuUsage();
  const dbCpu0 = opts.pgDir ? databaseCpuMs(opts.pgDir) : null;
  let lastLog = t;
  for (const [index, productId] of master.productIds.entries()) {
    const rows = simulateProduct(productId, budgets[index] as number);
    const r0 = performance.now();
    const result = replay(rows.map((r) => r.engine));
    replayMs += performance.now() - r0;
    addProduct(batch, productId, rows, result);
    movements += rows.length;
    for (const r of rows) {
      const kind = r.ownerId ? 'RECEIPT_CONSIGNED' : r.kind;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    for (const s of result.slices.values()) consumptions += s.length;
    layers += result.layers.length;
    for (const r of rows) historyEnd = Math.max(historyEnd, Date.parse(r.engine.postedAt));
    if (batch.size >= BATCH_ROWS) await flush();
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      log(`  … ${index + 1} products, ${movements} movements (${Math.round(movements / ((lastLog - t) / 1000))}/s)`);
    }
  }
  await flush();
  const w = performance.now();
  await Promise.all(writing);
  writeWaitMs += performance.now() - w;
  const ledgerMs = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const dbCpu1 = opts.pgDir ? databaseCpuMs(opts.pgDir) : null;
  const dbCpuMs = dbCpu0 !== null && dbCpu1 !== null ? dbCpu1 - dbCpu0 : null;

  t = performance.now();
  const took = await repo.restoreAfterLoad(db, setAside);
  const restoreMs = performance.now() - t;
  log(
    `indexes rebuilt and foreign keys validated in ${(restoreMs / 1000).toFixed(1)} s: ${took
      .map((x) => `${x.what} ${(x.ms / 1000).toFixed(1)}`)
      .join(', ')}`,
  );
  t = performance.now();
  await repo.finishLoad(db, nextId);
  const finishMs = performance.now() - t;

  return {
    productIds: master.productIds,
    warehouses: master.warehouses,
    partnerId: master.partnerId,
    brandIds: master.brandIds,
    movements,
    consumptions,
    kinds,
    layers,
    historyEnd: new Date(historyEnd),
    timings: { masterMs, ledgerMs, replayMs, writeWaitMs, restoreMs, finishMs, cpuMs, dbCpuMs },
  };

  /** One product's ledger rows in posting order, never taking a warehouse or bin below zero. */
  function simulateProduct(productId: string, budget: number): GenMovement[] {
    const home = int(0, WAREHOUSES - 1);
    // A third of the products are also kept in a second warehouse, between which transfers move stock.
    const second = random() < 0.33 ? (home + int(1, WAREHOUSES - 1)) % WAREHOUSES : -1;
    const whs = second < 0 ? [home] : [home, second];
    const binOf = whs.map((w) => {
      const wh = master.warehouses[w] as BenchWarehouse;
      return wh.binIds[int(0, wh.binIds.length - 1)] as string;
    });
    const stock = whs.map(() => 0);
    const isConsigned = random() < 0.05;
    const baseCost = int(5_000, 1_500_000);
    // Rows land on random instants of the two years (a product may start later than the first day).
    const from = start + Math.floor(random() * random() * HISTORY_DAYS * 0.5) * DAY;
    const times = Array.from({ length: budget }, () => from + Math.floor(random() * (end - from))).sort(
      (a, b) => a - b,
    );
    const out: GenMovement[] = [];
    const transit: { due: number; qty: number; to: number; outId: string }[] = [];
    const row = (
      at: number,
      w: number,
      bucket: Bucket,
      kind: string,
      quantity: number,
      extra: Partial<GenMovement> & { cost?: EngineMovement['cost'] },
    ) => {
      const id = String(nextId++);
      const wh = master.warehouses[whs[w] as number] as BenchWarehouse;
      const engine: EngineMovement = {
        id,
        postedAt: new Date(at).toISOString(),
        warehouseId: wh.id,
        bucket,
        quantity: new Decimal(quantity),
      };
      if (extra.cost) engine.cost = extra.cost;
      if (quantity > 0 && extra.cost && 'unitCost' in extra.cost) engine.ownerId = extra.ownerId ?? null;
      if (quantity < 0) engine.allowDeficit = false;
      out.push({
        engine,
        productId,
        locationId: bucket === 'STOCK' ? (binOf[w] as string) : null,
        kind,
        unitCost: extra.unitCost ?? null,
        ownerId: extra.ownerId ?? null,
        linkId: extra.linkId ?? null,
        sourceType: extra.sourceType ?? 'bench_history',
      });
      return id;
    };
    let left = budget;
    for (const at of times) {
      if (left <= 0) break;
      // A transfer due to arrive arrives first: out of the destination's transit, into its shelves.
      const arriving = transit.findIndex((x) => x.due <= at);
      if (arriving >= 0 && left >= 2) {
        const x = transit.splice(arriving, 1)[0] as (typeof transit)[number];
        const outId = row(at, x.to, 'TRANSIT', 'TRANSIT_OUT', -x.qty, { sourceType: 'bench_transfer' });
        row(at, x.to, 'STOCK', 'TRANSIT_IN', x.qty, {
          cost: { linkedTo: outId },
          linkId: outId,
          sourceType: 'bench_transfer',
        });
        stock[x.to] = (stock[x.to] as number) + x.qty;
        left -= 2;
        continue;
      }
      const total = stock.reduce((s, q) => s + q, 0);
      const pReceipt = total === 0 ? 1 : total < 15 ? 0.55 : 0.22;
      if (total === 0 || random() < pReceipt) {
        const w = second >= 0 && random() < 0.15 ? 1 : 0;
        const qty = int(5, 120);
        const owner = isConsigned && random() < 0.5 ? master.partnerId : null;
        const unitCost = new Decimal(price4(Math.round(baseCost * (0.8 + random() * 0.45))));
        row(at, w, 'STOCK', 'RECEIPT', qty, {
          cost: { unitCost },
          unitCost: owner ? new Decimal(0) : unitCost,
          ownerId: owner,
          sourceType: 'bench_receipt',
        });
        stock[w] = (stock[w] as number) + qty;
        left -= 1;
        continue;
      }
      // A transfer from one warehouse of the product to the other (4 rows with its arrival).
      if (second >= 0 && left >= 4 && random() < 0.08) {
        const w = (stock[0] as number) >= (stock[1] as number) ? 0 : 1;
        const have = stock[w] as number;
        if (have >= 2) {
          const qty = int(1, Math.min(30, Math.floor(have / 2)));
          const outId = row(at, w, 'STOCK', 'TRANSFER_OUT', -qty, { sourceType: 'bench_transfer' });
          row(at, 1 - w, 'TRANSIT', 'TRANSFER_IN', qty, {
            cost: { linkedTo: outId },
            linkId: outId,
            sourceType: 'bench_transfer',
          });
          stock[w] = have - qty;
          transit.push({ due: at + int(1, 6) * DAY, qty, to: 1 - w, outId });
          left -= 2;
          continue;
        }
      }
      const w = (stock[0] as number) > 0 ? (second >= 0 && (stock[1] as number) > 0 && random() < 0.3 ? 1 : 0) : 1;
      const have = stock[w] as number;
      const qty = int(1, Math.min(have, 12));
      row(at, w, 'STOCK', 'ISSUE', -qty, { sourceType: 'bench_issue' });
      stock[w] = have - qty;
      left -= 1;
    }
    return out;
  }
}

/** Adds a product's rows and what its replay derived (values, slices, open layers, levels, bins) to the batch. */
function addProduct(batch: Batch, productId: string, rows: GenMovement[], result: ReturnType<typeof replay>) {
  const m = batch.movements;
  const levels = new Map<string, { onHand: Decimal; inTransit: Decimal; value: Decimal }>();
  const bins = new Map<string, { warehouseId: string; locationId: string; onHand: Decimal }>();
  const zero = new Decimal(0);
  for (const r of rows) {
    const e = r.engine;
    const value = result.values.get(e.id) ?? zero;
    // As the posting service writes it: the given cost for inbound rows with their own, else value ÷ quantity.
    const unitCost = r.unitCost ?? unitCostOf(value.abs(), e.quantity.abs());
    m.id.push(e.id);
    m.posted_at.push(e.postedAt);
    m.product_id.push(productId);
    m.warehouse_id.push(e.warehouseId);
    m.location_id.push(r.locationId);
    m.bucket.push(e.bucket);
    m.kind.push(r.kind);
    m.quantity.push(e.quantity.toFixed());
    m.value.push(value.toFixed());
    m.unit_cost.push(unitCost.toFixed());
    m.owner_partner_id.push(r.ownerId);
    m.link_id.push(r.linkId);
    m.source_type.push(r.sourceType);
    const level = levels.get(e.warehouseId) ?? { onHand: zero, inTransit: zero, value: zero };
    if (e.bucket === 'STOCK') level.onHand = level.onHand.add(e.quantity);
    else level.inTransit = level.inTransit.add(e.quantity);
    level.value = level.value.add(value);
    levels.set(e.warehouseId, level);
    if (r.locationId) {
      const key = `${e.warehouseId}|${r.locationId}`;
      const bin = bins.get(key) ?? { warehouseId: e.warehouseId, locationId: r.locationId, onHand: zero };
      bin.onHand = bin.onHand.add(e.quantity);
      bins.set(key, bin);
    }
  }
  for (const [movementId, slices] of result.slices) addSlices(batch, productId, movementId, slices);
  for (const l of result.layers) addLayer(batch, productId, l);
  for (const [warehouseId, level] of levels) {
    const consigned = result.layers
      .filter((l) => l.warehouseId === warehouseId && l.bucket === 'STOCK' && l.ownerId && l.remaining.gt(0))
      .reduce((s, l) => s.add(l.remaining), zero);
    const last = result.lastCosts.find((c) => c.warehouseId === warehouseId && c.bucket === 'STOCK');
    const v = batch.levels;
    v.product_id.push(productId);
    v.warehouse_id.push(warehouseId);
    v.on_hand.push(level.onHand.toFixed());
    v.in_transit.push(level.inTransit.toFixed());
    v.consigned.push(consigned.toFixed());
    v.value.push(level.value.toFixed());
    v.last_unit_cost.push(last ? last.unitCost.toFixed() : null);
  }
  for (const bin of bins.values()) {
    batch.bins.product_id.push(productId);
    batch.bins.warehouse_id.push(bin.warehouseId);
    batch.bins.location_id.push(bin.locationId);
    batch.bins.on_hand.push(bin.onHand.toFixed());
  }
}

function addSlices(batch: Batch, productId: string, movementId: string, slices: Slice[]) {
  const c = batch.consumptions;
  for (const s of slices) {
    c.movement_id.push(movementId);
    c.seq.push(s.seq);
    c.product_id.push(productId);
    c.layer_movement_id.push(s.layerMovementId);
    c.layer_seq.push(s.layerSeq);
    c.owner_partner_id.push(s.ownerId);
    c.received_at.push(s.receivedAt);
    c.unit_cost.push(s.unitCost.toFixed());
    c.quantity.push(s.quantity.toFixed());
    c.value.push(s.value.toFixed());
    c.is_deficit.push(s.isDeficit);
  }
}

function addLayer(batch: Batch, productId: string, l: Layer) {
  const y = batch.layers;
  y.origin_movement_id.push(l.originMovementId);
  y.seq.push(l.seq);
  y.product_id.push(productId);
  y.warehouse_id.push(l.warehouseId);
  y.bucket.push(l.bucket);
  y.owner_partner_id.push(l.ownerId);
  y.received_at.push(l.receivedAt);
  y.unit_cost.push(l.unitCost.toFixed());
  y.quantity.push(l.quantity.toFixed());
  y.remaining.push(l.remaining.toFixed());
  y.remaining_value.push(l.remainingValue.toFixed());
}

/**
 * CPU time used so far by an embedded PostgreSQL: the postmaster, its live backends, and the backends that have
 * ended (counted in the postmaster's children's time). On a shared machine this tells the work from the waiting.
 */
export function databaseCpuMs(pgDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
    const ticks = 100; // USER_HZ on Linux
    const fields = (p: number | string) => {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after it are what counts.
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    };
    const own = fields(pid);
    // utime, stime, cutime, cstime are fields 14–17 of stat, 12–15 after the command.
    let total = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const f = fields(entry);
        if (Number(f[1]) === pid) total += Number(f[11]) + Number(f[12]);
      } catch {
        // The process ended meanwhile.
      }
    }
    return (total * 1000) / ticks;
  } catch {
    return null;
  }
}

/** Equal figures per key, a missing key counting as zero. */
export function sameFigures(a: Map<string, Decimal>, b: Map<string, Decimal>) {
  const keys = new Set([...a.keys(), ...b.keys()]);
  for (const k of keys) if (!(a.get(k) ?? new Decimal(0)).eq(b.get(k) ?? new Decimal(0))) return false;
  return true;
}

/**
 * Replays the products' ledgers with the FIFO engine: the value per product × warehouse as at each date (rows and
 * the revaluations dated up to the end of that day, London), the open layers' value and the final value.
 */
export async function replayFigures(db: Kysely<Database>, productIds: string[], dates: string[]) {
  const ends = await repo.endsOfDays(db, dates);
  const asAt = new Map(dates.map((d) => [d, new Map<string, Decimal>()]));
  const layers = new Map<string, Decimal>();
  const levels = new Map<string, Decimal>();
  let movements = 0;
  const add = (m: Map<string, Decimal>, key: string, v: Decimal) => m.set(key, (m.get(key) ?? new Decimal(0)).add(v));
  for (let i = 0; i < productIds.length; i += 500) {
    const chunk = productIds.slice(i, i + 500);
    const histories = await repo.histories(db, chunk);
    for (const [productId, rows] of histories) {
      const engine: EngineMovement[] = [];
      for (const h of rows) {
        if (h.kind === 'REVALUATION') continue;
        const quantity = new Decimal(h.quantity);
        const m: EngineMovement = {
          id: h.id,
          postedAt: h.postedAt,
          warehouseId: h.warehouseId,
          bucket: h.bucket as Bucket,
          quantity,
        };
        // No bench warehouse allows negative stock, and the bench makes no bundles.
        if (quantity.isNegative()) m.allowDeficit = false;
        else if (h.linkId) m.cost = { linkedTo: h.linkId };
        else {
          m.cost = { unitCost: new Decimal(h.unitCost ?? 0) };
          m.ownerId = h.ownerId;
        }
        engine.push(m);
      }
      movements += rows.length;
      const result = replay(engine);
      for (const e of result.entries) {
        const key = `${productId}|${e.warehouseId}`;
        add(levels, key, e.value);
        for (const d of dates)
          if (e.effectiveAt < (ends.get(d) as string)) add(asAt.get(d) as Map<string, Decimal>, key, e.value);
      }
      for (const l of result.layers) add(layers, `${productId}|${l.warehouseId}`, l.remainingValue);
    }
  }
  return { asAt, layers, levels, movements };
}
