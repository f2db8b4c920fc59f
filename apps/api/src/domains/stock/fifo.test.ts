import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { type Bucket, type EngineMovement, FifoError, FifoState, type Layer, replay } from './fifo.ts';

// The rules of fifo.ts's header, one example each; fifo.property.test.ts checks them on random ledgers.

const day = (n: number) => new Date(2026, 0, n).toISOString();

/** Rows with increasing ids, as the ledger numbers them. */
function ledger() {
  let id = 0;
  return (
    onDay: number,
    warehouseId: string,
    bucket: Bucket,
    quantity: string,
    more: Partial<EngineMovement> = {},
  ): EngineMovement => ({
    id: String(++id),
    postedAt: day(onDay),
    warehouseId,
    bucket,
    quantity: new Decimal(quantity),
    ...more,
  });
}

const cost = (unitCost: string) => ({ unitCost: new Decimal(unitCost) });
const show = (layers: Layer[]) =>
  layers.map((l) => ({
    from: l.originMovementId,
    at: l.receivedAt,
    where: `${l.warehouseId}|${l.bucket}`,
    owner: l.ownerId,
    unitCost: l.unitCost.toFixed(),
    remaining: l.remaining.toFixed(),
    value: l.remainingValue.toFixed(),
  }));

function refusal(fn: () => unknown): FifoError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FifoError) return e;
    throw e;
  }
  throw new Error('expected a FifoError');
}

describe('FIFO valuation', () => {
  it('takes the oldest layers first', () => {
    const row = ledger();
    const s = new FifoState();
    s.apply(row(1, 'W1', 'STOCK', '5', { cost: cost('2') }));
    s.apply(row(2, 'W1', 'STOCK', '5', { cost: cost('3') }));
    const issue = s.apply(row(3, 'W1', 'STOCK', '-7'));
    expect(issue.value.toFixed()).toBe('-16');
    expect(issue.slices.map((x) => [x.layerMovementId, x.quantity.toFixed(), x.value.toFixed()])).toEqual([
      ['1', '5', '10'],
      ['2', '2', '6'],
    ]);
    expect(show(s.openLayers())).toEqual([
      { from: '2', at: day(2), where: 'W1|STOCK', owner: null, unitCost: '3', remaining: '3', value: '9' },
    ]);
  });

  it('values a partial take pro rata to 8 places, and the take that empties a layer carries what is left', () => {
    const row = ledger();
    const s = new FifoState();
    s.apply(row(1, 'W1', 'STOCK', '3', { cost: { value: new Decimal('10') } }));
    const takes = [2, 3, 4].map((d) => s.apply(row(d, 'W1', 'STOCK', '-1')).value.toFixed());
    // 10/3 = 3.333333333…; then 6.66666667/2 = 3.333333335 (half up); the last take carries the rest.
    expect(takes).toEqual(['-3.33333333', '-3.33333334', '-3.33333333']);
    expect(s.openLayers()).toEqual([]);
  });

  it('moves layers through transit with their received date and cost, ahead of newer stock', () => {
    const row = ledger();
    const s = new FifoState();
    s.apply(row(1, 'W1', 'STOCK', '4', { cost: cost('2.5') }));
    s.apply(row(2, 'W2', 'STOCK', '1', { cost: cost('9') }));
    const out = row(3, 'W1', 'STOCK', '-4');
    s.apply(out);
    expect(s.apply(row(3, 'W2', 'TRANSIT', '4', { cost: { linkedTo: out.id } })).value.toFixed()).toBe('10');
    const arrived = row(5, 'W2', 'TRANSIT', '-3');
    s.apply(arrived);
    s.apply(row(5, 'W2', 'STOCK', '3', { cost: { linkedTo: arrived.id } }));
    // The one unit that never arrived is written off from transit.
    expect(s.apply(row(6, 'W2', 'TRANSIT', '-1')).value.toFixed()).toBe('-2.5');
    expect(show(s.openLayers())).toEqual([
      { from: '6', at: day(1), where: 'W2|STOCK', owner: null, unitCost: '2.5', remaining: '3', value: '7.5' },
      { from: '2', at: day(2), where: 'W2|STOCK', owner: null, unitCost: '9', remaining: '1', value: '9' },
    ]);
    expect(s.apply(row(7, 'W2', 'STOCK', '-3')).value.toFixed()).toBe('-7.5');
  });

  it('brings a return back at the cost it left with, and never more than was issued', () => {
    const row = ledger();
    const s = new FifoState();
    s.apply(row(1, 'W1', 'STOCK', '2', { cost: cost('1') }));
    s.apply(row(2, 'W1', 'STOCK', '2', { cost: cost('5') }));
    const issue = row(3, 'W1', 'STOCK', '-3');
    expect(s.apply(issue).value.toFixed()).toBe('-7');
    s.apply(row(4, 'W1', 'STOCK', '1', { cost: cost('8') }));
    expect(s.apply(row(5, 'W1', 'STOCK', '2', { cost: { linkedTo: issue.id } })).value.toFixed()).toBe('2');
    const last = s.apply(row(6, 'W1', 'STOCK', '1', { cost: { linkedTo: issue.id } }));
    expect(show(last.created)).toEqual([
      { from: '6', at: day(2), where: 'W1|STOCK', owner: null, unitCost: '5', remaining: '1', value: '5' },
    ]);
    const before = show(s.openLayers());
    const e = refusal(() => s.apply(row(7, 'W1', 'STOCK', '0.0001', { cost: { linkedTo: issue.id } })));
    expect(e.code).toBe('RETURN_EXCEEDS_ISSUE');
    expect(show(s.openLayers())).toEqual(before);
    // Returned layers sit where their received date puts them: the day-1 units go first.
    expect(show(s.openLayers()).map((l) => [l.from, l.at, l.remaining])).toEqual([
      ['5', day(1), '2'],
      ['2', day(2), '1'],
      ['6', day(2), '1'],
      ['4', day(4), '1'],
    ]);
  });

  it('gives back exactly what was issued when it comes back in several parts', () => {
    const row = ledger();
    const s = new FifoState();
    s.apply(row(1, 'W1', 'STOCK', '8.0128', { cost: { value: new Decimal('92.21') } }));
    const issue = row(2, 'W1', 'STOCK', '-8.0128');
    expect(s.apply(issue).value.toFixed()).toBe('-92.21');
    const parts = ['1.3535', '2.3618', '4.2975'].map((q, i) =>
      s.apply(row(3 + i, 'W1', 'STOCK', q, { cost: { linkedTo: issue.id } })),
    );
    // Each part is what has come back so far, pro rata, less what came back before.
    expect(parts.map((p) => p.value.toFixed())).toEqual(['15.575858', '27.17921052', '49.45493148']);
    expect(parts.reduce((sum, p) => sum.add(p.value), new Decimal(0)).toFixed()).toBe('92.21');
  });

  it('takes consigned stock in at no cost, keeps its owner, and never prices a deficit from it', () => {
    const row = ledger();
    const s = new FifoState();
    s.apply(row(1, 'W3', 'STOCK', '1', { cost: cost('4') }));
    const consigned = s.apply(row(2, 'W3', 'STOCK', '2', { cost: cost('5'), ownerId: 'SUPPLIER-1' }));
    expect(consigned.value.toFixed()).toBe('0');
    expect(show(consigned.created)).toEqual([
      { from: '2', at: day(2), where: 'W3|STOCK', owner: 'SUPPLIER-1', unitCost: '0', remaining: '2', value: '0' },
    ]);
    // Outbound rows take the oldest stock whoever owns it; the unit short is priced at the last own cost, 4.
    const issue = s.apply(row(3, 'W3', 'STOCK', '-4', { allowDeficit: true }));
    expect(issue.slices.map((x) => [x.ownerId, x.quantity.toFixed(), x.value.toFixed(), x.isDeficit])).toEqual([
      [null, '1', '4', false],
      ['SUPPLIER-1', '2', '0', false],
      [null, '1', '4', true],
    ]);
    expect(issue.value.toFixed()).toBe('-8');
  });

  it('values a deficit at the last own cost, then settles it from the next receipt with a revaluation dated then', () => {
    const row = ledger();
    const s = new FifoState();
    s.apply(row(1, 'W3', 'STOCK', '2', { cost: cost('3') }));
    const issue = row(2, 'W3', 'STOCK', '-5', { allowDeficit: true });
    expect(s.apply(issue).value.toFixed()).toBe('-15');
    expect(show(s.openLayers())).toEqual([
      { from: '2', at: day(2), where: 'W3|STOCK', owner: null, unitCost: '3', remaining: '-3', value: '-9' },
    ]);
    expect(s.lastCosts().map((c) => [c.warehouseId, c.bucket, c.unitCost.toFixed()])).toEqual([['W3', 'STOCK', '3']]);

    const receipt = s.apply(row(4, 'W3', 'STOCK', '4', { cost: cost('4') }));
    expect(receipt.value.toFixed()).toBe('16');
    // The 3 units owed really cost 12, not 9: the issue is worth 3 less, from the day the receipt settles it.
    expect(receipt.revaluations.map((r) => [r.movementId, r.effectiveAt, r.value.toFixed()])).toEqual([
      [issue.id, day(4), '-3'],
    ]);
    expect(show(s.openLayers())).toEqual([
      { from: '3', at: day(4), where: 'W3|STOCK', owner: null, unitCost: '4', remaining: '1', value: '4' },
    ]);
  });

  it('values a deficit at zero when nothing of its own was ever there', () => {
    const row = ledger();
    const s = new FifoState();
    expect(s.apply(row(1, 'W3', 'STOCK', '-2', { allowDeficit: true })).value.toFixed()).toBe('0');
    const receipt = s.apply(row(2, 'W3', 'STOCK', '2', { cost: cost('1.5') }));
    expect(receipt.revaluations.map((r) => [r.movementId, r.value.toFixed()])).toEqual([['1', '-3']]);
    expect(s.openLayers()).toEqual([]);
  });

  it('values a first deficit at the fallback cost (the cost price) when nothing of its own was ever there', () => {
    const row = ledger();
    const s = new FifoState();
    const issue = s.apply(row(1, 'W3', 'STOCK', '-2', { allowDeficit: true, fallbackUnitCost: new Decimal('1.25') }));
    expect(issue.value.toFixed()).toBe('-2.5');
    expect(issue.slices.map((x) => [x.unitCost.toFixed(), x.value.toFixed(), x.isDeficit])).toEqual([
      ['1.25', '2.5', true],
    ]);
    // The receipt settles it at what the units cost: 2 × 1.5 = 3, so the issue is worth 0.5 more.
    const receipt = s.apply(row(2, 'W3', 'STOCK', '2', { cost: cost('1.5') }));
    expect(receipt.revaluations.map((r) => [r.movementId, r.value.toFixed()])).toEqual([['1', '-0.5']]);
  });

  it('lets a receipt wholly absorbed by a deficit set the last cost for the next deficit', () => {
    const row = ledger();
    const s = new FifoState();
    s.apply(row(1, 'W3', 'STOCK', '1', { cost: cost('2') }));
    s.apply(row(2, 'W3', 'STOCK', '-4', { allowDeficit: true }));
    // 3 owed; a receipt of 3 at 7 pays them off and leaves no layer, yet 7 is now the newest cost.
    s.apply(row(3, 'W3', 'STOCK', '3', { cost: cost('7') }));
    expect(s.openLayers()).toEqual([]);
    expect(s.lastCosts().map((c) => c.unitCost.toFixed())).toEqual(['7']);
    const next = s.apply(row(4, 'W3', 'STOCK', '-1', { allowDeficit: true, fallbackUnitCost: new Decimal('1') }));
    expect(next.value.toFixed()).toBe('-7');
  });

  it('brings a return of a settled deficit back at what the units really cost', () => {
    const row = ledger();
    const s = new FifoState();
    const issue = row(1, 'W3', 'STOCK', '-4', { allowDeficit: true, fallbackUnitCost: new Decimal('2') });
    expect(s.apply(issue).value.toFixed()).toBe('-8');
    // Settled at 5 a unit: the issue is now worth 20.
    const receipt = s.apply(row(2, 'W3', 'STOCK', '4', { cost: cost('5') }));
    expect(receipt.revaluations.map((r) => r.value.toFixed())).toEqual(['-12']);
    const back = s.apply(row(3, 'W3', 'STOCK', '1', { cost: { linkedTo: issue.id } }));
    expect(back.value.toFixed()).toBe('5');
    expect(show(back.created).map((l) => [l.unitCost, l.remaining, l.value])).toEqual([['5', '1', '5']]);
    // The rest comes back at the settled cost too, so the returns add up to what the issue is worth.
    expect(s.apply(row(4, 'W3', 'STOCK', '3', { cost: { linkedTo: issue.id } })).value.toFixed()).toBe('15');
  });

  it('refuses to take more than there is, and changes nothing', () => {
    const row = ledger();
    const s = new FifoState();
    s.apply(row(1, 'W1', 'STOCK', '2', { cost: cost('3') }));
    s.apply(row(2, 'W1', 'STOCK', '-0.5'));
    const layers = show(s.openLayers());
    const lastCosts = s.lastCosts().map((c) => c.unitCost.toFixed());
    const e = refusal(() => s.apply(row(3, 'W1', 'STOCK', '-1.6')));
    expect([e.code, e.details]).toEqual(['INSUFFICIENT_STOCK', { available: '1.5', requested: '1.6' }]);
    // The refused row itself, so that a replay can name the row and the day that would go negative.
    expect([e.at?.movementId, e.at?.postedAt, e.at?.quantity.toFixed()]).toEqual(['3', day(3), '-1.6']);
    expect(show(s.openLayers())).toEqual(layers);
    expect(s.lastCosts().map((c) => c.unitCost.toFixed())).toEqual(lastCosts);
    expect(s.apply(row(4, 'W1', 'STOCK', '-1.5')).value.toFixed()).toBe('-4.5');
  });

  it('refuses a link to a row that took nothing, and an increase without a cost', () => {
    const row = ledger();
    const s = new FifoState();
    const receipt = row(1, 'W1', 'STOCK', '1', { cost: cost('1') });
    s.apply(receipt);
    expect(refusal(() => s.apply(row(2, 'W1', 'STOCK', '1', { cost: { linkedTo: receipt.id } }))).code).toBe(
      'LINK_NOT_FOUND',
    );
    expect(refusal(() => s.apply(row(3, 'W1', 'STOCK', '1'))).code).toBe('UNIT_COST_REQUIRED');
    expect(show(s.openLayers()).map((l) => l.remaining)).toEqual(['1']);
  });

  it('replays rows in ledger order (posted, then id), whatever order they come in', () => {
    const row = ledger();
    const rows = [
      row(1, 'W1', 'STOCK', '1', { cost: cost('1') }),
      row(3, 'W1', 'STOCK', '-2'),
      // Backdated: the newest id, dated before the issue that needs it.
      row(2, 'W1', 'STOCK', '1', { cost: cost('5') }),
    ];
    for (const given of [rows, [...rows].reverse()]) {
      const r = replay(given);
      expect(r.values.get('2')?.toFixed()).toBe('-6');
      expect(r.entries.map((e) => e.movementId)).toEqual(['1', '3', '2']);
      expect(r.layers).toEqual([]);
    }
  });
});
