import { PlayCircleOutlined } from '@ant-design/icons';
import { DRAFT_KINDS, type DraftKind, type DraftListItem } from '@backoffice/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { formatNumber } from '../../shared/lib/numbers.ts';
import { DRAFT_PARAM } from '../../shared/ui/drafts/server-draft.tsx';
import { useColumnKit } from '../../shared/ui/kit/columns.tsx';
import { DeleteAction, useDeleteRecord } from '../../shared/ui/kit/delete-record.tsx';
import { FilterBar, SelectFilter } from '../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../shared/ui/kit/list-page.tsx';
import { RowAction, RowActions } from '../../shared/ui/kit/row-actions.tsx';
import { oneOf, useListPage } from '../../shared/ui/kit/use-list-page.ts';
import { useDeleteDraft, useDrafts } from './api.ts';

const FILTERS = ['kind'] as const;
const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago", "yesterday": how long since an instant, in the reader's language. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  return '';
}

/** Where a draft is resumed: its form's route with `?draft=<id>`. */
export const resumePath = (draft: Pick<DraftListItem, 'id' | 'route'>) =>
  `${draft.route}?${DRAFT_PARAM}=${encodeURIComponent(draft.id)}`;

/**
 * Ship List - Saved Drafts: the user's own drafts of every form they may use, newest save first, with what each
 * holds and when it was saved; Resume opens the form as it was, Delete (after asking) forgets it.
 */
export function DraftListPage() {
  const { t, i18n } = useTranslation('drafts');
  const navigate = useNavigate();
  const list = useListPage(FILTERS);
  const kind = oneOf(list.state.filters.kind, DRAFT_KINDS);
  const result = useDrafts({ ...list.query, ...(kind ? { kind } : {}) });
  const remove = useDeleteDraft();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const col = useColumnKit<DraftListItem>(list.state.sort, '-savedAt');

  const summaryText = (summary: Record<string, number>) =>
    Object.entries(summary)
      .map(([key, count]) =>
        i18n.exists(`drafts:summary.${key}_other`) || i18n.exists(`drafts:summary.${key}`)
          ? t(`summary.${key}` as 'summary.lines', { count, formatted: formatNumber(count, i18n.language) })
          : `${key}: ${formatNumber(count, i18n.language)}`,
      )
      .join(' · ');

  const columns = [
    col.text('kind', t('fields.kind'), {
      render: (value: DraftKind) => <Tag>{t(`kinds.${value}`)}</Tag>,
    }),
    col.text('title', t('fields.title'), {
      render: (value: string, record: DraftListItem) => (
        <Typography.Link onClick={() => navigate(resumePath(record))} data-testid="draft-title">
          <bdi>{value}</bdi>
        </Typography.Link>
      ),
    }),
    {
      key: 'summary',
      title: t('fields.summary'),
      render: (_: unknown, record: DraftListItem) => (
        <span data-testid="draft-summary">{summaryText(record.summary) || '—'}</span>
      ),
    },
    col.text('savedAt', t('fields.savedAt'), {
      render: (value: string) => (
        <Tooltip title={formatDateTime(value)}>
          <span data-testid="draft-saved-at">
            <time dateTime={value}>{relativeTime(value, i18n.language)}</time>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              <bdi>{formatDateTime(value)}</bdi>
            </Typography.Text>
          </span>
        </Tooltip>
      ),
    }),
    {
      key: 'actions',
      title: t('fields.actions'),
      fixed: 'end' as const,
      render: (_: unknown, record: DraftListItem) => (
        <RowActions>
          <RowAction
            label={t('resume')}
            name={record.title}
            icon={<PlayCircleOutlined />}
            onClick={() => navigate(resumePath(record))}
          />
          <DeleteAction
            name={record.title}
            confirm={t('deleteConfirm', { title: record.title })}
            onConfirm={() => deleteRecord(record.id, record.title)}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="drafts-table"
      rowKey="id"
      columns={columns}
      intro={t('intro')}
      filters={
        <FilterBar list={list} search={t('search')}>
          <SelectFilter
            list={list}
            name="kind"
            label={t('fields.kind')}
            any={t('anyKind')}
            width={200}
            options={DRAFT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          />
        </FilterBar>
      }
    >
      {modalHolder}
    </ListPage>
  );
}
