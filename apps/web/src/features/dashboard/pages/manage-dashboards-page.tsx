import type { BiReport } from '@backoffice/contracts';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../../shared/ui/kit/delete-record.tsx';
import { ActiveFilter, FilterBar, SelectFilter } from '../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../shared/ui/kit/row-actions.tsx';
import { flag, useListPage } from '../../../shared/ui/kit/use-list-page.ts';
import { useBiReportRoles, useBiReports, useDeleteBiReport } from '../bi-reports/api.ts';
import { BiReportFormDrawer } from '../bi-reports/bi-report-form-drawer.tsx';
import { embedHostOf } from '../bi-reports/embed.ts';

const FILTERS = ['active', 'roleId'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Management Dashboards: the register of external BI reports that Analytics shows, each to the roles named on it.
 * Server-paged, searchable, filtered by role and status; registered and changed in a drawer.
 */
export function ManageDashboardsPage() {
  const { t } = useTranslation('dashboards');
  const { has } = usePermissions();
  const list = useListPage(FILTERS);
  const { active, roleId } = list.state.filters;
  const result = useBiReports({
    ...list.query,
    active: flag(active),
    // A hand-edited address never sends the API a role id it would refuse.
    roleId: roleId && UUID.test(roleId) ? roleId : undefined,
  });
  const roles = useBiReportRoles();
  const remove = useDeleteBiReport();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const [editing, setEditing] = useState<BiReport | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canEdit = has('powerbi_dashboard_flow');

  const openEditor = (record: BiReport | null) => {
    setEditing(record);
    setDrawerOpen(true);
  };

  const col = useColumnKit<BiReport>(list.state.sort, 'sortOrder');
  const columns = [
    col.name({ title: t('biReports.fields.name') }),
    {
      key: 'embedUrl',
      title: t('biReports.fields.embedUrl'),
      render: (_: unknown, record: BiReport) => (
        <Typography.Text type="secondary" title={record.embedUrl} style={{ whiteSpace: 'nowrap' }}>
          <bdi dir="ltr">{embedHostOf(record.embedUrl)}</bdi>
        </Typography.Text>
      ),
    },
    {
      key: 'description',
      title: t('biReports.fields.description'),
      render: (_: unknown, record: BiReport) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: record.description }} style={{ margin: 0, maxWidth: 360 }}>
          {record.description}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'roles',
      title: t('biReports.fields.roles'),
      render: (_: unknown, record: BiReport) =>
        record.roles.length ? (
          <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
            {record.roles.map((role) => (
              <Tag key={role.id} style={{ marginInlineEnd: 0 }}>
                <bdi>{role.name}</bdi>
              </Tag>
            ))}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('biReports.noRoles')}</Typography.Text>
        ),
    },
    col.text('sortOrder', t('biReports.fields.sortOrder'), { align: 'end' }),
    col.active({ title: t('biReports.fields.status'), value: (record) => record.active }),
    col.date({ title: t('biReports.fields.updatedAt') }),
    ...col.editDelete({
      name: (record) => record.name,
      onEdit: canEdit ? openEditor : undefined,
      remove: canEdit
        ? {
            confirm: (record) => t('biReports.deleteConfirm', { name: record.name }),
            hint: () => t('biReports.deleteHint'),
            run: (record) => deleteRecord(record.id, record.name),
          }
        : undefined,
    }),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="bi-reports-table"
      rowKey="id"
      columns={columns}
      intro={t('biReports.intro')}
      columnChooser={{ id: 'dashboard.bi-reports', defaultHidden: ['updatedAt'] }}
      create={
        <CreateButton
          permission="powerbi_dashboard_flow"
          testId="create-bi-report"
          label={t('biReports.create')}
          onClick={() => openEditor(null)}
        />
      }
      filters={
        <FilterBar list={list} search={t('biReports.search')}>
          <SelectFilter
            list={list}
            name="roleId"
            label={t('biReports.fields.roles')}
            any={t('biReports.anyRole')}
            width={200}
            searchable
            loading={roles.isPending}
            options={(roles.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
          <ActiveFilter list={list} name="active" />
        </FilterBar>
      }
    >
      {modalHolder}
      <BiReportFormDrawer open={drawerOpen} record={editing} onClose={() => setDrawerOpen(false)} />
    </ListPage>
  );
}
