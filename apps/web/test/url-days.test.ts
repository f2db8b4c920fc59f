import { describe, expect, it } from 'vitest';
import { urlDay, urlDayRange } from '../src/shared/lib/dates.ts';

/** Day filters read from a list's address (the landing dashboard's links): only what the API takes goes on. */
describe('days from the address bar', () => {
  it('takes a day of the calendar written YYYY-MM-DD, nothing else', () => {
    expect(urlDay('2026-11-29')).toBe('2026-11-29');
    expect(urlDay('2028-02-29')).toBe('2028-02-29');
    expect(urlDay('2026-02-29')).toBeUndefined();
    expect(urlDay('2026-02-30')).toBeUndefined();
    expect(urlDay('2026-13-01')).toBeUndefined();
    expect(urlDay('2026-7-1')).toBeUndefined();
    expect(urlDay('today')).toBeUndefined();
    expect(urlDay('')).toBeUndefined();
    expect(urlDay(undefined)).toBeUndefined();
  });

  it('keeps a range whose end is not before its start, one day included, and drops an end before the start', () => {
    expect(urlDayRange('2026-11-29', '2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(urlDayRange('2026-11-01', '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(urlDayRange(undefined, '2026-11-28')).toEqual({ to: '2026-11-28' });
    expect(urlDayRange('2026-11-28', undefined)).toEqual({ from: '2026-11-28' });
    expect(urlDayRange('2026-11-29', '2026-11-28')).toEqual({ from: '2026-11-29' });
    expect(urlDayRange('2026-02-30', '2026-03-01')).toEqual({ to: '2026-03-01' });
    expect(urlDayRange(undefined, undefined)).toEqual({});
  });
});
