import type { ErrorBody, Me, Page, PermissionResponse, Role, SystemLog, User } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, clientWith, signIn, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  ta = await startTestApp();
  const a = await clientWith(ta, ALL_PERMISSIONS);
  admin = a.api;
  adminId = a.user.id;
});
afterAll(() => ta.close());

const countRows = async (table: 'roles' | 'users' | 'system_logs') =>
  Number(
    (
      await ta.t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('permissions', () => {
  it('lists the whole catalogue with areas, searchable and by area', async () => {
    const all = await admin.get<{ items: { name: string; area: string }[] }>('/api/permissions');
    expect(all.status).toBe(200);
    expect(all.body.items.map((p) => p.name)).toEqual([...ALL_PERMISSIONS]);
    const search = await admin.get<{ items: { name: string }[] }>('/api/permissions?q=manual%20stock');
    expect(search.body.items.map((p) => p.name)).toEqual(['view_manual_stock', 'edit_manual_stock']);
    const area = await admin.get<{ items: { area: string }[] }>('/api/permissions?area=users');
    expect(area.body.items.length).toBeGreaterThan(3);
    expect(new Set(area.body.items.map((p) => p.area))).toEqual(new Set(['users']));
    expect((await admin.get('/api/permissions?area=nowhere')).status).toBe(400);
  });
});

describe('roles', () => {
  it('creates, renames and re-permissions a role, writing the system log with before and after', async () => {
    const created = await admin.post<Role>('/api/roles', {
      name: 'Packer',
      description: 'packs parcels',
      permissions: ['ship_list', 'view_draft'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Packer',
      permissions: ['ship_list', 'view_draft'],
      userCount: 0,
      isSystem: false,
    });
    const updated = await admin.put<Role>(`/api/roles/${created.body.id}`, {
      name: 'Senior packer',
      description: '',
      permissions: ['ship_list'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Senior packer', permissions: ['ship_list'] });
    const log = await ta.t.db
      .selectFrom('system_logs')
      .selectAll()
      .where('entity', '=', 'role')
      .where('entity_id', '=', created.body.id)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'update']);
    expect(log[1]?.user_id).toBe(adminId);
    expect(log[1]?.before).toMatchObject({ name: 'Packer' });
    expect(log[1]?.after).toMatchObject({ name: 'Senior packer' });
  });

  it('refuses unknown permissions, empty names and duplicate names without writing anything', async () => {
    const before = await countRows('roles');
    const unknown = await admin.post<ErrorBody>('/api/roles', { name: 'X', permissions: ['fly_to_moon'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('UNKNOWN_PERMISSION');
    const empty = await admin.post<ErrorBody>('/api/roles', { name: '  ', permissions: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    expect(empty.body.message).toMatch(/a role has a name/);
    const dup = await admin.post<ErrorBody>('/api/roles', { name: 'administrator', permissions: [] });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('ROLE_NAME_TAKEN');
    expect(await countRows('roles')).toBe(before);
  });

  it('refuses to delete a role users hold, with the reason, and deletes it once free', async () => {
    const role = (await admin.post<Role>('/api/roles', { name: 'Temp', permissions: ['view_user'] })).body;
    const user = (
      await admin.post<User>('/api/users', { username: 'temp.holder', email: 'temp@example.test', roleIds: [role.id] })
    ).body;
    const refused = await admin.delete<ErrorBody>(`/api/roles/${role.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ROLE_IN_USE', details: { userCount: 1 } });
    await admin.put(`/api/users/${user.id}`, { name: '', email: 'temp@example.test', isActive: true, roleIds: [] });
    expect((await admin.delete(`/api/roles/${role.id}`)).status).toBe(200);
    expect((await admin.get(`/api/roles/${role.id}`)).status).toBe(404);
  });

  it('protects Administrator: every permission, never deleted', async () => {
    const list = await admin.get<Page<Role>>('/api/roles?q=admin');
    const administrator = list.body.items.find((r) => r.name === 'Administrator');
    expect(administrator?.isSystem).toBe(true);
    expect(administrator?.permissions).toHaveLength(ALL_PERMISSIONS.length);
    const del = await admin.delete<ErrorBody>(`/api/roles/${administrator?.id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('ROLE_PROTECTED');
    const strip = await admin.put<ErrorBody>(`/api/roles/${administrator?.id}`, {
      name: 'Administrator',
      permissions: [],
    });
    expect(strip.body.code).toBe('ROLE_PROTECTED');
  });

  it('pages, searches and sorts', async () => {
    for (const n of ['Alpha', 'Beta', 'Gamma'])
      await admin.post('/api/roles', { name: `Paging ${n}`, permissions: [] });
    const page = await admin.get<Page<Role>>('/api/roles?q=paging&pageSize=2&sort=-name');
    expect(page.body.total).toBe(3);
    expect(page.body.items.map((r) => r.name)).toEqual(['Paging Gamma', 'Paging Beta']);
    const second = await admin.get<Page<Role>>('/api/roles?q=paging&pageSize=2&page=2&sort=-name');
    expect(second.body.items.map((r) => r.name)).toEqual(['Paging Alpha']);
    const bad = await admin.get<ErrorBody>('/api/roles?sort=password');
    expect(bad.status).toBe(400);
    expect((await admin.get('/api/roles?pageSize=100000')).status).toBe(400);
  });
});

describe('users', () => {
  it('creates a user with roles and a password, who can then sign in and holds exactly those permissions', async () => {
    const role = (await admin.post<Role>('/api/roles', { name: 'Viewer of logs', permissions: ['view_system_logs'] }))
      .body;
    const created = await admin.post<User>('/api/users', {
      username: 'Jane.Doe',
      name: 'Jane Doe',
      email: 'Jane@Example.test',
      roleIds: [role.id],
      password: 'correct horse battery',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: 'jane.doe',
      email: 'jane@example.test',
      hasPassword: true,
      isActive: true,
    });
    expect(created.body.roles).toEqual([{ id: role.id, name: 'Viewer of logs' }]);
    const tokens = await signIn(ta, 'jane.doe', 'correct horse battery');
    const jane = apiClient(ta, tokens.accessToken);
    const me = await jane.get<Me>('/api/me');
    expect(me.body).toMatchObject({
      username: 'jane.doe',
      permissions: ['view_system_logs'],
      passwordsManagedHere: true,
    });
    const perm = await jane.get<PermissionResponse>(
      `/api/v1/user-service/permission/inventory/role/user/${created.body.id}`,
    );
    expect(perm.body).toEqual({ perm: [{ name: 'view_system_logs' }] });
    // Someone else's permissions need view_user.
    expect((await jane.get(`/api/v1/user-service/permission/inventory/role/user/${adminId}`)).status).toBe(403);
    expect((await jane.get('/api/users')).status).toBe(403);
    // The audit row keeps no password hash.
    const row = await ta.t.db
      .selectFrom('system_logs')
      .select('after')
      .where('entity_id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row.after)).not.toMatch(/scrypt|password_hash|correct horse/);
  });

  it('refuses taken user names and e-mails, unknown roles, bad e-mails and weak passwords', async () => {
    await admin.post('/api/users', { username: 'unique.one', email: 'unique@example.test' });
    const before = await countRows('users');
    const sameName = await admin.post<ErrorBody>('/api/users', { username: 'UNIQUE.ONE', email: 'other@example.test' });
    expect([sameName.status, sameName.body.code]).toEqual([409, 'USERNAME_TAKEN']);
    const sameEmail = await admin.post<ErrorBody>('/api/users', {
      username: 'unique.two',
      email: 'UNIQUE@example.test',
    });
    expect([sameEmail.status, sameEmail.body.code]).toEqual([409, 'EMAIL_TAKEN']);
    const badRole = await admin.post<ErrorBody>('/api/users', {
      username: 'unique.three',
      email: 'u3@example.test',
      roleIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect([badRole.status, badRole.body.code]).toEqual([422, 'UNKNOWN_ROLE']);
    for (const body of [
      { username: 'x y', email: 'xy@example.test' },
      { username: 'okname', email: 'not-an-email' },
      { username: 'okname', email: 'ok@example.test', password: 'short' },
      { username: 'okname' },
      { username: 'a'.repeat(500), email: 'ok@example.test' },
      { username: { $ne: null }, email: 'ok@example.test' },
    ]) {
      const res = await admin.post<ErrorBody>('/api/users', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await countRows('users')).toBe(before);
  });

  it('blocks a deactivated user at once and lets an administrator reset a password', async () => {
    const created = (
      await admin.post<User>('/api/users', {
        username: 'leaver',
        email: 'leaver@example.test',
        password: 'first password 1',
      })
    ).body;
    const tokens = await signIn(ta, 'leaver', 'first password 1');
    const leaver = apiClient(ta, tokens.accessToken);
    expect((await leaver.get('/api/me')).status).toBe(200);
    const off = await admin.put<User>(`/api/users/${created.id}`, {
      name: '',
      email: 'leaver@example.test',
      isActive: false,
      roleIds: [],
    });
    expect(off.body.isActive).toBe(false);
    const blocked = await leaver.get<ErrorBody>('/api/me');
    expect([blocked.status, blocked.body.code]).toEqual([401, 'USER_INACTIVE']);
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'sign_in', 'deactivate']);
    await admin.put(`/api/users/${created.id}`, {
      name: '',
      email: 'leaver@example.test',
      isActive: true,
      roleIds: [],
    });
    expect((await admin.post(`/api/users/${created.id}/password`, { password: 'second password 2' })).status).toBe(200);
    await expect(signIn(ta, 'leaver', 'first password 1')).rejects.toThrow();
    await signIn(ta, 'leaver', 'second password 2');
  });

  it('does not let users deactivate themselves', async () => {
    const self = await admin.get<User>(`/api/users/${adminId}`);
    const res = await admin.put<ErrorBody>(`/api/users/${adminId}`, {
      name: self.body.name,
      email: self.body.email,
      isActive: false,
      roleIds: self.body.roles.map((r) => r.id),
    });
    expect([res.status, res.body.code]).toEqual([409, 'CANNOT_DEACTIVATE_SELF']);
  });

  it('filters by text, active flag and role', async () => {
    const role = (await admin.post<Role>('/api/roles', { name: 'Filter role', permissions: [] })).body;
    await admin.post('/api/users', { username: 'filter.a', email: 'fa@example.test', roleIds: [role.id] });
    await admin.post('/api/users', { username: 'filter.b', email: 'fb@example.test', isActive: false });
    const byRole = await admin.get<Page<User>>(`/api/users?roleId=${role.id}`);
    expect(byRole.body.items.map((u) => u.username)).toEqual(['filter.a']);
    const inactive = await admin.get<Page<User>>('/api/users?q=filter&isActive=false');
    expect(inactive.body.items.map((u) => u.username)).toEqual(['filter.b']);
  });
});

describe('idempotent creates', () => {
  it('answers the same key and body with the first answer, and another body with 422', async () => {
    const headers = { 'idempotency-key': 'role-create-0001' };
    const first = await admin.post<Role>('/api/roles', { name: 'Once', permissions: [] }, headers);
    const again = await admin.post<Role>('/api/roles', { name: 'Once', permissions: [] }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.post<ErrorBody>('/api/roles', { name: 'Twice', permissions: [] }, headers);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await ta.t.db.selectFrom('roles').select('id').where('name', 'in', ['Once', 'Twice']).execute();
    expect(rows).toHaveLength(1);
  });

  it('never makes two documents from a double submission sent at the same moment', async () => {
    const headers = { 'idempotency-key': 'user-create-race-1' };
    const body = { username: 'racer', email: 'racer@example.test' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => admin.post<User>('/api/users', body, headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const rows = await ta.t.db.selectFrom('users').select('id').where('username', '=', 'racer').execute();
    expect(rows).toHaveLength(1);
  });

  it('rejects a malformed key', async () => {
    const res = await admin.post<ErrorBody>(
      '/api/roles',
      { name: 'Bad key', permissions: [] },
      { 'idempotency-key': 'x' },
    );
    expect([res.status, res.body.code]).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
  });
});

describe('anti-forgery', () => {
  it('refuses a state-changing request without the matching X-XSRF-TOKEN, and changes nothing', async () => {
    const tokens = (await ta.t.db.selectFrom('users').select('id').execute()).length;
    const res = await fetch(`${ta.baseUrl}/api/roles`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(await clientWith(ta, ['add_role'])).tokens.accessToken}`,
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=abc',
        'x-xsrf-token': 'abd',
      },
      body: JSON.stringify({ name: 'Forged', permissions: [] }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).code).toBe('XSRF_TOKEN_INVALID');
    expect(await ta.t.db.selectFrom('roles').select('id').where('name', '=', 'Forged').execute()).toHaveLength(0);
    expect((await ta.t.db.selectFrom('users').select('id').execute()).length).toBe(tokens + 1);
  });

  it('hands out the XSRF-TOKEN cookie on API answers', async () => {
    const res = await fetch(`${ta.baseUrl}/api/config`);
    expect(res.headers.getSetCookie().join(';')).toMatch(/XSRF-TOKEN=[\w-]{20,}/);
  });
});

describe('system logs', () => {
  it('gives every signed-in user their own recent actions, and only theirs', async () => {
    const { api: someone, user } = await clientWith(ta, []);
    await admin.post('/api/roles', { name: 'Not theirs', permissions: [] });
    const mine = await someone.get<{ items: SystemLog[] }>('/api/system-logs/mine?limit=5');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((r) => [r.action, r.entity, r.entityId])).toEqual([['sign_in', 'user', user.id]]);
    const adminOwn = await admin.get<{ items: SystemLog[] }>('/api/system-logs/mine?limit=1');
    expect(adminOwn.body.items[0]).toMatchObject({ action: 'create', entity: 'role' });
    expect((await someone.get('/api/system-logs/mine?limit=500')).status).toBe(400);
  });

  it('lists rows newest first, filtered by user, entity, action and date', async () => {
    const { api: viewer } = await clientWith(ta, ['view_system_logs']);
    await admin.post('/api/roles', { name: 'Logged role', permissions: [] });
    const all = await viewer.get<Page<SystemLog>>('/api/system-logs?pageSize=5');
    expect(all.status).toBe(200);
    expect(all.body.items[0]?.entity).toBe('role');
    const at = all.body.items.map((r) => r.at);
    expect([...at].sort().reverse()).toEqual(at);
    const mine = await viewer.get<Page<SystemLog>>(`/api/system-logs?userId=${adminId}&entity=role&action=create`);
    expect(mine.body.total).toBeGreaterThan(0);
    for (const r of mine.body.items) expect(r).toMatchObject({ userId: adminId, entity: 'role', action: 'create' });
    const today = new Date().toISOString().slice(0, 10);
    expect((await viewer.get<Page<SystemLog>>(`/api/system-logs?from=${today}&to=${today}`)).body.total).toBe(
      all.body.total,
    );
    expect((await viewer.get<Page<SystemLog>>('/api/system-logs?to=2000-01-01')).body.total).toBe(0);
    expect((await viewer.get<ErrorBody>('/api/system-logs?from=yesterday')).status).toBe(400);
    expect((await viewer.get<ErrorBody>('/api/system-logs?sort=username')).status).toBe(400);
    // The very first row is a sign-in, which only kind=all (or kind=signIns) lists.
    const oldest = await viewer.get<Page<SystemLog>>('/api/system-logs?kind=all&sort=at&pageSize=1');
    expect(oldest.body.items[0]).toMatchObject({ id: '1', action: 'sign_in' });
    const oldestChange = await viewer.get<Page<SystemLog>>('/api/system-logs?sort=at&pageSize=1');
    expect(oldestChange.body.items[0]?.action).not.toBe('sign_in');
    const facets = await viewer.get<{ entities: string[]; actions: string[] }>('/api/system-logs/facets');
    expect(facets.body.entities).toEqual(expect.arrayContaining(['role', 'user']));
    expect(facets.body.actions).toEqual(expect.arrayContaining(['create', 'sign_in']));
  });
});
