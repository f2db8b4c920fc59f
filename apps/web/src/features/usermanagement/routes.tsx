import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { PermissionListPage } from './permissions/pages/permission-list-page.tsx';
import { RoleListPage } from './roles/pages/role-list-page.tsx';
import { UserListPage } from './users/pages/user-list-page.tsx';

const routes = areaRoutes('usermanagement', [
  { path: 'permission', titleKey: 'permissions', permissions: ['view_permission'], element: <PermissionListPage /> },
  { path: 'role', titleKey: 'roles', permissions: ['view_role'], element: <RoleListPage /> },
  { path: 'user', titleKey: 'usersList', permissions: ['view_user'], element: <UserListPage /> },
]);

/** User management: the permission catalogue, roles and users. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
