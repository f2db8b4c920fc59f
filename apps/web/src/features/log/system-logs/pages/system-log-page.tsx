import { SYSTEM_LOG_KINDS, type SystemLog, type SystemLogKind, type SystemLogQuery } from '@backoffice/contracts';
import { Button, DatePicker, Segmented, Select, Tag, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsers } from '../../../../lookups/api.ts';
import { formatDateTime } from '../../../../shared/lib/dates.ts';
import { sortOrderOf, useListState } from '../../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../../shared/lib/permissions.tsx';
import { type Language, useSettings } from '../../../../shared/lib/settings.ts';
import { DataTable } from '../../../../shared/ui/data-table.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../../shared/ui/search-box.tsx';
import { useSystemLogFacets, useSystemLogs } from '../api.ts';
import { JsonDiff } from '../components/json-diff.tsx';
import { codeOptions, useLogWords } from '../log-words.ts';
import { SYSTEM_LOG_FILTERS, type SystemLogFilter } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const IS_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isKind = (value: string | undefined): value is SystemLogKind =>
  (SYSTEM_LOG_KINDS as readonly string[]).includes(value ?? '');

// Month and day names of the date picker follow the language.
const DAYJS_LOCALES: Record<Language, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  es: () => import('dayjs/locale/es'),
  pt: () => import('dayjs/locale/pt'),
  de: () => import('dayjs/locale/de'),
};

function useDayjsLocale(language: Language) {
  useEffect(() => {
    DAYJS_LOCALES[language]().then(
      () => dayjs.locale(language),
      () => undefined,
    );
  }, [language]);
}

/** The system log: who changed what and when, newest first; a row opens its before/after. */
export function SystemLogPage() {
  const { t } = useTranslation('logs');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const { language } = useSettings();
  useDayjsLocale(language);
  const words = useLogWords();
  const [state, update] = useListState<SystemLogFilter>(SYSTEM_LOG_FILTERS);
  const { userId, entity, action, from, to } = state.filters;
  // Business changes unless the URL asks for sign-ins or everything.
  const kind: SystemLogKind = isKind(state.filters.kind) ? state.filters.kind : 'business';
  const query: SystemLogQuery = {
    kind,
    page: state.page,
    pageSize: state.pageSize,
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort === 'at' ? { sort: 'at' } : {}),
    ...(userId ? { userId } : {}),
    ...(entity ? { entity } : {}),
    ...(action ? { action } : {}),
    ...(from && IS_DATE.test(from) ? { from } : {}),
    ...(to && IS_DATE.test(to) ? { to } : {}),
  };
  const logs = useSystemLogs(query);
  const facets = useSystemLogFacets();
  const canSeeUsers = has('view_user');
  const users = useUsers({ page: 1, pageSize: 200, sort: 'username' }, canSeeUsers);

  const columns: ColumnsType<SystemLog> = [
    {
      key: 'at',
      dataIndex: 'at',
      title: t('fields.at'),
      sorter: true,
      // Newest first unless the URL asks for oldest first.
      sortOrder: sortOrderOf(state.sort === 'at' ? 'at' : '-at', 'at'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (value: string) => <time dateTime={value}>{formatDateTime(value)}</time>,
    },
    {
      key: 'username',
      dataIndex: 'username',
      title: t('fields.user'),
      render: (value: string | null) => value ?? <em>{t('system')}</em>,
    },
    // Words in the user's language; the code the log stores stays at hand as the tooltip.
    {
      key: 'action',
      dataIndex: 'action',
      title: t('fields.action'),
      render: (value: string) => (
        <Tag title={value} data-testid="log-action">
          {words.action(value)}
        </Tag>
      ),
    },
    {
      key: 'entity',
      dataIndex: 'entity',
      title: t('fields.entity'),
      render: (value: string) => (
        <span title={value} data-testid="log-entity">
          {words.entity(value)}
        </span>
      ),
    },
    {
      // The record as a person names it (TR-2026-00001, a SKU, a code); its id only when nothing names it.
      key: 'reference',
      dataIndex: 'reference',
      title: t('fields.entityId'),
      render: (value: string | null, row: SystemLog) =>
        value ? (
          <bdi data-testid="log-reference" title={row.entityId ?? undefined}>
            {value}
          </bdi>
        ) : row.entityId ? (
          <code>{row.entityId}</code>
        ) : null,
    },
    {
      key: 'requestId',
      dataIndex: 'requestId',
      title: t('fields.requestId'),
      render: (value: string | null) => (value ? <code>{value}</code> : null),
    },
  ];

  const filtered = !!(state.q || userId || entity || action || from || to);
  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    from && to && IS_DATE.test(from) && IS_DATE.test(to) ? [dayjs(from, DATE_FORMAT), dayjs(to, DATE_FORMAT)] : null;

  return (
    <>
      <PageHeader />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <Segmented<SystemLogKind>
          aria-label={t('filters.kind')}
          data-testid="log-kind"
          value={kind}
          onChange={(value) => update({ kind: value === 'business' ? undefined : value })}
          options={SYSTEM_LOG_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
        />
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('search')} autoFocus />
        {canSeeUsers ? (
          <Select
            aria-label={t('fields.user')}
            placeholder={t('filters.anyUser')}
            value={userId}
            allowClear
            onChange={(value?: string) => update({ userId: value })}
            loading={users.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200 }}
            options={(users.data?.items ?? []).map((user) => ({ value: user.id, label: user.username }))}
          />
        ) : null}
        <Select
          aria-label={t('fields.entity')}
          placeholder={t('filters.anyEntity')}
          value={entity}
          allowClear
          onChange={(value?: string) => update({ entity: value })}
          loading={facets.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 180 }}
          options={codeOptions(facets.data?.entities ?? [], words.entity, language)}
        />
        <Select
          aria-label={t('fields.action')}
          placeholder={t('filters.anyAction')}
          value={action}
          allowClear
          onChange={(value?: string) => update({ action: value })}
          loading={facets.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 180 }}
          options={codeOptions(facets.data?.actions ?? [], words.action, language)}
        />
        <DatePicker.RangePicker
          aria-label={t('filters.dates')}
          format={DATE_FORMAT}
          value={range}
          allowEmpty={[false, false]}
          placeholder={[t('filters.from'), t('filters.to')]}
          onChange={(_, [start, end]) => update({ from: start || undefined, to: end || undefined })}
        />
        {filtered ? (
          <Button
            onClick={() =>
              update({ q: '', userId: undefined, entity: undefined, action: undefined, from: undefined, to: undefined })
            }
          >
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<SystemLog>
        testId="system-log-table"
        rowKey="id"
        columns={columns}
        state={state}
        onChange={(patch) =>
          // Descending by time is the default order, so it is not written in the URL.
          update('sort' in patch && patch.sort === '-at' ? { ...patch, sort: undefined } : patch)
        }
        page={logs.data}
        isLoading={logs.isFetching}
        error={logs.error}
        onRetry={() => void logs.refetch()}
        filtered={filtered}
        expandable={{
          expandedRowRender: (row) => <JsonDiff before={row.before} after={row.after} />,
          rowExpandable: (row) => row.before !== null || row.after !== null,
        }}
      />
    </>
  );
}
