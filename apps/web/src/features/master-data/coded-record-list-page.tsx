import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../shared/ui/kit/delete-record.tsx';
import { ActiveFilter, FilterBar } from '../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../shared/ui/kit/row-actions.tsx';
import { flag, useListPage } from '../../shared/ui/kit/use-list-page.ts';
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
  const { has } = usePermissions();
  const list = useListPage(FILTERS);
  const filter = { ...list.search, active: flag(list.state.filters.active) };
  const result = kind.useList({ ...list.query, ...filter });
  const remove = kind.useDelete();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id));
  const [editing, setEditing] = useState<CodedRecord | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canEdit = has(kind.permissions.edit);
  const canDelete = has(kind.permissions.delete);

  const openEditor = (record: CodedRecord | null) => {
    setEditing(record);
    setDrawerOpen(true);
  };

  const col = useColumnKit<CodedRecord>(list.state.sort, 'code');
  const columns = [
    col.code({ title: t('fields.code') }),
    col.name({ title: t('fields.name') }),
    col.active({ title: t('fields.status'), value: (record) => record.active }),
    col.date({ title: t('fields.updatedAt') }),
    ...col.editDelete({
      name: (record) => record.code,
      onEdit: canEdit ? openEditor : undefined,
      remove: canDelete
        ? {
            confirm: (record) => t(`${kind.texts}.deleteConfirm`, { name: record.code }),
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
      testId={kind.testIds.table}
      rowKey="id"
      columns={columns}
      onExport={() => kind.exportFile(filter, t(`${kind.texts}.fileName`))}
      create={
        <CreateButton
          permission={kind.permissions.add}
          testId={kind.testIds.create}
          label={t(`${kind.texts}.create`)}
          onClick={() => openEditor(null)}
        />
      }
      filters={
        <FilterBar list={list} search={t(`${kind.texts}.search`)}>
          <ActiveFilter list={list} name="active" />
        </FilterBar>
      }
    >
      {modalHolder}
      <CodedRecordFormDrawer kind={kind} open={drawerOpen} record={editing} onClose={() => setDrawerOpen(false)} />
    </ListPage>
  );
}
