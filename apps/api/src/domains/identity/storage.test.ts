import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { createPostgresAdapter } from './adapter.ts';
import { loadProviderSecrets } from './keys.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('provider secrets', () => {
  it('creates one signing key and one cookie key set even when processes start at once', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => loadProviderSecrets(t.db)));
    const kids = new Set(all.map((s) => s.publicJwks.keys[0]?.kid));
    expect(kids.size).toBe(1);
    expect(new Set(all.map((s) => s.cookieKeys.join()))).toHaveProperty('size', 1);
    const rows = await t.db.selectFrom('app_secrets').select('name').execute();
    expect(rows.map((r) => r.name).sort()).toEqual(['oidc_cookie_keys', 'oidc_jwks']);

    const [first] = all;
    expect(first?.privateJwks.keys[0]).toHaveProperty('d');
    expect(first?.publicJwks.keys[0]).not.toHaveProperty('d');
    expect(first?.publicJwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    // A later start reads the same.
    const later = await loadProviderSecrets(t.db);
    expect(later.publicJwks).toEqual(first?.publicJwks);
  });
});

describe('the PostgreSQL adapter', () => {
  const Adapter = createPostgresAdapter({} as never);
  it('is built per model name', () => {
    expect(new Adapter('Session')).toBeDefined();
  });

  it('stores, finds, consumes, expires and revokes by grant', async () => {
    const PgAdapter = createPostgresAdapter(t.db);
    const tokens = new PgAdapter('RefreshToken');
    const codes = new PgAdapter('AuthorizationCode');
    await tokens.upsert('rt1', { grantId: 'g1', accountId: 'a' }, 60);
    await tokens.upsert('rt2', { grantId: 'g2', accountId: 'a' }, 60);
    await codes.upsert('rt1', { grantId: 'g1', uid: 'u1' }, 60);
    expect(await tokens.find('rt1')).toEqual({ grantId: 'g1', accountId: 'a' });
    expect(await codes.findByUid('u1')).toEqual({ grantId: 'g1', uid: 'u1' });

    await tokens.consume('rt1');
    const consumed = await tokens.find('rt1');
    expect(typeof consumed?.consumed).toBe('number');
    expect(await codes.find('rt1')).not.toHaveProperty('consumed');

    // An update keeps the row (and its consumption).
    await tokens.upsert('rt1', { grantId: 'g1', accountId: 'b' }, 60);
    expect(await tokens.find('rt1')).toMatchObject({ accountId: 'b', consumed: consumed?.consumed });

    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('rt1')).toBeUndefined();
    expect(await codes.find('rt1')).toBeDefined();
    expect(await tokens.find('rt2')).toBeDefined();

    await tokens.destroy('rt2');
    expect(await tokens.find('rt2')).toBeUndefined();

    await tokens.upsert('old', { accountId: 'a' }, 60);
    await t.db
      .updateTable('oidc_payloads')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', 'old')
      .execute();
    expect(await tokens.find('old')).toBeUndefined();
  });

  it('never resolves clients from storage', async () => {
    const clients = new (createPostgresAdapter(t.db))('Client');
    await clients.upsert('sneaky', { client_id: 'sneaky' });
    expect(await clients.find('sneaky')).toBeUndefined();
  });
});
