import { CARRIER_INTEGRATIONS, type CarrierIntegration, type CarrierSummary } from '@backoffice/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../../shared/ui/kit/delete-record.tsx';
import { ActiveFilter, FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, oneOf, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { type CarrierFilter, exportCarriers, useCarriers, useDeleteCarrier } from './api.ts';

const FILTERS = ['active', 'integration'] as const;
export const CARRIERS_PATH = '/shipping-carrier/shipping-carrier-list';

/** Shipping carriers: server-paged, searchable (also by service), filtered by integration and status. */
export function CarriersPage() {
  const { t } = useTranslation('carriers');
  const { has } = usePermissions();
  const navigate = useNavigate();
  const list = useListPage(FILTERS);
  const { active, integration } = list.state.filters;
  const filter: CarrierFilter = {
    ...list.search,
    active: flag(active),
    integration: oneOf(integration, CARRIER_INTEGRATIONS),
  };
  const result = useCarriers({ ...list.query, ...filter });
  const remove = useDeleteCarrier();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const canEdit = has('edit_shipping_carrier');

  const col = useColumnKit<CarrierSummary>(list.state.sort, 'code');
  const columns = [
    col.code({ title: t('fields.code'), link: (record) => `${CARRIERS_PATH}/${record.id}` }),
    col.name({ title: t('fields.name') }),
    col.text('integration', t('fields.integration'), {
      render: (value: CarrierIntegration) => <Tag>{t(`integrations.${value}`)}</Tag>,
    }),
    {
      key: 'services',
      title: t('fields.services'),
      render: (_: unknown, record: CarrierSummary) => (
        <span data-testid={`service-count-${record.code}`}>
          {t('serviceCount', { count: record.serviceCount, active: record.activeServiceCount })}
        </span>
      ),
    },
    {
      key: 'tracking',
      title: t('fields.trackingUrlTemplate'),
      render: (_: unknown, record: CarrierSummary) =>
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
    col.active({ title: t('fields.status'), value: (record) => record.active }),
    col.date({ title: t('fields.updatedAt') }),
    ...col.editDelete({
      name: (record) => record.code,
      onEdit: canEdit ? (record) => navigate(`${CARRIERS_PATH}/${record.id}`) : undefined,
      remove: canEdit
        ? {
            confirm: (record) => t('deleteConfirm', { name: record.code }),
            hint: () => t('deleteHint'),
            run: (record) => deleteRecord(record.id, record.code),
          }
        : undefined,
    }),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="carriers-table"
      rowKey="id"
      columns={columns}
      onExport={() => exportCarriers(filter, t('fileName'))}
      create={
        <CreateButton
          permission="edit_shipping_carrier"
          testId="create-carrier"
          label={t('create')}
          onClick={() => navigate(`${CARRIERS_PATH}/new`)}
        />
      }
      filters={
        <FilterBar list={list} search={t('search')}>
          <SelectFilter
            list={list}
            name="integration"
            label={t('fields.integration')}
            any={t('anyIntegration')}
            width={170}
            options={CARRIER_INTEGRATIONS.map((value) => ({ value, label: t(`integrations.${value}`) }))}
          />
          <ActiveFilter list={list} name="active" />
        </FilterBar>
      }
    >
      {modalHolder}
    </ListPage>
  );
}
