import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * UK VAT on purchasing documents (DOMAIN.md "Purchasing rules", VAT): computed per line on the net after
 * discount, rounded half up to the penny; a document's VAT per rate and in total is the sum of its lines
 * (HMRC accepts line-level rounding). EXEMPT carries no VAT like ZERO but is reported apart from it.
 * Every purchasing document (orders, receipts, supplier invoices, RMAs) computes with these functions.
 */
export const VAT_CODES = { STANDARD: '20', REDUCED: '5', ZERO: '0', EXEMPT: '0' } as const;
export const VAT_CODE_LIST = ['STANDARD', 'REDUCED', 'ZERO', 'EXEMPT'] as const;
export const VatCode = z.enum(VAT_CODE_LIST);
export type VatCode = z.infer<typeof VatCode>;

/** The rate of a code as a decimal string ("20", "5", "0"). */
export function vatRateOf(code: VatCode): string {
  return VAT_CODES[code];
}

/** Decimal strings (or numbers that are integers) only: never binary fractions. */
type Exact = string | Decimal;

export interface VatLineInput {
  quantity: Exact;
  unitCost: Exact;
  /** 0–100; empty: none. */
  discountPercent?: Exact;
  vatCode: VatCode;
}

export interface VatLineAmounts {
  /** round(quantity × unit cost × (1 − discount/100), 2) half up, "12.34". */
  net: string;
  /** The code's rate, "20". */
  vatRate: string;
  /** round(net × rate/100, 2) half up. */
  vat: string;
  /** net + vat. */
  gross: string;
}

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/** A line's net and VAT, exact. */
export function vatLineAmounts(line: VatLineInput): VatLineAmounts {
  const discount = new D(line.discountPercent ?? '0');
  const net = new D(line.quantity)
    .times(line.unitCost)
    .times(new D(100).minus(discount))
    .dividedBy(100)
    .toDecimalPlaces(2, D.ROUND_HALF_UP);
  const rate = vatRateOf(line.vatCode);
  const vat = net.times(rate).dividedBy(100).toDecimalPlaces(2, D.ROUND_HALF_UP);
  return { net: net.toFixed(2), vatRate: rate, vat: vat.toFixed(2), gross: net.plus(vat).toFixed(2) };
}

export interface VatRateTotal {
  vatCode: VatCode;
  vatRate: string;
  net: string;
  vat: string;
}

export interface VatTotals {
  /** One row per code used, in VAT_CODE_LIST order (STANDARD, REDUCED, ZERO, EXEMPT). */
  perRate: VatRateTotal[];
  net: string;
  vat: string;
  gross: string;
}

/** A document's totals: the sums of its lines' rounded amounts, per VAT code and in total. */
export function vatTotals(lines: readonly (VatLineInput | (VatLineAmounts & { vatCode: VatCode }))[]): VatTotals {
  const per = new Map<VatCode, { net: Decimal; vat: Decimal }>();
  let net = new D(0);
  let vat = new D(0);
  for (const line of lines) {
    const a = 'net' in line ? line : vatLineAmounts(line);
    const sum = per.get(line.vatCode) ?? { net: new D(0), vat: new D(0) };
    sum.net = sum.net.plus(a.net);
    sum.vat = sum.vat.plus(a.vat);
    per.set(line.vatCode, sum);
    net = net.plus(a.net);
    vat = vat.plus(a.vat);
  }
  const perRate = VAT_CODE_LIST.filter((c) => per.has(c)).map((c) => {
    const s = per.get(c) as { net: Decimal; vat: Decimal };
    return { vatCode: c, vatRate: VAT_CODES[c], net: s.net.toFixed(2), vat: s.vat.toFixed(2) };
  });
  return { perRate, net: net.toFixed(2), vat: vat.toFixed(2), gross: net.plus(vat).toFixed(2) };
}
