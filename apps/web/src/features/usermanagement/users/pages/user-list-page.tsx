import { EditOutlined, HistoryOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { User } from '@backoffice/contracts';
import { Button, Select, Tag, Tooltip, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/lib/dates.ts';
import { sortOrderOf, useListState } from '../../../../shared/lib/list-state.ts';
import { useMe } from '../../../../shared/lib/me.ts';
import { usePermissions } from '../../../../shared/lib/permissions.tsx';
import { DataTable } from '../../../../shared/ui/data-table.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { SearchBox } from '../../../../shared/ui/search-box.tsx';
import { systemLogUrl } from '../../../log/system-logs/urls.ts';
import { useAllRoles } from '../../roles/api.ts';
import { useUsers } from '../api.ts';
import { SetPasswordModal } from '../components/set-password-modal.tsx';
import { UserFormDrawer } from '../components/user-form-drawer.tsx';
import { USER_FILTERS } from '../urls.ts';

/** Users: a server-paged list (search, active and role filters, sort in the URL), create and edit. */
export function UserListPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const me = useMe();
  const [state, update] = useListState(USER_FILTERS);
  const { isActive, roleId } = state.filters;
  const users = useUsers({
    page: state.page,
    pageSize: state.pageSize,
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(isActive === 'true' || isActive === 'false' ? { isActive } : {}),
    ...(roleId ? { roleId } : {}),
  });
  const roles = useAllRoles();
  const [editing, setEditing] = useState<User | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);

  const canAdd = has('add_user');
  const canEdit = has('edit_user');
  const canSeeLog = has('view_system_logs');
  const passwordsManagedHere = me.data?.passwordsManagedHere ?? false;

  const openEditor = (user: User | null) => {
    setEditing(user);
    setDrawerOpen(true);
  };

  const columns: ColumnsType<User> = [
    {
      key: 'username',
      dataIndex: 'username',
      title: t('users.fields.username'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort ?? 'username', 'username'),
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('users.fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'name'),
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('users.fields.email'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'email'),
    },
    {
      key: 'roles',
      title: t('users.fields.roles'),
      render: (_, user) => user.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>),
    },
    {
      key: 'isActive',
      title: t('users.fields.status'),
      render: (_, user) =>
        user.isActive ? <Tag color="green">{t('users.active')}</Tag> : <Tag>{t('users.inactive')}</Tag>,
    },
    {
      key: 'lastSignInAt',
      dataIndex: 'lastSignInAt',
      title: t('users.fields.lastSignInAt'),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, 'lastSignInAt'),
      render: (value: string | null) => (value ? formatDate(value) : t('users.never')),
    },
  ];
  if (canEdit || canSeeLog)
    columns.push({
      key: 'actions',
      title: tc('table.actions'),
      fixed: 'end',
      render: (_, user) => (
        <span style={{ display: 'inline-flex', gap: token.marginXXS }}>
          {canEdit ? (
            <Tooltip title={tc('actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${tc('actions.edit')}: ${user.username}`}
                onClick={() => openEditor(user)}
              />
            </Tooltip>
          ) : null}
          {canSeeLog ? (
            <Tooltip title={t('users.activity')}>
              <Button
                type="text"
                icon={<HistoryOutlined />}
                href={`#${systemLogUrl({ userId: user.id })}`}
                aria-label={`${t('users.activity')}: ${user.username}`}
              />
            </Tooltip>
          ) : null}
          {canEdit && passwordsManagedHere ? (
            <Tooltip title={t('users.setPassword')}>
              <Button
                type="text"
                icon={<KeyOutlined />}
                aria-label={`${t('users.setPassword')}: ${user.username}`}
                onClick={() => setPasswordFor(user)}
              />
            </Tooltip>
          ) : null}
        </span>
      ),
    });

  const filtered = !!(state.q || isActive || roleId);

  return (
    <>
      <PageHeader
        extra={
          canAdd ? (
            <Button type="primary" icon={<PlusOutlined />} data-testid="create-user" onClick={() => openEditor(null)}>
              {t('users.create')}
            </Button>
          ) : null
        }
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.margin }}>
        <SearchBox value={state.q} onSearch={(q) => update({ q })} placeholder={t('users.search')} autoFocus />
        <Select
          aria-label={t('users.fields.status')}
          value={isActive ?? ''}
          onChange={(value: string) => update({ isActive: value || undefined })}
          style={{ minWidth: 150 }}
          options={[
            { value: '', label: t('users.anyStatus') },
            { value: 'true', label: t('users.active') },
            { value: 'false', label: t('users.inactive') },
          ]}
        />
        <Select
          aria-label={t('users.fields.roles')}
          value={roleId ?? ''}
          onChange={(value: string) => update({ roleId: value || undefined })}
          loading={roles.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 200 }}
          options={[
            { value: '', label: t('users.anyRole') },
            ...(roles.data?.items ?? []).map((role) => ({ value: role.id, label: role.name })),
          ]}
        />
        {filtered ? (
          <Button onClick={() => update({ q: '', isActive: undefined, roleId: undefined })}>
            {tc('actions.clearFilters')}
          </Button>
        ) : null}
      </div>
      <DataTable<User>
        testId="users-table"
        rowKey="id"
        columns={columns}
        state={state}
        onChange={update}
        page={users.data}
        isLoading={users.isFetching}
        error={users.error}
        onRetry={() => void users.refetch()}
        filtered={filtered}
      />
      <UserFormDrawer
        open={drawerOpen}
        user={editing}
        withPassword={passwordsManagedHere}
        onClose={() => setDrawerOpen(false)}
      />
      <SetPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </>
  );
}
