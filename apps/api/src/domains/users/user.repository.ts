import type { PageQuery } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, offsetOf, parseSort } from '../../platform/pagination.ts';

export interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string;
  isActive: boolean;
  roles: { id: string; name: string }[];
  hasPassword: boolean;
  externalSubject: string | null;
  lastSignInAt: string | null;
  updatedAt: string;
}

const SORTS = {
  username: 'username',
  name: 'name',
  email: 'email',
  updatedAt: 'updated_at',
  lastSignInAt: 'last_sign_in_at',
} as const;

function selectUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.name',
      'u.email',
      'u.is_active',
      'u.external_subject',
      'u.last_sign_in_at',
      'u.updated_at',
      sql<boolean>`u.password_hash IS NOT NULL`.as('has_password'),
      sql<
        { id: string; name: string }[]
      >`coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]')`.as(
        'roles',
      ),
    ]);
}
type Selected = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

function toUser(r: Selected): UserRow {
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    email: r.email,
    isActive: r.is_active,
    roles: r.roles,
    hasPassword: r.has_password,
    externalSubject: r.external_subject,
    lastSignInAt: r.last_sign_in_at?.toISOString() ?? null,
    updatedAt: r.updated_at.toISOString(),
  };
}

export interface UserFilter extends PageQuery {
  isActive?: 'true' | 'false';
  roleId?: string;
}

export async function findUsers(db: Kysely<Database>, q: UserFilter) {
  const sort = parseSort(q.sort, SORTS, { column: 'username', direction: 'asc' });
  let base = db.selectFrom('users');
  if (q.q) {
    const p = likePattern(q.q);
    base = base.where(sql<boolean>`(username ILIKE ${p} OR name ILIKE ${p} OR email ILIKE ${p})`);
  }
  if (q.isActive) base = base.where('is_active', '=', q.isActive === 'true');
  if (q.roleId) {
    const roleId = q.roleId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role_id', '=', roleId),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    selectUsers(db)
      .where('u.id', 'in', base.select('id'))
      .orderBy(sql.ref(`u.${sort.column}`), sort.direction)
      .orderBy('u.id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toUser), total: count.n };
}

export async function getUserById(db: Kysely<Database>, id: string, forUpdate = false) {
  let query = selectUsers(db).where('u.id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toUser(row);
}

export async function findClash(db: Kysely<Database>, v: { username?: string; email: string }, exceptId?: string) {
  let query = db.selectFrom('users').select(['id', 'username', 'email']);
  query = query.where((eb) =>
    eb.or([
      eb(sql`lower(email)`, '=', v.email.toLowerCase()),
      ...(v.username ? [eb(sql`lower(username)`, '=', v.username.toLowerCase())] : []),
    ]),
  );
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.execute();
}

export async function insertUser(
  db: Kysely<Database>,
  v: { username: string; name: string; email: string; isActive: boolean; passwordHash: string | null },
) {
  const row = await db
    .insertInto('users')
    .values({
      username: v.username,
      name: v.name,
      email: v.email,
      is_active: v.isActive,
      password_hash: v.passwordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserRow(
  db: Kysely<Database>,
  id: string,
  v: { name: string; email: string; isActive: boolean },
) {
  await db
    .updateTable('users')
    .set({ name: v.name, email: v.email, is_active: v.isActive, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setPasswordHash(db: Kysely<Database>, id: string, hash: string) {
  await db.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function replaceUserRoles(db: Kysely<Database>, userId: string, roleIds: readonly string[]) {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length)
    await db
      .insertInto('user_roles')
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
}

export async function unknownRoles(db: Kysely<Database>, ids: readonly string[]) {
  if (!ids.length) return [];
  const known = new Set(
    (
      await db
        .selectFrom('roles')
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((r) => r.id),
  );
  return ids.filter((id) => !known.has(id));
}

export async function permissionsOfUser(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .innerJoin('permissions', 'permissions.name', 'role_permissions.permission')
    .select(['permissions.name', 'permissions.sort_order'])
    .distinct()
    .where('user_roles.user_id', '=', userId)
    .orderBy('permissions.sort_order')
    .execute();
  return rows.map((r) => r.name);
}
