import { type RoleInput, UserErrorCode } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import {
  deleteRoleRow,
  getRoleById,
  insertRole,
  type RoleRow,
  replaceRolePermissions,
  roleNameTaken,
  unknownPermissions,
  updateRoleRow,
} from './role.repository.ts';

type Input = z.output<typeof RoleInput>;

export async function getRole(db: Kysely<Database>, id: string, forUpdate = false): Promise<RoleRow> {
  const role = await getRoleById(db, id, forUpdate);
  if (!role) throw notFound('Role', id);
  return role;
}

async function validate(db: Kysely<Database>, input: Input, exceptId?: string) {
  const permissions = [...new Set(input.permissions)];
  const unknown = await unknownPermissions(db, permissions);
  if (unknown.length)
    throw unprocessable(UserErrorCode.UNKNOWN_PERMISSION, `Unknown permission: ${unknown.join(', ')}.`, { unknown });
  if (await roleNameTaken(db, input.name, exceptId))
    throw conflict(UserErrorCode.ROLE_NAME_TAKEN, `A role named "${input.name}" already exists.`);
  return permissions;
}

export async function createRole(ctx: Ctx, input: Input): Promise<RoleRow> {
  const permissions = await validate(ctx.db, input);
  const id = await insertRole(ctx.db, { name: input.name, description: input.description });
  await replaceRolePermissions(ctx.db, id, permissions);
  const role = await getRole(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'role', entityId: id, after: role });
  return role;
}

export async function updateRole(ctx: Ctx, id: string, input: Input): Promise<RoleRow> {
  const before = await getRole(ctx.db, id, true);
  const permissions = await validate(ctx.db, input, id);
  // Administrator keeps every permission so the product always has someone who can manage it.
  if (before.isSystem && !sameSet(permissions, before.permissions))
    throw conflict(
      UserErrorCode.ROLE_PROTECTED,
      `The permissions of "${before.name}" cannot be changed: it holds every permission.`,
    );
  await updateRoleRow(ctx.db, id, { name: input.name, description: input.description });
  if (!before.isSystem) await replaceRolePermissions(ctx.db, id, permissions);
  const after = await getRole(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'role', entityId: id, before, after });
  return after;
}

export async function deleteRole(ctx: Ctx, id: string) {
  const before = await getRole(ctx.db, id, true);
  if (before.isSystem) throw conflict(UserErrorCode.ROLE_PROTECTED, `"${before.name}" cannot be deleted.`);
  if (before.userCount > 0)
    throw conflict(
      UserErrorCode.ROLE_IN_USE,
      `"${before.name}" is held by ${before.userCount} user(s). Take it away from them first.`,
      { userCount: before.userCount },
    );
  await deleteRoleRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'role', entityId: id, before });
  return { ok: true as const };
}

function sameSet(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && new Set([...a, ...b]).size === a.length;
}
