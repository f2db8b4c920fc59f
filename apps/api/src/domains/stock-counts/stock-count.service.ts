import {
  STOCK_COUNT_SOURCE,
  type StockCount,
  StockCountErrorCode,
  type StockCountFilter,
  type StockCountInput,
  type StockCountLine,
  type StockCountLineFilter,
  type StockCountLineInput,
  type StockCountLineQuery,
  type StockCountListQuery,
  type StockCountPostedLine,
  type StockCountPostInput,
  type StockCountPostResult,
  type StockCountReversalResult,
  type StockCountScanInput,
  type StockCountTotals,
  type StockCountVarianceQuery,
  type StockCountVariances,
  StockErrorCode,
  stockCountDocument,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import {
  auditDocument,
  found,
  isoOrNull as iso,
  lockForAction,
  moneyText as money,
  nextDocumentNumber,
  pageOfDocuments,
  quantityText as qty,
  recordStep,
  userRef,
} from '../../platform/documents.ts';
import { documentRows, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { offsetOf, toPage, unknownSort, whitelisted } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { sendXlsx, ui, words, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  costForFound,
  lockProducts,
  movementsByIds,
  type PostLine,
  post,
  postReversal,
  rowsOfSource,
} from '../stock/index.ts';
import * as repo from './stock-count.repository.ts';
import { valueVariances } from './stock-count.valuation.ts';

/**
 * Counting sessions (cycle counts): start (snapshot), count (scans, set quantities), submit, review, post or
 * cancel. The state machine and who sees what are here; SQL is in the repository; stock changes only through
 * the posting service, in the request's transaction.
 */

type ReadCtx = Pick<Ctx, 'db' | 'user'>;

const APPROVE = 'approve_inventory_stock_process';

const ZERO = new Decimal(0);

/**
 * Whether the caller sees book quantities, differences and values: always unless the session is blind; in a
 * blind session only those who approve do, until it is posted (then the ledger shows it anyway).
 */
function seesBook(count: { blind: boolean; status: string }, user: ReadCtx['user']) {
  return !count.blind || count.status === 'POSTED' || user.permissions.has(APPROVE);
}

function toCount(r: repo.CountRow, user: ReadCtx['user']): StockCount {
  return {
    id: r.id,
    number: r.number,
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    zone: r.zone,
    status: r.status as StockCount['status'],
    blind: r.blind,
    notes: r.notes,
    zeroUncounted: r.zero_uncounted,
    lineCount: Number(r.line_count),
    countedLineCount: Number(r.counted_line_count),
    createdBy: { id: r.created_by, username: r.created_by_name },
    createdAt: r.created_at.toISOString(),
    submittedAt: iso(r.submitted_at),
    submittedBy: userRef(r.submitted_by, r.submitted_by_name),
    postedAt: iso(r.posted_at),
    postedBy: userRef(r.posted_by, r.posted_by_name),
    canceledAt: iso(r.canceled_at),
    canceledBy: userRef(r.canceled_by, r.canceled_by_name),
    reversedAt: iso(r.reversed_at),
    reversedBy: userRef(r.reversed_by, r.reversed_by_name),
    reversalReason: r.reversal_reason,
    updatedAt: r.updated_at.toISOString(),
    showsBook: seesBook(r, user),
  };
}

const countRow = async (ctx: Pick<Ctx, 'db'>, id: string) =>
  found(await repo.countById(ctx.db, id), 'Counting session', id);

export async function getCount(ctx: ReadCtx, id: string) {
  return toCount(await countRow(ctx, id), ctx.user);
}

export function listCounts(ctx: ReadCtx, q: StockCountListQuery) {
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findCounts(ctx.db, q, limit, offset),
    () => repo.countCounts(ctx.db, q),
    (r) => toCount(r, ctx.user),
  );
}

const COUNT_COLUMNS: XlsxColumn<StockCount>[] = [
  { header: ui('stockCounts:fields.number'), width: 16, value: (c) => c.number },
  { header: ui('stockCounts:fields.warehouse'), width: 14, value: (c) => c.warehouse.code },
  { header: ui('stockCounts:fields.zone'), width: 14, value: (c) => c.zone ?? '' },
  {
    header: ui('stockCounts:fields.status'),
    width: 12,
    type: 'enum',
    labels: 'documents:stock_count.status',
    value: (c) => c.status,
  },
  { header: ui('stockCounts:fields.blind'), width: 10, type: 'boolean', value: (c) => c.blind },
  { header: ui('stockCounts:lines.title'), width: 10, type: 'number', places: 0, value: (c) => c.lineCount },
  { header: ui('stockCounts:fields.progress'), width: 10, type: 'number', places: 0, value: (c) => c.countedLineCount },
  { header: ui('stockCounts:fields.started'), width: 12, type: 'date', value: (c) => c.createdAt },
  { header: ui('transfers:fields.createdBy'), width: 16, value: (c) => c.createdBy.username },
  { header: ui('stockCounts:fields.submitted'), width: 12, type: 'date', value: (c) => c.submittedAt },
  { header: ui('stockCounts:fields.posted'), width: 12, type: 'date', value: (c) => c.postedAt },
  {
    header: words('Posted by', 'Contabilizada por', 'Lançada por', 'Gebucht von'),
    width: 16,
    value: (c) => c.postedBy?.username ?? '',
  },
  { header: ui('stockCounts:fields.notes'), width: 40, value: (c) => c.notes },
];

export function exportCounts(ctx: Ctx, f: StockCountFilter) {
  const rows = documentRows(
    (limit, offset) => repo.findCounts(ctx.db, f, limit, offset),
    (r) => toCount(r, ctx.user),
  );
  return sendDocumentsXlsx(ctx, 'stock-counts', COUNT_COLUMNS, rows);
}

export async function zonesOf(ctx: ReadCtx, warehouseId: string) {
  if (!(await repo.warehouseExists(ctx.db, warehouseId))) throw notFound('Warehouse', warehouseId);
  return { zones: await repo.zonesOfWarehouse(ctx.db, warehouseId) };
}

/** Starts a session: the number, the snapshot of the bins' book quantities, one audit row. */
export async function startCount(ctx: Ctx, input: z.output<typeof StockCountInput>) {
  const warehouse = found(await repo.lockWarehouse(ctx.db, input.warehouseId), 'Warehouse', input.warehouseId);
  if (!warehouse.active)
    throw unprocessable(
      StockErrorCode.WAREHOUSE_INACTIVE,
      `Warehouse ${warehouse.code} is inactive: its stock cannot be counted.`,
      { warehouseId: warehouse.id, code: warehouse.code },
    );
  let zone: string | null = null;
  if (input.zone) {
    zone = (await repo.findZone(ctx.db, warehouse.id, input.zone)) ?? null;
    if (!zone)
      throw unprocessable(
        StockCountErrorCode.STOCK_COUNT_UNKNOWN_ZONE,
        `No bin of ${warehouse.code} is in zone "${input.zone}".`,
        { zone: input.zone },
      );
  }
  // Two sessions counting the same bins would post the same differences twice.
  const clash = (await repo.liveCountsOfWarehouse(ctx.db, warehouse.id)).find(
    (c) => c.zone === null || zone === null || c.zone.toLowerCase() === zone.toLowerCase(),
  );
  if (clash)
    throw conflict(
      StockCountErrorCode.STOCK_COUNT_OVERLAP,
      `Session ${clash.number} is still counting ${clash.zone ? `zone ${clash.zone} of ` : ''}${warehouse.code}: post or cancel it first.`,
      { countId: clash.id, number: clash.number },
    );
  const number = await nextDocumentNumber(ctx.db, 'stockCount');
  const id = await repo.insertCount(ctx.db, {
    number,
    warehouseId: warehouse.id,
    zone,
    blind: input.blind,
    notes: input.notes,
    userId: ctx.user.id,
  });
  const lines = await repo.snapshotLines(ctx.db, id, warehouse.id, zone);
  const after = await getCount(ctx, id);
  await auditDocument(ctx, stockCountDocument, {
    number,
    action: 'create',
    after: { warehouseId: warehouse.id, zone, blind: input.blind, notes: input.notes, lines },
  });
  return after;
}

interface LineView {
  line: StockCountLine;
  /** For sorting and totals, whatever is shown. */
  difference: Decimal | null;
  value: Decimal | null;
  zone: string;
}

/** The lines as the caller may see them, valued as a posting would value them now (a posted session: as posted). */
async function lineViews(ctx: ReadCtx, count: repo.CountRow, only?: { lineId?: string; productId?: string }) {
  const shows = seesBook(count, ctx.user);
  const rows = await repo.linesOfCount(ctx.db, count.id, count.warehouse_id, only);
  const diff = (r: repo.LineRow) =>
    r.counted_quantity === null ? null : new Decimal(r.counted_quantity).sub(r.book_quantity);
  const productIds = [...new Set(rows.map((r) => r.product_id))];
  // A posted session's values are what was posted; others are valued as a posting would value them now.
  const estimate = shows && count.status !== 'POSTED';
  const bases = estimate ? await repo.costBasis(ctx.db, count.warehouse_id, productIds) : new Map();
  const valued = estimate
    ? valueVariances(
        rows.flatMap((r) => {
          const d = diff(r);
          return d === null ? [] : [{ key: r.id, productId: r.product_id, difference: d }];
        }),
        bases,
      )
    : new Map();
  const closed = count.status === 'POSTED' || count.status === 'CANCELED';
  return rows.map((r): LineView => {
    const difference = diff(r);
    const v = valued.get(r.id);
    const value = estimate ? (v?.value ?? null) : r.posted_value === null ? null : new Decimal(r.posted_value);
    return {
      difference,
      value,
      zone: r.location_zone ?? '',
      line: {
        id: r.id,
        product: { id: r.product_id, sku: r.sku, name: r.product_name, unit: r.unit },
        location: r.location_id
          ? { id: r.location_id, code: r.location_code ?? '', zone: r.location_zone ?? '' }
          : null,
        expected: r.expected,
        bookQuantity: shows ? qty(r.book_quantity) : null,
        currentQuantity: shows && !closed ? qty(r.current_quantity) : null,
        countedQuantity: r.counted_quantity === null ? null : qty(r.counted_quantity),
        difference: shows && difference ? difference.toFixed() : null,
        unitCost: !shows
          ? null
          : v?.unitCost
            ? v.unitCost.toFixed(4)
            : // Posted: what the difference was posted at.
              r.posted_value !== null && r.posted_difference !== null && !new Decimal(r.posted_difference).isZero()
              ? new Decimal(r.posted_value).div(r.posted_difference).abs().toFixed(4)
              : null,
        differenceValue: shows && value ? money(value) : null,
        countedBy: r.counted_by_name,
        countedAt: r.counted_at?.toISOString() ?? null,
        posted:
          r.posted_difference === null
            ? null
            : {
                bookQuantity: qty(r.posted_book_quantity ?? '0'),
                difference: qty(r.posted_difference),
                value: money(new Decimal(r.posted_value ?? '0')),
                movementId: r.movement_id,
              },
      },
    };
  });
}

function totalsOf(views: LineView[], shows: boolean): StockCountTotals {
  const counted = views.filter((v) => v.line.countedQuantity !== null);
  const sum = (list: LineView[], f: (v: LineView) => Decimal | null) =>
    list.reduce((s, v) => s.add(f(v) ?? ZERO), ZERO);
  // Every line's value: a posted session that took uncounted lines as none posted values for them too.
  const gain = sum(views, (v) => (v.value?.gt(0) ? v.value : null));
  const loss = sum(views, (v) => (v.value?.lt(0) ? v.value : null));
  return {
    lines: views.length,
    counted: counted.length,
    uncounted: views.length - counted.length,
    withVariance: shows ? counted.filter((v) => v.difference && !v.difference.isZero()).length : null,
    bookQuantity: shows ? sum(views, (v) => new Decimal(v.line.bookQuantity ?? 0)).toFixed() : null,
    countedQuantity: sum(counted, (v) => new Decimal(v.line.countedQuantity ?? 0)).toFixed(),
    differenceQuantity: shows ? sum(counted, (v) => v.difference).toFixed() : null,
    gainValue: shows ? money(gain) : null,
    lossValue: shows ? money(loss) : null,
    differenceValue: shows ? money(gain.add(loss)) : null,
  };
}

const bySku = (a: LineView, b: LineView) =>
  a.line.product.sku.localeCompare(b.line.product.sku) ||
  (a.line.location?.code ?? '').localeCompare(b.line.location?.code ?? '');
const LINE_SORTS: Record<string, (a: LineView, b: LineView) => number> = {
  sku: bySku,
  location: (a, b) => (a.line.location?.code ?? '').localeCompare(b.line.location?.code ?? ''),
  countedAt: (a, b) => (a.line.countedAt ?? '').localeCompare(b.line.countedAt ?? ''),
  difference: (a, b) => (a.difference ?? ZERO).comparedTo(b.difference ?? ZERO),
  value: (a, b) => (a.value ?? ZERO).comparedTo(b.value ?? ZERO),
};
/** Sorting by a book figure would tell counters of a blind session what the book says. */
const BOOK_SORTS = new Set(['difference', 'value']);

/** The lines a filter shows, sorted; in memory, since differences and values are worked out per line. */
function filterLines(views: LineView[], f: StockCountLineFilter, shows: boolean): LineView[] {
  const text = f.q?.toLowerCase();
  let out = views.filter((v) => {
    if (
      text &&
      !v.line.product.sku.toLowerCase().includes(text) &&
      !v.line.product.name.toLowerCase().includes(text) &&
      !(v.line.location?.code.toLowerCase().includes(text) ?? false)
    )
      return false;
    if (f.view === 'counted') return v.line.countedQuantity !== null;
    if (f.view === 'uncounted') return v.line.countedQuantity === null;
    if (f.view === 'variance' && shows) return v.difference !== null && !v.difference.isZero();
    return true;
  });
  if (f.sort) {
    const field = f.sort.replace(/^-/, '');
    const compare = whitelisted(LINE_SORTS, field);
    if (!compare) throw unknownSort(field, LINE_SORTS);
    if (shows || !BOOK_SORTS.has(field)) {
      const direction = f.sort.startsWith('-') ? -1 : 1;
      out = [...out].sort((a, b) => compare(a, b) * direction || bySku(a, b));
    }
  }
  return out;
}

export async function listLines(ctx: ReadCtx, id: string, q: StockCountLineQuery) {
  const count = await countRow(ctx, id);
  const shows = seesBook(count, ctx.user);
  const views = await lineViews(ctx, count);
  const shown = filterLines(views, q, shows);
  const start = offsetOf(q);
  return {
    ...toPage(
      shown.slice(start, start + q.pageSize).map((v) => v.line),
      shown.length,
      q,
    ),
    totals: totalsOf(views, shows),
  };
}

/** What only those who may see the book quantities get (not in a blind count's export for a counter). */
const BOOK_COLUMNS: XlsxColumn<StockCountLine>[] = [
  { header: ui('stockCounts:lines.book'), width: 12, type: 'quantity', value: (l) => l.bookQuantity },
];
const DIFFERENCE_COLUMNS: XlsxColumn<StockCountLine>[] = [
  { header: ui('stockCounts:lines.difference'), width: 12, type: 'quantity', value: (l) => l.difference },
  { header: ui('stockCounts:lines.unitCost'), width: 14, type: 'money', places: 4, value: (l) => l.unitCost },
  { header: ui('stockCounts:lines.value'), width: 16, type: 'money', value: (l) => l.differenceValue },
  {
    header: words('Posted difference', 'Diferencia contabilizada', 'Diferença lançada', 'Gebuchte Differenz'),
    width: 14,
    type: 'quantity',
    value: (l) => l.posted?.difference ?? null,
  },
  {
    header: words('Posted value (£)', 'Valor contabilizado (£)', 'Valor lançado (£)', 'Gebuchter Wert (£)'),
    width: 14,
    type: 'money',
    value: (l) => l.posted?.value ?? null,
  },
];

export async function exportLines(ctx: Ctx, id: string, f: StockCountLineFilter) {
  const count = await countRow(ctx, id);
  const shows = seesBook(count, ctx.user);
  const views = filterLines(await lineViews(ctx, count), f, shows);
  const columns: XlsxColumn<StockCountLine>[] = [
    { header: ui('products:fields.sku'), width: 20, value: (l) => l.product.sku },
    { header: ui('products:fields.name'), width: 36, value: (l) => l.product.name },
    { header: ui('stockCounts:lines.bin'), width: 14, value: (l) => l.location?.code ?? '' },
    { header: ui('stockCounts:fields.zone'), width: 12, value: (l) => l.location?.zone ?? '' },
    {
      header: words('Expected', 'Esperado', 'Esperado', 'Erwartet'),
      width: 10,
      type: 'boolean',
      value: (l) => l.expected,
    },
    ...(shows ? BOOK_COLUMNS : []),
    { header: ui('stockCounts:lines.counted'), width: 12, type: 'quantity', value: (l) => l.countedQuantity },
    ...(shows ? DIFFERENCE_COLUMNS : []),
    { header: ui('stockCounts:lines.countedBy'), width: 16, value: (l) => l.countedBy ?? '' },
    {
      header: words('Counted at', 'Contado el', 'Contado em', 'Gezählt am'),
      width: 18,
      type: 'datetime',
      value: (l) => l.countedAt,
    },
  ];
  return sendXlsx(
    ctx,
    `${count.number}-lines.xlsx`,
    columns,
    views.map((v) => v.line),
  );
}

export async function variances(ctx: ReadCtx, id: string, q: z.output<typeof StockCountVarianceQuery>) {
  const count = await countRow(ctx, id);
  if (!seesBook(count, ctx.user)) return { by: q.by, hidden: true, groups: [] } satisfies StockCountVariances;
  const views = (await lineViews(ctx, count)).filter((v) => v.difference && !v.difference.isZero());
  const groups = new Map<string, { label: string; quantity: Decimal; gain: Decimal; loss: Decimal }>();
  for (const v of views) {
    const key = q.by === 'zone' ? v.zone : v.line.product.id;
    const label = q.by === 'zone' ? v.zone : v.line.product.sku;
    const g = groups.get(key) ?? { label, quantity: ZERO, gain: ZERO, loss: ZERO };
    g.quantity = g.quantity.add(v.difference ?? ZERO);
    if (v.value?.gt(0)) g.gain = g.gain.add(v.value);
    if (v.value?.lt(0)) g.loss = g.loss.add(v.value);
    groups.set(key, g);
  }
  const list = [...groups.entries()]
    .map(([key, g]) => ({ key, ...g, total: g.gain.add(g.loss) }))
    // Largest effect first: a zone or product that lost a lot is what the review is for.
    .sort((a, b) => b.total.abs().comparedTo(a.total.abs()) || a.label.localeCompare(b.label));
  return {
    by: q.by,
    hidden: false,
    groups: (q.by === 'product' ? list.slice(0, q.limit) : list).map((g) => ({
      key: g.key,
      label: g.label,
      differenceQuantity: g.quantity.toFixed(),
      gainValue: money(g.gain),
      lossValue: money(g.loss),
      differenceValue: money(g.total),
    })),
  } satisfies StockCountVariances;
}

/** Scans of several counters run side by side (a share lock); a change of status waits for them, they for it. */
async function lockForCounting(ctx: Ctx, id: string) {
  return lockForAction(ctx.db, stockCountDocument, 'stock_counts', id, 'count', 'share');
}

async function oneLine(ctx: ReadCtx, countId: string, lineId: string, productId: string) {
  const count = await countRow(ctx, countId);
  // Valued with the product's other lines, so that it reads as the review does.
  const views = await lineViews(ctx, count, { productId });
  const view = views.find((v) => v.line.id === lineId);
  if (!view) throw notFound('Line', lineId);
  return view.line;
}

/** A scan: the product by SKU or barcode, the bin by code or id; the quantity adds to that line. */
export async function scan(ctx: Ctx, id: string, input: z.output<typeof StockCountScanInput>) {
  const count = await lockForCounting(ctx, id);
  const product = await repo.findProductByCode(ctx.db, input.code);
  if (!product)
    throw unprocessable(
      StockCountErrorCode.STOCK_COUNT_UNKNOWN_CODE,
      `No product has the SKU or barcode "${input.code}".`,
      { code: input.code },
    );
  if (product.kind === 'SERVICE')
    throw unprocessable(StockErrorCode.PRODUCT_NOT_STOCKED, `${product.sku} is a service: it holds no stock.`, {
      productId: product.id,
    });
  let locationId: string | null;
  if (input.location) {
    const location = await repo.findLocation(ctx.db, count.warehouse_id, input.location);
    if (!location)
      throw unprocessable(
        StockCountErrorCode.STOCK_COUNT_UNKNOWN_LOCATION,
        `No bin of this warehouse has the code "${input.location}".`,
        { location: input.location },
      );
    if (count.zone && location.zone.toLowerCase() !== count.zone.toLowerCase())
      throw unprocessable(
        StockCountErrorCode.STOCK_COUNT_LOCATION_NOT_IN_ZONE,
        `Bin ${location.code} is not in zone ${count.zone}, which this session counts.`,
        { location: location.code, zone: count.zone },
      );
    locationId = location.id;
  } else {
    // No bin said: the product's one line, or stock in no bin where the warehouse keeps none in bins.
    const lines = await repo.linesOfProduct(ctx.db, id, product.id);
    if (lines.length === 1) locationId = lines[0]?.location_id ?? null;
    else if (lines.length > 1 || count.zone || (await repo.hasActiveBins(ctx.db, count.warehouse_id)))
      throw unprocessable(
        StockCountErrorCode.STOCK_COUNT_LOCATION_REQUIRED,
        lines.length > 1
          ? `${product.sku} is in ${lines.length} bins of this session: scan the bin first.`
          : `Scan the bin ${product.sku} was found in.`,
        { sku: product.sku },
      );
    else locationId = null;
  }
  const quantity = new Decimal(input.quantity);
  const belowZero = () =>
    unprocessable(
      StockCountErrorCode.STOCK_COUNT_BELOW_ZERO,
      `That would take the count of ${product.sku} below zero.`,
      { sku: product.sku },
    );
  let saved: { id: string; inserted: boolean } | undefined;
  if (quantity.isNegative()) {
    // A negative scan takes back a mistaken one: the line must be there to take from.
    const line = await repo.findLine(ctx.db, id, product.id, locationId);
    const taken = line && (await repo.takeBackScan(ctx.db, line.id, quantity, ctx.user.id));
    saved = taken ? { id: taken.id, inserted: false } : undefined;
  } else
    saved = await repo.addScan(ctx.db, {
      countId: id,
      productId: product.id,
      locationId,
      quantity,
      userId: ctx.user.id,
    });
  if (!saved) throw belowZero();
  const line = await oneLine(ctx, id, saved.id, product.id);
  await auditDocument(ctx, stockCountDocument, {
    number: count.number,
    action: 'scan',
    after: {
      lineId: saved.id,
      productId: product.id,
      locationId,
      quantity: quantity.toFixed(),
      countedQuantity: line.countedQuantity,
      added: saved.inserted,
    },
  });
  return { line, added: saved.inserted, quantity: quantity.toFixed() };
}

export async function setLine(ctx: Ctx, id: string, lineId: string, input: z.output<typeof StockCountLineInput>) {
  const locked = await lockForCounting(ctx, id);
  const count = await countRow(ctx, id);
  const [before] = await repo.linesOfCount(ctx.db, id, count.warehouse_id, { lineId });
  if (!before) throw notFound('Line', lineId);
  const counted = input.countedQuantity === null ? null : new Decimal(input.countedQuantity);
  await repo.setCounted(ctx.db, id, lineId, counted, ctx.user.id);
  const line = await oneLine(ctx, id, lineId, before.product_id);
  await auditDocument(ctx, stockCountDocument, {
    number: locked.number,
    action: 'count',
    before: { lineId, countedQuantity: before.counted_quantity === null ? null : qty(before.counted_quantity) },
    after: { lineId, productId: before.product_id, countedQuantity: line.countedQuantity },
  });
  return line;
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof stockCountDocument.actions) =>
  lockForAction(ctx.db, stockCountDocument, 'stock_counts', id, action);

/** A step that only changes the status: the guard, the change, the system log and the outbox. */
async function step(
  ctx: Ctx,
  id: string,
  action: 'submit' | 'reopen' | 'cancel',
  check?: (before: StockCount) => void,
) {
  const locked = await lockFor(ctx, id, action);
  const before = await getCount(ctx, id);
  check?.(before);
  const to = action === 'submit' ? 'SUBMITTED' : action === 'reopen' ? 'OPEN' : 'CANCELED';
  await repo.setStatus(ctx.db, id, to === 'OPEN' ? { status: to } : { status: to, userId: ctx.user.id });
  const after = await getCount(ctx, id);
  await recordStep(ctx, stockCountDocument, locked, action, to, { before, after });
  return after;
}

export const submit = (ctx: Ctx, id: string) =>
  step(ctx, id, 'submit', (before) => {
    if (before.countedLineCount === 0)
      throw unprocessable(
        StockCountErrorCode.STOCK_COUNT_NOTHING_COUNTED,
        'Nothing has been counted yet: count at least one line before submitting.',
      );
  });
export const reopen = (ctx: Ctx, id: string) => step(ctx, id, 'reopen');
export const cancel = (ctx: Ctx, id: string) => step(ctx, id, 'cancel');

/**
 * Posts a submitted session. The products are locked first (as the posting service locks them), then each
 * bin's balance is read: the difference posted is the counted quantity less the balance now, since stock may
 * have moved since the snapshot. One posting, kind COUNT, one line per bin that differs: gains at the cost
 * of units found (the given cost, else the newest layer's, else the standard cost), losses out of that bin
 * at FIFO cost, allowed to take available stock below zero (the count says the units are not there).
 */
export async function postCount(
  ctx: Ctx,
  id: string,
  input: z.output<typeof StockCountPostInput>,
): Promise<StockCountPostResult> {
  const locked = await lockFor(ctx, id, 'post');
  const before = await getCount(ctx, id);
  const all = await repo.linesOfCount(ctx.db, id, locked.warehouse_id);
  const targets = all.filter((l) => l.counted_quantity !== null || input.zeroUncounted);
  const productIds = [...new Set(targets.map((l) => l.product_id))].sort();
  await lockProducts(ctx.db, productIds);
  const balances = await repo.binBalances(ctx.db, locked.warehouse_id, productIds);
  const givenCost = new Map(input.unitCosts.map((c) => [c.productId, c.unitCost]));

  const planned: { line: repo.LineRow; current: Decimal; counted: Decimal; difference: Decimal; index: number }[] = [];
  const postLines: PostLine[] = [];
  for (const line of targets) {
    const current = balances.get(`${line.product_id}|${line.location_id ?? ''}`) ?? ZERO;
    const counted = new Decimal(line.counted_quantity ?? 0);
    const difference = counted.sub(current);
    let index = -1;
    if (!difference.isZero()) {
      let unitCost: Decimal | undefined;
      if (difference.isPositive()) unitCost = await foundCost(ctx, line, locked.warehouse_id, givenCost);
      index = postLines.length;
      postLines.push({
        productId: line.product_id,
        warehouseId: locked.warehouse_id,
        locationId: line.location_id,
        kind: 'COUNT',
        quantity: difference,
        ...(unitCost ? { unitCost } : {}),
        reason: `Count ${before.number}`,
        sourceLine: line.id,
        keepAvailable: false,
      });
    }
    planned.push({ line, current, counted, difference, index });
  }
  const rows = postLines.length
    ? await post(ctx, { sourceType: STOCK_COUNT_SOURCE, sourceId: id, postedOn: null, lines: postLines })
    : [];
  const byLine = new Map<number, { id: string; value: Decimal }>();
  for (const r of rows) {
    const had = byLine.get(r.line);
    byLine.set(r.line, { id: had?.id ?? r.id, value: (had?.value ?? ZERO).add(r.value) });
  }
  const results: StockCountPostedLine[] = [];
  const saved = [];
  let gain = ZERO;
  let loss = ZERO;
  for (const p of planned) {
    const row = p.index >= 0 ? byLine.get(p.index) : undefined;
    const value = row?.value ?? ZERO;
    if (value.gt(0)) gain = gain.add(value);
    else loss = loss.add(value);
    saved.push({
      lineId: p.line.id,
      bookQuantity: p.current,
      difference: p.difference,
      value,
      movementId: row?.id ?? null,
    });
    results.push({
      lineId: p.line.id,
      product: { id: p.line.product_id, sku: p.line.sku, name: p.line.product_name },
      location: p.line.location_id ? { id: p.line.location_id, code: p.line.location_code ?? '' } : null,
      bookQuantity: qty(p.line.book_quantity),
      currentQuantity: p.current.toFixed(),
      countedQuantity: p.counted.toFixed(),
      difference: p.difference.toFixed(),
      value: money(value),
      movementId: row?.id ?? null,
      moved: !p.current.eq(p.line.book_quantity),
    });
  }
  await repo.savePosted(ctx.db, saved);
  await repo.setStatus(ctx.db, id, { status: 'POSTED', userId: ctx.user.id, zeroUncounted: input.zeroUncounted });
  const after = await getCount(ctx, id);
  const totals = {
    posted: rows.length,
    moved: results.filter((r) => r.moved).length,
    gainValue: money(gain),
    lossValue: money(loss),
    differenceValue: money(gain.add(loss)),
  };
  const movementIds = rows.map((r) => r.id);
  const summary = { ...after, zeroUncounted: input.zeroUncounted, ...totals, movementIds };
  await recordStep(ctx, stockCountDocument, locked, 'post', 'POSTED', { before, after: summary });
  return { count: after, lines: results, totals };
}

/** The cost of units found, naming the product when it has none (the approver then gives one). */
async function foundCost(ctx: Ctx, line: repo.LineRow, warehouseId: string, given: Map<string, string>) {
  try {
    return await costForFound(ctx, line.product_id, warehouseId, given.get(line.product_id));
  } catch (e) {
    if (e instanceof AppError && e.code === StockErrorCode.UNIT_COST_REQUIRED)
      throw unprocessable(
        StockErrorCode.UNIT_COST_REQUIRED,
        `${line.sku} has no cost yet: give the unit cost of the ${line.sku} units found.`,
        { productId: line.product_id, sku: line.sku },
      );
    throw e;
  }
}

/** The source type of a session's reversal (source id: the session's id, source line: the row it reverses). */
export const STOCK_COUNT_REVERSAL_SOURCE = 'stock_count_reversal';

/**
 * Reverses a posted session: the opposite of each row it posted, at the original cost (stock/reversal.service.ts),
 * in one posting; the session is then REVERSED. Refused while what a gain added has since been taken out.
 */
export async function reverseCount(ctx: Ctx, id: string, input: { reason: string }): Promise<StockCountReversalResult> {
  const locked = await lockFor(ctx, id, 'reverse');
  const before = await getCount(ctx, id);
  const rows = await rowsOfSource(ctx.db, STOCK_COUNT_SOURCE, id);
  const posted = await postReversal(ctx, {
    sourceType: STOCK_COUNT_SOURCE,
    sourceId: id,
    label: `Count ${before.number}`,
    rows,
    posting: { sourceType: STOCK_COUNT_REVERSAL_SOURCE, sourceId: id },
    reason: input.reason,
  });
  await repo.setStatus(ctx.db, id, { status: 'REVERSED', userId: ctx.user.id });
  const after = await getCount(ctx, id);
  const movements = await movementsByIds(
    ctx.db,
    posted.map((p) => p.id),
  );
  await recordStep(ctx, stockCountDocument, locked, 'reverse', 'REVERSED', {
    before,
    after: { ...after, movementIds: movements.map((m) => m.id) },
  });
  return { count: after, movements };
}

/** The rows a session posted and those of its reversal. */
export async function countMovements(ctx: ReadCtx, id: string) {
  const count = await countRow(ctx, id);
  const [posted, reversal] = await Promise.all([
    rowsOfSource(ctx.db, STOCK_COUNT_SOURCE, count.id),
    rowsOfSource(ctx.db, STOCK_COUNT_REVERSAL_SOURCE, count.id),
  ]);
  const [postedRows, reversalRows] = await Promise.all([
    movementsByIds(
      ctx.db,
      posted.map((r) => r.id),
    ),
    movementsByIds(
      ctx.db,
      reversal.map((r) => r.id),
    ),
  ]);
  return { posted: postedRows, reversal: reversalRows };
}
