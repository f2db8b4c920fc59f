import type { Role } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorDetails } from '../../../../shared/lib/errors.ts';
import { usePermissions } from '../../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../../shared/ui/kit/columns.tsx';
import { useDeleteRecord } from '../../../../shared/ui/kit/delete-record.tsx';
import { FilterBar } from '../../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../../shared/ui/kit/list-page.tsx';
import { CreateButton } from '../../../../shared/ui/kit/row-actions.tsx';
import { useListPage } from '../../../../shared/ui/kit/use-list-page.ts';
import { usersUrl } from '../../users/urls.ts';
import { useDeleteRole, useRoles } from '../api.ts';
import { RoleFormDrawer } from '../components/role-form-drawer.tsx';

/** Roles: a server-paged list (page, size, search and sort in the URL), create, edit and delete. */
export function RoleListPage() {
  const { t } = useTranslation('users');
  const { has } = usePermissions();
  const list = useListPage();
  const result = useRoles(list.query);
  const remove = useDeleteRole();
  const [deleteRecord, modalHolder] = useDeleteRecord((id) => remove.mutateAsync(id), {
    refusedTitle: (name) => t('roles.deleteRefused', { name }),
    // A role is held by users rather than used by records: said with how many hold it.
    explain: (error) =>
      error.code === 'ROLE_IN_USE' ? t('roles.inUse', { count: Number(errorDetails(error).userCount ?? 0) }) : null,
  });
  const [editing, setEditing] = useState<Role | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canEdit = has('edit_role');
  const canDelete = has('delete_role');

  const openEditor = (role: Role | null) => {
    setEditing(role);
    setDrawerOpen(true);
  };

  const col = useColumnKit<Role>(list.state.sort, 'name');
  const columns = [
    col.text('name', t('roles.fields.name'), {
      render: (name: string, role: Role) => (
        <span>
          {name} {role.isSystem ? <Tag color="gold">{t('roles.system')}</Tag> : null}
        </span>
      ),
    }),
    col.text('description', t('roles.fields.description'), { sortable: false, ellipsis: true }),
    {
      key: 'permissions',
      title: t('roles.fields.permissions'),
      render: (_: unknown, role: Role) => role.permissions.length,
      align: 'end' as const,
    },
    col.text('userCount', t('roles.fields.userCount'), {
      align: 'end',
      render: (count: number, role: Role) =>
        has('view_user') && count > 0 ? <Link to={usersUrl({ roleId: role.id })}>{count}</Link> : count,
    }),
    col.date({ title: t('fields.updatedAt') }),
    ...col.editDelete({
      name: (role) => role.name,
      onEdit: canEdit ? openEditor : undefined,
      remove: canDelete
        ? {
            confirm: (role) => t('roles.deleteConfirm', { name: role.name }),
            hint: (role) => (role.userCount > 0 ? t('roles.inUse', { count: role.userCount }) : undefined),
            blocked: (role) => (role.isSystem ? t('roles.protected') : undefined),
            run: (role) => deleteRecord(role.id, role.name),
          }
        : undefined,
    }),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="roles-table"
      rowKey="id"
      columns={columns}
      create={
        <CreateButton
          permission="add_role"
          testId="create-role"
          label={t('roles.create')}
          onClick={() => openEditor(null)}
        />
      }
      filters={<FilterBar list={list} search={t('roles.search')} />}
    >
      {modalHolder}
      <RoleFormDrawer open={drawerOpen} role={editing} onClose={() => setDrawerOpen(false)} />
    </ListPage>
  );
}
