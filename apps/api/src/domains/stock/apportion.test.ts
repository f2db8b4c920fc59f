import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { type ApportionBasis, apportion } from './apportion.ts';

const texts = (shares: Decimal[]) => shares.map((s) => s.toFixed(2));
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
  return 'no error';
};

describe('apportion', () => {
  it('splits by value, quantity, weight and equally, to the penny', () => {
    const lines = [
      { value: '100', quantity: '1', weight: '2' },
      { value: '300', quantity: '3', weight: '6' },
    ];
    expect(texts(apportion('40', lines, 'value'))).toEqual(['10.00', '30.00']);
    expect(texts(apportion('40', lines, 'quantity'))).toEqual(['10.00', '30.00']);
    expect(texts(apportion('40', lines, 'weight'))).toEqual(['10.00', '30.00']);
    expect(texts(apportion('40', lines, 'equal'))).toEqual(['20.00', '20.00']);
  });

  it('gives the residual penny to the largest line', () => {
    // 10 / 3 = 3.333…: three shares of 3.33 leave a penny, which goes to the largest line (the second).
    const lines = [{ quantity: '1' }, { quantity: '1.5' }, { quantity: '1' }];
    expect(texts(apportion('10', lines, 'equal'))).toEqual(['3.34', '3.33', '3.33']);
    expect(texts(apportion('0.10', [{ value: '1' }, { value: '5' }, { value: '1' }], 'value'))).toEqual([
      '0.01',
      '0.08',
      '0.01',
    ]);
    // Rounding up everywhere over-gives: the largest line gives the penny back.
    expect(texts(apportion('0.02', [{ value: '1' }, { value: '1' }, { value: '1' }], 'value'))).toEqual([
      '0.00',
      '0.01',
      '0.01',
    ]);
  });

  it('shares a credit the same way, none positive', () => {
    expect(texts(apportion('-10', [{ quantity: '1' }, { quantity: '2' }], 'quantity'))).toEqual(['-3.33', '-6.67']);
  });

  it('refuses a basis that adds up to zero or is unknown, and an amount finer than a penny', () => {
    expect(codeOf(() => apportion('5', [{ weight: '0' }, { weight: '0' }], 'weight'))).toBe('APPORTION_BASIS_ZERO');
    expect(codeOf(() => apportion('5', [{ weight: '1' }, { weight: null }], 'weight'))).toBe('APPORTION_BASIS_UNKNOWN');
    expect(codeOf(() => apportion('5', [], 'equal'))).toBe('APPORTION_BASIS_ZERO');
    expect(codeOf(() => apportion('5', [{ value: '-1' }, { value: '3' }], 'value'))).toBe('APPORTION_BASIS_UNKNOWN');
    expect(codeOf(() => apportion('5.001', [{ value: '1' }], 'value'))).toBe('APPORTION_AMOUNT_INVALID');
  });

  it('always adds up exactly, to the penny, never on the other side of zero, near the exact share', () => {
    const basis = fc.constantFrom<ApportionBasis>('value', 'quantity', 'weight', 'equal');
    const amount = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((p) => new Decimal(p).div(100));
    const figure = fc.integer({ min: 0, max: 1_000_000 }).map((n) => new Decimal(n).div(1000).toFixed());
    const line = fc.record({ value: figure, quantity: figure, weight: figure });
    fc.assert(
      fc.property(amount, fc.array(line, { minLength: 1, maxLength: 40 }), basis, (total, lines, b) => {
        const weights = lines.map((l) => (b === 'equal' ? new Decimal(1) : new Decimal(l[b])));
        const sum = weights.reduce((s, w) => s.add(w), new Decimal(0));
        if (sum.isZero()) {
          expect(codeOf(() => apportion(total, lines, b))).toBe('APPORTION_BASIS_ZERO');
          return;
        }
        const shares = apportion(total, lines, b);
        expect(shares).toHaveLength(lines.length);
        expect(shares.reduce((s, x) => s.add(x), new Decimal(0)).eq(total)).toBe(true);
        shares.forEach((s, i) => {
          expect(s.decimalPlaces()).toBeLessThanOrEqual(2);
          if (total.isPositive()) expect(s.isNegative() && !s.isZero()).toBe(false);
          if (total.isNegative()) expect(s.gt(0)).toBe(false);
          // Each share is within a penny of its exact share (half a penny of rounding, one residual penny).
          const exact = total.mul(weights[i] as Decimal).div(sum);
          expect(s.sub(exact).abs().lte('0.015')).toBe(true);
          // A line with nothing to share by gets nothing.
          if ((weights[i] as Decimal).isZero()) expect(s.isZero()).toBe(true);
        });
      }),
      { numRuns: 500, seed: 16_004 },
    );
  });
});
