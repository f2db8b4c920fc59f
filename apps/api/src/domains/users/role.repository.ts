import type { PageQuery } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern, offsetOf, parseSort } from '../../platform/pagination.ts';

export interface RoleRow {
  id: string;
  name: string;
  description: string;
  isSystem: boolean;
  permissions: string[];
  userCount: number;
  updatedAt: string;
}

const SORTS = { name: 'name', updatedAt: 'updated_at', userCount: 'user_count' } as const;

function selectRoles(db: Kysely<Database>) {
  return db
    .selectFrom('roles as r')
    .select([
      'r.id',
      'r.name',
      'r.description',
      'r.is_system',
      'r.updated_at',
      sql<
        string[]
      >`coalesce((SELECT array_agg(rp.permission ORDER BY p.sort_order) FROM role_permissions rp JOIN permissions p ON p.name = rp.permission WHERE rp.role_id = r.id), '{}')`.as(
        'permissions',
      ),
      sql<number>`(SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = r.id)`.as('user_count'),
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRoles>['executeTakeFirstOrThrow']>>;
function toRole(r: Selected): RoleRow {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    isSystem: r.is_system,
    permissions: r.permissions,
    userCount: r.user_count,
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function findRoles(db: Kysely<Database>, q: PageQuery) {
  const sort = parseSort(q.sort, SORTS, { column: 'name', direction: 'asc' });
  let base = db.selectFrom('roles');
  if (q.q) base = base.where(sql<boolean>`(name ILIKE ${likePattern(q.q)} OR description ILIKE ${likePattern(q.q)})`);
  const ids = base.select('id');
  const [rows, count] = await Promise.all([
    selectRoles(db)
      .where('r.id', 'in', ids)
      .orderBy(sql.ref(sort.column), sort.direction)
      .orderBy('r.id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toRole), total: count.n };
}

export async function getRoleById(db: Kysely<Database>, id: string, forUpdate = false): Promise<RoleRow | undefined> {
  let query = selectRoles(db).where('r.id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toRole(row);
}

export async function roleNameTaken(db: Kysely<Database>, name: string, exceptId?: string) {
  let query = db.selectFrom('roles').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Kysely<Database>, v: { name: string; description: string }) {
  const row = await db.insertInto('roles').values(v).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRoleRow(db: Kysely<Database>, id: string, v: { name: string; description: string }) {
  await db
    .updateTable('roles')
    .set({ ...v, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function replaceRolePermissions(db: Kysely<Database>, roleId: string, permissions: readonly string[]) {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (permissions.length)
    await db
      .insertInto('role_permissions')
      .values(permissions.map((permission) => ({ role_id: roleId, permission })))
      .execute();
}

export async function deleteRoleRow(db: Kysely<Database>, id: string) {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

export async function unknownPermissions(db: Kysely<Database>, names: readonly string[]): Promise<string[]> {
  if (!names.length) return [];
  const known = new Set(
    (
      await db
        .selectFrom('permissions')
        .select('name')
        .where('name', 'in', [...names])
        .execute()
    ).map((r) => r.name),
  );
  return names.filter((n) => !known.has(n));
}
