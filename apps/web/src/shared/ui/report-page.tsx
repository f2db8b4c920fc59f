import { Button, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListPatch, type ListState, useListState } from '../lib/list-state.ts';
import { ExportButton } from './export-button.tsx';
import { PageHeader } from './page-header.tsx';
import { Panel } from './panel.tsx';

/** A report's page, size, search, sort and filters from the URL, with what its filter bar needs. */
export interface ReportFilters<F extends string> {
  state: ListState<F>;
  update: (patch: ListPatch<F>) => void;
  /** Whether search or a narrowing filter is set ("nothing matches" rather than "nothing yet"). */
  filtered: boolean;
  /** Clears the search and the narrowing filters; the view's choices stay. */
  clear: () => void;
}

/**
 * A report's filters, kept in the URL's query like every list's (`useListState`): a report can be
 * linked, reloaded and reached back through history. `view` names the keys that choose how the report
 * looks (a grouping, the figure charted, a date range) rather than what it includes: they do not count
 * as filtering and clearing the filters keeps them.
 */
export function useReportFilters<F extends string>(
  keys: readonly F[],
  { view = [] }: { view?: readonly F[] } = {},
): ReportFilters<F> {
  const [state, update] = useListState(keys);
  const narrowing = keys.filter((key) => !view.includes(key));
  const filtered = !!state.q || narrowing.some((key) => state.filters[key] !== undefined);
  const clear = () =>
    update({ q: '', ...Object.fromEntries(narrowing.map((key) => [key, undefined])) } as ListPatch<F>);
  return { state, update, filtered, clear };
}

/** One figure of a report's totals: its label and value (already formatted, `undefined` while loading). */
export interface ReportTotal {
  key: string;
  label: ReactNode;
  value: ReactNode | undefined;
}

export interface ReportTotalsGroup {
  title: ReactNode;
  testId?: string;
  items: readonly ReportTotal[];
}

export interface ReportChart {
  title?: ReactNode;
  /** Controls beside the title (what is charted). */
  extra?: ReactNode;
  /** The chart, or what stands for it (an empty or error state). */
  content: ReactNode;
  /** A line under the chart ("choose a bar to filter by it"). */
  hint?: ReactNode;
  /** Across the whole width (a dated line) rather than beside the totals (bars). */
  isWide?: boolean;
}

/**
 * Totals as statistic cards (label above, figure below), wrapping into as many columns as fit. A
 * description list like the other figures of the product, so each card is `figure-<key>` with its
 * value in `dd` for tests and screen readers alike.
 */
export function ReportTotals({ items }: { items: readonly ReportTotal[] }) {
  const { token } = theme.useToken();
  return (
    <dl
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
        gap: token.marginSM,
        margin: 0,
      }}
    >
      {items.map((item) => (
        <div
          key={item.key}
          data-testid={`figure-${item.key}`}
          style={{
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
            padding: `${token.paddingXS}px ${token.paddingSM}px`,
            background: token.colorFillQuaternary,
          }}
        >
          <dt style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{item.label}</dt>
          <dd
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading4,
              lineHeight: token.lineHeightHeading4,
              fontWeight: 600,
            }}
          >
            {/* The page's exact figure (formatted decimal text); "…" while it loads, never a zero. */}
            {item.value ?? '…'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The shape of a report (and of the dashboards to come): heading with its introduction and the .xlsx
 * export of the filter; the filters (kept in the URL, see `useReportFilters`) with "clear filters";
 * any notice; the totals of the whole filter as statistic cards; an optional chart; then the table.
 * Pages keep their own filters, columns and data; this keeps their order, spacing and behaviour alike.
 */
export function ReportPage({
  intro,
  introTestId,
  onExport,
  actions,
  navigation,
  filters,
  filtered,
  onClear,
  notice,
  totals = [],
  totalsTestId,
  chart,
  chartFirst = false,
  children,
}: {
  intro?: ReactNode;
  introTestId?: string;
  /** Downloads the filter as .xlsx. */
  onExport?: () => Promise<void>;
  /** More buttons in the heading. */
  actions?: ReactNode;
  /** A path above the filters (a drill-down's levels). */
  navigation?: ReactNode;
  filters: ReactNode;
  filtered: boolean;
  onClear: () => void;
  /** A warning above the figures (a range too long). */
  notice?: ReactNode;
  totals?: readonly ReportTotalsGroup[];
  /** Names the block of every totals group, for tests. */
  totalsTestId?: string;
  chart?: ReportChart | undefined;
  /** The chart before the totals, when it is what the reader looks at first. */
  chartFirst?: boolean;
  /** The table. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const chartPanel = chart ? (
    <div key="chart">
      <Panel title={chart.title} extra={chart.extra} style={{ height: '100%' }}>
        {chart.content}
        {chart.hint ? (
          <p style={{ margin: `${token.marginSM}px 0 0`, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            {chart.hint}
          </p>
        ) : null}
      </Panel>
    </div>
  ) : null;
  const totalsPanels = totals.length ? (
    <div key="totals" data-testid={totalsTestId} style={{ display: 'grid', gap: token.margin, alignContent: 'start' }}>
      {totals.map((group, i) => (
        // Groups are fixed per page, so their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={i} data-testid={group.testId}>
          <Panel title={group.title}>
            <ReportTotals items={group.items} />
          </Panel>
        </div>
      ))}
    </div>
  ) : null;
  const extra =
    onExport || actions ? (
      <>
        {actions}
        {onExport ? <ExportButton onExport={onExport} /> : null}
      </>
    ) : undefined;
  return (
    <>
      <PageHeader extra={extra}>
        {intro ? (
          <p
            data-testid={introTestId}
            style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary, maxWidth: 760 }}
          >
            {intro}
          </p>
        ) : null}
      </PageHeader>
      {navigation}
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: token.marginSM,
          marginBottom: token.margin,
        }}
      >
        {filters}
        {filtered ? <Button onClick={onClear}>{t('actions.clearFilters')}</Button> : null}
      </div>
      {notice ? <div style={{ marginBottom: token.margin }}>{notice}</div> : null}
      {chart?.isWide ? (
        // A wide chart (a dated line) takes the whole width under the totals.
        <div style={{ display: 'grid', gap: token.margin, marginBottom: token.margin }}>
          {chartFirst ? [chartPanel, totalsPanels] : [totalsPanels, chartPanel]}
        </div>
      ) : chartPanel || totalsPanels ? (
        // Bars and totals side by side while there is room, one above the other on a narrow screen.
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
            gap: token.margin,
            marginBottom: token.margin,
          }}
        >
          {chartFirst ? [chartPanel, totalsPanels] : [totalsPanels, chartPanel]}
        </div>
      ) : null}
      {children}
    </>
  );
}
