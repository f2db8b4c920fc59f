import { salesInvoiceTotals, salesLineAmounts, VAT_CODE_LIST, VAT_CODES, type VatCode } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * An invoice's amounts are computed in integers (contracts, sales-invoices.ts). These tests hold them to figures
 * worked by hand and, on many generated lines, to the same rule written plainly with decimal.js at 60 digits.
 */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
function reference(
  line: { quantity: string; unitPrice: string; discountPercent: string; vatCode: VatCode },
  pricesIncludeVat: boolean,
) {
  const rate = VAT_CODES[line.vatCode];
  const entered = new D(line.quantity)
    .times(line.unitPrice)
    .times(new D(100).minus(line.discountPercent))
    .dividedBy(100)
    .toDecimalPlaces(2, D.ROUND_HALF_UP);
  if (pricesIncludeVat) {
    const vat = entered.times(rate).dividedBy(new D(100).plus(rate)).toDecimalPlaces(2, D.ROUND_HALF_UP);
    return { net: entered.minus(vat).toFixed(2), vatRate: rate, vat: vat.toFixed(2), gross: entered.toFixed(2) };
  }
  const vat = entered.times(rate).dividedBy(100).toDecimalPlaces(2, D.ROUND_HALF_UP);
  return { net: entered.toFixed(2), vatRate: rate, vat: vat.toFixed(2), gross: entered.plus(vat).toFixed(2) };
}

const decimal = (whole: number, places: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(whole + places) - 1n }), fc.integer({ min: 0, max: places }))
    .map(([n, p]) => {
      const digits = n.toString().padStart(p + 1, '0');
      return p ? `${digits.slice(0, -p)}.${digits.slice(-p)}` : digits;
    });
const line = fc.record({
  quantity: decimal(8, 4),
  unitPrice: decimal(8, 4),
  discountPercent: fc.oneof(fc.constant('0'), decimal(2, 4), fc.constant('100')),
  vatCode: fc.constantFrom(...VAT_CODE_LIST),
});

describe('sales invoice amounts', () => {
  it('match figures worked by hand, with and without VAT in the price', () => {
    // 3 × 9.99 = 29.97, VAT 20% on top 5.994 → 5.99; in the price 29.97 × 20/120 = 4.995 → 5.00.
    expect(salesLineAmounts({ quantity: '3', unitPrice: '9.99', vatCode: 'STANDARD' }, false)).toEqual({
      net: '29.97',
      vatRate: '20',
      vat: '5.99',
      gross: '35.96',
    });
    expect(salesLineAmounts({ quantity: '3', unitPrice: '9.99', vatCode: 'STANDARD' }, true)).toEqual({
      net: '24.97',
      vatRate: '20',
      vat: '5.00',
      gross: '29.97',
    });
    // 2.5 kg at 3.3333 less 12.5%: 7.291593… → 7.29; 5% VAT 0.3645 → 0.36.
    expect(
      salesLineAmounts({ quantity: '2.5', unitPrice: '3.3333', discountPercent: '12.5', vatCode: 'REDUCED' }, false),
    ).toEqual({ net: '7.29', vatRate: '5', vat: '0.36', gross: '7.65' });
    const totals = salesInvoiceTotals(
      [
        { quantity: '3', unitPrice: '9.99', vatCode: 'STANDARD' },
        { quantity: '1', unitPrice: '4.50', vatCode: 'ZERO' },
      ],
      { charge: '3.99', vatCode: 'STANDARD' },
      false,
    );
    expect(totals).toMatchObject({
      goodsNet: '34.47',
      net: '38.46',
      vat: '6.79',
      gross: '45.25',
      shipping: { net: '3.99', vat: '0.80', gross: '4.79' },
      perRate: [
        { vatCode: 'STANDARD', net: '33.96', vat: '6.79' },
        { vatCode: 'ZERO', net: '4.50', vat: '0.00' },
      ],
    });
  });

  it('equal the rule computed in decimals for any line, and sum to the penny', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        decimal(6, 2),
        (lines, inVat, charge) => {
          const totals = salesInvoiceTotals(lines, { charge, vatCode: 'STANDARD' }, inVat);
          const expected = lines.map((l) => reference(l, inVat));
          expect(totals.lines).toEqual(expected);
          const ship = reference(
            { quantity: '1', unitPrice: charge, discountPercent: '0', vatCode: 'STANDARD' },
            inVat,
          );
          expect(totals.shipping).toEqual(ship);
          const counted = new D(charge).isZero() ? expected : [...expected, ship];
          const net = counted.reduce((s, a) => s.plus(a.net), new D(0));
          const vat = counted.reduce((s, a) => s.plus(a.vat), new D(0));
          expect(totals.net).toBe(net.toFixed(2));
          expect(totals.vat).toBe(vat.toFixed(2));
          expect(totals.gross).toBe(net.plus(vat).toFixed(2));
          expect(totals.perRate.reduce((s, r) => s.plus(r.net), new D(0)).toFixed(2)).toBe(totals.net);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
