import { describe, expect, it } from 'vitest';
import { addQuantities, isAboveZero, isQuantityText } from '../src/features/good-received-note/quantities.ts';

describe('quantities typed on the receiving screens', () => {
  it('adds exactly, to 4 places, without floating point', () => {
    expect(addQuantities('0.1', '0.2')).toBe('0.3');
    expect(addQuantities('1.0001', '2.9999', '3')).toBe('7');
    expect(addQuantities('999999999999.9999', '0.0001')).toBe('1000000000000');
    expect(addQuantities()).toBe('0');
  });
  it('counts text that is no quantity as zero, and says so', () => {
    expect(addQuantities('2', 'abc', '-1', '1.23456')).toBe('2');
    expect(isQuantityText(' 12.5 ')).toBe(true);
    expect(isQuantityText('1e3')).toBe(false);
    expect(isAboveZero('0.0000')).toBe(false);
    expect(isAboveZero('0.0001')).toBe(true);
  });
});
