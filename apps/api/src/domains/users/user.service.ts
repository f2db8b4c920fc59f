import { UserErrorCode, type UserInput, type UserUpdate } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { hashPassword } from '../identity/index.ts';
import {
  findClash,
  getUserById,
  insertUser,
  replaceUserRoles,
  setPasswordHash,
  type UserRow,
  unknownRoles,
  updateUserRow,
} from './user.repository.ts';

export interface UserServiceOptions {
  /** Passwords are set here only with the embedded sign-in; an external provider keeps its own. */
  passwordsManagedHere: boolean;
}

export async function getUser(db: Kysely<Database>, id: string, forUpdate = false): Promise<UserRow> {
  const user = await getUserById(db, id, forUpdate);
  if (!user) throw notFound('User', id);
  return user;
}

async function checkUnique(db: Kysely<Database>, v: { username?: string; email: string }, exceptId?: string) {
  for (const clash of await findClash(db, v, exceptId)) {
    if (v.username && clash.username.toLowerCase() === v.username.toLowerCase())
      throw conflict(UserErrorCode.USERNAME_TAKEN, `The user name "${v.username}" is taken.`);
    throw conflict(UserErrorCode.EMAIL_TAKEN, `The e-mail address ${v.email} belongs to another user.`);
  }
}

async function checkRoles(db: Kysely<Database>, roleIds: readonly string[]) {
  const unknown = await unknownRoles(db, roleIds);
  if (unknown.length) throw unprocessable(UserErrorCode.UNKNOWN_ROLE, 'A chosen role does not exist.', { unknown });
}

function passwordsElsewhere() {
  return conflict(
    UserErrorCode.PASSWORDS_MANAGED_EXTERNALLY,
    'Passwords are managed by the identity provider, not here.',
  );
}

export async function createUser(ctx: Ctx, input: z.output<typeof UserInput>, opts: UserServiceOptions) {
  if (input.password && !opts.passwordsManagedHere) throw passwordsElsewhere();
  const roleIds = [...new Set(input.roleIds)];
  await checkUnique(ctx.db, input);
  await checkRoles(ctx.db, roleIds);
  const id = await insertUser(ctx.db, {
    username: input.username,
    name: input.name,
    email: input.email,
    isActive: input.isActive,
    passwordHash: input.password ? await hashPassword(input.password) : null,
  });
  await replaceUserRoles(ctx.db, id, roleIds);
  const user = await getUser(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'user', entityId: id, after: user });
  return user;
}

export async function updateUser(ctx: Ctx, id: string, input: z.output<typeof UserUpdate>) {
  const before = await getUser(ctx.db, id, true);
  if (id === ctx.user.id && !input.isActive)
    throw conflict(UserErrorCode.CANNOT_DEACTIVATE_SELF, 'You cannot deactivate your own account.');
  const roleIds = [...new Set(input.roleIds)];
  await checkUnique(ctx.db, { email: input.email }, id);
  await checkRoles(ctx.db, roleIds);
  await updateUserRow(ctx.db, id, { name: input.name, email: input.email, isActive: input.isActive });
  await replaceUserRoles(ctx.db, id, roleIds);
  const after = await getUser(ctx.db, id);
  await ctx.audit({
    action: before.isActive && !after.isActive ? 'deactivate' : 'update',
    entity: 'user',
    entityId: id,
    before,
    after,
  });
  return after;
}

export async function setUserPassword(ctx: Ctx, id: string, password: string, opts: UserServiceOptions) {
  if (!opts.passwordsManagedHere) throw passwordsElsewhere();
  await getUser(ctx.db, id, true);
  await setPasswordHash(ctx.db, id, await hashPassword(password));
  // The log says that the password changed, never what it is.
  await ctx.audit({ action: 'set_password', entity: 'user', entityId: id });
  return { ok: true as const };
}
