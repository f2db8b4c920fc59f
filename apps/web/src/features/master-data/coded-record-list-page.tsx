import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { MasterDataFilter } from '@backoffice/contracts';
import { Button, Modal, Popconfirm, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/lib/dates.ts';
import { ApiError, errorDetails } from '../../shared/lib/errors.ts';
import { sortOrderOf, useListState } from '../../shared/lib/list-state.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { ExportButton } from '../../shared/ui/export-button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { SearchBox } from '../../shared/ui/search-box.tsx';
import { CodedRecordFormDrawer } from './coded-record-form-drawer.tsx';
import type { CodedRecord, CodedRecordKind } from './coded-record-kind.ts';

/** The list's filters in the URL besides page, size, search and sort. */
const FILTERS = ['active'] as const;

/**
 * A coded-record list (brands, cost centres): server-paged, with search, active filter and sort in the
 * URL, export of the current filter, create, edit and delete.
 */
export function CodedRecordListPage({ kind }: { kind: CodedRecordKind }) {
  const { t } = useTranslation('masterData');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const [state, update] = useListState(FILTERS);
  const { active } = state.filters;
  const filter: Partial<MasterDataFilter> = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(active === 'true' || active === 'false' ? { active } : {}),
  };
  const list = kind.useList({ page: state.page, pageSize: state.pageSize, ...filter });
  const remove = kind.useDelete();
  const [editing, setEditing] = useState<CodedRecord | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const canAdd = has(kind.permissions.add);
  const canEdit = has(kind.permissions.edit);
  const canDelete = has(kind.permissions.delete);

  const openEditor = (record: CodedRecord | null) => {
    setEditing(record);
    setDrawerOpen(true);
  };

  const handleDelete = async (record: CodedRecord) => {
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

  const columns: ColumnsType<CodedRecord> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('fields.code'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'code', 'code'),
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
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
  if (canEdit || canDelete)
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      fixed: 'end',
      render: (_, record) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          {canEdit ? (
            <Tooltip title={tc('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${tc('actions.edit')}: ${record.code}`}
                onClick={() => openEditor(record)}
              />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Popconfirm
              title={t(`${kind.texts}.deleteConfirm`, { name: record.code })}
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
          ) : null}
        </span>
      ),
    });

  const filtered = !!(state.q || active);

  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => kind.exportFile(filter, t(`${kind.texts}.fileName`))} />
            {canAdd ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid={kind.testIds.create}
                onClick={() => openEditor(null)}
              >
                {t(`${kind.texts}.create`)}
              </Button>
            ) : null}
          </>
        }
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t(`${kind.texts}.search`)} autoFocus />
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
      <DataTable<CodedRecord>
        testId={kind.testIds.table}
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
      <CodedRecordFormDrawer kind={kind} open={drawerOpen} record={editing} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
