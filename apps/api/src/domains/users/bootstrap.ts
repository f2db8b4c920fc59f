import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import { writeAudit } from '../../platform/audit.ts';
import { endSessionsOfAccount, generatePassword, hashPassword, verifyPassword } from '../identity/index.ts';

export interface AdminBootstrap {
  created: boolean;
  /** Set when the password was generated now and must be shown once. */
  generatedPassword?: string;
  passwordFromEnvironment: boolean;
}

/**
 * Makes sure the user `admin` exists and holds Administrator. With the embedded sign-in its password
 * comes from ADMIN_PASSWORD (applied at every start when given) or is generated on the first start.
 */
export async function ensureAdministrator(
  db: Db,
  opts: { password?: string; email: string; passwordsManagedHere: boolean },
): Promise<AdminBootstrap> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(7301156)`.execute(tx);
    const existing = await tx
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where(sql`lower(username)`, '=', 'admin')
      .executeTakeFirst();
    const role = await tx.selectFrom('roles').select('id').where('is_system', '=', true).executeTakeFirstOrThrow();
    if (existing) {
      if (
        opts.passwordsManagedHere &&
        opts.password &&
        !(await verifyPassword(opts.password, existing.password_hash))
      ) {
        await tx
          .updateTable('users')
          .set({ password_hash: await hashPassword(opts.password), updated_at: new Date() })
          .where('id', '=', existing.id)
          .execute();
        // As with a reset from the users screen: whoever signed in with the old password is signed out.
        await endSessionsOfAccount(tx, existing.id);
        await writeAudit(tx, {
          user: null,
          requestId: null,
          action: 'set_password',
          entity: 'user',
          entityId: existing.id,
        });
      }
      return { created: false, passwordFromEnvironment: Boolean(opts.password) };
    }
    const generated = opts.passwordsManagedHere && !opts.password ? generatePassword() : undefined;
    const password = opts.password ?? generated;
    const user = await tx
      .insertInto('users')
      .values({
        username: 'admin',
        name: 'Administrator',
        email: opts.email,
        password_hash: opts.passwordsManagedHere && password ? await hashPassword(password) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    await writeAudit(tx, {
      user: null,
      requestId: null,
      action: 'create',
      entity: 'user',
      entityId: user.id,
      after: { username: 'admin', email: opts.email, roles: ['Administrator'] },
    });
    return { created: true, generatedPassword: generated, passwordFromEnvironment: Boolean(opts.password) };
  });
}
