import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CARRIER_INTEGRATIONS, type CarrierIntegration, type CarrierSummary } from '@backoffice/contracts';
import { Button, Modal, Popconfirm, Select, Tag, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
import { type CarrierFilter, exportCarriers, useCarriers, useDeleteCarrier } from './api.ts';

const FILTERS = ['active', 'integration'] as const;
export const CARRIERS_PATH = '/shipping-carrier/shipping-carrier-list';

const isIntegration = (value: string | undefined): value is CarrierIntegration =>
  (CARRIER_INTEGRATIONS as readonly string[]).includes(value ?? '');

/** Shipping carriers: server-paged, searchable (also by service), filtered by integration and status. */
export function CarriersPage() {
  const { t } = useTranslation('carriers');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const [state, update] = useListState(FILTERS);
  const { active, integration } = state.filters;
  const filter: CarrierFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(active === 'true' || active === 'false' ? { active } : {}),
    ...(isIntegration(integration) ? { integration } : {}),
  };
  const list = useCarriers({ page: state.page, pageSize: state.pageSize, ...filter });
  const remove = useDeleteCarrier();
  const canEdit = has('edit_shipping_carrier');

  const handleDelete = async (record: CarrierSummary) => {
    try {
      await remove.mutateAsync(record.id);
      notifySuccess(tc('form.deleted'));
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      const inUse = error instanceof ApiError && error.code === 'IN_USE';
      modal.error({
        title: t('deleteRefused', { name: record.code }),
        content: inUse ? t('inUse', { count: Number(errorDetails(error).count ?? 0) }) : text,
      });
    }
  };

  const columns: ColumnsType<CarrierSummary> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('fields.code'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'code', 'code'),
      render: (code: string, record) => <Link to={`${CARRIERS_PATH}/${record.id}`}>{code}</Link>,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
    },
    {
      key: 'integration',
      dataIndex: 'integration',
      title: t('fields.integration'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'integration'),
      render: (value: CarrierIntegration) => <Tag>{t(`integrations.${value}`)}</Tag>,
    },
    {
      key: 'services',
      title: t('fields.services'),
      render: (_, record) => (
        <span data-testid={`service-count-${record.code}`}>
          {t('serviceCount', { count: record.serviceCount, active: record.activeServiceCount })}
        </span>
      ),
    },
    {
      key: 'tracking',
      title: t('fields.trackingUrlTemplate'),
      render: (_, record) =>
        record.trackingUrlTemplate ? (
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: record.trackingUrlTemplate }}
            style={{ maxWidth: 280 }}
          >
            <bdi>{record.trackingUrlTemplate}</bdi>
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('noTracking')}</Typography.Text>
        ),
    },
    {
      key: 'active',
      title: t('fields.status'),
      render: (_, record) =>
        record.active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>,
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('fields.updatedAt'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'updatedAt'),
      render: (value: string) => formatDate(value),
    },
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
              onClick={() => navigate(`${CARRIERS_PATH}/${record.id}`)}
            />
          </Tooltip>
          <Popconfirm
            title={t('deleteConfirm', { name: record.code })}
            description={t('deleteHint')}
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

  const filtered = !!(state.q || active || integration);
  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportCarriers(filter, t('fileName'))} />
            {canEdit ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="create-carrier"
                onClick={() => navigate(`${CARRIERS_PATH}/new`)}
              >
                {t('create')}
              </Button>
            ) : null}
          </>
        }
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('search')} autoFocus />
        <Select
          aria-label={t('fields.integration')}
          value={isIntegration(integration) ? integration : ''}
          onChange={(value: string) => update({ integration: value || undefined })}
          style={{ minWidth: 170 }}
          options={[
            { value: '', label: t('anyIntegration') },
            ...CARRIER_INTEGRATIONS.map((value) => ({ value, label: t(`integrations.${value}`) })),
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
          <Button onClick={() => update({ q: '', active: undefined, integration: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<CarrierSummary>
        testId="carriers-table"
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
    </>
  );
}
