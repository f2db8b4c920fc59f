import {
  STOCK_COUNT_LINE_VIEWS,
  type StockCount,
  type StockCountLine,
  type StockCountTotals,
} from '@backoffice/contracts';
import { Input, Segmented, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { Figure, magnitude, StockFigures } from '../../inventory/index.ts';
import { exportStockCountLines, type StockCountLineFilter, useSetLine, useStockCountLines } from './api.ts';
import { LINE_FILTERS } from './urls.ts';

type View = (typeof STOCK_COUNT_LINE_VIEWS)[number];
const isView = (value: string | undefined): value is View => STOCK_COUNT_LINE_VIEWS.includes(value as View);
/** The contract's StockQuantity: up to 12 digits and 4 places, not negative. */
const QUANTITY_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;

/** A line's counted quantity, typed in: Enter or leaving the field saves it; empty means "not counted". */
function CountedCell({ countId, line }: { countId: string; line: StockCountLine }) {
  const { t } = useTranslation('stockCounts');
  const errorText = useErrorText();
  const save = useSetLine(countId);
  const [text, setText] = useState(line.countedQuantity ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(line.countedQuantity ?? ''), [line.countedQuantity]);
  const valid = text.trim() === '' || QUANTITY_PATTERN.test(text.trim());

  const commit = async () => {
    const value = text.trim();
    if (!valid || value === (line.countedQuantity ?? '')) return;
    setError(null);
    try {
      await save.mutateAsync({ lineId: line.id, body: { countedQuantity: value === '' ? null : value } });
    } catch (caught) {
      setError(errorText(caught) ?? t('scan.failed'));
    }
  };

  return (
    <Tooltip title={error ?? (valid ? undefined : t('lines.quantityInvalid'))}>
      <Input
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => void commit()}
        onBlur={() => void commit()}
        status={error || !valid ? 'error' : undefined}
        inputMode="decimal"
        aria-label={t('lines.countedOf', { sku: line.product.sku, bin: line.location?.code ?? t('noBin') })}
        data-testid="counted-input"
        style={{ width: 110 }}
        disabled={save.isPending}
      />
    </Tooltip>
  );
}

function Totals({ totals, shows }: { totals: StockCountTotals | undefined; shows: boolean }) {
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const number = (n: number | null | undefined) => (n === null || n === undefined ? undefined : String(n));
  return (
    <div data-testid="count-totals" style={{ marginBottom: token.margin }}>
      <Panel title={t('review.totals')}>
        <StockFigures
          figures={[
            { key: 'lines', label: t('review.lines'), value: number(totals?.lines) },
            { key: 'counted', label: t('review.counted'), value: number(totals?.counted) },
            { key: 'uncounted', label: t('review.uncounted'), value: number(totals?.uncounted) },
            ...(shows
              ? [
                  { key: 'withVariance', label: t('review.withVariance'), value: number(totals?.withVariance) },
                  { key: 'book', label: t('review.bookQuantity'), value: totals?.bookQuantity ?? undefined },
                ]
              : []),
            { key: 'countedQuantity', label: t('review.countedQuantity'), value: totals?.countedQuantity },
            ...(shows
              ? [
                  {
                    key: 'difference',
                    label: t('review.differenceQuantity'),
                    value: totals?.differenceQuantity ?? undefined,
                  },
                  {
                    key: 'gain',
                    label: t('review.gainValue'),
                    value: totals?.gainValue ?? undefined,
                    kind: 'money' as const,
                  },
                  {
                    key: 'loss',
                    label: t('review.lossValue'),
                    // The label says losses: the figure is their size.
                    value: totals?.lossValue ? magnitude(totals.lossValue) : undefined,
                    kind: 'money' as const,
                  },
                  {
                    key: 'net',
                    label: t('review.differenceValue'),
                    value: totals?.differenceValue ?? undefined,
                    kind: 'money' as const,
                  },
                ]
              : []),
          ]}
        />
      </Panel>
    </div>
  );
}

/**
 * A session's lines, paged on the server, with their filter (all, counted, not counted, differing),
 * search and sort in the URL, the whole session's totals above them, and the counted quantity editable
 * while the session is open. Book figures appear only when the session shows them to the reader.
 */
export function CountLinesTable({ count, canEdit }: { count: StockCount; canEdit: boolean }) {
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const [state, update] = useListState(LINE_FILTERS);
  const shows = count.showsBook;
  const view: View =
    isView(state.filters.view) && (shows || state.filters.view !== 'variance') ? state.filters.view : 'all';
  const filter: StockCountLineFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    view,
  };
  const lines = useStockCountLines(count.id, { page: state.page, pageSize: state.pageSize, ...filter });
  const open = count.status === 'OPEN' || count.status === 'SUBMITTED';
  const posted = count.status === 'POSTED';

  const columns: ColumnsType<StockCountLine> = [
    {
      key: 'sku',
      title: t('lines.product'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'sku', 'sku'),
      render: (_, line) => (
        <span style={{ display: 'flex', flexDirection: 'column' }}>
          <span>
            <bdi style={{ fontWeight: 600 }}>{line.product.sku}</bdi>{' '}
            {line.expected ? null : (
              <Tag color="gold" data-testid="unexpected-line">
                {t('lines.found')}
              </Tag>
            )}
          </span>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{line.product.name}</span>
        </span>
      ),
    },
    {
      key: 'location',
      title: t('lines.bin'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'location'),
      render: (_, line) =>
        line.location ? (
          <span>
            <bdi>{line.location.code}</bdi>
            {line.location.zone ? (
              <span style={{ color: token.colorTextSecondary }}>
                {' '}
                · <bdi>{line.location.zone}</bdi>
              </span>
            ) : null}
          </span>
        ) : (
          <span style={{ color: token.colorTextSecondary }}>{t('noBin')}</span>
        ),
    },
    ...(shows
      ? ([
          {
            key: 'book',
            title: t('lines.book'),
            align: 'end',
            render: (_, line) => <Figure value={line.bookQuantity} />,
          },
          ...(open
            ? [
                {
                  key: 'current',
                  title: t('lines.current'),
                  align: 'end',
                  render: (_: unknown, line: StockCountLine) =>
                    line.currentQuantity !== null && line.currentQuantity !== line.bookQuantity ? (
                      <Tooltip title={t('lines.movedHelp')}>
                        <span data-testid="moved-since-snapshot" style={{ color: token.colorWarning }}>
                          <Figure value={line.currentQuantity} />
                        </span>
                      </Tooltip>
                    ) : (
                      <Figure value={line.currentQuantity} />
                    ),
                },
              ]
            : []),
        ] as ColumnsType<StockCountLine>)
      : []),
    {
      key: 'counted',
      title: t('lines.counted'),
      align: 'end',
      render: (_, line) =>
        canEdit ? <CountedCell countId={count.id} line={line} /> : <Figure value={line.countedQuantity} />,
    },
    ...(shows
      ? ([
          {
            key: 'difference',
            title: t('lines.difference'),
            align: 'end',
            sorter: true,
            sortOrder: sortOrderOf(state.sort, 'difference'),
            render: (_, line) => <Figure value={line.difference} signed />,
          },
          {
            key: 'unitCost',
            title: t('lines.unitCost'),
            align: 'end',
            render: (_, line) => <Figure value={line.unitCost} kind="cost" />,
          },
          {
            key: 'value',
            title: t('lines.value'),
            align: 'end',
            sorter: true,
            sortOrder: sortOrderOf(state.sort, 'value'),
            render: (_, line) => <Figure value={line.differenceValue} kind="money" signed />,
          },
        ] as ColumnsType<StockCountLine>)
      : []),
    ...(posted
      ? ([
          {
            key: 'posted',
            title: t('lines.posted'),
            align: 'end',
            render: (_, line) =>
              line.posted ? (
                <span>
                  <Figure value={line.posted.difference} signed /> · £{' '}
                  <Figure value={line.posted.value} kind="money" signed />
                </span>
              ) : (
                <span style={{ color: token.colorTextSecondary }}>{t('lines.notPosted')}</span>
              ),
          },
        ] as ColumnsType<StockCountLine>)
      : []),
    {
      key: 'countedAt',
      title: t('lines.countedBy'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'countedAt'),
      render: (_, line) => (line.countedAt ? `${line.countedBy ?? ''} · ${formatDateTime(line.countedAt)}` : ''),
    },
  ];

  const filtered = !!(state.q || view !== 'all');
  return (
    <>
      <Totals totals={lines.data?.totals} shows={shows} />
      <Panel title={t('lines.title')}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
          <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('lines.search')} />
          <Segmented<View>
            value={view}
            onChange={(value) => update({ view: value === 'all' ? undefined : value })}
            data-testid="line-view"
            options={STOCK_COUNT_LINE_VIEWS.filter((v) => shows || v !== 'variance').map((v) => ({
              value: v,
              label: t(`lines.views.${v}`),
            }))}
          />
          <span style={{ flex: 1 }} />
          <ExportButton
            onExport={() => exportStockCountLines(count.id, filter, `${count.number}-${t('lines.file')}.xlsx`)}
          />
        </div>
        <DataTable<StockCountLine>
          testId="count-lines-table"
          rowKey="id"
          size="small"
          columns={columns}
          state={state}
          onChange={update}
          page={lines.data}
          isLoading={lines.isFetching && !lines.data}
          error={lines.error}
          onRetry={() => void lines.refetch()}
          filtered={filtered}
        />
      </Panel>
    </>
  );
}
