import { type ExcelMapping, IMPORT_KINDS, type ImportKind } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../shared/ui/kit/delete-record.tsx';
import { FilterBar, SelectFilter } from '../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../shared/ui/kit/row-actions.tsx';
import { oneOf, useListPage } from '../../shared/ui/kit/use-list-page.ts';
import { type ExcelMappingFilter, exportExcelMappings, useDeleteExcelMapping, useExcelMappings } from './api.ts';
import { ExcelMappingFormDrawer } from './excel-mapping-form-drawer.tsx';
import { useFieldLabel } from './labels.ts';

const FILTERS = ['kind'] as const;

/**
 * Saved column mappings of every import kind: server-paged, searchable by name or header, filtered by
 * kind, sorted, exported; created, edited (also proposed from a file) and deleted.
 */
export function ExcelMappingListPage() {
  const { t } = useTranslation('imports');
  const { has } = usePermissions();
  const fieldLabel = useFieldLabel();
  const list = useListPage(FILTERS);
  const filter: ExcelMappingFilter = { ...list.search, kind: oneOf(list.state.filters.kind, IMPORT_KINDS) };
  const result = useExcelMappings({ ...list.query, ...filter });
  const remove = useDeleteExcelMapping();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id), {
    refusedTitle: (name) => t('mappings.deleteFailed', { name }),
  });
  const [editing, setEditing] = useState<ExcelMapping | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canEdit = has('edit_excel_mapping');

  const openEditor = (mapping: ExcelMapping | null) => {
    setEditing(mapping);
    setDrawerOpen(true);
  };
  const columnText = (mapping: ExcelMapping, columns = mapping.columns) =>
    columns.map((c) => `${c.header} → ${fieldLabel(mapping.kind, c.field)}`);

  const col = useColumnKit<ExcelMapping>(list.state.sort, 'name');
  const columns = [
    col.text('name', t('mappings.name'), {
      render: (name: string, mapping: ExcelMapping) => (
        <span>
          {name} {mapping.isDefault ? <Tag color="blue">{t('mappings.default')}</Tag> : null}
        </span>
      ),
    }),
    col.text('kind', t('mappings.kind'), { render: (value: ImportKind) => t(`kinds.${value}`) }),
    {
      key: 'columns',
      title: t('mappings.columnsTitle'),
      render: (_: unknown, mapping: ExcelMapping) => (
        <span title={columnText(mapping).join('\n')}>
          {columnText(mapping, mapping.columns.slice(0, 3)).join(', ')}
          {mapping.columns.length > 3 ? ` ${t('mappings.more', { count: mapping.columns.length - 3 })}` : ''}
        </span>
      ),
    },
    col.date({ title: t('mappings.updatedAt') }),
    ...col.editDelete({
      name: (mapping) => mapping.name,
      onEdit: canEdit ? openEditor : undefined,
      remove: canEdit
        ? {
            confirm: (mapping) => t('mappings.deleteConfirm', { name: mapping.name }),
            hint: () => t('mappings.deleteHint'),
            run: (mapping) => deleteRecord(mapping.id, mapping.name),
          }
        : undefined,
    }),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="excel-mappings-table"
      rowKey="id"
      columns={columns}
      intro={t('mappings.intro')}
      onExport={() => exportExcelMappings(filter, `${t('mappings.fileName')}.xlsx`)}
      create={
        <CreateButton
          permission="edit_excel_mapping"
          testId="create-excel-mapping"
          label={t('mappings.create')}
          onClick={() => openEditor(null)}
        />
      }
      filters={
        <FilterBar list={list} search={t('mappings.search')}>
          <SelectFilter
            list={list}
            name="kind"
            label={t('mappings.kind')}
            any={t('mappings.allKinds')}
            width={180}
            testId="mapping-kind-filter"
            options={IMPORT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
        </FilterBar>
      }
    >
      {modalHolder}
      <ExcelMappingFormDrawer open={drawerOpen} mapping={editing} onClose={() => setDrawerOpen(false)} />
    </ListPage>
  );
}
