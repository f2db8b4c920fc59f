import {
  PASSWORD_MIN_LENGTH,
  passwordWeakness,
  UserErrorCode,
  type UserInput,
  type UserUpdate,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { endSessionsOfAccount, hashPassword } from '../identity/index.ts';
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

/**
 * The contracts' password rules, which the web form applies as the password is typed; here they hold for
 * every caller. The details name the reason and the length, for the message in the user's language.
 */
function requireStrongPassword(password: string) {
  const reason = passwordWeakness(password);
  if (!reason) return;
  const message =
    reason === 'TOO_SHORT'
      ? `A password has at least ${PASSWORD_MIN_LENGTH} characters.`
      : 'This password is among the most common ones, which are guessed first. Choose another.';
  throw badRequest(UserErrorCode.PASSWORD_TOO_WEAK, message, {
    reason,
    minLength: PASSWORD_MIN_LENGTH,
    issues: [{ path: 'body.password', message }],
  });
}

function passwordsElsewhere() {
  return conflict(
    UserErrorCode.PASSWORDS_MANAGED_EXTERNALLY,
    'Passwords are managed by the identity provider, not here.',
  );
}

export async function createUser(ctx: Ctx, input: z.output<typeof UserInput>, opts: UserServiceOptions) {
  if (input.password && !opts.passwordsManagedHere) throw passwordsElsewhere();
  if (input.password) requireStrongPassword(input.password);
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
  // A deactivated user's sessions and refresh tokens end with the change, so reactivating them later does
  // not revive a session someone else may hold.
  if (before.isActive && !input.isActive) await endSessionsOfAccount(ctx.db, id);
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
  requireStrongPassword(password);
  await getUser(ctx.db, id, true);
  await setPasswordHash(ctx.db, id, await hashPassword(password));
  // A reset is often made because the old password leaked: whoever signed in with it is signed out now.
  await endSessionsOfAccount(ctx.db, id);
  // The log says that the password changed, never what it is.
  await ctx.audit({ action: 'set_password', entity: 'user', entityId: id });
  return { ok: true as const };
}
