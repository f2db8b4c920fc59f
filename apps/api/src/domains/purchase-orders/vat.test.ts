import { VAT_CODES, vatLineAmounts, vatRateOf, vatTotals } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';

/** The VAT of purchasing documents (contracts' purchasing/vat.ts): exact, per line, half up, summed per rate. */
describe('VAT per line', () => {
  it('knows the UK rates', () => {
    expect(VAT_CODES).toEqual({ STANDARD: '20', REDUCED: '5', ZERO: '0', EXEMPT: '0' });
    expect(vatRateOf('REDUCED')).toBe('5');
  });

  it('rounds the net half up to the penny after the discount, then the VAT half up on that net', () => {
    const cases: [string, string, string, 'STANDARD' | 'REDUCED' | 'ZERO' | 'EXEMPT', string, string][] = [
      // quantity, unit cost, discount %, code → net, VAT
      ['3', '0.335', '0', 'STANDARD', '1.01', '0.20'], // 1.005 → 1.01 (not banker's 1.00); 0.202 → 0.20
      ['1', '0.125', '0', 'STANDARD', '0.13', '0.03'], // 0.125 → 0.13; 0.026 → 0.03
      ['1', '0.025', '0', 'STANDARD', '0.03', '0.01'], // 0.025 → 0.03; 0.006 → 0.01
      ['7', '1.25', '12.5', 'REDUCED', '7.66', '0.38'], // 7.65625 → 7.66; 0.383 → 0.38
      ['1', '0.1', '0', 'REDUCED', '0.10', '0.01'], // 0.005 VAT → 0.01
      ['2', '10.005', '0', 'EXEMPT', '20.01', '0.00'],
      ['2', '10.005', '0', 'ZERO', '20.01', '0.00'],
      ['1', '2.5', '100', 'STANDARD', '0.00', '0.00'],
      ['0.3333', '3', '0', 'STANDARD', '1.00', '0.20'], // 0.9999 → 1.00
      ['1000000', '0.000001', '0', 'STANDARD', '1.00', '0.20'],
      // Binary floating point would say 0.1 × 3 = 0.30000000000000004 and 1.15 × 100 = 114.99999999999999.
      ['3', '0.1', '0', 'STANDARD', '0.30', '0.06'],
      ['100', '1.15', '0', 'STANDARD', '115.00', '23.00'],
      ['1', '4.4175', '0', 'STANDARD', '4.42', '0.88'], // VAT 0.884 → 0.88
      ['1', '4.425', '0', 'STANDARD', '4.43', '0.89'], // VAT 0.886 → 0.89
    ];
    for (const [quantity, unitCost, discountPercent, vatCode, net, vat] of cases) {
      const a = vatLineAmounts({ quantity, unitCost, discountPercent, vatCode });
      expect([a.net, a.vat], `${quantity} × ${unitCost} − ${discountPercent}% ${vatCode}`).toEqual([net, vat]);
    }
  });

  it('writes the gross as net plus VAT, two places', () => {
    expect(vatLineAmounts({ quantity: '1', unitCost: '9.99', vatCode: 'STANDARD' })).toEqual({
      net: '9.99',
      vatRate: '20',
      vat: '2.00',
      gross: '11.99',
    });
  });
});

describe('VAT totals', () => {
  it('sums the lines’ rounded amounts per rate (not the VAT of the summed net), in the codes’ order', () => {
    const totals = vatTotals([
      { quantity: '1', unitCost: '0.125', vatCode: 'STANDARD' }, // 0.13 / 0.03
      { quantity: '1', unitCost: '0.125', vatCode: 'STANDARD' }, // 0.13 / 0.03
      { quantity: '1', unitCost: '0.125', vatCode: 'STANDARD' }, // 0.13 / 0.03
      { quantity: '2', unitCost: '5', vatCode: 'EXEMPT' },
      { quantity: '1', unitCost: '3', vatCode: 'REDUCED' },
    ]);
    // The summed net 0.39 × 20 % would be 0.08; the lines' VAT adds up to 0.09.
    expect(totals.perRate).toEqual([
      { vatCode: 'STANDARD', vatRate: '20', net: '0.39', vat: '0.09' },
      { vatCode: 'REDUCED', vatRate: '5', net: '3.00', vat: '0.15' },
      { vatCode: 'EXEMPT', vatRate: '0', net: '10.00', vat: '0.00' },
    ]);
    expect([totals.net, totals.vat, totals.gross]).toEqual(['13.39', '0.24', '13.63']);
  });

  it('takes lines already computed as they are, and an empty document is zero', () => {
    expect(vatTotals([{ vatCode: 'ZERO', vatRate: '0', net: '1.50', vat: '0.00', gross: '1.50' }]).net).toBe('1.50');
    expect(vatTotals([])).toEqual({ perRate: [], net: '0.00', vat: '0.00', gross: '0.00' });
  });
});
