import { LineChartOutlined } from '@ant-design/icons';
import type { Currency } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { ActiveFilter, FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { EditAction, RowAction, RowActions } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { type CurrencyFilter, exportCurrencies, useCurrencies } from './api.ts';
import { CurrencyFormDrawer } from './currency-form-drawer.tsx';
import { CurrentRate } from './current-rate.tsx';

const FILTERS = ['active'] as const;

/** The currencies (GBP, EUR, USD): their current rate to GBP, status, and a way to their rate history. */
export function CurrenciesPage() {
  const { t } = useTranslation('currencies');
  const { has } = usePermissions();
  const navigate = useNavigate();
  const list = useListPage(FILTERS);
  const filter: CurrencyFilter = { ...list.search, active: flag(list.state.filters.active) };
  const result = useCurrencies({ ...list.query, ...filter });
  const [editing, setEditing] = useState<Currency | null>(null);
  const canEdit = has('edit_currency');

  const col = useColumnKit<Currency>(list.state.sort, 'code');
  const columns = [
    col.text('code', t('fields.code'), {
      render: (code: string) => (
        <Link to={`/currency/currencies/${code}`} data-testid={`currency-${code}`}>
          <strong>{code}</strong>
        </Link>
      ),
    }),
    col.name({ title: t('fields.name') }),
    col.text('symbol', t('fields.symbol'), { sortable: false }),
    col.text('decimalPlaces', t('fields.decimalPlaces'), { sortable: false }),
    {
      key: 'currentRate',
      title: t('fields.currentRate'),
      render: (_: unknown, currency: Currency) => <CurrentRate currency={currency} />,
    },
    col.active({
      key: 'status',
      title: t('fields.status'),
      value: (currency) => currency.active,
      extra: (currency) => (currency.isBase ? <Tag color="blue">{t('status.base')}</Tag> : null),
    }),
    col.actions((currency) => (
      <RowActions>
        <RowAction
          label={t('currencies.rates')}
          name={currency.code}
          icon={<LineChartOutlined />}
          onClick={() => navigate(`/currency/currencies/${currency.code}`)}
        />
        {canEdit ? <EditAction name={currency.code} onClick={() => setEditing(currency)} /> : null}
      </RowActions>
    )),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="currencies-table"
      rowKey="code"
      columns={columns}
      onExport={() => exportCurrencies(filter, t('currencies.fileName'))}
      filters={
        <FilterBar list={list} search={t('currencies.search')} autoFocus={false}>
          <ActiveFilter list={list} name="active" />
        </FilterBar>
      }
    >
      <CurrencyFormDrawer currency={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
