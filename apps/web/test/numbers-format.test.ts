import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatMoney,
  formatNumber,
  formatPercent,
  formatQuantity,
  formatRate,
  magnitude,
} from '../src/shared/lib/numbers.ts';

// Intl writes a narrow no-break space (U+202F) or a no-break space (U+00A0) where a space separates; compare as spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('one number format per language', () => {
  it.each([
    ['en', '£1,234.50', '12,345.6789', '1,234.50', '12.5%', '0.86123456'],
    ['de', '1.234,50 £', '12.345,6789', '1.234,50', '12,5 %', '0,86123456'],
    ['es', '1234,50 £', '12.345,6789', '1234,50', '12,5 %', '0,86123456'],
    ['pt', '1234,50 £', '12 345,6789', '1234,50', '12,5%', '0,86123456'],
  ])(
    '%s: money %s, quantity %s, amount %s, percent %s, rate %s',
    (language, money, quantity, amount, percent, rate) => {
      expect(plain(formatMoney('1234.5', language))).toBe(money);
      expect(plain(formatQuantity('12345.6789', language))).toBe(quantity);
      expect(plain(formatAmount('1234.5', language))).toBe(amount);
      expect(plain(formatPercent('12.5', language))).toBe(percent);
      expect(plain(formatRate('0.86123456', language))).toBe(rate);
    },
  );

  it('is exact: a decimal never passes through a float', () => {
    // 0.1 + 0.2 and a 17-digit amount stay as written.
    expect(formatAmount('12345678901234.57', 'en')).toBe('12,345,678,901,234.57');
    expect(formatQuantity('0.3000', 'de')).toBe('0,3');
    expect(formatMoney('12.0909', 'en', 'GBP', 4)).toBe('£12.0909');
  });

  it('writes unit costs with up to four places, values with two', () => {
    expect(formatAmount('12.5', 'de', 4)).toBe('12,50');
    expect(formatAmount('12.1234', 'de', 4)).toBe('12,1234');
    expect(formatAmount('12.1234', 'de')).toBe('12,12');
  });

  it('signs a change of stock when asked, and drops the sign under a label that says the direction', () => {
    expect(formatQuantity('5', 'en', true)).toBe('+5');
    expect(formatQuantity('-5', 'de', true)).toBe('-5');
    expect(formatQuantity('0', 'en', true)).toBe('0');
    expect(formatAmount(magnitude('-5.00'), 'en')).toBe('5.00');
  });

  it('writes other currencies with their sign or code, the pound always as £', () => {
    expect(formatMoney('10', 'es')).toContain('£');
    expect(plain(formatMoney('10', 'de', 'EUR'))).toBe('10,00 €');
    expect(formatMoney('10', 'en', 'USD')).toBe('$10.00');
  });

  it('shows text that is not a decimal as it is, and nothing for nothing', () => {
    expect(formatQuantity('n/a', 'en')).toBe('n/a');
    expect(formatMoney('', 'en')).toBe('');
    expect(formatMoney(null, 'en')).toBe('');
    expect(formatQuantity(undefined, 'en')).toBe('');
  });

  it('writes counts and computed figures (axis ticks, seconds) in the language too', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234, 'de')).toBe('1.234');
    expect(formatNumber(2.45, 'de', 1)).toBe('2,5');
    expect(formatNumber(Number.NaN, 'en')).toBe('');
  });

  it('falls back to English figures for a language it does not know', () => {
    expect(formatQuantity('1234.5', 'xx')).toBe('1,234.5');
  });
});
