import { sql } from 'kysely';
import type { Account } from 'oidc-provider';
import type { Db } from '../../db/db.ts';
import { verifyPassword } from './passwords.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a typed username may be when written to the system log. */
const LOGGED_USERNAME_MAX = 100;

interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string;
  email_verified: boolean;
  is_active: boolean;
}

/** The claims a user carries in ID tokens, userinfo and (email, name, preferred_username) access tokens. */
export function userClaims(user: UserRow) {
  return {
    sub: user.id,
    name: user.name || user.username,
    preferred_username: user.username,
    email: user.email,
    email_verified: user.email_verified,
  };
}

/** An active user by id (the token subject); undefined for an unknown or deactivated one. */
export async function findActiveUser(db: Db, id: string): Promise<UserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'email_verified', 'is_active'])
    .where('id', '=', id)
    .executeTakeFirst();
  return user?.is_active ? user : undefined;
}

/** oidc-provider's findAccount: an inactive or unknown user has no account, so sign-in and refresh fail. */
export function accountFinder(db: Db) {
  return async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
    const user = await findActiveUser(db, sub);
    if (!user) return undefined;
    return { accountId: user.id, claims: async () => userClaims(user) };
  };
}

export type CredentialCheck =
  | { ok: true; user: { id: string; username: string } }
  | { ok: false; reason: 'invalid' | 'inactive' };

/**
 * Checks a username (case-insensitive) or e-mail with its password. An unknown user and a wrong password take
 * the same time and give the same answer; a deactivated user is told so only after the right password.
 * Success stamps last_sign_in_at and writes the `sign_in` log row in one transaction; a failure logs
 * `sign_in_failed`.
 */
export async function checkCredentials(
  db: Db,
  input: { username: string; password: string; requestId?: string; ip?: string },
): Promise<CredentialCheck> {
  const typed = input.username.trim();
  const login = typed.toLowerCase();
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash', 'is_active'])
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', login), eb(sql`lower(email)`, '=', login)]))
    // A username equal to another user's e-mail: the username wins.
    .orderBy(sql`lower(username) = ${login}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? null);

  if (!user || !passwordOk || !user.is_active) {
    const reason = !user ? 'unknown_user' : !passwordOk ? 'wrong_password' : 'inactive';
    await db
      .insertInto('system_logs')
      .values({
        user_id: user?.id ?? null,
        username: typed.slice(0, LOGGED_USERNAME_MAX),
        action: 'sign_in_failed',
        entity: 'user',
        entity_id: user?.id ?? null,
        after: JSON.stringify({ reason, ip: input.ip ?? null }),
        request_id: input.requestId ?? null,
      })
      .execute();
    return { ok: false, reason: reason === 'inactive' ? 'inactive' : 'invalid' };
  }

  await db.transaction().execute(async (tx) => {
    await tx.updateTable('users').set({ last_sign_in_at: sql<Date>`now()` }).where('id', '=', user.id).execute();
    await tx
      .insertInto('system_logs')
      .values({
        user_id: user.id,
        username: user.username,
        action: 'sign_in',
        entity: 'user',
        entity_id: user.id,
        after: null,
        request_id: input.requestId ?? null,
      })
      .execute();
  });
  return { ok: true, user: { id: user.id, username: user.username } };
}
