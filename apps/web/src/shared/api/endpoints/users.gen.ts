// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `usersApi`: method, path and, for a change, the resources it makes stale. */
export const usersEndpoints = {
  me: endpointRef<typeof contracts.usersApi.me>('GET', '/api/me'),
  userPermissions: endpointRef<typeof contracts.usersApi.userPermissions>(
    'GET',
    '/api/v1/user-service/permission/inventory/role/user/:userId',
  ),
  listPermissions: endpointRef<typeof contracts.usersApi.listPermissions>('GET', '/api/permissions'),
  listRoles: endpointRef<typeof contracts.usersApi.listRoles>('GET', '/api/roles'),
  getRole: endpointRef<typeof contracts.usersApi.getRole>('GET', '/api/roles/:id'),
  createRole: endpointRef<typeof contracts.usersApi.createRole>('POST', '/api/roles', ['/api/roles', '/api/users']),
  updateRole: endpointRef<typeof contracts.usersApi.updateRole>('PUT', '/api/roles/:id', ['/api/roles', '/api/users']),
  deleteRole: endpointRef<typeof contracts.usersApi.deleteRole>('DELETE', '/api/roles/:id', [
    '/api/roles',
    '/api/users',
  ]),
  listUsers: endpointRef<typeof contracts.usersApi.listUsers>('GET', '/api/users'),
  getUser: endpointRef<typeof contracts.usersApi.getUser>('GET', '/api/users/:id'),
  createUser: endpointRef<typeof contracts.usersApi.createUser>('POST', '/api/users', ['/api/users', '/api/roles']),
  updateUser: endpointRef<typeof contracts.usersApi.updateUser>('PUT', '/api/users/:id', ['/api/users', '/api/roles']),
  setUserPassword: endpointRef<typeof contracts.usersApi.setUserPassword>('POST', '/api/users/:id/password', [
    '/api/users',
    '/api/roles',
  ]),
};
