import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/db.ts';

export const JWKS_SECRET = 'oidc_jwks';
export const COOKIE_KEYS_SECRET = 'oidc_cookie_keys';

/** The members of an RSA private JWK that must never leave the server. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

export interface ProviderSecrets {
  /** The private signing keys, as oidc-provider wants them. */
  privateJwks: { keys: JWK[] };
  /** The same keys without their private parts: what the API verifies tokens with. */
  publicJwks: { keys: JWK[] };
  /** Keygrip keys signing the provider's cookies, newest first. */
  cookieKeys: string[];
}

/**
 * Reads a secret, creating it on first use. Two processes starting at once both try the insert; only one
 * wins (ON CONFLICT DO NOTHING) and both then read the winner, so there is never more than one value.
 */
async function loadOrCreate<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value as T;
  const value = await create();
  await db
    .insertInto('app_secrets')
    .values({ name, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  // jsonb arrives parsed; it is what one of the writers stored.
  return stored.value as T;
}

async function generateSigningKey(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
}

export function publicJwk(jwk: JWK): JWK {
  const copy: Record<string, unknown> = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy as JWK;
}

export async function loadProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const privateJwks = await loadOrCreate(db, JWKS_SECRET, generateSigningKey);
  const cookieKeys = await loadOrCreate(db, COOKIE_KEYS_SECRET, async () => [randomBytes(32).toString('base64url')]);
  if (!Array.isArray(privateJwks.keys) || privateJwks.keys.length === 0)
    throw new Error(`app_secrets.${JWKS_SECRET} holds no keys`);
  if (!Array.isArray(cookieKeys) || cookieKeys.length === 0)
    throw new Error(`app_secrets.${COOKIE_KEYS_SECRET} holds no keys`);
  return { privateJwks, publicJwks: { keys: privateJwks.keys.map(publicJwk) }, cookieKeys };
}
