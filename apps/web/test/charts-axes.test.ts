import { describe, expect, it } from 'vitest';
import {
  type ChartContext,
  type ChartOption,
  datedLineOption,
  isWhole,
  signedBarOption,
  timeAxisRange,
  valueAxisRange,
} from '../src/shared/ui/charts/options.ts';

const look = {
  text: '#111',
  textSecondary: '#666',
  border: '#ccc',
  split: '#eee',
  background: '#fff',
  primary: '#1677ff',
  success: '#52c41a',
  error: '#ff4d4f',
  warning: '#faad14',
  fontFamily: 'sans-serif',
  fontSize: 12,
};
const aria = { intro: 'Stock.', seriesCount: '', seriesUnnamed: '', firstPoints: '' };
const ltr: ChartContext = { look, direction: 'ltr', aria };
const format = (value: string) => value;
const yAxisOf = (option: ChartOption) => option.yAxis as Record<string, unknown>;
const xAxisOf = (option: ChartOption) => option.xAxis as Record<string, unknown>;
const seriesOf = (option: ChartOption) => option.series as Record<string, unknown>[];
const DAY = 86_400_000;

describe('value axes of dated lines', () => {
  it('gives whole quantities whole ticks, from zero when nothing is below it', () => {
    const option = datedLineOption(
      {
        series: [
          {
            points: [
              { date: '2026-11-01', value: '2' },
              { date: '2026-11-02', value: '3.000' },
            ],
          },
        ],
        format,
        kind: 'quantity',
      },
      ltr,
    );
    expect(yAxisOf(option)).toMatchObject({ type: 'value', scale: false, min: 0, minInterval: 1 });
  });

  it('leaves fractional quantities (kilograms) their fractional ticks', () => {
    expect(valueAxisRange('quantity', ['2.5', '3'])).toEqual({ scale: false, min: 0 });
  });

  it('lets the axis go below zero only when a value does', () => {
    expect(valueAxisRange('quantity', ['-2', '3'])).toEqual({ scale: false, minInterval: 1 });
    expect(valueAxisRange('money', ['-0.00', '12.50'])).toEqual({ scale: false, min: 0 });
    expect(valueAxisRange('money', ['-0.01'])).toEqual({ scale: false });
  });

  it('keeps a rate fitted to its data, not stretched down to zero', () => {
    expect(valueAxisRange('rate', ['0.86512', '0.87'])).toEqual({ scale: true });
  });

  it('tells whole numbers from fractions in exact text', () => {
    expect(['12', '-3', '4.000', '0'].map(isWhole)).toEqual([true, true, true, true]);
    expect(['2.5', '0.0001', '', 'n/a'].map(isWhole)).toEqual([false, false, false, false]);
  });
});

describe('a dated line of one point', () => {
  const lone = { series: [{ points: [{ date: '2026-11-20', value: '7' }] }], format, kind: 'quantity' as const };

  it('shows its point as a visible mark in the middle of a time axis a day either side', () => {
    const option = datedLineOption(lone, ltr);
    const at = Date.parse('2026-11-20T00:00:00Z');
    expect(xAxisOf(option)).toMatchObject({ type: 'time', min: at - DAY, max: at + DAY });
    expect(seriesOf(option)[0]).toMatchObject({ showSymbol: true, symbolSize: 10 });
    expect(yAxisOf(option)).toMatchObject({ min: 0, minInterval: 1 });
  });

  it('leaves the time axis to ECharts for several days, and the marks their usual size', () => {
    const option = datedLineOption(
      {
        ...lone,
        series: [
          {
            points: [
              { date: '2026-11-20', value: '7' },
              { date: '2026-11-21', value: '8' },
            ],
          },
        ],
      },
      ltr,
    );
    expect(xAxisOf(option)).not.toHaveProperty('min');
    expect(xAxisOf(option)).not.toHaveProperty('max');
    expect(seriesOf(option)[0]).toMatchObject({ showSymbol: true, symbolSize: 6 });
  });

  it('counts days over every series: the same day twice is still one day', () => {
    const series = [{ points: [{ date: '2026-11-20', value: '1' }] }, { points: [{ date: '2026-11-20', value: '2' }] }];
    expect(timeAxisRange(series)).toHaveProperty('min');
    expect(timeAxisRange([])).toEqual({});
  });
});

describe('signed bars without a side', () => {
  it('has no loss band when nothing was lost', () => {
    const option = signedBarOption(
      {
        bars: [
          { key: 'a', label: 'A', value: '40.00' },
          { key: 'b', label: 'B', value: '0.00' },
        ],
        format,
      },
      ltr,
    );
    expect(option.xAxis).toMatchObject({ min: 0, max: 50 });
  });

  it('has no gain band when nothing was gained', () => {
    const option = signedBarOption({ bars: [{ key: 'a', label: 'A', value: '-8.00' }], format }, ltr);
    expect(option.xAxis).toMatchObject({ min: -10, max: 0 });
  });
});
