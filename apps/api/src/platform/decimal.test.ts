import { compareDecimalText, decimalString, ExchangeRate, Money, Percentage, Quantity } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';

describe('exact decimal strings', () => {
  it('accepts money with up to two places and refuses what is not money', () => {
    for (const ok of ['0', '12', '12.5', '12.50', ' 7.10 ', '999999999999.99'])
      expect(Money.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', '-1', '1.234', '1e3', '0x10', '1,000', '.5', '5.', 'NaN', '1234567890123'])
      expect(Money.safeParse(bad).success, bad).toBe(false);
    expect(Money.parse(' 7.10 ')).toBe('7.10');
  });

  it('refuses numbers, so nothing arrives through floating point', () => {
    expect(Money.safeParse(12.5).success).toBe(false);
    expect(Quantity.safeParse(3).success).toBe(false);
  });

  it('bounds percentages at 100 exactly', () => {
    expect(Percentage.safeParse('100').success).toBe(true);
    expect(Percentage.safeParse('100.00').success).toBe(true);
    expect(Percentage.safeParse('100.01').success).toBe(false);
    expect(Percentage.safeParse('20').success).toBe(true);
    expect(Percentage.safeParse('1000').success).toBe(false);
  });

  it('wants exchange rates above zero', () => {
    expect(ExchangeRate.safeParse('0').success).toBe(false);
    expect(ExchangeRate.safeParse('0.00000000').success).toBe(false);
    expect(ExchangeRate.safeParse('0.86512345').success).toBe(true);
    expect(ExchangeRate.safeParse('0.865123456').success).toBe(false);
  });

  it('allows a sign only when asked', () => {
    const adjustment = decimalString({ scale: 4, signed: true });
    expect(adjustment.safeParse('-3.25').success).toBe(true);
    expect(Quantity.safeParse('-3.25').success).toBe(false);
  });

  it('compares decimal text exactly', () => {
    expect(compareDecimalText('100', '100.00')).toBe(0);
    expect(compareDecimalText('99.999', '100')).toBe(-1);
    expect(compareDecimalText('0100.1', '100.09')).toBe(1);
    expect(compareDecimalText('0.1', '0.10')).toBe(0);
  });
});
