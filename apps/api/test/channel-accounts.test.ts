import type { ChannelAccount, ErrorBody, Page } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
let editor: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
  editor = (await clientWith(ta, ['view_api_configuration', 'edit_api_configuration'])).api;
  viewer = (await clientWith(ta, ['view_api_configuration'])).api;
});
afterAll(() => ta.close());

const PATH = '/api/channel-accounts';
const SECRET = 'Atzr|refresh-token-that-must-never-leak-0123456789';

const amazon = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'AMAZON',
  name,
  environment: 'SANDBOX',
  credentials: {
    clientId: 'amzn1.application-oa2-client.abc',
    clientSecret: 'client-secret-xyz',
    refreshToken: SECRET,
    sellerId: 'A2SELLER',
  },
  ...extra,
});

describe('Api Config accounts', () => {
  it('keeps credentials write-only: sealed at rest, answered only as set, never in the log', async () => {
    const res = await editor.post<ChannelAccount>(PATH, amazon('Amazon UK'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const a = res.body;
    expect(a).toMatchObject({
      type: 'AMAZON',
      kind: 'CHANNEL',
      marketplace: 'A1F83G8C2ARO7P',
      enabled: true,
      baseUrl: null,
      credentials: [
        { name: 'clientId', secret: false, set: true },
        { name: 'clientSecret', secret: true, set: true },
        { name: 'refreshToken', secret: true, set: true },
        { name: 'sellerId', secret: false, set: true },
      ],
    });
    expect(a.settings.operations).toEqual(['ORDERS', 'SHIPMENTS', 'STOCK', 'REFUNDS', 'INVOICES', 'FBA_INVENTORY']);
    expect(JSON.stringify(a)).not.toContain(SECRET);
    const got = await viewer.get<ChannelAccount>(`${PATH}/${a.id}`);
    expect(JSON.stringify(got.body)).not.toContain(SECRET);
    const row = await ta.t.db
      .selectFrom('channel_accounts')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(row.credentials.refreshToken).toMatch(/^v1:/);
    const logs = await ta.t.db.selectFrom('system_logs').selectAll().where('entity_id', '=', a.id).execute();
    expect(logs.map((l) => l.action)).toEqual(['create']);
    expect(JSON.stringify(logs)).not.toContain(SECRET);
    expect(JSON.stringify(logs)).not.toContain('client-secret-xyz');
  });

  it('changes an account: credentials left out stay, an empty one is cleared, a new one replaces', async () => {
    const a = (await editor.post<ChannelAccount>(PATH, amazon('Amazon VYGS'))).body;
    const put = (body: Record<string, unknown>) => editor.put<ChannelAccount>(`${PATH}/${a.id}`, body);
    const kept = await put({
      ...amazon('Amazon VYGS'),
      credentials: {},
      settings: { stockBuffer: { mode: 'PERCENT', value: 10 } },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.credentials.every((c) => c.set)).toBe(true);
    expect(kept.body.settings.stockBuffer).toEqual({ mode: 'PERCENT', value: 10 });
    expect(kept.body.settings.pollMinutes.orders).toBe(15);
    const cleared = await put({ ...amazon('Amazon VYGS'), credentials: { clientSecret: '' } });
    expect(cleared.body.credentials.find((c) => c.name === 'clientSecret')?.set).toBe(false);
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select('after')
      .where('entity_id', '=', a.id)
      .where('action', '=', 'update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.after).toMatchObject({ credentialsChanged: ['clientSecret'] });
    const typeChange = await put({ ...amazon('Amazon VYGS'), type: 'EBAY' });
    expect(typeChange.status).toBe(422);
  });

  it('refuses what a type cannot have, a taken name, and a percentage over 100', async () => {
    const unknown = await editor.post<ErrorBody>(PATH, amazon('X1', { credentials: { apiKey: 'k' } }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('CHANNEL_ACCOUNT_CREDENTIAL_UNKNOWN');
    const op = await editor.post<ErrorBody>(PATH, amazon('X2', { settings: { operations: ['LABELS'] } }));
    expect(op.status).toBe(422);
    expect(op.body.code).toBe('CHANNEL_ACCOUNT_OPERATION_UNSUPPORTED');
    await editor.post(PATH, amazon('Samsung'));
    const taken = await editor.post<ErrorBody>(PATH, amazon('SAMSUNG'));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('CHANNEL_ACCOUNT_NAME_TAKEN');
    const pct = await editor.post<ErrorBody>(
      PATH,
      amazon('X3', { settings: { stockBuffer: { mode: 'PERCENT', value: 101 } } }),
    );
    expect(pct.status).toBe(400);
    const wh = await editor.post<ErrorBody>(
      PATH,
      amazon('X4', { settings: { warehouseIds: ['00000000-0000-4000-8000-000000000000'] } }),
    );
    expect(wh.status).toBe(422);
    expect(await ta.t.db.selectFrom('channel_accounts').select('name').where('name', 'like', 'X%').execute()).toEqual(
      [],
    );
  });

  it('lets only an administrator override the base address, and only https in production', async () => {
    const byEditor = await editor.post<ErrorBody>(PATH, amazon('Fake 1', { baseUrl: 'http://127.0.0.1:9999' }));
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.code).toBe('CHANNEL_ACCOUNT_BASE_URL_ADMIN_ONLY');
    const http = await admin.post<ErrorBody>(
      PATH,
      amazon('Fake 2', { environment: 'PRODUCTION', baseUrl: 'http://127.0.0.1:9999' }),
    );
    expect(http.status).toBe(422);
    expect(http.body.code).toBe('CHANNEL_ACCOUNT_BASE_URL_NOT_HTTPS');
    const withQuery = await admin.post<ErrorBody>(PATH, amazon('Fake 3', { baseUrl: 'http://u:p@127.0.0.1:9999' }));
    expect(withQuery.status).toBe(400);
    const ok = await admin.post<ChannelAccount>(PATH, amazon('Fake 4', { baseUrl: 'http://127.0.0.1:9999' }));
    expect(ok.status).toBe(201);
    expect(ok.body.effectiveBaseUrl).toBe('http://127.0.0.1:9999');
    // An editor may change everything else of it, the address staying as the administrator set it.
    const renamed = await editor.put<ChannelAccount>(
      `${PATH}/${ok.body.id}`,
      amazon('Fake 4b', { baseUrl: 'http://127.0.0.1:9999' }),
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });

  it('lists, filters and guards by permission', async () => {
    await editor.post(PATH, { type: 'ROYAL_MAIL', name: 'Royal Mail', credentials: { apiKey: 'rm-key-123456' } });
    const carriers = await viewer.get<Page<ChannelAccount>>(`${PATH}?kind=CARRIER`);
    expect(carriers.body.items.map((a) => a.type)).toEqual(['ROYAL_MAIL']);
    const amazons = await viewer.get<Page<ChannelAccount>>(`${PATH}?type=AMAZON&search=amazon`);
    expect(amazons.body.items.map((a) => a.name)).toEqual(['Amazon UK', 'Amazon VYGS']);
    expect((await viewer.post(PATH, amazon('Nope'))).status).toBe(403);
    const nobody = (await clientWith(ta, ['view_sales_invoice'])).api;
    expect((await nobody.get(PATH)).status).toBe(403);
  });

  it('has the credential fields of each connector, in its order', async () => {
    const { CHANNEL_ACCOUNT_TYPE_INFO } = await import('@backoffice/contracts');
    const { connectorModule } = await import('../src/domains/channels/connectors/registry.ts');
    for (const [type, info] of Object.entries(CHANNEL_ACCOUNT_TYPE_INFO)) {
      const m = connectorModule(type as keyof typeof CHANNEL_ACCOUNT_TYPE_INFO);
      expect(m?.kind, type).toBe(info.kind);
      expect(
        m?.credentialFields.map((f) => [f.name, f.secret]),
        type,
      ).toEqual(info.credentials.map((f) => [f.name, f.secret]));
      expect(m?.modelledOnly, type).toBe(info.modelledOnly);
    }
  });

  it('tests a connection in words and deletes an account nothing refers to', async () => {
    const a = (await editor.post<ChannelAccount>(PATH, { type: 'DPD', name: 'DPD', credentials: { username: 'u' } }))
      .body;
    const test = await editor.post<{ ok: boolean; message: string }>(`${PATH}/${a.id}/test`, {});
    expect(test.status).toBe(200);
    expect(test.body.ok).toBe(false);
    expect(test.body.message).toMatch(/lacks password, accountNumber|No connector/);
    const after = await viewer.get<ChannelAccount>(`${PATH}/${a.id}`);
    expect(after.body.lastTest).toMatchObject({ ok: false });
    expect((await editor.delete(`${PATH}/${a.id}`)).status).toBe(200);
    expect((await viewer.get(`${PATH}/${a.id}`)).status).toBe(404);
  });
});
