import { describe, expect, it } from 'vitest';
import {
  barChartHeight,
  type ChartContext,
  type ChartOption,
  categoryBarOption,
  datedLineOption,
  drawn,
  escapeHtml,
  MANY_POINTS,
  signedBarOption,
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
const aria = {
  intro: 'EUR rates to GBP.',
  seriesCount: '{seriesCount} series.',
  seriesUnnamed: 'Series {seriesId}:',
  firstPoints: 'The first {displayCnt}:',
};
const ltr: ChartContext = { look, direction: 'ltr', aria };
const rtl: ChartContext = { look, direction: 'rtl', aria };

type Formatter = (params: unknown) => string;
const tooltipOf = (option: ChartOption) => (option.tooltip as { formatter: Formatter }).formatter;
const seriesOf = (option: ChartOption) => option.series as Record<string, unknown>[];

describe('drawing values', () => {
  it('turns exact decimal text into a number for drawing only, text that is not a number into zero', () => {
    expect(drawn('0.86512')).toBe(0.86512);
    expect(drawn('-1250.50')).toBe(-1250.5);
    expect(drawn('')).toBe(0);
    expect(drawn('n/a')).toBe(0);
  });

  it('escapes names for the HTML tooltip', () => {
    expect(escapeHtml(`<b>"Tom's" & co</b>`)).toBe('&lt;b&gt;&quot;Tom&#39;s&quot; &amp; co&lt;/b&gt;');
  });
});

describe('a dated line', () => {
  const points = [
    { date: '2025-01-06', value: '0.86512' },
    { date: '2025-01-09', value: '0.87000001' },
  ];
  const format = (value: string) => `1 EUR = ${value} GBP`;

  it('places each day on a time axis with its value as a number, named by its day', () => {
    const option = datedLineOption({ series: [{ points }], format }, ltr);
    expect(seriesOf(option)).toEqual([
      expect.objectContaining({
        type: 'line',
        showSymbol: true,
        data: [
          { name: '2025-01-06', value: ['2025-01-06', 0.86512] },
          { name: '2025-01-09', value: ['2025-01-09', 0.87000001] },
        ],
      }),
    ]);
    expect(option).toMatchObject({
      xAxis: { type: 'time', inverse: false, axisLabel: { formatter: '{yyyy}-{MM}-{dd}' } },
      yAxis: { type: 'value', scale: true, position: 'left' },
      legend: { show: false },
      color: [look.primary, look.success, look.warning, look.error],
    });
    expect(option.series).not.toHaveProperty('0.name');
  });

  it('shows the exact text of the day in the tooltip, whatever the float drawn', () => {
    const option = datedLineOption({ series: [{ points }], format }, ltr);
    const html = tooltipOf(option)([{ seriesIndex: 0, dataIndex: 1, marker: '', seriesName: 'series0' }]);
    expect(html).toBe('<bdi>2025-01-09</bdi><br/><b>1 EUR = 0.87000001 GBP</b>');
  });

  it('names the series in the legend and tooltip when there are several', () => {
    const option = datedLineOption(
      {
        series: [
          { name: 'Quantity', points },
          { name: 'Value <£>', points },
        ],
        format: (v) => v,
      },
      ltr,
    );
    expect(option).toMatchObject({ legend: { show: true } });
    expect(seriesOf(option).map((s) => s.name)).toEqual(['Quantity', 'Value <£>']);
    const html = tooltipOf(option)([
      { seriesIndex: 0, dataIndex: 0, marker: 'o', seriesName: 'Quantity' },
      { seriesIndex: 1, dataIndex: 0, marker: 'o', seriesName: 'Value <£>' },
    ]);
    expect(html).toBe('<bdi>2025-01-06</bdi><br/>oQuantity: <b>0.86512</b><br/>oValue &lt;£&gt;: <b>0.86512</b>');
  });

  it('describes the days and values for screen readers, without the time dimension', () => {
    const option = datedLineOption({ series: [{ points }], format }, ltr);
    expect(option.aria).toMatchObject({
      enabled: true,
      label: {
        enabled: true,
        general: { withoutTitle: 'EUR rates to GBP.' },
        data: { withName: '{name}: {value}', excludeDimensionId: [0], partialData: ' The first {displayCnt}: ' },
      },
    });
  });

  it('leaves the marks out and adds a zoom slider to a long series', () => {
    const long = Array.from({ length: MANY_POINTS + 1 }, (_, i) => ({
      date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
      value: String(i),
    }));
    const option = datedLineOption({ series: [{ points: long }], format }, ltr);
    expect(seriesOf(option)[0]).toMatchObject({ showSymbol: false });
    expect(option.dataZoom).toEqual([
      { type: 'inside', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false },
      { type: 'slider', height: 20, bottom: 8, showDetail: false },
    ]);
    expect(datedLineOption({ series: [{ points }], format }, ltr).dataZoom).toHaveLength(1);
  });

  it('runs time from the right and puts the value axis on the right in right-to-left', () => {
    const option = datedLineOption({ series: [{ points }], format }, rtl);
    expect(option).toMatchObject({
      xAxis: { type: 'time', inverse: true },
      yAxis: { position: 'right' },
      tooltip: { extraCssText: 'direction: rtl;' },
    });
  });
});

describe('bars by category', () => {
  const bars = [
    { key: '0-30', label: '0–30 days', value: '1234567.89', note: 'Quantity 10' },
    { key: '31-60', label: '31–60 days', value: '0.10' },
  ];
  const format = (value: string) => `£${value}`;

  it('lists the categories top-down with their values drawn and their exact amounts as labels', () => {
    const option = categoryBarOption({ bars, format }, ltr);
    expect(option).toMatchObject({
      xAxis: { type: 'value', inverse: false, boundaryGap: [0, '30%'] },
      yAxis: { type: 'category', inverse: true, position: 'left', data: ['0–30 days', '31–60 days'] },
    });
    const [series] = seriesOf(option) as [{ data: unknown[]; label: { position: string; formatter: Formatter } }];
    expect(series).toMatchObject({ type: 'bar', cursor: 'default' });
    expect(series.data).toEqual([
      {
        name: '0–30 days',
        value: 1234567.89,
        itemStyle: { color: look.primary, opacity: 1, borderRadius: [0, 2, 2, 0] },
      },
      { name: '31–60 days', value: 0.1, itemStyle: { color: look.primary, opacity: 1, borderRadius: [0, 2, 2, 0] } },
    ]);
    expect(series.label.position).toBe('right');
    expect(series.label.formatter({ dataIndex: 0 })).toBe('£1234567.89');
    expect(series.label.formatter({ dataIndex: 1 })).toBe('£0.10');
  });

  it('puts the note in the tooltip and fades the bars not selected', () => {
    const option = categoryBarOption({ bars, format, selected: '31-60', isClickable: true }, ltr);
    expect(tooltipOf(option)({ dataIndex: 0 })).toBe('<bdi>0–30 days</bdi>: <b>£1234567.89</b><br/>Quantity 10');
    const [series] = seriesOf(option) as [{ cursor: string; data: { itemStyle: { opacity: number } }[] }];
    expect(series.cursor).toBe('pointer');
    expect(series.data.map((d) => d.itemStyle.opacity)).toEqual([0.35, 1]);
    // A selection that is not among the bars fades nothing.
    const unknown = seriesOf(categoryBarOption({ bars, format, selected: 'other' }, ltr)) as (typeof series)[];
    expect(unknown[0]?.data.map((d) => d.itemStyle.opacity)).toEqual([1, 1]);
  });

  it('grows the bars from the right in right-to-left, labels and amounts mirrored', () => {
    const option = categoryBarOption({ bars, format }, rtl);
    expect(option).toMatchObject({ xAxis: { inverse: true }, yAxis: { position: 'right', inverse: true } });
    const [series] = seriesOf(option) as [{ label: { position: string }; data: { itemStyle: object }[] }];
    expect(series.label.position).toBe('left');
    expect(series.data[0]?.itemStyle).toMatchObject({ borderRadius: [2, 0, 0, 2] });
  });

  it('keeps each bar its thickness whatever their number', () => {
    expect(barChartHeight(0)).toBe(120);
    expect(barChartHeight(5)).toBe(204);
  });
});

describe('signed bars (variances)', () => {
  const bars = [
    { key: 'z1', label: 'Zone A', value: '-120.50' },
    { key: 'z2', label: 'Zone B', value: '40.00' },
    { key: 'z3', label: 'Zone C', value: '-0.00' },
  ];
  const format = (value: string) => `£ ${value}`;
  type Item = {
    name: string;
    value: number;
    itemStyle: { color: string };
    label: { position: string; formatter: () => string };
  };

  it('draws losses red towards the start and gains green towards the end, on a symmetric axis', () => {
    const option = signedBarOption({ bars, format }, ltr);
    expect(option).toMatchObject({
      xAxis: { type: 'value', inverse: false, min: -150.625, max: 150.625, interval: 150.625 },
      yAxis: { type: 'category', data: ['Zone A', 'Zone B', 'Zone C'], position: 'left' },
    });
    const items = (seriesOf(option)[0] as { data: Item[] }).data;
    expect(items.map((d) => [d.name, d.value, d.itemStyle.color, d.label.position])).toEqual([
      ['Zone A', -120.5, look.error, 'left'],
      ['Zone B', 40, look.success, 'right'],
      // Minus zero is no loss.
      ['Zone C', -0, look.success, 'right'],
    ]);
    expect(items.map((d) => d.label.formatter())).toEqual(['£ -120.50', '£ 40.00', '£ -0.00']);
    expect(tooltipOf(option)({ dataIndex: 0 })).toBe('<bdi>Zone A</bdi>: <b>£ -120.50</b>');
  });

  it('mirrors in right-to-left: losses towards the right, labels on the outer side', () => {
    const option = signedBarOption({ bars, format }, rtl);
    expect(option).toMatchObject({ xAxis: { inverse: true }, yAxis: { position: 'right' } });
    const items = (seriesOf(option)[0] as { data: Item[] }).data;
    expect(items.map((d) => d.label.position)).toEqual(['right', 'left', 'left']);
  });

  it('still has an axis when every difference is zero', () => {
    const option = signedBarOption({ bars: [{ key: 'z', label: 'Zone', value: '0.00' }], format }, ltr);
    expect(option).toMatchObject({ xAxis: { min: -1, max: 1 } });
  });
});
