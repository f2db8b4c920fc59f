import type { GlobalToken } from 'antd';
import type { TooltipComponentFormatterCallbackParams } from 'echarts';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatNumber } from '../../lib/numbers.ts';

/*
 * The product's charts as ECharts options, built from data by pure functions (no ECharts code is
 * imported here, only its types), so a page passes data and the look stays the same everywhere.
 * Values arrive as exact decimal strings: they become numbers only to place a mark on the canvas;
 * every figure a person reads (labels, tooltips) is the page's formatting of the exact text.
 */

/** Everything a chart of the product may set: only what `echarts-runtime.ts` registers. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
  | AriaComponentOption
>;

/** The colours and type of the antd theme that a chart uses. */
export interface ChartLook {
  text: string;
  textSecondary: string;
  border: string;
  split: string;
  background: string;
  primary: string;
  success: string;
  error: string;
  warning: string;
  fontFamily: string;
  fontSize: number;
}

/** The translated pieces of ECharts' generated description (its `aria.label`), see `useChartContext`. */
export interface ChartAriaTexts {
  /** What the chart shows (its accessible name), said first. */
  intro: string;
  /** "{seriesCount} series." (ECharts' own placeholder). */
  seriesCount: string;
  /** "Series {seriesId}:" for a series without a name. */
  seriesUnnamed: string;
  /** "The first {displayCnt}:" when there are more points than are read out. */
  firstPoints: string;
}

export interface ChartContext {
  look: ChartLook;
  direction: 'ltr' | 'rtl';
  aria: ChartAriaTexts;
  /** The reader's language: axis ticks are written in it, as every other figure (1.234,5 in German). */
  language?: string;
}

/** Exact text as the page shows it: a formatted amount or quantity. */
export type FormatValue = (value: string) => string;

export function lookFromToken(token: GlobalToken): ChartLook {
  return {
    text: token.colorText,
    textSecondary: token.colorTextSecondary,
    border: token.colorBorder,
    split: token.colorBorderSecondary,
    background: token.colorBgElevated,
    primary: token.colorPrimary,
    success: token.colorSuccess,
    error: token.colorError,
    warning: token.colorWarning,
    fontFamily: token.fontFamily,
    fontSize: token.fontSizeSM,
  };
}

/**
 * A decimal string as a number, for drawing only: the position of a point or the length of a bar
 * needs no more precision than a pixel, and the figure shown beside it stays the exact text.
 * Text that is not a number draws as zero.
 */
export function drawn(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Tooltips are HTML: names come from users (brands, zones), so they are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Points read out in the description before "the first n" cuts in. */
const ARIA_MAX_POINTS = 20;

/** ECharts' generated description in the reader's language: the intro, then each series' points. */
function aria(context: ChartContext, excludeDimensionId?: number[]): AriaComponentOption {
  const texts = context.aria;
  return {
    enabled: true,
    label: {
      enabled: true,
      general: { withTitle: texts.intro, withoutTitle: texts.intro },
      series: {
        maxCount: 10,
        single: { prefix: '', withName: ' {seriesName}:', withoutName: '' },
        multiple: {
          prefix: ` ${texts.seriesCount}`,
          withName: ' {seriesName}:',
          withoutName: ` ${texts.seriesUnnamed}`,
          separator: { middle: '', end: '' },
        },
      },
      data: {
        maxCount: ARIA_MAX_POINTS,
        allData: ' ',
        partialData: ` ${texts.firstPoints} `,
        withName: '{name}: {value}',
        withoutName: '{value}',
        separator: { middle: '; ', end: '.' },
        ...(excludeDimensionId ? { excludeDimensionId } : {}),
      },
    },
  };
}

function tooltipBase(context: ChartContext): TooltipComponentOption {
  const { look, direction } = context;
  return {
    backgroundColor: look.background,
    borderColor: look.split,
    textStyle: { color: look.text, fontFamily: look.fontFamily, fontSize: look.fontSize },
    // The tooltip is HTML outside the canvas: it follows the page's direction.
    extraCssText: `direction: ${direction};`,
    confine: true,
  };
}

const asList = (params: TooltipComponentFormatterCallbackParams) => (Array.isArray(params) ? params : [params]);

/* ------------------------------------------------------------------------------------------------ */

/** One point of a dated series: the day (YYYY-MM-DD) and its value as exact decimal text. */
export interface DatedPoint {
  date: string;
  value: string;
}

export interface DatedSeries {
  /** Shown in the legend and the description when there are several series. */
  name?: string;
  points: readonly DatedPoint[];
}

/** Points beyond which the marks are left out and a zoom slider is added. */
export const MANY_POINTS = 60;

/**
 * What a dated line's values are, which decides its value axis: `rate` is fitted to the data (a rate moves
 * in its fourth decimal); `quantity` and `money` start at zero unless a value is below it, and whole
 * quantities get whole ticks (no tick at 2.5 units).
 */
export type ValueKind = 'rate' | 'quantity' | 'money';

const DAY_MS = 86_400_000;

/** Whether exact decimal text is a whole number ("12", "-3", "4.000"). */
export const isWhole = (value: string) => /^\s*-?\d+(\.0*)?\s*$/.test(value);

/** Whether exact decimal text is below zero (not "-0" or "-0.00"). */
export const isBelowZero = (value: string) => value.trim().startsWith('-') && /[1-9]/.test(value);

/** The value axis of a dated line for its kind of value and its values. */
export function valueAxisRange(
  kind: ValueKind,
  values: readonly string[],
): { scale: boolean; min?: number; minInterval?: number } {
  const hasNegative = values.some(isBelowZero);
  return {
    scale: kind === 'rate',
    // Nothing below zero: no band below it either.
    ...(kind !== 'rate' && !hasNegative ? { min: 0 } : {}),
    ...(kind === 'quantity' && values.every(isWhole) ? { minInterval: 1 } : {}),
  };
}

/**
 * The time axis' range: ECharts' own for a series over several days; a day either side of a series of
 * one day, so that its point stands in the middle of a readable axis rather than on an edge.
 */
export function timeAxisRange(series: readonly DatedSeries[]): { min?: number; max?: number } {
  const days = new Set(series.flatMap((s) => s.points.map((p) => p.date)));
  if (days.size !== 1) return {};
  const [day = ''] = days;
  const at = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(at)) return {};
  return { min: at - DAY_MS, max: at + DAY_MS };
}

/**
 * A dated line (a rate's history, a daily balance): time along the axis in proportion to the days
 * between points (running from the right in right-to-left), the value axis fitted to the data, the
 * exact value of the day in the tooltip, zoom by dragging (and the slider when the series is long).
 */
export function datedLineOption(
  { series, format, kind = 'rate' }: { series: readonly DatedSeries[]; format: FormatValue; kind?: ValueKind },
  context: ChartContext,
): ChartOption {
  const { look, direction } = context;
  const rtl = direction === 'rtl';
  const longest = Math.max(0, ...series.map((s) => s.points.length));
  const isLong = longest > MANY_POINTS;
  // A lone point is drawn larger: a line of one point is nothing but its mark.
  const isLone = longest === 1;
  const valueAxis = valueAxisRange(
    kind,
    series.flatMap((s) => s.points.map((p) => p.value)),
  );
  const hasLegend = series.length > 1;
  return {
    aria: aria(context, [0]),
    color: [look.primary, look.success, look.warning, look.error],
    textStyle: { fontFamily: look.fontFamily, fontSize: look.fontSize, color: look.textSecondary },
    grid: { top: hasLegend ? 36 : 16, bottom: isLong ? 48 : 8, left: 8, right: 8 },
    legend: { show: hasLegend, top: 0, textStyle: { color: look.text } },
    tooltip: {
      ...tooltipBase(context),
      trigger: 'axis',
      formatter: (params) => {
        const list = asList(params);
        const first = list[0];
        const day = first ? series[first.seriesIndex ?? 0]?.points[first.dataIndex]?.date : undefined;
        const lines = list.map((p) => {
          const point = series[p.seriesIndex ?? 0]?.points[p.dataIndex];
          const text = point ? escapeHtml(format(point.value)) : '';
          return hasLegend ? `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: <b>${text}</b>` : `<b>${text}</b>`;
        });
        return [`<bdi>${escapeHtml(day ?? '')}</bdi>`, ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      inverse: rtl,
      // Points are days: no tick between two days (it would repeat the day's label).
      minInterval: DAY_MS,
      ...timeAxisRange(series),
      axisLine: { lineStyle: { color: look.border } },
      axisLabel: { color: look.textSecondary, formatter: '{yyyy}-{MM}-{dd}', hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      // A rate fitted to the data (it moves in its fourth decimal); stock from zero, in whole units when whole.
      ...valueAxis,
      position: rtl ? 'right' : 'left',
      // Ticks in the reader's number format, not ECharts' own (which writes 1,234.5 in every language).
      axisLabel: {
        color: look.textSecondary,
        formatter: (tick: number) => formatNumber(tick, context.language ?? 'en', 4),
      },
      splitLine: { lineStyle: { color: look.split } },
    },
    dataZoom: [
      // The mouse wheel scrolls the page; zooming takes Ctrl, and dragging pans once zoomed.
      { type: 'inside', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false },
      ...(isLong ? [{ type: 'slider' as const, height: 20, bottom: 8, showDetail: false }] : []),
    ],
    series: series.map(
      (s): LineSeriesOption => ({
        type: 'line',
        ...(s.name ? { name: s.name } : {}),
        showSymbol: !isLong,
        symbolSize: isLone ? 10 : 6,
        lineStyle: { width: 2 },
        data: s.points.map((p) => ({ name: p.date, value: [p.date, drawn(p.value)] })),
      }),
    ),
  };
}

/* ------------------------------------------------------------------------------------------------ */

/** One bar of a chart by category: its key (what choosing it selects), label and exact value. */
export interface CategoryBar {
  key: string;
  label: string;
  /** Exact decimal text. */
  value: string;
  /** More about the bar, for the tooltip (a quantity, a count). */
  note?: string;
}

/** A bar chart's height for its number of bars, so each bar keeps its thickness. */
export function barChartHeight(count: number): number {
  return Math.max(120, count * 36 + 24);
}

/** Horizontal bars over categories, listed top-down in the given order, their value axis starting at zero. */
function horizontalBars(
  bars: readonly { label: string }[],
  context: ChartContext,
  valueAxis: NonNullable<ChartOption['xAxis']>,
): Pick<ChartOption, 'aria' | 'textStyle' | 'grid' | 'xAxis' | 'yAxis'> {
  const { look, direction } = context;
  return {
    aria: aria(context),
    textStyle: { fontFamily: look.fontFamily, fontSize: look.fontSize, color: look.textSecondary },
    grid: { top: 8, bottom: 8, left: 8, right: 8 },
    xAxis: valueAxis,
    yAxis: {
      type: 'category',
      // The first bar on top, as the page lists them.
      inverse: true,
      // The labels sit where a line starts: on the right in right-to-left.
      position: direction === 'rtl' ? 'right' : 'left',
      data: bars.map((b) => b.label),
      axisTick: { show: false },
      axisLine: { show: false },
      axisLabel: { color: look.text, width: 160, overflow: 'truncate' },
    },
  };
}

/**
 * Bars by category (value by warehouse, brand or age): each bar grows from the start of the line (the
 * right in right-to-left) with its exact amount at its end and its note in the tooltip. With a
 * selection, the other bars fade; with `isClickable`, a bar is a pointer target (the page filters by it).
 */
export function categoryBarOption(
  {
    bars,
    format,
    selected,
    isClickable = false,
  }: { bars: readonly CategoryBar[]; format: FormatValue; selected?: string | undefined; isClickable?: boolean },
  context: ChartContext,
): ChartOption {
  const { look, direction } = context;
  const rtl = direction === 'rtl';
  const hasSelection = selected !== undefined && bars.some((b) => b.key === selected);
  return {
    ...horizontalBars(bars, context, {
      type: 'value',
      inverse: rtl,
      // Room at the end of the longest bar for its amount.
      boundaryGap: [0, '30%'],
      axisLabel: { show: false },
      splitLine: { lineStyle: { color: look.split } },
    }),
    tooltip: {
      ...tooltipBase(context),
      trigger: 'item',
      formatter: (params) => {
        const bar = bars[asList(params)[0]?.dataIndex ?? -1];
        if (!bar) return '';
        const note = bar.note ? `<br/>${escapeHtml(bar.note)}` : '';
        return `<bdi>${escapeHtml(bar.label)}</bdi>: <b>${escapeHtml(format(bar.value))}</b>${note}`;
      },
    },
    series: [
      {
        type: 'bar',
        cursor: isClickable ? 'pointer' : 'default',
        barMaxWidth: 24,
        label: {
          show: true,
          position: rtl ? 'left' : 'right',
          color: look.text,
          formatter: (p) => format(bars[p.dataIndex]?.value ?? ''),
        },
        data: bars.map((b) => ({
          name: b.label,
          value: drawn(b.value),
          itemStyle: {
            color: look.primary,
            opacity: hasSelection && b.key !== selected ? 0.35 : 1,
            borderRadius: rtl ? [2, 0, 0, 2] : [0, 2, 2, 0],
          },
        })),
      },
    ],
  };
}

/* ------------------------------------------------------------------------------------------------ */

/** One bar of a signed chart (a variance): below zero is a loss, above a gain. */
export interface SignedBar {
  key: string;
  label: string;
  /** Exact decimal text, signed. */
  value: string;
}

/**
 * Signed bars from a middle line: losses (red) towards the start of the line, gains (green) towards its
 * end, mirrored in right-to-left as the text is; each with its exact value beside it, so the chart reads
 * without colour. The axis is symmetric, so equal losses and gains have equal lengths; a side no bar
 * reaches (only gains, or only losses) is left out.
 */
export function signedBarOption(
  { bars, format }: { bars: readonly SignedBar[]; format: FormatValue },
  context: ChartContext,
): ChartOption {
  const { look, direction } = context;
  const rtl = direction === 'rtl';
  const largest = Math.max(0, ...bars.map((b) => Math.abs(drawn(b.value))));
  // A quarter more on each side leaves room for the labels; an all-zero chart still has an axis.
  const reach = largest > 0 ? largest * 1.25 : 1;
  // A side no bar reaches is left out: only gains, no loss band (and the other way round).
  const hasLoss = bars.some((b) => isBelowZero(b.value));
  const hasGain = bars.some((b) => drawn(b.value) > 0);
  const [start, end] = rtl ? (['right', 'left'] as const) : (['left', 'right'] as const);
  return {
    ...horizontalBars(bars, context, {
      type: 'value',
      inverse: rtl,
      min: hasLoss || !hasGain ? -reach : 0,
      max: hasGain || !hasLoss ? reach : 0,
      // Lines at both ends and at zero: the middle line the bars grow from.
      interval: reach,
      axisLabel: { show: false },
      splitLine: { lineStyle: { color: look.border } },
    }),
    tooltip: {
      ...tooltipBase(context),
      trigger: 'item',
      formatter: (params) => {
        const bar = bars[asList(params)[0]?.dataIndex ?? -1];
        return bar ? `<bdi>${escapeHtml(bar.label)}</bdi>: <b>${escapeHtml(format(bar.value))}</b>` : '';
      },
    },
    series: [
      {
        type: 'bar',
        cursor: 'default',
        barMaxWidth: 18,
        data: bars.map((b) => {
          const isLoss = isBelowZero(b.value);
          return {
            name: b.label,
            value: drawn(b.value),
            itemStyle: { color: isLoss ? look.error : look.success },
            label: {
              show: true,
              position: isLoss ? start : end,
              color: look.text,
              formatter: () => format(b.value),
            },
          };
        }),
      },
    ],
  };
}
