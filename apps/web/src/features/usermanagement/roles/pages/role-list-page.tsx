import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Role } from '@backoffice/contracts';
import { Button, Modal, Popconfirm, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../../shared/lib/dates.ts';
import { ApiError, errorDetails } from '../../../../shared/lib/errors.ts';
import { sortOrderOf, useListState } from '../../../../shared/lib/list-state.ts';
import { notifySuccess } from '../../../../shared/lib/notify.ts';
import { usePermissions } from '../../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../../shared/lib/use-error-text.ts';
import { DataTable } from '../../../../shared/ui/data-table.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../../shared/ui/search-box.tsx';
import { usersUrl } from '../../users/urls.ts';
import { useDeleteRole, useRoles } from '../api.ts';
import { RoleFormDrawer } from '../components/role-form-drawer.tsx';

/** Roles: a server-paged list (page, size, search and sort in the URL), create, edit and delete. */
export function RoleListPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const [modal, modalHolder] = Modal.useModal();
  const [state, update] = useListState();
  const roles = useRoles({
    page: state.page,
    pageSize: state.pageSize,
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
  });
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Role | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const canAdd = has('add_role');
  const canEdit = has('edit_role');
  const canDelete = has('delete_role');

  const openEditor = (role: Role | null) => {
    setEditing(role);
    setDrawerOpen(true);
  };

  const handleDelete = async (role: Role) => {
    try {
      await remove.mutateAsync(role.id);
      notifySuccess(tc('form.deleted'));
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      const inUse = error instanceof ApiError && error.code === 'ROLE_IN_USE';
      const userCount = inUse ? Number(errorDetails(error).userCount ?? 0) : 0;
      modal.error({
        title: t('roles.deleteRefused', { name: role.name }),
        content: inUse ? t('roles.inUse', { count: userCount }) : text,
      });
    }
  };

  const columns: ColumnsType<Role> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('roles.fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'name', 'name'),
      render: (name: string, role) => (
        <span>
          {name} {role.isSystem ? <Tag color="gold">{t('roles.system')}</Tag> : null}
        </span>
      ),
    },
    { key: 'description', dataIndex: 'description', title: t('roles.fields.description'), ellipsis: true },
    {
      key: 'permissions',
      title: t('roles.fields.permissions'),
      render: (_, role) => role.permissions.length,
      align: 'end',
    },
    {
      key: 'userCount',
      dataIndex: 'userCount',
      title: t('roles.fields.userCount'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'userCount'),
      align: 'end',
      render: (count: number, role) =>
        has('view_user') && count > 0 ? <Link to={usersUrl({ roleId: role.id })}>{count}</Link> : count,
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
      render: (_, role) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          {canEdit ? (
            <Tooltip title={tc('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${tc('actions.edit')}: ${role.name}`}
                onClick={() => openEditor(role)}
              />
            </Tooltip>
          ) : null}
          {canDelete ? (
            role.isSystem ? (
              <Tooltip title={t('roles.protected')}>
                <Button type="text" icon={<DeleteOutlined />} disabled aria-label={t('roles.protected')} />
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('roles.deleteConfirm', { name: role.name })}
                description={role.userCount > 0 ? t('roles.inUse', { count: role.userCount }) : undefined}
                okText={tc('actions.delete')}
                cancelText={tc('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => handleDelete(role)}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${tc('actions.delete')}: ${role.name}`}
                />
              </Popconfirm>
            )
          ) : null}
        </span>
      ),
    });

  return (
    <>
      {modalHolder}
      <PageHeader
        extra={
          canAdd ? (
            <Button type="primary" icon={<PlusOutlined />} data-testid="create-role" onClick={() => openEditor(null)}>
              {t('roles.create')}
            </Button>
          ) : null
        }
      />
      <div style={{ marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('roles.search')} autoFocus />
      </div>
      <DataTable<Role>
        testId="roles-table"
        rowKey="id"
        columns={columns}
        state={state}
        onChange={update}
        page={roles.data}
        isLoading={roles.isFetching}
        error={roles.error}
        onRetry={() => void roles.refetch()}
        filtered={!!state.q}
      />
      <RoleFormDrawer open={drawerOpen} role={editing} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
