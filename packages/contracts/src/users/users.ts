import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';
import { Password } from './passwords.ts';
import { PERMISSION_AREAS } from './permissions.ts';

export const UserErrorCode = {
  ROLE_IN_USE: 'ROLE_IN_USE',
  ROLE_NAME_TAKEN: 'ROLE_NAME_TAKEN',
  ROLE_PROTECTED: 'ROLE_PROTECTED',
  UNKNOWN_PERMISSION: 'UNKNOWN_PERMISSION',
  UNKNOWN_ROLE: 'UNKNOWN_ROLE',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  PASSWORD_TOO_WEAK: 'PASSWORD_TOO_WEAK',
  PASSWORDS_MANAGED_EXTERNALLY: 'PASSWORDS_MANAGED_EXTERNALLY',
  CANNOT_DEACTIVATE_SELF: 'CANNOT_DEACTIVATE_SELF',
} as const;

export * from './passwords.ts';

export const Permission = z.object({ name: z.string(), area: z.enum(PERMISSION_AREAS) }).meta({ id: 'Permission' });
export type Permission = z.infer<typeof Permission>;

export const Role = z
  .object({
    id: Uuid,
    name: z.string(),
    description: z.string(),
    isSystem: z.boolean(),
    permissions: z.array(z.string()),
    userCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof Role>;

export const RoleInput = z.object({
  name: singleLine(z.string().trim().min(1, 'a role has a name').max(80)),
  description: z.string().trim().max(500).default(''),
  permissions: z.array(z.string().max(100)).max(500),
});
export type RoleInput = z.input<typeof RoleInput>;

export const User = z
  .object({
    id: Uuid,
    username: z.string(),
    name: z.string(),
    email: z.string(),
    isActive: z.boolean(),
    roles: z.array(z.object({ id: Uuid, name: z.string() })),
    hasPassword: z.boolean(),
    externalSubject: z.string().nullable(),
    lastSignInAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

const Username = singleLine(
  z
    .string()
    .trim()
    .toLowerCase()
    .min(2, 'a user name has at least 2 characters')
    .max(60)
    .regex(/^[a-z0-9._@-]+$/, 'a user name uses letters, digits and . _ @ - only'),
);

export const UserInput = z.object({
  username: Username,
  name: singleLine(z.string().trim().max(120)).default(''),
  email: z.email('an e-mail address is needed').trim().toLowerCase().max(200),
  isActive: z.boolean().default(true),
  roleIds: z.array(Uuid).max(50).default([]),
  /** Only with the embedded sign-in; with an external provider passwords live there. */
  password: Password.optional(),
});
export type UserInput = z.input<typeof UserInput>;

export const UserUpdate = UserInput.omit({ password: true, username: true });
export type UserUpdate = z.input<typeof UserUpdate>;

export const Me = z
  .object({
    id: Uuid,
    username: z.string(),
    name: z.string(),
    email: z.string(),
    roles: z.array(z.object({ id: Uuid, name: z.string() })),
    permissions: z.array(z.string()),
    passwordsManagedHere: z.boolean(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;

/** The shape the specification names for the user-management service's permission call. */
export const PermissionResponse = z.object({ perm: z.array(z.object({ name: z.string() })) });
export type PermissionResponse = z.infer<typeof PermissionResponse>;

const IdParams = z.object({ id: Uuid });
const Ok = z.object({ ok: z.literal(true) });

export const usersApi = {
  me: endpoint({
    method: 'GET',
    path: '/api/me',
    permission: 'authenticated',
    tag: 'users',
    summary: 'The signed-in user with their permissions',
    response: Me,
  }),
  userPermissions: endpoint({
    method: 'GET',
    path: '/api/v1/user-service/permission/inventory/role/user/:userId',
    permission: 'authenticated',
    tag: 'users',
    summary: "A user's permissions in the inventory scope (own, or any with view_user)",
    params: z.object({ userId: z.string().max(200) }),
    response: PermissionResponse,
  }),
  listPermissions: endpoint({
    method: 'GET',
    path: '/api/permissions',
    permission: 'view_permission',
    tag: 'users',
    summary: 'The permission catalogue (bounded, so not paged), searchable and by area',
    query: z.object({ q: z.string().trim().max(100).optional(), area: z.enum(PERMISSION_AREAS).optional() }),
    response: z.object({ items: z.array(Permission) }),
  }),
  listRoles: endpoint({
    method: 'GET',
    path: '/api/roles',
    permission: ['view_role', 'view_user'],
    tag: 'users',
    summary: 'Roles, paged and searchable',
    query: PageQuery,
    response: pageOf(Role),
  }),
  getRole: endpoint({
    method: 'GET',
    path: '/api/roles/:id',
    permission: 'view_role',
    tag: 'users',
    summary: 'One role',
    params: IdParams,
    response: Role,
  }),
  createRole: endpoint({
    method: 'POST',
    path: '/api/roles',
    permission: 'add_role',
    tag: 'users',
    summary: 'Create a role',
    body: RoleInput,
    response: Role,
    status: 201,
    idempotent: true,
  }),
  updateRole: endpoint({
    method: 'PUT',
    path: '/api/roles/:id',
    permission: 'edit_role',
    tag: 'users',
    summary: 'Rename a role, change its description and permissions',
    params: IdParams,
    body: RoleInput,
    response: Role,
  }),
  deleteRole: endpoint({
    method: 'DELETE',
    path: '/api/roles/:id',
    permission: 'delete_role',
    tag: 'users',
    summary: 'Delete a role no user holds',
    params: IdParams,
    response: Ok,
  }),
  listUsers: endpoint({
    method: 'GET',
    path: '/api/users',
    permission: 'view_user',
    tag: 'users',
    summary: 'Users, paged, searchable, filtered by active and role',
    query: PageQuery.extend({
      isActive: z.enum(['true', 'false']).optional(),
      roleId: Uuid.optional(),
    }),
    response: pageOf(User),
  }),
  getUser: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    permission: 'view_user',
    tag: 'users',
    summary: 'One user',
    params: IdParams,
    response: User,
  }),
  createUser: endpoint({
    method: 'POST',
    path: '/api/users',
    permission: 'add_user',
    tag: 'users',
    summary: 'Create a user',
    body: UserInput,
    response: User,
    status: 201,
    idempotent: true,
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: '/api/users/:id',
    permission: 'edit_user',
    tag: 'users',
    summary: "Change a user's name, e-mail, roles or active flag",
    params: IdParams,
    body: UserUpdate,
    response: User,
  }),
  setUserPassword: endpoint({
    method: 'POST',
    path: '/api/users/:id/password',
    permission: 'edit_user',
    tag: 'users',
    summary: "Set or reset a user's password (embedded sign-in only)",
    params: IdParams,
    body: z.object({ password: Password }),
    response: Ok,
  }),
};
