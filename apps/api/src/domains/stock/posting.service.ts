import { type MovementKind, StockErrorCode, WarehouseErrorCode } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { londonDay } from '../../platform/business-day.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { emitEvent, emitEvents } from '../../platform/outbox.ts';
import { assertPeriodOpen } from '../configuration/index.ts';
import { recordConsignment } from './consignment.ts';
import {
  type Bucket,
  type CostOfSalesShare,
  type EngineMovement,
  FifoError,
  FifoState,
  type Layer,
  ledgerOrder,
  parseCostChangeKey,
  type Revaluation,
  replay,
  type Slice,
  unitCostOf,
} from './fifo.ts';
import { engineHistory } from './ledger-history.ts';
import * as costRepo from './revaluation.repository.ts';
import * as repo from './stock.repository.ts';

/**
 * The one way stock changes. Every area (adjustments, counts, transfers, bundles, and later goods received,
 * shipping, returns, RMA) describes what moves as lines; this writes the ledger rows, values them FIFO
 * (fifo.ts), keeps layers, consumptions, bin balances and levels in step, all in the caller's transaction.
 *
 * Batched: what the engine needs is read for all products at once, each product is valued by the same pure code,
 * then each table is written in one statement (or one per 1000 rows), so a 1,000-product receipt takes about the
 * same twenty statements as a one-product one. Only a backdated product replays (and writes) on its own.
 *
 * Concurrency: the products of a posting are locked (FOR NO KEY UPDATE, in id order) before anything is read,
 * so postings of one product run one after the other and never deadlock; reservations do not take that lock
 * and are held back by the conditional updates of stock_levels (changeLevels), which re-check available stock
 * on the row as it is when the update runs. Together: no oversell, whatever runs at once.
 *
 * Reserved stock: only a physical loss (a negative ADJUSTMENT or COUNT, a WRITE_OFF: the units are not there)
 * may take on hand below reserved. The reservations it leaves without stock are then marked short, newest first
 * (settleShortages), so that the shortfall is visible at once instead of surprising whoever issues them later;
 * stock coming in, or a reservation given back, makes the oldest whole again. Everything else keeps available
 * (on hand less reserved) at or above what the short reservations explain. Lock order: product, then level,
 * then reservations.
 */

/** What posting needs of a request: its transaction, who posts (null: the system), and its system log. */
export interface PostingCtx {
  db: Kysely<Database>;
  user: { id: string } | null;
  /** The request's audit (reservations marked short are logged); without it, rows are logged by the system. */
  audit?: (e: {
    action: string;
    entity: string;
    entityId?: string | null;
    before?: unknown;
    after?: unknown;
  }) => Promise<void>;
}

export interface PostLine {
  productId: string;
  warehouseId: string;
  /**
   * The bin. Omitted: an outbound line takes from the bins in picking order; an inbound line goes to the
   * warehouse's default receiving bin (returns: its returns bin), else to no bin. null: no bin.
   */
  locationId?: string | null;
  bucket?: Bucket;
  kind: Exclude<MovementKind, 'REVALUATION'>;
  /** Signed: + in, − out. */
  quantity: Decimal;
  /** Inbound with its own cost: GBP per unit. */
  unitCost?: Decimal;
  /** Inbound BUNDLE_PRODUCE: valued at what this posting's BUNDLE_CONSUME rows cost. */
  assembled?: boolean;
  /** Inbound stock owned by a supplier (consignment): valued at zero. */
  ownerId?: string | null;
  /**
   * Supplier-owned inbound: what was agreed per unit (the consignment order line's net per unit, in the order's
   * currency). A sale (ISSUE) of these units later records it as owed to the supplier (consignment.ts).
   */
  agreedCost?: { unitCost: Decimal; currency: string };
  /** Inbound that brings back what an outbound row took: its id, or an earlier line of this posting. */
  linkTo?: string | { line: number };
  /**
   * Outbound that takes back what an inbound row brought in (its id): exactly the layers that row made in the
   * warehouse, at their value, never others; from the bin given, else from the bins in picking order (the layers
   * are the warehouse's, not a bin's). A reversal, or a return to supplier naming its receipt. Linked to the row.
   */
  takesBackFrom?: string;
  reason?: string;
  sourceLine?: string;
  /**
   * Outbound: false lets a physical loss (ADJUSTMENT, COUNT, WRITE_OFF) take reserved stock, marking the
   * reservations it breaks short; the default for these kinds. Every other kind always keeps available stock.
   */
  keepAvailable?: boolean;
  /** Reserved stock this line uses up (issuing a reservation). */
  releaseReserved?: Decimal;
}

export interface Posting {
  sourceType: string;
  sourceId: string | null;
  /** The day it is posted on (YYYY-MM-DD); omitted: now. */
  postedOn?: string | null;
  lines: PostLine[];
}

export interface PostedMovement {
  id: string;
  line: number;
  postedAt: string;
  productId: string;
  warehouseId: string;
  locationId: string | null;
  bucket: Bucket;
  kind: string;
  quantity: Decimal;
  value: Decimal;
}

const ZERO = new Decimal(0);
/** The kinds that record units physically gone (found missing, damaged, lost): they may take reserved stock. */
const PHYSICAL_LOSS_KINDS = new Set<string>(['ADJUSTMENT', 'COUNT', 'WRITE_OFF']);

function keepsAvailable(l: PostLine): boolean {
  if (PHYSICAL_LOSS_KINDS.has(l.kind)) return l.keepAvailable ?? false;
  if (l.keepAvailable === false)
    throw new Error(`a ${l.kind} line cannot take reserved stock: only a physical loss may`);
  return true;
}

interface Row {
  line: number;
  id: string;
  productId: string;
  warehouseId: string;
  locationId: string | null;
  bucket: Bucket;
  kind: string;
  quantity: Decimal;
  engine: EngineMovement;
  unitCost: Decimal | null;
  ownerId: string | null;
  linkId: string | null;
  reason: string;
  sourceLine: string | null;
  keepAvailable: boolean;
  releaseReserved: Decimal;
  allowNegative: boolean;
  assembled: boolean;
  value?: Decimal;
  slices?: Slice[];
  agreedCost?: { unitCost: Decimal; currency: string };
  /** A linked inbound row: the supplier-owned units it brought back (fifo.ts StepResult.consignedBack). */
  consignedBack?: { ownerId: string; root: string | null; quantity: Decimal }[];
}

function insufficient(message: string, details: Record<string, string>) {
  return conflict(StockErrorCode.INSUFFICIENT_STOCK, message, details);
}

/** Posts the lines; answers the ledger rows written (a line taking from several bins writes one per bin). */
export async function post(ctx: PostingCtx, posting: Posting): Promise<PostedMovement[]> {
  const db = ctx.db;
  if (!posting.lines.length) throw unprocessable(StockErrorCode.NOTHING_TO_POST, 'There is nothing to post.');
  posting.lines.forEach((l, i) => {
    if (l.quantity.isZero()) throw unprocessable(StockErrorCode.NOTHING_TO_POST, `Line ${i + 1} moves no quantity.`);
  });

  // The day: not in the future, not in a locked period.
  const today = await repo.londonToday(db);
  const day = posting.postedOn ?? today;
  if (day > today)
    throw unprocessable(
      StockErrorCode.POSTING_DATE_IN_FUTURE,
      `Stock cannot be posted on ${day}, a day still to come. Post it on or before ${today}.`,
      { postedOn: day, today },
    );
  await assertPeriodOpen(db, day);

  const productIds = [...new Set(posting.lines.map((l) => l.productId))].sort();
  const products = new Map((await repo.lockProducts(db, productIds)).map((p) => [p.id, p]));
  for (const id of productIds) {
    const p = products.get(id);
    if (!p) throw notFound('Product', id);
    if (p.kind === 'SERVICE')
      throw unprocessable(StockErrorCode.PRODUCT_NOT_STOCKED, `${p.sku} is a service: it holds no stock.`, {
        productId: id,
      });
  }
  const warehouseIds = [...new Set(posting.lines.map((l) => l.warehouseId))];
  const warehouses = new Map((await repo.findWarehousesToPost(db, warehouseIds)).map((w) => [w.id, w]));
  for (const id of warehouseIds) {
    const w = warehouses.get(id);
    if (!w) throw notFound('Warehouse', id);
    if (!w.active)
      throw unprocessable(StockErrorCode.WAREHOUSE_INACTIVE, `Warehouse ${w.code} is inactive: it takes no postings.`, {
        warehouseId: id,
        code: w.code,
      });
  }
  await checkLocations(db, posting.lines);

  const at = await repo.postingInstant(db, day < today ? day : null);
  const rows = await expandLines(db, posting, warehouses, products);
  const ids = await repo.nextMovementIds(db, rows.length);
  rows.forEach((r, i) => {
    r.id = ids[i] as string;
    r.engine.id = r.id;
    r.engine.postedAt = at;
  });
  // Linked lines name their outbound row now that it has an id.
  for (const r of rows)
    if (r.engine.cost && 'linkedTo' in r.engine.cost && r.engine.cost.linkedTo.startsWith('row:')) {
      const target = rows[Number(r.engine.cost.linkedTo.slice(4))] as Row;
      r.engine.cost = { linkedTo: target.id };
      r.linkId = target.id;
    }

  // Components before the bundles they make, so that an assembled cost is known when it is needed. Rows are
  // grouped once: looking them up per product would grow with products × rows (a 50 000-row upload).
  const rowsOf = new Map<string, Row[]>();
  const assembling = new Set<string>();
  for (const r of rows) {
    const list = rowsOf.get(r.productId);
    if (list) list.push(r);
    else rowsOf.set(r.productId, [r]);
    if (r.kind === 'BUNDLE_PRODUCE') assembling.add(r.productId);
  }
  const order = productIds.sort((a, b) => Number(assembling.has(a)) - Number(assembling.has(b)));
  // A product with anything dated after this posting replays its history (a backdated posting); the others, the
  // common case, are valued on their open layers, read for all of them at once, and written together below: a
  // posting takes the same few statements whatever its number of products.
  const replayed = day < today ? await repo.productsWithLaterRows(db, productIds, at) : new Set<string>();
  const stored = await readOpenState(
    db,
    order.filter((id) => !replayed.has(id)),
    rowsOf,
  );
  const revalued: { sourceType: string; sourceId: string | null }[] = [];
  const valued: Valued[] = [];
  for (const [i, productId] of order.entries()) {
    // A posting of tens of thousands of products (an inventory upload) lets other requests run now and then.
    if (i % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve));
    const own = rowsOf.get(productId) ?? [];
    for (const r of own)
      if (r.assembled) {
        const consumed = rows.filter((c) => c.kind === 'BUNDLE_CONSUME').reduce((s, c) => s.add(c.value ?? 0), ZERO);
        r.engine.cost = { value: consumed.neg() };
      }
    // A deficit with no cost known in its warehouse is valued at the product's cost price (fifo.ts).
    const costPrice = new Decimal(products.get(productId)?.cost_price ?? 0);
    for (const r of own) if (r.engine.allowDeficit) r.engine.fallbackUnitCost = costPrice;
    if (replayed.has(productId)) revalued.push(...(await revalueProduct(ctx, productId, own, posting, at)));
    else valued.push(valueOnOpenLayers(productId, own, stored, products.get(productId)?.sku ?? productId));
  }
  await writeValued(ctx, valued, posting);
  await cascadeToBundles(ctx, revalued, posting, at);
  await recordConsignment(ctx, rows, posting, day);
  // One event per product × warehouse whose level moved, in this transaction: it exists only if the posting commits.
  const touched = new Map(rows.map((r) => [`${r.productId}:${r.warehouseId}`, r]));
  await emitEvents(
    db,
    [...touched].map(([key, r]) => ({
      type: 'stock.level_changed',
      key,
      payload: { productId: r.productId, warehouseId: r.warehouseId },
    })),
  );

  return rows.map((r) => ({
    id: r.id,
    line: r.line,
    postedAt: at,
    productId: r.productId,
    warehouseId: r.warehouseId,
    locationId: r.locationId,
    bucket: r.bucket,
    kind: r.kind,
    quantity: r.quantity,
    value: r.value ?? ZERO,
  }));
}

async function checkLocations(db: Kysely<Database>, lines: PostLine[]) {
  const ids = [...new Set(lines.map((l) => l.locationId).filter((id): id is string => !!id))];
  const found = new Map((await repo.findLocations(db, ids)).map((l) => [l.id, l]));
  for (const l of lines) {
    if (!l.locationId) continue;
    const location = found.get(l.locationId);
    if (!location || location.warehouse_id !== l.warehouseId)
      throw unprocessable(
        WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE,
        'That bin is not one of the warehouse’s bins.',
        {
          locationId: l.locationId,
        },
      );
    if (!location.active && l.quantity.isPositive())
      throw unprocessable(
        WarehouseErrorCode.LOCATION_INACTIVE,
        `Bin ${location.code} is inactive: it takes no stock.`,
        {
          locationId: l.locationId,
        },
      );
  }
}

/** Turns lines into ledger rows: bins chosen, costs described for the engine. */
async function expandLines(
  db: Kysely<Database>,
  posting: Posting,
  warehouses: Map<string, repo.WarehouseToPost>,
  products: Map<string, repo.ProductToPost>,
): Promise<Row[]> {
  const rows: Row[] = [];
  const rowsOfLine = new Map<number, number[]>();
  // Bin stock already promised to earlier lines of this posting.
  const promised = new Map<string, Decimal>();
  // The bins of every product × warehouse an outbound line takes from, read at once.
  const outbound = posting.lines.filter((l) => l.quantity.isNegative() && (l.bucket ?? 'STOCK') === 'STOCK');
  const binsOf = await repo.binStocks(db, [
    ...new Map(outbound.map((l) => [repo.pairKey(l.productId, l.warehouseId), l])).values(),
  ]);
  for (const [line, l] of posting.lines.entries()) {
    // A posting of tens of thousands of lines (an inventory upload) lets other requests run now and then.
    if (line % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve));
    const w = warehouses.get(l.warehouseId) as repo.WarehouseToPost;
    const bucket = l.bucket ?? 'STOCK';
    const outbound = l.quantity.isNegative();
    const base = {
      line,
      id: '',
      productId: l.productId,
      warehouseId: l.warehouseId,
      bucket,
      kind: l.kind,
      ownerId: null as string | null,
      linkId: null as string | null,
      unitCost: null as Decimal | null,
      reason: l.reason ?? '',
      sourceLine: l.sourceLine ?? null,
      keepAvailable: keepsAvailable(l),
      releaseReserved: l.releaseReserved ?? ZERO,
      allowNegative: w.allowNegativeStock && bucket === 'STOCK',
      assembled: false,
    };
    const made: number[] = [];
    if (outbound) {
      const parts =
        bucket === 'TRANSIT'
          ? [{ locationId: null, quantity: l.quantity.neg() }]
          : allocate(
              l,
              binsOf.get(repo.pairKey(l.productId, l.warehouseId)) ?? [],
              w,
              products.get(l.productId)?.sku ?? '',
              promised,
            );
      for (const [i, part] of parts.entries()) {
        made.push(rows.length);
        rows.push({
          ...base,
          locationId: part.locationId,
          quantity: part.quantity.neg(),
          releaseReserved: i === 0 ? base.releaseReserved : ZERO,
          linkId: l.takesBackFrom ?? null,
          engine: {
            id: '',
            postedAt: '',
            warehouseId: l.warehouseId,
            bucket,
            quantity: part.quantity.neg(),
            ...(l.takesBackFrom
              ? { takesFrom: l.takesBackFrom }
              : { allowDeficit: base.allowNegative && !['TRANSFER_OUT', 'TRANSIT_OUT'].includes(l.kind) }),
          },
        });
      }
    } else {
      const locationId =
        bucket === 'TRANSIT'
          ? null
          : l.locationId !== undefined
            ? l.locationId
            : l.kind === 'RETURN'
              ? (w.returnsLocationId ?? w.receivingLocationId)
              : w.receivingLocationId;
      // What comes into a bin can be taken out again by a later line of the same posting.
      if (bucket === 'STOCK') {
        const key = `${l.productId}|${l.warehouseId}|${locationId}`;
        promised.set(key, (promised.get(key) ?? ZERO).sub(l.quantity));
      }
      const engine = { id: '', postedAt: '', warehouseId: l.warehouseId, bucket, quantity: l.quantity };
      if (l.linkTo !== undefined) {
        const targets =
          typeof l.linkTo === 'string'
            ? [await checkedLink(db, l, l.linkTo)]
            : (rowsOfLine.get(l.linkTo.line) ?? []).map((i) => ({
                ref: `row:${i}`,
                quantity: (rows[i] as Row).quantity,
              }));
        if (!targets.length) throw new Error(`line ${line} links to a line that made no rows`);
        if (typeof l.linkTo !== 'string') {
          const total = targets.reduce((s, t) => s.add(t.quantity.neg()), ZERO);
          if (!total.eq(l.quantity)) throw new Error(`line ${line} must bring back exactly what its line took`);
        }
        for (const t of targets) {
          made.push(rows.length);
          const quantity = typeof l.linkTo === 'string' ? l.quantity : t.quantity.neg();
          rows.push({
            ...base,
            locationId,
            quantity,
            linkId: t.ref.startsWith('row:') ? null : t.ref,
            engine: { ...engine, quantity, cost: { linkedTo: t.ref } },
          });
        }
      } else if (l.assembled) {
        made.push(rows.length);
        rows.push({
          ...base,
          locationId,
          quantity: l.quantity,
          assembled: true,
          engine: { ...engine, cost: { value: ZERO } },
        });
      } else {
        if (!l.unitCost)
          throw unprocessable(StockErrorCode.UNIT_COST_REQUIRED, 'An increase of stock needs a unit cost.', {
            line,
          });
        const ownerId = l.ownerId ?? null;
        made.push(rows.length);
        rows.push({
          ...base,
          locationId,
          quantity: l.quantity,
          ownerId,
          unitCost: ownerId ? ZERO : l.unitCost,
          ...(ownerId && l.agreedCost ? { agreedCost: l.agreedCost } : {}),
          engine: { ...engine, cost: { unitCost: l.unitCost }, ownerId },
        });
      }
    }
    rowsOfLine.set(line, made);
  }
  return rows;
}

async function checkedLink(db: Kysely<Database>, l: PostLine, movementId: string) {
  const { out } = await repo.linkedOutbound(db, movementId);
  if (!out || out.product_id !== l.productId || !new Decimal(out.quantity).isNegative())
    throw unprocessable(
      StockErrorCode.RETURN_EXCEEDS_ISSUE,
      'Stock can only come back against an outbound movement of the same product.',
      { movementId },
    );
  return { ref: movementId, quantity: new Decimal(out.quantity) };
}

/** Chooses the bins an outbound line takes from (`bins`: its product's stock per bin of the warehouse, in taking order). */
function allocate(
  l: PostLine,
  bins: repo.BinStock[],
  w: repo.WarehouseToPost,
  sku: string,
  promised: Map<string, Decimal>,
): { locationId: string | null; quantity: Decimal }[] {
  const want = l.quantity.neg();
  const free = (locationId: string | null) => {
    const bin = bins.find((b) => b.locationId === locationId);
    return (bin?.onHand ?? ZERO).sub(promised.get(`${l.productId}|${l.warehouseId}|${locationId}`) ?? ZERO);
  };
  const promise = (locationId: string | null, q: Decimal) => {
    const key = `${l.productId}|${l.warehouseId}|${locationId}`;
    promised.set(key, (promised.get(key) ?? ZERO).add(q));
  };
  if (l.locationId !== undefined) {
    const have = free(l.locationId);
    if (have.lt(want) && !(w.allowNegativeStock && (l.bucket ?? 'STOCK') === 'STOCK'))
      throw insufficient(
        `Only ${Decimal.max(have, 0).toFixed()} of ${sku} in that bin of ${w.code}, ${want.toFixed()} asked for.`,
        { productId: l.productId, warehouseId: l.warehouseId, available: have.toFixed(), requested: want.toFixed() },
      );
    promise(l.locationId, want);
    return [{ locationId: l.locationId, quantity: want }];
  }
  const parts: { locationId: string | null; quantity: Decimal }[] = [];
  let left = want;
  // Bins holding stock, then bins that only earlier lines of this posting filled.
  const prefix = `${l.productId}|${l.warehouseId}|`;
  const candidates = [...bins.map((b) => b.locationId)];
  for (const [key, q] of promised)
    if (key.startsWith(prefix) && q.isNegative()) {
      const rest = key.slice(prefix.length);
      const locationId = rest === 'null' ? null : rest;
      if (!candidates.includes(locationId)) candidates.push(locationId);
    }
  for (const locationId of candidates) {
    const have = free(locationId);
    if (left.isZero() || !have.gt(0)) continue;
    const q = Decimal.min(have, left);
    parts.push({ locationId, quantity: q });
    promise(locationId, q);
    left = left.sub(q);
  }
  if (left.gt(0)) {
    if (!w.allowNegativeStock)
      throw insufficient(`Only ${want.sub(left).toFixed()} of ${sku} in ${w.code}, ${want.toFixed()} asked for.`, {
        productId: l.productId,
        warehouseId: l.warehouseId,
        available: want.sub(left).toFixed(),
        requested: want.toFixed(),
      });
    const last = parts.at(-1);
    if (last) last.quantity = last.quantity.add(left);
    else parts.push({ locationId: w.receivingLocationId, quantity: left });
    promise(parts.at(-1)?.locationId ?? null, left);
  }
  return parts;
}

function fifoConflict(e: unknown, sku: string): never {
  if (e instanceof FifoError) {
    if (e.code === 'INSUFFICIENT_STOCK') throw insufficient(`${sku}: ${e.message}`, e.details);
    if (e.code === 'RETURN_EXCEEDS_ISSUE' || e.code === 'LINK_NOT_FOUND')
      throw unprocessable(StockErrorCode.RETURN_EXCEEDS_ISSUE, `${sku}: ${e.message}`, e.details);
    throw unprocessable(StockErrorCode.UNIT_COST_REQUIRED, e.message, e.details);
  }
  throw e;
}

/**
 * A backdated outbound posting refused by its replay: the row short of stock may be a later one, so the refusal
 * names what this posting asked for (its rows in that warehouse) and the day stock would go below zero.
 */
function backdatedShortage(e: FifoError, rows: Row[], sku: string): void {
  const at = e.at;
  const failed = at && rows.find((r) => r.id === at.movementId);
  const mine = rows.filter(
    (r) => r.quantity.isNegative() && (!failed || (r.warehouseId === failed.warehouseId && r.bucket === failed.bucket)),
  );
  if (!at || !mine.length) return;
  const asked = mine.reduce((s, r) => s.add(r.quantity.neg()), ZERO).toFixed();
  const postedOn = londonDay(new Date(mine[0]?.engine.postedAt ?? at.postedAt));
  const negativeOn = londonDay(new Date(at.postedAt));
  const available = e.details.available ?? '0';
  const details = { requested: asked, postedOn, negativeOn, available };
  if (failed) throw insufficient(`${sku}: only ${available} in stock on ${postedOn}, ${asked} asked for.`, details);
  throw insufficient(
    `${sku}: ${asked} asked for on ${postedOn}, but stock would then go below zero on ${negativeOn}, when a later movement takes ${at.quantity.neg().toFixed()} and only ${available} would be left.`,
    { ...details, laterRequested: at.quantity.neg().toFixed() },
  );
}

const linkIdsOf = (rows: Row[]) => [...new Set(rows.map((r) => r.linkId).filter((id): id is string => !!id))];
const warehouseIdsOf = (rows: Row[]) => [...new Set(rows.map((r) => r.warehouseId))];

/** What the engine starts from for products posted on their open layers: read for all of them at once. */
async function readOpenState(db: Kysely<Database>, productIds: string[], rowsOf: Map<string, Row[]>) {
  const pairs = productIds.flatMap((productId) =>
    warehouseIdsOf(rowsOf.get(productId) ?? []).map((warehouseId) => ({ productId, warehouseId })),
  );
  const linkIds = [...new Set(productIds.flatMap((productId) => linkIdsOf(rowsOf.get(productId) ?? [])))];
  const [layers, lastCosts, linked] = await Promise.all([
    repo.openLayersOf(db, pairs),
    repo.lastUnitCostsOf(db, pairs),
    Promise.all(linkIds.map(async (id) => ({ movementId: id, ...(await repo.linkedOutbound(db, id)) }))),
  ]);
  return { layers, lastCosts, linked: new Map(linked.map((l) => [l.movementId, l])) };
}

/** One product's part of a posting, valued: its rows (value and slices set), what it settled, its layers after. */
interface Valued {
  productId: string;
  rows: Row[];
  /** Deficits of earlier rows settled by these rows: revaluations of those rows. */
  settled: Revaluation[];
  layers: Layer[];
  lastCosts: { warehouseId: string; bucket: Bucket; unitCost: Decimal }[];
  warehouseIds: string[];
}

/** The common case: the posting is the newest of its product; the engine runs on the open layers only. */
function valueOnOpenLayers(
  productId: string,
  rows: Row[],
  stored: Awaited<ReturnType<typeof readOpenState>>,
  sku: string,
): Valued {
  const linked = linkIdsOf(rows).map(
    (id) => stored.linked.get(id) as NonNullable<ReturnType<typeof stored.linked.get>>,
  );
  const state = FifoState.fromStored(stored.layers.get(productId) ?? [], linked, stored.lastCosts.get(productId) ?? []);
  const settled: Revaluation[] = [];
  for (const r of rows) {
    let result: ReturnType<FifoState['apply']>;
    try {
      result = state.apply(r.engine);
    } catch (e) {
      fifoConflict(e, sku);
    }
    r.value = result.value;
    r.slices = result.slices;
    if (result.consignedBack) r.consignedBack = result.consignedBack;
    settled.push(...result.revaluations);
  }
  const layers = state.openLayers();
  return { productId, rows, settled, layers, lastCosts: state.lastCosts(), warehouseIds: warehouseIdsOf(rows) };
}

/**
 * Writes the products valued on their open layers, all together: each table in one statement (or one per 1000
 * rows), whatever the number of products.
 */
async function writeValued(ctx: PostingCtx, valued: Valued[], posting: Posting) {
  if (!valued.length) return;
  const db = ctx.db;
  const rows = valued.flatMap((v) => v.rows);
  await writeRows(ctx, rows, posting);
  await repo.insertConsumptions(
    db,
    rows
      .filter((r) => r.slices?.length)
      .map((r) => ({ productId: r.productId, movementId: r.id, slices: r.slices as Slice[] })),
  );
  const settled = valued.flatMap((v) => v.settled.map((s) => ({ ...s, productId: v.productId })));
  // Settled deficit slices take what their units really cost (the engine did so on the slices it holds).
  await repo.settleDeficitSlices(db, settled);
  const revaluationRows = await writeRevaluations(ctx, settled, posting);
  await repo.replaceLayers(db, valued);
  const revaluationsOf = new Map<string, ValueChange[]>();
  for (const c of revaluationRows) {
    const list = revaluationsOf.get(c.productId);
    if (list) list.push(c);
    else revaluationsOf.set(c.productId, [c]);
  }
  await applyLevels(
    ctx,
    valued.map((v) => ({ ...v, revaluations: revaluationsOf.get(v.productId) ?? [] })),
  );
}

async function skuOf(db: Kysely<Database>, productId: string) {
  const p = await db.selectFrom('products').select('sku').where('id', '=', productId).executeTakeFirst();
  return p?.sku ?? productId;
}

async function writeRows(ctx: PostingCtx, rows: Row[], posting: Posting) {
  await repo.insertMovements(
    ctx.db,
    rows.map((r) => ({
      id: r.id,
      postedAt: r.engine.postedAt,
      productId: r.productId,
      warehouseId: r.warehouseId,
      locationId: r.locationId,
      bucket: r.bucket,
      kind: r.kind,
      quantity: r.quantity,
      value: r.value ?? ZERO,
      unitCost: r.unitCost ?? unitCostOf((r.value ?? ZERO).abs(), r.quantity.abs()),
      ownerId: r.ownerId,
      linkId: r.linkId,
      sourceType: posting.sourceType,
      sourceId: posting.sourceId,
      sourceLine: r.sourceLine,
      reason: r.reason,
      userId: ctx.user?.id ?? null,
    })),
  );
}

interface ValueChange {
  productId: string;
  warehouseId: string;
  value: Decimal;
}

/** How a cost change's ledger rows are written: its receipt's document and the change's reason. */
type CostRowSource = (
  receiptId: string,
  kind: string,
  effectiveAt: string,
) => { sourceType: string; sourceId: string | null; sourceLine: string | null; reason: string } | undefined;

/**
 * Revaluation rows: value moved to an earlier row, dated when it takes effect. A cost change's key (fifo.ts,
 * costChangeKey) makes a LANDED_COST or PRICE_DIFFERENCE row instead, linked to its receipt row.
 */
async function writeRevaluations(
  ctx: PostingCtx,
  changes: {
    productId: string;
    movementId: string;
    warehouseId: string;
    bucket: Bucket;
    effectiveAt: string;
    value: Decimal;
  }[],
  posting: Posting,
  costRowSource?: CostRowSource,
): Promise<ValueChange[]> {
  const real = changes.filter((c) => !c.value.isZero());
  if (!real.length) return [];
  const ids = await repo.nextMovementIds(ctx.db, real.length);
  await repo.insertMovements(
    ctx.db,
    real.map((c, i) => {
      const cost = parseCostChangeKey(c.movementId);
      const source = cost && costRowSource?.(cost.receiptId, cost.kind, c.effectiveAt);
      return {
        id: ids[i] as string,
        postedAt: c.effectiveAt,
        productId: c.productId,
        warehouseId: c.warehouseId,
        locationId: null,
        bucket: c.bucket,
        kind: cost ? cost.kind : 'REVALUATION',
        quantity: ZERO,
        value: c.value,
        unitCost: null,
        ownerId: null,
        linkId: cost ? cost.receiptId : c.movementId,
        sourceType: source?.sourceType ?? posting.sourceType,
        sourceId: source ? source.sourceId : posting.sourceId,
        sourceLine: source?.sourceLine ?? null,
        reason: source?.reason ?? 'FIFO cost of an earlier movement corrected',
        userId: ctx.user?.id ?? null,
      };
    }),
  );
  return real.map((c) => ({ productId: c.productId, warehouseId: c.warehouseId, value: c.value }));
}

/** One product's part of a posting as its levels and bins take it. */
interface Outcome {
  productId: string;
  rows: Row[];
  /** Value moved to earlier rows (revaluation rows written), per warehouse. */
  revaluations: ValueChange[];
  layers: Layer[];
  lastCosts: { warehouseId: string; bucket: Bucket; unitCost: Decimal }[];
  /** The warehouses whose level it changes. */
  warehouseIds: string[];
}

/**
 * Levels and bins after the rows, of every product at once: the conditional updates are where oversell is
 * refused. Levels are locked in (product, warehouse) order, then their reservations (settleShortages).
 */
async function applyLevels(ctx: PostingCtx, outcomes: Outcome[]) {
  const db = ctx.db;
  const levels: (repo.LevelChange & { loss: boolean })[] = [];
  const bins = new Map<string, repo.BinChange>();
  for (const { productId, rows, revaluations, layers, lastCosts, warehouseIds } of outcomes) {
    for (const warehouseId of warehouseIds) {
      const own = rows.filter((r) => r.warehouseId === warehouseId);
      const sum = (f: (r: Row) => Decimal) => own.reduce((s, r) => s.add(f(r)), ZERO);
      levels.push({
        productId,
        warehouseId,
        onHand: sum((r) => (r.bucket === 'STOCK' ? r.quantity : ZERO)),
        inTransit: sum((r) => (r.bucket === 'TRANSIT' ? r.quantity : ZERO)),
        value: sum((r) => r.value ?? ZERO).add(
          revaluations.filter((v) => v.warehouseId === warehouseId).reduce((s, v) => s.add(v.value), ZERO),
        ),
        releaseReserved: sum((r) => r.releaseReserved),
        consigned: consignedIn(layers, warehouseId),
        lastUnitCost: lastCosts.find((c) => c.warehouseId === warehouseId && c.bucket === 'STOCK')?.unitCost ?? null,
        keepAvailable: own.some((r) => r.keepAvailable && r.quantity.isNegative()),
        allowNegative: own.some((r) => r.allowNegative),
        loss: own.some((r) => r.bucket === 'STOCK' && !r.keepAvailable && r.quantity.isNegative()),
      });
    }
    // A bin's rows summed: a posting never takes more from a bin than it holds with what earlier lines put
    // there (allocate), so the sum is refused exactly when one of its rows would be.
    for (const r of rows) {
      if (r.bucket !== 'STOCK') continue;
      const key = `${productId}|${r.warehouseId}|${r.locationId}`;
      const bin = bins.get(key);
      if (bin) bin.delta = bin.delta.add(r.quantity);
      else
        bins.set(key, {
          productId,
          warehouseId: r.warehouseId,
          locationId: r.locationId,
          delta: r.quantity,
          allowNegative: r.allowNegative,
        });
    }
  }
  // In (product, warehouse) order, as changeLevels locks them (ids are lower-case hex: the same order as SQL's).
  const keyOf = (c: { productId: string; warehouseId: string }) => repo.pairKey(c.productId, c.warehouseId);
  levels.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const after = await repo.changeLevels(db, levels);
  for (const { productId, warehouseId } of levels) {
    if (after.has(repo.pairKey(productId, warehouseId))) continue;
    const level = await repo.levelOf(db, productId, warehouseId);
    throw insufficient(
      `Not enough available stock of ${await skuOf(db, productId)}: ${level?.available ?? '0'} available (${level?.on_hand ?? '0'} on hand, ${level?.reserved ?? '0'} reserved).`,
      {
        productId,
        warehouseId,
        available: level?.available ?? '0',
        onHand: level?.on_hand ?? '0',
        reserved: level?.reserved ?? '0',
      },
    );
  }
  for (const { productId, warehouseId, loss } of levels)
    await settleShortages(
      ctx,
      productId,
      warehouseId,
      after.get(repo.pairKey(productId, warehouseId)) as repo.LevelAfter,
      loss,
    );
  const refused = await repo.changeBins(db, [...bins.values()]);
  if (refused)
    throw insufficient('Not enough stock in that bin.', {
      productId: refused.productId,
      warehouseId: refused.warehouseId,
    });
}

/**
 * Keeps the short marks of a level's open reservations equal to what its stock cannot cover, called with the
 * level row locked (after it changed): short = reserved − on hand (at least 0), laid on the newest reservations
 * first, so the oldest are whole first when stock comes back. Only a physical loss may make the shortfall
 * grow; anything else that would is refused. Warehouses that allow negative stock keep no short marks: their
 * reservations are issued whatever is on hand. Each reservation whose mark changes gets a system-log row and a
 * `stock.reservation_short_changed` event, so its document can tell its user.
 */
export async function settleShortages(
  ctx: PostingCtx,
  productId: string,
  warehouseId: string,
  level: repo.LevelAfter,
  isPhysicalLoss: boolean,
) {
  const uncovered = Decimal.max(level.reserved.sub(Decimal.max(level.onHand, ZERO)), ZERO);
  // The common case, without a query: every reservation has its stock, and none was marked short.
  if (uncovered.isZero() && level.reservedShort.isZero()) return;
  const [warehouse] = await repo.findWarehousesToPost(ctx.db, [warehouseId]);
  const short = warehouse?.allowNegativeStock ? ZERO : uncovered;
  if (short.gt(level.reservedShort) && !isPhysicalLoss)
    throw insufficient(
      `Not enough available stock of ${await skuOf(ctx.db, productId)}: what is on hand is reserved.`,
      {
        productId,
        warehouseId,
        available: Decimal.max(level.onHand.sub(level.reserved), ZERO).toFixed(),
        onHand: level.onHand.toFixed(),
        reserved: level.reserved.toFixed(),
      },
    );
  const audit =
    ctx.audit ??
    ((e: { action: string; entity: string; entityId?: string | null; before?: unknown; after?: unknown }) =>
      writeAudit(ctx.db, { user: null, requestId: null, ...e }));
  let left = short;
  for (const r of await repo.openReservationsNewestFirst(ctx.db, productId, warehouseId)) {
    const marked = Decimal.min(r.open, left);
    left = left.sub(marked);
    if (marked.eq(r.short)) continue;
    await repo.setReservationShort(ctx.db, r.id, marked);
    const after = { shortQuantity: marked.toFixed(), openQuantity: r.open.toFixed() };
    await audit({
      action: marked.gt(r.short) ? 'mark_short' : 'restore_short',
      entity: 'stock_reservation',
      entityId: r.id,
      before: { shortQuantity: r.short.toFixed(), openQuantity: r.open.toFixed() },
      after,
    });
    await emitEvent(ctx.db, {
      type: 'stock.reservation_short_changed',
      key: r.id,
      payload: {
        reservationId: r.id,
        productId,
        warehouseId,
        sourceType: r.sourceType,
        sourceId: r.sourceId,
        ...after,
      },
    });
  }
  // Reserved is the sum of the open reservations (the balances check holds it so): nothing can be left over.
  if (left.gt(0)) throw new Error(`reservations of ${productId} in ${warehouseId} hold less than reserved`);
  if (!short.eq(level.reservedShort)) await repo.setLevelShort(ctx.db, productId, warehouseId, short);
}

function consignedIn(layers: Layer[], warehouseId: string): Decimal {
  return layers
    .filter((l) => l.warehouseId === warehouseId && l.bucket === 'STOCK' && l.ownerId && l.remaining.gt(0))
    .reduce((s, l) => s.add(l.remaining), ZERO);
}

/** The product's history as the engine takes it, bundle costs read from their components as they are now. */
async function historyForEngine(db: Kysely<Database>, productId: string) {
  const history = await repo.productHistory(db, productId);
  const warehouses = new Map(
    (await repo.findWarehousesToPost(db, [...new Set(history.map((h) => h.warehouse_id))])).map((w) => [w.id, w]),
  );
  const produced = history.filter((h) => h.kind === 'BUNDLE_PRODUCE');
  const assembled = await repo.assembledValues(
    db,
    produced.map((h) => ({ sourceType: h.source_type, sourceId: h.source_id })),
  );
  const costEvents = await costRepo.costEventsOf(db, productId);
  const { movements, current, rows } = engineHistory(
    history,
    (warehouseId) => warehouses.get(warehouseId)?.allowNegativeStock ?? false,
    assembled,
    (await repo.productCostPrice(db, productId)) ?? ZERO,
    costEvents,
  );
  return { movements, current, kinds: rows, costEvents };
}

/**
 * A backdated posting (or a component of a bundle revalued): the product's whole history is replayed with the
 * new rows in their place, the new rows are written with their values, every earlier row whose value changes
 * gets a revaluation row, and the product's layers and consumptions are rebuilt. Answers the bundle tasks whose
 * component values changed.
 */
async function revalueProduct(
  ctx: PostingCtx,
  productId: string,
  rows: Row[],
  posting: Posting,
  at: string,
): Promise<{ sourceType: string; sourceId: string | null }[]> {
  const db = ctx.db;
  const { movements, current, kinds, costEvents } = await historyForEngine(db, productId);
  const all = [...movements, ...rows.map((r) => r.engine)].sort(ledgerOrder);
  let result: ReturnType<typeof replay>;
  try {
    result = replay(all);
  } catch (e) {
    if (e instanceof FifoError && e.code === 'INSUFFICIENT_STOCK')
      backdatedShortage(e, rows, await skuOf(db, productId));
    fifoConflict(e, await skuOf(db, productId));
  }
  for (const r of rows) {
    r.value = result.values.get(r.id) ?? ZERO;
    r.slices = result.slices.get(r.id) ?? [];
    const back = result.consignedBack.get(r.id);
    if (back) r.consignedBack = back;
    current.set(`${r.id}|${at}`, (current.get(`${r.id}|${at}`) ?? ZERO).add(r.value));
  }
  await writeRows(ctx, rows, posting);
  // What the ledger should say, per row and date, against what it says.
  const expected = new Map<
    string,
    { warehouseId: string; bucket: Bucket; movementId: string; effectiveAt: string; value: Decimal }
  >();
  for (const e of result.entries) {
    const key = `${e.movementId}|${e.effectiveAt}`;
    const had = expected.get(key);
    expected.set(key, { ...e, value: (had?.value ?? ZERO).add(e.value) });
  }
  const changes: { movementId: string; warehouseId: string; bucket: Bucket; effectiveAt: string; value: Decimal }[] =
    [];
  for (const [key, e] of expected) {
    const diff = e.value.sub(current.get(key) ?? ZERO);
    if (!diff.isZero()) changes.push({ ...e, value: diff });
  }
  for (const [key, value] of current) {
    if (expected.has(key) || value.isZero()) continue;
    const [movementId, effectiveAt] = key.split('|') as [string, string];
    const cost = parseCostChangeKey(movementId);
    if (cost) {
      changes.push({ movementId, warehouseId: cost.warehouseId, bucket: cost.bucket, effectiveAt, value: value.neg() });
      continue;
    }
    const h = kinds.get(movementId);
    if (h)
      changes.push({
        movementId,
        warehouseId: h.warehouse_id,
        bucket: h.bucket as Bucket,
        effectiveAt,
        value: value.neg(),
      });
  }
  // A cost change's rows name its receipt's document and the newest change's reason at that instant.
  const costRowSource: CostRowSource = (receiptId, kind, effectiveAt) => {
    const receipt = kinds.get(receiptId);
    const event = costEvents.findLast(
      (e) => e.receiptId === receiptId && e.kind === kind && e.postedAt === effectiveAt,
    );
    if (!receipt) return undefined;
    return {
      sourceType: receipt.source_type,
      sourceId: receipt.source_id,
      sourceLine: receipt.source_line ?? null,
      reason: event?.reason ?? '',
    };
  };
  const revaluationRows = await writeRevaluations(
    ctx,
    changes.map((c) => ({ ...c, productId })),
    posting,
    costRowSource,
  );
  await reconcileCostOfSales(ctx, productId, result.costOfSales, costEvents);
  await repo.deleteConsumptionsOfProduct(db, productId);
  await repo.insertConsumptions(
    db,
    [...result.slices].map(([movementId, slices]) => ({ productId, movementId, slices })),
  );
  await repo.replaceLayers(db, [{ productId, warehouseIds: null, layers: result.layers }]);
  const warehouseIds = [
    ...new Set([...(await repo.warehousesOfProduct(db, productId)), ...rows.map((r) => r.warehouseId)]),
  ];
  await applyLevels(ctx, [
    {
      productId,
      rows,
      revaluations: revaluationRows,
      layers: result.layers,
      lastCosts: result.lastCosts,
      warehouseIds,
    },
  ]);
  return changes
    .map((c) => kinds.get(c.movementId))
    .filter((h) => h?.kind === 'BUNDLE_CONSUME')
    .map((h) => ({ sourceType: h?.source_type ?? '', sourceId: h?.source_id ?? null }));
}

/**
 * The event of new cost of sales adjustments of a product (payload: productId, the London days they are dated on),
 * emitted in the posting's transaction.
 */
export const COST_OF_SALES_POSTED = 'stock.cost_of_sales_posted';

/**
 * The cost of sales adjustments as the replay splits the product's cost changes, against what the table holds: a
 * row of each difference (a new change, or an earlier change split again by a backdated posting), dated with
 * its change.
 */
async function reconcileCostOfSales(
  ctx: PostingCtx,
  productId: string,
  shares: readonly CostOfSalesShare[],
  events: readonly costRepo.StoredCostEvent[],
) {
  if (!events.length) return;
  const held = await costRepo.costOfSalesSums(ctx.db, productId);
  const expected = new Map<string, CostOfSalesShare>();
  for (const s of shares) {
    const key = costRepo.costOfSalesKey(s);
    const had = expected.get(key);
    if (had)
      expected.set(key, {
        ...had,
        amount: had.amount.add(s.amount),
        movementIds: [...new Set([...had.movementIds, ...s.movementIds])],
      });
    else expected.set(key, { ...s, movementIds: [...s.movementIds] });
  }
  const byId = new Map(events.map((e) => [e.id, e]));
  const rows: Parameters<typeof costRepo.insertCostOfSales>[2] = [];
  for (const [key, s] of expected) {
    const diff = s.amount.sub(held.get(key) ?? ZERO);
    const event = byId.get(s.eventId);
    if (!diff.isZero() && event) rows.push({ ...s, amount: diff, event, userId: ctx.user?.id ?? null });
  }
  for (const [key, amount] of held) {
    if (expected.has(key) || amount.isZero()) continue;
    const [eventId, warehouseId, cause] = key.split('|') as [string, string, 'SOLD'];
    const event = byId.get(eventId);
    if (event)
      rows.push({
        eventId,
        warehouseId,
        cause,
        amount: amount.neg(),
        movementIds: [],
        event,
        userId: ctx.user?.id ?? null,
      });
  }
  await costRepo.insertCostOfSales(ctx.db, productId, rows);
  // Analytics puts the sold units' share on the day of the change (COST_OF_SALES_POSTED).
  if (rows.length)
    await emitEvent(ctx.db, {
      type: COST_OF_SALES_POSTED,
      key: productId,
      payload: { productId, days: [...new Set(rows.map((r) => londonDay(new Date(r.event.postedAt))))].sort() },
    });
}

/**
 * Landed costs and price differences (revaluation.service.ts): the products' histories are replayed with the new
 * changes (already stored) in their place, as a backdated posting does: the changes' rows and cost of sales
 * adjustments are written, later rows whose value changes are revalued, layers and consumptions rebuilt, and the
 * bundles made of them revalued in turn. Called with the products locked.
 */
export async function applyCostChanges(
  ctx: PostingCtx,
  productIds: string[],
  source: { sourceType: string; sourceId: string | null },
  at: string,
) {
  const posting: Posting = { sourceType: source.sourceType, sourceId: source.sourceId, lines: [] };
  const revalued: { sourceType: string; sourceId: string | null }[] = [];
  for (const productId of [...productIds].sort()) {
    revalued.push(...(await revalueProduct(ctx, productId, [], posting, at)));
    const warehouses = await repo.warehousesOfProduct(ctx.db, productId);
    for (const warehouseId of warehouses)
      await emitEvent(ctx.db, {
        type: 'stock.level_changed',
        key: `${productId}:${warehouseId}`,
        payload: { productId, warehouseId },
      });
  }
  await cascadeToBundles(ctx, revalued, posting, at);
}

/** Bundles whose components were revalued are revalued in turn (bundles hold no bundles, so one level). */
async function cascadeToBundles(
  ctx: PostingCtx,
  sources: { sourceType: string; sourceId: string | null }[],
  posting: Posting,
  at: string,
) {
  if (!sources.length) return;
  const products = await repo.producedBy(ctx.db, sources);
  await repo.lockProducts(ctx.db, products);
  for (const productId of products.sort()) await revalueProduct(ctx, productId, [], posting, at);
}
