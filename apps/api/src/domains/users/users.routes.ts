import { areaOfPermission, usersApi } from '@backoffice/contracts';
import { forbidden } from '../../platform/errors.ts';
import { likePattern, toPage } from '../../platform/pagination.ts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { findRoles } from './role.repository.ts';
import { createRole, deleteRole, getRole, updateRole } from './role.service.ts';
import { findUsers, permissionsOfUser } from './user.repository.ts';
import { createUser, getUser, setUserPassword, type UserServiceOptions, updateUser } from './user.service.ts';

export function usersRoutes(opts: UserServiceOptions): RouteEntry[] {
  return [
    route(usersApi.me, async (_, ctx) => {
      const [user, permissions] = await Promise.all([
        getUser(ctx.db, ctx.user.id),
        permissionsOfUser(ctx.db, ctx.user.id),
      ]);
      return {
        id: user.id,
        username: user.username,
        name: user.name,
        email: user.email,
        roles: user.roles,
        permissions,
        passwordsManagedHere: opts.passwordsManagedHere,
      };
    }),
    route(usersApi.userPermissions, async ({ params }, ctx) => {
      // Own permissions for everyone; someone else's only for those who may see users.
      if (params.userId !== ctx.user.id && !ctx.user.permissions.has('view_user'))
        throw forbidden('You may read only your own permissions.');
      const user = await getUser(ctx.db, params.userId).catch(() => undefined);
      const names = user?.isActive ? await permissionsOfUser(ctx.db, params.userId) : [];
      return { perm: names.map((name) => ({ name })) };
    }),
    route(usersApi.listPermissions, async ({ query }, ctx) => {
      let q = ctx.db.selectFrom('permissions').select(['name', 'area']).orderBy('sort_order');
      if (query.q) q = q.where('name', 'ilike', likePattern(query.q.replace(/\s+/g, '_')));
      if (query.area) q = q.where('area', '=', query.area);
      const rows = await q.execute();
      return {
        items: rows.flatMap((r) => {
          const area = areaOfPermission(r.name);
          return area ? [{ name: r.name, area }] : [];
        }),
      };
    }),
    route(usersApi.listRoles, async ({ query }, ctx) => {
      const { items, total } = await findRoles(ctx.db, query);
      return toPage(items, total, query);
    }),
    route(usersApi.getRole, ({ params }, ctx) => getRole(ctx.db, params.id)),
    route(usersApi.createRole, ({ body }, ctx) => createRole(ctx, body)),
    route(usersApi.updateRole, ({ params, body }, ctx) => updateRole(ctx, params.id, body)),
    route(usersApi.deleteRole, ({ params }, ctx) => deleteRole(ctx, params.id)),
    route(usersApi.listUsers, async ({ query }, ctx) => {
      const { items, total } = await findUsers(ctx.db, query);
      return toPage(items, total, query);
    }),
    route(usersApi.getUser, ({ params }, ctx) => getUser(ctx.db, params.id)),
    route(usersApi.createUser, ({ body }, ctx) => createUser(ctx, body, opts)),
    route(usersApi.updateUser, ({ params, body }, ctx) => updateUser(ctx, params.id, body)),
    route(usersApi.setUserPassword, ({ params, body }, ctx) => setUserPassword(ctx, params.id, body.password, opts)),
  ];
}
