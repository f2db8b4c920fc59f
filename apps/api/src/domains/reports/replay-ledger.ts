import type { FifoDifferenceKind } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import {
  type Bucket,
  type CostEvent,
  engineHistory,
  FifoError,
  type Layer,
  type LedgerRow,
  replay,
} from '../stock/index.ts';

/**
 * The comparison of a product's replay with what the database keeps. The ledger is turned into the engine's
 * rows by the same function the posting service uses (stock/ledger-history.ts), so the two cannot drift.
 */

const ZERO = new Decimal(0);

export { assembledKey, engineHistory, type LedgerRow } from '../stock/index.ts';

/** An open layer as stock_layers keeps it. */
export interface StoredLayer {
  originMovementId: string;
  seq: number;
  warehouseId: string;
  bucket: string;
  ownerId: string | null;
  receivedAt: string;
  unitCost: string;
  quantity: string;
  remaining: string;
  remainingValue: string;
}

/** A product's balances in one warehouse as stock_levels keeps them. */
export interface StoredLevel {
  warehouseId: string;
  onHand: string;
  inTransit: string;
  consigned: string;
  value: string;
}

export interface Difference {
  kind: FifoDifferenceKind;
  warehouseId: string | null;
  bucket: string | null;
  expected: string;
  stored: string;
  detail: string;
}

const BUCKETS: Bucket[] = ['STOCK', 'TRANSIT'];

function sumBy<T>(items: readonly T[], key: (item: T) => string, value: (item: T) => Decimal.Value) {
  const sums = new Map<string, Decimal>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? ZERO).add(value(item)));
  return sums;
}

function describeLayer(l: { remaining: Decimal.Value; unitCost: Decimal.Value; remainingValue: Decimal.Value }) {
  return `${new Decimal(l.remaining).toFixed()} @ ${new Decimal(l.unitCost).toFixed()} = ${new Decimal(l.remainingValue).toFixed()}`;
}

function sameLayer(a: Layer, b: StoredLayer) {
  return (
    a.warehouseId === b.warehouseId &&
    a.bucket === b.bucket &&
    (a.ownerId ?? null) === (b.ownerId ?? null) &&
    a.receivedAt === b.receivedAt &&
    a.unitCost.eq(b.unitCost) &&
    a.quantity.eq(b.quantity) &&
    a.remaining.eq(b.remaining) &&
    a.remainingValue.eq(b.remainingValue)
  );
}

/**
 * Replays one product's ledger and lists every figure the database keeps that differs from it, per
 * warehouse: balances (stock_levels) against the ledger's quantities and the replayed value, the ledger's
 * own value against the replay, the open layers (their sums per bucket, and each layer), and each ledger
 * row's value at each date.
 */
export function compareProduct(input: {
  history: readonly LedgerRow[];
  layers: readonly StoredLayer[];
  levels: readonly StoredLevel[];
  allowNegativeStock: (warehouseId: string) => boolean;
  assembled: ReadonlyMap<string, Decimal>;
  /** The product's cost price (a deficit's provisional cost when nothing better is known). */
  costPrice?: Decimal;
  /** The product's landed costs and price differences (stock_cost_revaluations): inputs of the replay. */
  costEvents?: readonly CostEvent[];
}): Difference[] {
  const { history, layers, levels } = input;
  const differences: Difference[] = [];
  const diff = (d: Difference) => differences.push(d);
  const level = new Map(levels.map((l) => [l.warehouseId, l]));
  const ledgerQuantity = sumBy(
    history,
    (h) => `${h.warehouse_id}|${h.bucket}`,
    (h) => h.quantity,
  );
  const ledgerValue = sumBy(
    history,
    (h) => h.warehouse_id,
    (h) => h.value,
  );
  const warehouses = [
    ...new Set([
      ...levels.map((l) => l.warehouseId),
      ...history.map((h) => h.warehouse_id),
      ...layers.map((l) => l.warehouseId),
    ]),
  ].sort();

  // Quantities need no replay: the ledger's sums against the balances.
  for (const w of warehouses) {
    const kept = level.get(w);
    const onHand = ledgerQuantity.get(`${w}|STOCK`) ?? ZERO;
    const inTransit = ledgerQuantity.get(`${w}|TRANSIT`) ?? ZERO;
    if (!onHand.eq(kept?.onHand ?? 0))
      diff({
        kind: 'LEVEL_ON_HAND',
        warehouseId: w,
        bucket: 'STOCK',
        expected: onHand.toFixed(),
        stored: new Decimal(kept?.onHand ?? 0).toFixed(),
        detail: '',
      });
    if (!inTransit.eq(kept?.inTransit ?? 0))
      diff({
        kind: 'LEVEL_IN_TRANSIT',
        warehouseId: w,
        bucket: 'TRANSIT',
        expected: inTransit.toFixed(),
        stored: new Decimal(kept?.inTransit ?? 0).toFixed(),
        detail: '',
      });
  }

  const { movements, current, rows } = engineHistory(
    history,
    input.allowNegativeStock,
    input.assembled,
    input.costPrice ?? ZERO,
    input.costEvents ?? [],
  );
  let result: ReturnType<typeof replay>;
  try {
    result = replay(movements);
  } catch (e) {
    if (!(e instanceof FifoError)) throw e;
    diff({ kind: 'REPLAY_FAILED', warehouseId: null, bucket: null, expected: '', stored: '', detail: e.message });
    return differences;
  }

  const replayedValue = sumBy(
    result.entries,
    (e) => e.warehouseId,
    (e) => e.value,
  );
  const replayedLayers = sumBy(
    result.layers,
    (l) => `${l.warehouseId}|${l.bucket}`,
    (l) => l.remaining,
  );
  const replayedLayerValue = sumBy(
    result.layers,
    (l) => `${l.warehouseId}|${l.bucket}`,
    (l) => l.remainingValue,
  );
  const replayedConsigned = sumBy(
    result.layers.filter((l) => l.bucket === 'STOCK' && l.ownerId && l.remaining.gt(0)),
    (l) => l.warehouseId,
    (l) => l.remaining,
  );
  const storedLayers = sumBy(
    layers,
    (l) => `${l.warehouseId}|${l.bucket}`,
    (l) => l.remaining,
  );
  const storedLayerValue = sumBy(
    layers,
    (l) => `${l.warehouseId}|${l.bucket}`,
    (l) => l.remainingValue,
  );
  const allWarehouses = [...new Set([...warehouses, ...result.layers.map((l) => l.warehouseId)])].sort();
  for (const w of allWarehouses) {
    const kept = level.get(w);
    const value = replayedValue.get(w) ?? ZERO;
    const compare = (kind: FifoDifferenceKind, bucket: string | null, expected: Decimal, stored: Decimal.Value) => {
      if (!expected.eq(stored))
        diff({
          kind,
          warehouseId: w,
          bucket,
          expected: expected.toFixed(),
          stored: new Decimal(stored).toFixed(),
          detail: '',
        });
    };
    compare('LEVEL_VALUE', null, value, kept?.value ?? 0);
    compare('LEVEL_CONSIGNED', 'STOCK', replayedConsigned.get(w) ?? ZERO, kept?.consigned ?? 0);
    compare('LEDGER_VALUE', null, value, ledgerValue.get(w) ?? ZERO);
    for (const bucket of BUCKETS) {
      const key = `${w}|${bucket}`;
      compare('LAYER_QUANTITY', bucket, replayedLayers.get(key) ?? ZERO, storedLayers.get(key) ?? ZERO);
      compare('LAYER_VALUE', bucket, replayedLayerValue.get(key) ?? ZERO, storedLayerValue.get(key) ?? ZERO);
    }
  }

  // Layer by layer: a layer is known by the row that made it and its sequence.
  const stored = new Map(layers.map((l) => [`${l.originMovementId}|${l.seq}`, l]));
  const seen = new Set<string>();
  for (const l of result.layers) {
    const key = `${l.originMovementId}|${l.seq}`;
    seen.add(key);
    const s = stored.get(key);
    if (s && sameLayer(l, s)) continue;
    diff({
      kind: 'LAYER',
      warehouseId: l.warehouseId,
      bucket: l.bucket,
      expected: `${describeLayer(l)} (${l.receivedAt.slice(0, 10)})`,
      stored: s ? `${describeLayer(s)} (${s.receivedAt.slice(0, 10)})` : '—',
      detail: `layer of movement ${l.originMovementId} #${l.seq}`,
    });
  }
  for (const [key, s] of stored) {
    if (seen.has(key)) continue;
    diff({
      kind: 'LAYER',
      warehouseId: s.warehouseId,
      bucket: s.bucket,
      expected: '—',
      stored: `${describeLayer(s)} (${s.receivedAt.slice(0, 10)})`,
      detail: `layer of movement ${s.originMovementId} #${s.seq}`,
    });
  }

  // Each row's value at each date, as the ledger should hold it (rows at their date, settlements at theirs).
  const expected = new Map<string, { warehouseId: string; bucket: string; value: Decimal }>();
  for (const e of result.entries) {
    const key = `${e.movementId}|${e.effectiveAt}`;
    const had = expected.get(key);
    expected.set(key, { warehouseId: e.warehouseId, bucket: e.bucket, value: (had?.value ?? ZERO).add(e.value) });
  }
  const rowDifference = (
    key: string,
    warehouseId: string | null,
    bucket: string | null,
    want: Decimal,
    has: Decimal,
  ) => {
    const [movementId, at] = key.split('|') as [string, string];
    diff({
      kind: 'ROW_VALUE',
      warehouseId,
      bucket,
      expected: want.toFixed(),
      stored: has.toFixed(),
      detail: `movement ${movementId} at ${at}`,
    });
  };
  for (const [key, e] of expected) {
    const has = current.get(key) ?? ZERO;
    if (!e.value.eq(has)) rowDifference(key, e.warehouseId, e.bucket, e.value, has);
  }
  for (const [key, has] of current) {
    if (expected.has(key) || has.isZero()) continue;
    const row = rows.get(key.split('|')[0] as string);
    rowDifference(key, row?.warehouse_id ?? null, row?.bucket ?? null, ZERO, has);
  }
  return differences;
}
