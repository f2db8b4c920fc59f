import { describe, expect, it } from 'vitest';
import { isAboveZero, shortageOf } from '../src/features/sales-invoice/quantity-text.ts';

describe('quantity text', () => {
  it('answers the shortage exactly, never below zero', () => {
    expect(shortageOf('5', '3')).toBe('2');
    expect(shortageOf('0.3', '0.1')).toBe('0.2');
    expect(shortageOf('3', '5')).toBe('0');
    expect(shortageOf('2', '-1')).toBe('2');
    expect(shortageOf('x', '1')).toBe('0');
  });
  it('tells a quantity above zero', () => {
    expect(isAboveZero('0.0001')).toBe(true);
    expect(isAboveZero('0')).toBe(false);
    expect(isAboveZero('-1')).toBe(false);
  });
});
