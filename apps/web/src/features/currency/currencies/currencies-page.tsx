import { EditOutlined, LineChartOutlined } from '@ant-design/icons';
import type { Currency } from '@backoffice/contracts';
import { Button, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { type CurrencyFilter, exportCurrencies, useCurrencies } from './api.ts';
import { CurrencyFormDrawer } from './currency-form-drawer.tsx';
import { CurrentRate } from './current-rate.tsx';

const FILTERS = ['active'] as const;

/** The currencies (GBP, EUR, USD): their current rate to GBP, status, and a way to their rate history. */
export function CurrenciesPage() {
  const { t } = useTranslation('currencies');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const [state, update] = useListState(FILTERS);
  const { active } = state.filters;
  const filter: CurrencyFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(active === 'true' || active === 'false' ? { active } : {}),
  };
  const list = useCurrencies({ page: state.page, pageSize: state.pageSize, ...filter });
  const [editing, setEditing] = useState<Currency | null>(null);
  const canEdit = has('edit_currency');

  const columns: ColumnsType<Currency> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('fields.code'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'code', 'code'),
      render: (code: string) => (
        <Link to={`/currency/currencies/${code}`} data-testid={`currency-${code}`}>
          <strong>{code}</strong>
        </Link>
      ),
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
    },
    { key: 'symbol', dataIndex: 'symbol', title: t('fields.symbol') },
    { key: 'decimalPlaces', dataIndex: 'decimalPlaces', title: t('fields.decimalPlaces') },
    {
      key: 'currentRate',
      title: t('fields.currentRate'),
      render: (_, currency) => <CurrentRate currency={currency} />,
    },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, currency) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          {currency.active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>}
          {currency.isBase ? <Tag color="blue">{t('status.base')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      title: tc('table.actions'),
      fixed: 'end',
      render: (_, currency) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          <Tooltip title={t('currencies.rates')}>
            <Button
              type="text"
              icon={<LineChartOutlined />}
              aria-label={`${t('currencies.rates')}: ${currency.code}`}
              onClick={() => navigate(`/currency/currencies/${currency.code}`)}
            />
          </Tooltip>
          {canEdit ? (
            <Tooltip title={tc('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${tc('actions.edit')}: ${currency.code}`}
                onClick={() => setEditing(currency)}
              />
            </Tooltip>
          ) : null}
        </span>
      ),
    },
  ];

  const filtered = !!(state.q || active);
  return (
    <>
      <PageHeader extra={<ExportButton onExport={() => exportCurrencies(filter, t('currencies.fileName'))} />} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('currencies.search')} />
        <Select
          aria-label={t('fields.status')}
          value={active ?? ''}
          onChange={(value: string) => update({ active: value || undefined })}
          style={{ minWidth: 150 }}
          options={[
            { value: '', label: t('status.any') },
            { value: 'true', label: t('status.active') },
            { value: 'false', label: t('status.inactive') },
          ]}
        />
        {filtered ? (
          <Button onClick={() => update({ q: '', active: undefined })}>{tc('actions.clearFilters')}</Button>
        ) : null}
      </div>
      <DataTable<Currency>
        testId="currencies-table"
        rowKey="code"
        columns={columns}
        state={state}
        onChange={update}
        page={list.data}
        isLoading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filtered={filtered}
      />
      <CurrencyFormDrawer currency={editing} onClose={() => setEditing(null)} />
    </>
  );
}
