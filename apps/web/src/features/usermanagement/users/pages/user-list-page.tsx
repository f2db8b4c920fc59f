import { HistoryOutlined, KeyOutlined } from '@ant-design/icons';
import type { User } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../../shared/lib/me.ts';
import { usePermissions } from '../../../../shared/lib/permissions.tsx';
import { useColumnKit } from '../../../../shared/ui/kit/columns.tsx';
import { ActiveFilter, FilterBar, SelectFilter } from '../../../../shared/ui/kit/filter-bar.tsx';
import { ListPage } from '../../../../shared/ui/kit/list-page.tsx';
import { CreateButton, EditAction, RowAction, RowActions } from '../../../../shared/ui/kit/row-actions.tsx';
import { flag, useListPage } from '../../../../shared/ui/kit/use-list-page.ts';
import { systemLogUrl } from '../../../log/index.ts';
import { useAllRoles } from '../../roles/api.ts';
import { useUsers } from '../api.ts';
import { SetPasswordModal } from '../components/set-password-modal.tsx';
import { UserFormDrawer } from '../components/user-form-drawer.tsx';
import { USER_FILTERS } from '../urls.ts';

/** Users: a server-paged list (search, active and role filters, sort in the URL), create and edit. */
export function UserListPage() {
  const { t } = useTranslation('users');
  const { has } = usePermissions();
  const me = useMe();
  const list = useListPage(USER_FILTERS);
  const { isActive, roleId } = list.state.filters;
  const result = useUsers({ ...list.query, isActive: flag(isActive), ...(roleId ? { roleId } : {}) });
  const roles = useAllRoles();
  const [editing, setEditing] = useState<User | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);

  const canEdit = has('edit_user');
  const canSeeLog = has('view_system_logs');
  const passwordsManagedHere = me.data?.passwordsManagedHere ?? false;

  const openEditor = (user: User | null) => {
    setEditing(user);
    setDrawerOpen(true);
  };

  const col = useColumnKit<User>(list.state.sort, 'username');
  const columns = [
    col.code({ key: 'username', title: t('users.fields.username') }),
    col.name({ title: t('users.fields.name') }),
    col.text('email', t('users.fields.email')),
    {
      key: 'roles',
      title: t('users.fields.roles'),
      render: (_: unknown, user: User) => user.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>),
    },
    col.active({ key: 'isActive', title: t('users.fields.status'), value: (user) => user.isActive }),
    col.date({ key: 'lastSignInAt', title: t('users.fields.lastSignInAt'), empty: t('users.never') }),
    ...(canEdit || canSeeLog
      ? [
          col.actions((user) => (
            <RowActions>
              {canEdit ? <EditAction name={user.username} onClick={() => openEditor(user)} /> : null}
              {canSeeLog ? (
                <RowAction
                  label={t('users.activity')}
                  name={user.username}
                  icon={<HistoryOutlined />}
                  href={`#${systemLogUrl({ userId: user.id })}`}
                />
              ) : null}
              {canEdit && passwordsManagedHere ? (
                <RowAction
                  label={t('users.setPassword')}
                  name={user.username}
                  icon={<KeyOutlined />}
                  onClick={() => setPasswordFor(user)}
                />
              ) : null}
            </RowActions>
          )),
        ]
      : []),
  ];

  return (
    <ListPage
      list={list}
      result={result}
      testId="users-table"
      rowKey="id"
      columns={columns}
      create={
        <CreateButton
          permission="add_user"
          testId="create-user"
          label={t('users.create')}
          onClick={() => openEditor(null)}
        />
      }
      filters={
        <FilterBar list={list} search={t('users.search')}>
          <ActiveFilter list={list} name="isActive" label={t('users.fields.status')} any={t('users.anyStatus')} />
          <SelectFilter
            list={list}
            name="roleId"
            label={t('users.fields.roles')}
            any={t('users.anyRole')}
            width={200}
            loading={roles.isPending}
            searchable
            options={(roles.data?.items ?? []).map((role) => ({ value: role.id, label: role.name }))}
          />
        </FilterBar>
      }
    >
      <UserFormDrawer
        open={drawerOpen}
        user={editing}
        withPassword={passwordsManagedHere}
        onClose={() => setDrawerOpen(false)}
      />
      <SetPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </ListPage>
  );
}
