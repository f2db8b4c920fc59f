import { ALL_PERMISSIONS, PERMISSION_CATALOGUE, SEEDED_ROLES } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('migrations', () => {
  it('seed exactly the permission catalogue, each in its area', async () => {
    const rows = await t.db.selectFrom('permissions').select(['name', 'area']).orderBy('sort_order').execute();
    expect(rows.map((r) => r.name)).toEqual([...ALL_PERMISSIONS]);
    for (const r of rows) expect(PERMISSION_CATALOGUE[r.area as keyof typeof PERMISSION_CATALOGUE]).toContain(r.name);
  });

  it('include the permissions the specification names', async () => {
    const names = new Set((await t.db.selectFrom('permissions').select('name').execute()).map((r) => r.name));
    for (const p of ['view_manual_stock', 'view_shipping_claim', 'powerbi_dashboard_view', 'view_user', 'ship_list'])
      expect(names.has(p)).toBe(true);
  });

  it('give Administrator every permission and the working roles theirs', async () => {
    const rows = await t.db
      .selectFrom('roles')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
      .select(['roles.name', 'role_permissions.permission'])
      .execute();
    const byRole = new Map<string, string[]>();
    for (const r of rows) byRole.set(r.name, [...(byRole.get(r.name) ?? []), r.permission]);
    expect(new Set(byRole.get('Administrator'))).toEqual(new Set(ALL_PERMISSIONS));
    for (const [role, perms] of Object.entries(SEEDED_ROLES)) expect(new Set(byRole.get(role))).toEqual(new Set(perms));
  });

  it('are not applied twice', async () => {
    expect(await migrate(t.db)).toEqual([]);
  });
});
