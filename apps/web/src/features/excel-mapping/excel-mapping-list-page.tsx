import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type ExcelMapping, IMPORT_KINDS, type ImportKind } from '@backoffice/contracts';
import { Button, Popconfirm, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/lib/dates.ts';
import { sortOrderOf, useListState } from '../../shared/lib/list-state.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { ExportButton } from '../../shared/ui/export-button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { SearchBox } from '../../shared/ui/search-box.tsx';
import { type ExcelMappingFilter, exportExcelMappings, useDeleteExcelMapping, useExcelMappings } from './api.ts';
import { ExcelMappingFormDrawer } from './excel-mapping-form-drawer.tsx';
import { useFieldLabel } from './labels.ts';

const FILTERS = ['kind'] as const;
const isKind = (value: string | undefined): value is ImportKind => IMPORT_KINDS.includes(value as ImportKind);

/**
 * Saved column mappings of every import kind: server-paged, searchable by name or header, filtered by
 * kind, sorted, exported; created, edited (also proposed from a file) and deleted.
 */
export function ExcelMappingListPage() {
  const { t } = useTranslation('imports');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const fieldLabel = useFieldLabel();
  const [state, update] = useListState(FILTERS);
  const kind = isKind(state.filters.kind) ? state.filters.kind : undefined;
  const filter: ExcelMappingFilter = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(kind ? { kind } : {}),
  };
  const list = useExcelMappings({ page: state.page, pageSize: state.pageSize, ...filter });
  const remove = useDeleteExcelMapping();
  const [editing, setEditing] = useState<ExcelMapping | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canEdit = has('edit_excel_mapping');

  const openEditor = (mapping: ExcelMapping | null) => {
    setEditing(mapping);
    setDrawerOpen(true);
  };

  const handleDelete = async (mapping: ExcelMapping) => {
    try {
      await remove.mutateAsync(mapping.id);
      notifySuccess(tc('form.deleted'));
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('mappings.deleteFailed', { name: mapping.name }), text);
    }
  };

  const columns: ColumnsType<ExcelMapping> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('mappings.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'name', 'name'),
      render: (name: string, mapping) => (
        <span>
          {name} {mapping.isDefault ? <Tag color="blue">{t('mappings.default')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('mappings.kind'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'kind'),
      render: (value: ImportKind) => t(`kinds.${value}`),
    },
    {
      key: 'columns',
      title: t('mappings.columnsTitle'),
      render: (_, mapping) => (
        <span title={mapping.columns.map((c) => `${c.header} → ${fieldLabel(mapping.kind, c.field)}`).join('\n')}>
          {mapping.columns
            .slice(0, 3)
            .map((c) => `${c.header} → ${fieldLabel(mapping.kind, c.field)}`)
            .join(', ')}
          {mapping.columns.length > 3 ? ` ${t('mappings.more', { count: mapping.columns.length - 3 })}` : ''}
        </span>
      ),
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('mappings.updatedAt'),
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
      render: (_, mapping) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          <Tooltip title={tc('actions.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${tc('actions.edit')}: ${mapping.name}`}
              onClick={() => openEditor(mapping)}
            />
          </Tooltip>
          <Popconfirm
            title={t('mappings.deleteConfirm', { name: mapping.name })}
            description={t('mappings.deleteHint')}
            okText={tc('actions.delete')}
            cancelText={tc('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete(mapping)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${tc('actions.delete')}: ${mapping.name}`}
            />
          </Popconfirm>
        </span>
      ),
    });

  const filtered = !!(state.q || kind);

  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton onExport={() => exportExcelMappings(filter, `${t('mappings.fileName')}.xlsx`)} />
            {canEdit ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="create-excel-mapping"
                onClick={() => openEditor(null)}
              >
                {t('mappings.create')}
              </Button>
            ) : null}
          </>
        }
      >
        <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>{t('mappings.intro')}</p>
      </PageHeader>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('mappings.search')} autoFocus />
        <Select
          aria-label={t('mappings.kind')}
          data-testid="mapping-kind-filter"
          value={kind ?? ''}
          onChange={(value: string) => update({ kind: value || undefined })}
          style={{ minWidth: 180 }}
          options={[
            { value: '', label: t('mappings.allKinds') },
            ...IMPORT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          ]}
        />
        {filtered ? (
          <Button onClick={() => update({ q: '', kind: undefined })}>{tc('actions.clearFilters')}</Button>
        ) : null}
      </div>
      <DataTable<ExcelMapping>
        testId="excel-mappings-table"
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
      <ExcelMappingFormDrawer open={drawerOpen} mapping={editing} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
