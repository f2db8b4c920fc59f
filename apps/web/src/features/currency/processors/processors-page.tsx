import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CURRENCY_CODES,
  type CurrencyCode,
  formatIban,
  formatSortCode,
  PROCESSOR_TYPES,
  type Processor,
  type ProcessorType,
} from '@backoffice/contracts';
import { Button, Modal, Popconfirm, Select, Tag, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/dates.ts';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { sortOrderOf, useListState } from '../../../shared/lib/list-state.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../shared/ui/data-table.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { exportProcessors, type ProcessorFilter, useDeleteProcessor, useProcessors } from './api.ts';
import { ProcessorFormDrawer } from './processor-form-drawer.tsx';

const FILTERS = ['active', 'type', 'currency'] as const;

const isType = (value: string | undefined): value is ProcessorType =>
  (PROCESSOR_TYPES as readonly string[]).includes(value ?? '');
const isCurrency = (value: string | undefined): value is CurrencyCode =>
  (CURRENCY_CODES as readonly string[]).includes(value ?? '');

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
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const [state, update] = useListState(FILTERS);
  const { active, type, currency } = state.filters;
  const filter: ProcessorFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(active === 'true' || active === 'false' ? { active } : {}),
    ...(isType(type) ? { type } : {}),
    ...(isCurrency(currency) ? { currency } : {}),
  };
  const list = useProcessors({ page: state.page, pageSize: state.pageSize, ...filter });
  const remove = useDeleteProcessor();
  const [editing, setEditing] = useState<Processor | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canEdit = has('edit_currency');

  const openEditor = (record: Processor | null) => {
    setEditing(record);
    setDrawerOpen(true);
  };

  const handleDelete = async (record: Processor) => {
    try {
      await remove.mutateAsync(record.id);
      notifySuccess(tc('form.deleted'));
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      const inUse = error instanceof ApiError && error.code === 'IN_USE';
      modal.error({
        title: t('processors.deleteRefused', { name: record.code }),
        content: inUse ? t('processors.inUse', { count: Number(errorDetails(error).count ?? 0) }) : text,
      });
    }
  };

  const sorted = (key: string, title: string) => ({
    key,
    dataIndex: key,
    title,
    sorter: true,
    sortOrder: sortOrderOf(key === 'code' ? (state.sort ?? 'code') : state.sort, key),
  });

  const columns: ColumnsType<Processor> = [
    sorted('code', t('fields.code')),
    sorted('name', t('fields.name')),
    { ...sorted('type', t('fields.type')), render: (value: ProcessorType) => <Tag>{t(`types.${value}`)}</Tag> },
    sorted('currency', t('fields.currency')),
    {
      key: 'details',
      title: t('fields.details'),
      render: (_, record) => (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          <bdi>{detailsOf(record)}</bdi>
        </Typography.Text>
      ),
    },
    {
      key: 'active',
      title: t('fields.status'),
      render: (_, record) =>
        record.active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>,
    },
    { ...sorted('updatedAt', t('fields.updatedAt')), render: (value: string) => formatDate(value) },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      fixed: 'end',
      render: (_, record) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          <Tooltip title={tc('actions.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${tc('actions.edit')}: ${record.code}`}
              onClick={() => openEditor(record)}
            />
          </Tooltip>
          <Popconfirm
            title={t('processors.deleteConfirm', { name: record.code })}
            description={t('processors.deleteHint')}
            okText={tc('actions.delete')}
            cancelText={tc('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete(record)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${tc('actions.delete')}: ${record.code}`}
            />
          </Popconfirm>
        </span>
      ),
    });

  const filtered = !!(state.q || active || type || currency);
  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportProcessors(filter, t('processors.fileName'))} />
            {canEdit ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="create-processor"
                onClick={() => openEditor(null)}
              >
                {t('processors.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('processors.search')} autoFocus />
        <Select
          aria-label={t('fields.type')}
          value={isType(type) ? type : ''}
          onChange={(value: string) => update({ type: value || undefined })}
          style={{ minWidth: 180 }}
          options={[
            { value: '', label: t('processors.anyType') },
            ...PROCESSOR_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
          ]}
        />
        <Select
          aria-label={t('fields.currency')}
          value={isCurrency(currency) ? currency : ''}
          onChange={(value: string) => update({ currency: value || undefined })}
          style={{ minWidth: 140 }}
          options={[
            { value: '', label: t('processors.anyCurrency') },
            ...CURRENCY_CODES.map((value) => ({ value, label: value })),
          ]}
        />
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
          <Button onClick={() => update({ q: '', active: undefined, type: undefined, currency: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<Processor>
        testId="processors-table"
        rowKey="id"
        columns={columns}
        state={state}
        onChange={update}
        page={list.data}
        isLoading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filtered={filtered}
      />
      <ProcessorFormDrawer open={drawerOpen} record={editing} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
