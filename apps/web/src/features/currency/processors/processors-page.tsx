import {
  CURRENCY_CODES,
  formatIban,
  formatSortCode,
  PROCESSOR_TYPES,
  type Processor,
  type ProcessorType,
} from '@backoffice/contracts';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../../shared/ui/kit/delete-record.tsx';
import { ActiveFilter, FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { exportProcessors, type ProcessorFilter, useDeleteProcessor, useProcessors } from './api.ts';
import { ProcessorFormDrawer } from './processor-form-drawer.tsx';

const FILTERS = ['active', 'type', 'currency'] as const;

/** The account details of a processor in one line: sort code and account, IBAN, or PayPal e-mail. */
function detailsOf(p: Processor): string {
  const parts = [
    p.bankName,
    p.sortCode && p.accountNumber ? `${formatSortCode(p.sortCode)} ${p.accountNumber}` : null,
    p.iban ? formatIban(p.iban) : null,
    p.paypalEmail,
    p.type !== 'BANK_ACCOUNT' ? p.accountName : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** Payment processors and accounts: server-paged, searchable, filtered by type, currency and status. */
export function ProcessorsPage() {
  const { t } = useTranslation('currencies');
  const { has } = usePermissions();
  const list = useListPage(FILTERS);
  const { active, type, currency } = list.state.filters;
  const filter: ProcessorFilter = {
    ...list.search,
    active: flag(active),
    type: oneOf(type, PROCESSOR_TYPES),
    currency: oneOf(currency, CURRENCY_CODES),
  };
  const result = useProcessors({ ...list.query, ...filter });
  const remove = useDeleteProcessor();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const [editing, setEditing] = useState<Processor | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canEdit = has('edit_currency');

  const openEditor = (record: Processor | null) => {
    setEditing(record);
    setDrawerOpen(true);
  };

  const col = useColumnKit<Processor>(list.state.sort, 'code');
  const columns = [
    col.code({ title: t('fields.code') }),
    col.name({ title: t('fields.name') }),
    col.text('type', t('fields.type'), { render: (value: ProcessorType) => <Tag>{t(`types.${value}`)}</Tag> }),
    col.text('currency', t('fields.currency')),
    {
      key: 'details',
      title: t('fields.details'),
      render: (_: unknown, record: Processor) => (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          <bdi>{detailsOf(record)}</bdi>
        </Typography.Text>
      ),
    },
    col.active({ title: t('fields.status'), value: (record) => record.active }),
    col.date({ title: t('fields.updatedAt') }),
    ...col.editDelete({
      name: (record) => record.code,
      onEdit: canEdit ? openEditor : undefined,
      remove: canEdit
        ? {
            confirm: (record) => t('processors.deleteConfirm', { name: record.code }),
            hint: () => t('processors.deleteHint'),
            run: (record) => deleteRecord(record.id, record.code),
          }
        : undefined,
    }),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="processors-table"
      rowKey="id"
      columns={columns}
      columnChooser={{ id: 'currency.processors', defaultHidden: ['updatedAt'] }}
      onExport={() => exportProcessors(filter, t('processors.fileName'))}
      create={
        <CreateButton
          permission="edit_currency"
          testId="create-processor"
          label={t('processors.create')}
          onClick={() => openEditor(null)}
        />
      }
      filters={
        <FilterBar list={list} search={t('processors.search')}>
          <SelectFilter
            list={list}
            name="type"
            label={t('fields.type')}
            any={t('processors.anyType')}
            width={180}
            options={PROCESSOR_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          />
          <SelectFilter
            list={list}
            name="currency"
            label={t('fields.currency')}
            any={t('processors.anyCurrency')}
            width={140}
            options={CURRENCY_CODES.map((value) => ({ value, label: value }))}
          />
          <ActiveFilter list={list} name="active" />
        </FilterBar>
      }
    >
      {modalHolder}
      <ProcessorFormDrawer open={drawerOpen} record={editing} onClose={() => setDrawerOpen(false)} />
    </ListPage>
  );
}
