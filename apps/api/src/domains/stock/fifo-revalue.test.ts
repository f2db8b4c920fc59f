import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { type Bucket, type CostChangeKind, type EngineMovement, FifoError, FifoState, replay } from './fifo.ts';

// Landed costs and price differences in the engine (fifo.ts, revalue): who gets what of an amount.

const day = (n: number) => new Date(2026, 0, n).toISOString();
const D = (v: string) => new Decimal(v);

function ledger() {
  let id = 0;
  return {
    row: (onDay: number, warehouseId: string, bucket: Bucket, quantity: string, more: Partial<EngineMovement> = {}) =>
      ({
        id: String(++id),
        postedAt: day(onDay),
        warehouseId,
        bucket,
        quantity: D(quantity),
        ...more,
      }) as EngineMovement,
    change: (onDay: number, receiptId: string, amount: string, kind: CostChangeKind = 'LANDED_COST') =>
      ({
        id: String(++id),
        postedAt: day(onDay),
        warehouseId: '',
        bucket: 'STOCK',
        quantity: D('0'),
        revalue: { eventId: `e${id}`, kind, receiptId, amount: D(amount) },
      }) as EngineMovement,
  };
}
const cost = (unitCost: string) => ({ unitCost: D(unitCost) });

describe('a cost change in the FIFO engine', () => {
  it('follows the receipt’s units through a transfer and a return, and sends the share of units gone to cost of sales', () => {
    const { row, change } = ledger();
    const s = new FifoState();
    s.apply(row(1, 'A', 'STOCK', '10', { cost: cost('1') })); // 1: the receipt
    s.apply(row(1, 'A', 'STOCK', '5', { cost: cost('9') })); // 2: another receipt, untouched
    s.apply(row(2, 'A', 'STOCK', '-6')); // 3: 6 of receipt 1 go to B
    s.apply(row(2, 'B', 'TRANSIT', '6', { cost: { linkedTo: '3' } })); // 4
    s.apply(row(3, 'B', 'TRANSIT', '-6')); // 5
    s.apply(row(3, 'B', 'STOCK', '6', { cost: { linkedTo: '5' } })); // 6
    s.apply(row(4, 'B', 'STOCK', '-5')); // 7: 5 sold in B
    s.apply(row(5, 'B', 'STOCK', '2', { cost: { linkedTo: '7' } })); // 8: 2 of them come back
    // In stock: 4 in A, 1 + 2 in B = 7 of 10; gone: 3, sold in B by row 7.
    const r = s.apply(change(6, '1', '10'));
    expect(r.value.toFixed()).toBe('7');
    expect(r.costChange?.layers.map((l) => [l.warehouseId, l.bucket, l.value.toFixed()]).sort()).toEqual([
      ['A', 'STOCK', '4'],
      ['B', 'STOCK', '3'],
    ]);
    expect(r.costChange?.costOfSales.map((c) => [c.warehouseId, c.cause, c.amount.toFixed(), c.movementIds])).toEqual([
      ['B', 'SOLD', '3', ['7']],
    ]);
    // What is taken next carries it: the oldest units in A are the receipt's, now at 2.
    expect(s.apply(row(7, 'A', 'STOCK', '-4')).value.toFixed()).toBe('-8');
  });

  it('shares odd amounts exactly: the last layer takes the rounding remainder', () => {
    const { row, change } = ledger();
    const s = new FifoState();
    s.apply(row(1, 'A', 'STOCK', '3', { cost: cost('1') }));
    s.apply(row(2, 'A', 'STOCK', '-1'));
    s.apply(row(2, 'B', 'STOCK', '1', { cost: { linkedTo: '2' } }));
    const r = s.apply(change(3, '1', '0.01'));
    const layers = r.costChange?.layers.map((l) => l.value) ?? [];
    const cos = r.costChange?.costOfSales.map((c) => c.amount) ?? [];
    expect([...layers, ...cos].reduce((a, b) => a.add(b), D('0')).toFixed()).toBe('0.01');
    expect(layers.every((v) => v.decimalPlaces() <= 8)).toBe(true);
  });

  it('leaves supplier-owned layers at zero and floors a credit at zero, the rest to cost of sales', () => {
    const { row, change } = ledger();
    const s = new FifoState();
    s.apply(row(1, 'A', 'STOCK', '4', { cost: cost('5'), ownerId: 'SUPPLIER' }));
    const consigned = s.apply(change(2, '1', '8'));
    expect(consigned.value.toFixed()).toBe('0');
    expect(consigned.costChange?.costOfSales.map((c) => [c.cause, c.amount.toFixed()])).toEqual([['CONSIGNED', '8']]);
    s.apply(row(3, 'A', 'STOCK', '2', { cost: cost('1') })); // 3: worth 2
    const credit = s.apply(change(4, '3', '-5'));
    expect(credit.value.toFixed()).toBe('-2');
    expect(credit.costChange?.costOfSales.map((c) => [c.cause, c.amount.toFixed()])).toEqual([['BELOW_ZERO', '-3']]);
  });

  it('replays the same: its rows are keyed per warehouse and bucket, its cost of sales listed', () => {
    const { row, change } = ledger();
    const rows = [
      row(1, 'A', 'STOCK', '4', { cost: cost('1') }),
      row(2, 'A', 'STOCK', '-1'),
      change(3, '1', '2'),
      row(4, 'A', 'STOCK', '-3'),
    ];
    const result = replay(rows);
    expect(result.entries.find((e) => e.movementId.startsWith('LANDED_COST:'))).toMatchObject({
      movementId: 'LANDED_COST:1:A:STOCK',
      effectiveAt: day(3),
    });
    expect(result.costOfSales.map((c) => c.amount.toFixed())).toEqual(['0.5']);
    expect(result.values.get('4')?.toFixed()).toBe('-4.5');
  });

  it('refuses a change of a row that is not a receipt of the product', () => {
    const { change } = ledger();
    expect(() => new FifoState().apply(change(1, '99', '1'))).toThrow(FifoError);
  });
});
