import { theme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirection } from '../../lib/direction.tsx';
import { Spinner } from '../spinner.tsx';
import { ErrorState } from '../states.tsx';
import {
  barChartHeight,
  type CategoryBar,
  type ChartContext,
  type ChartOption,
  categoryBarOption,
  type DatedSeries,
  datedLineOption,
  type FormatValue,
  lookFromToken,
  type SignedBar,
  signedBarOption,
  type ValueKind,
} from './options.ts';

type Runtime = typeof import('./echarts-runtime.ts');

let runtime: Runtime | undefined;
let loading: Promise<Runtime> | undefined;

/** ECharts, fetched once on the first chart; a failed fetch (a new release, say) can be retried. */
export function loadECharts(): Promise<Runtime> {
  loading ??= import('./echarts-runtime.ts').then(
    (module) => {
      runtime = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The theme, direction and translated description texts every chart is built with. */
export function useChartContext(): ChartContext {
  const { token } = theme.useToken();
  const { direction } = useDirection();
  // `t` changes with the language, and so do the texts.
  const { t, i18n } = useTranslation();
  const look = useMemo(() => lookFromToken(token), [token]);
  const aria = useMemo(
    () => ({
      intro: '',
      seriesCount: t('charts.seriesCount'),
      seriesUnnamed: t('charts.seriesUnnamed'),
      firstPoints: t('charts.firstPoints'),
    }),
    [t],
  );
  const language = i18n.language;
  return useMemo(() => ({ look, direction, aria, language }), [look, direction, aria, language]);
}

/**
 * One ECharts chart: loads the library on first use (the shared loading state meanwhile), draws
 * `option` on a canvas that follows its box's size, and disposes of it when it goes. The box is a
 * figure named `label`; ECharts writes its generated description (the `aria` option every builder
 * sets) on the canvas' container, so a screen reader hears the name, then the data.
 */
export function Chart({
  option,
  label,
  height = 240,
  testId,
  onItemClick,
}: {
  option: ChartOption;
  /** The chart's accessible name: what it shows. */
  label: string;
  height?: number;
  testId?: string | undefined;
  /** Choosing a bar or point: its index in the series' data. */
  onItemClick?: ((dataIndex: number, seriesIndex: number) => void) | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [library, setLibrary] = useState<Runtime | undefined>(runtime);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const click = useRef(onItemClick);
  click.current = onItemClick;
  const latest = useRef(option);
  latest.current = option;
  const drawnOption = useRef<ChartOption | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the library again after a failure.
  useEffect(() => {
    if (library) return;
    let isLive = true;
    loadECharts().then(
      (module) => isLive && setLibrary(module),
      (error: unknown) => isLive && setFailure(error),
    );
    return () => {
      isLive = false;
    };
  }, [library, attempt]);

  useEffect(() => {
    const element = box.current;
    if (!library || !element) return;
    // Every text a chart shows comes from the page or the product's translations (the `aria` texts, the
    // formatters); ECharts' own locale only backs what none of them sets.
    const instance = library.init(element, undefined, { renderer: 'canvas', locale: 'EN' });
    chart.current = instance;
    instance.setOption(latest.current);
    drawnOption.current = latest.current;
    instance.on('click', (event) => click.current?.(event.dataIndex, event.seriesIndex ?? 0));
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [library]);

  useEffect(() => {
    if (!chart.current || drawnOption.current === option) return;
    // The whole option each time: a builder's output is complete, and a series that went must go.
    chart.current.setOption(option, { notMerge: true });
    drawnOption.current = option;
  }, [option]);

  const isLoading = !library && !failure;
  return (
    <figure
      aria-label={label}
      aria-busy={isLoading}
      data-testid={testId}
      data-state={library ? 'ready' : failure ? 'failed' : 'loading'}
      style={{ position: 'relative', width: '100%', margin: 0 }}
    >
      <div ref={box} style={{ width: '100%', height }} />
      {isLoading ? (
        <div style={{ position: 'absolute', inset: 0 }}>
          <Spinner minHeight={height} />
        </div>
      ) : null}
      {failure ? (
        <div style={{ position: 'absolute', inset: 0 }}>
          <ErrorState
            error={failure}
            onRetry={() => {
              setFailure(null);
              setAttempt((n) => n + 1);
            }}
          />
        </div>
      ) : null}
    </figure>
  );
}

/**
 * The page's formatter, read when a label is drawn: pages pass a new function each render, and the
 * option (and so the chart's zoom and tooltip) should be rebuilt only when the data changes.
 */
function useStableFormat(format: FormatValue): FormatValue {
  const ref = useRef(format);
  ref.current = format;
  return useMemo(() => (value: string) => ref.current(value), []);
}

/** Rebuilds an option when its data (compared by content, as pages map query data each render) changes. */
function useOption<T>(data: T, build: (data: T, context: ChartContext) => ChartOption, label: string): ChartOption {
  const context = useChartContext();
  const key = JSON.stringify(data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `data`; `build` is a module function.
  return useMemo(
    () => build(data, { ...context, aria: { ...context.aria, intro: `${label}.` } }),
    [key, context, label],
  );
}

/** A dated line (one series or several): a rate's history, a daily balance. */
export function DatedLineChart({
  series,
  label,
  format,
  kind = 'rate',
  height,
  testId,
}: {
  series: readonly DatedSeries[];
  label: string;
  format: FormatValue;
  /** What the values are (a rate, a quantity, an amount), which decides the value axis. */
  kind?: ValueKind;
  height?: number;
  testId?: string;
}) {
  const stable = useStableFormat(format);
  const option = useOption(
    { series, kind },
    (input, context) => datedLineOption({ ...input, format: stable }, context),
    label,
  );
  return <Chart option={option} label={label} height={height ?? 240} testId={testId} />;
}

/** Bars by category; choosing one calls `onSelect` with its key (a page filters by it). */
export function CategoryBarChart({
  bars,
  label,
  format,
  selected,
  onSelect,
  testId,
}: {
  bars: readonly CategoryBar[];
  label: string;
  format: FormatValue;
  selected?: string | undefined;
  onSelect?: (key: string) => void;
  testId?: string;
}) {
  const stable = useStableFormat(format);
  const isClickable = !!onSelect;
  const option = useOption(
    { bars, selected, isClickable },
    (input, context) => categoryBarOption({ ...input, format: stable }, context),
    label,
  );
  return (
    <Chart
      option={option}
      label={label}
      height={barChartHeight(bars.length)}
      testId={testId}
      onItemClick={
        onSelect
          ? (index) => {
              const bar = bars[index];
              if (bar) onSelect(bar.key);
            }
          : undefined
      }
    />
  );
}

/** Signed bars from a middle line: variances, losses towards the start of the line. */
export function SignedBarChart({
  bars,
  label,
  format,
  testId,
}: {
  bars: readonly SignedBar[];
  label: string;
  format: FormatValue;
  testId?: string;
}) {
  const stable = useStableFormat(format);
  const option = useOption(bars, (b, context) => signedBarOption({ bars: b, format: stable }, context), label);
  return <Chart option={option} label={label} height={barChartHeight(bars.length)} testId={testId} />;
}
