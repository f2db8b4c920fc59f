import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { badRequest, unprocessable } from './errors.ts';

const KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

export function parseIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY.test(value))
    throw badRequest('IDEMPOTENCY_KEY_INVALID', 'An Idempotency-Key is 8 to 200 letters, digits or _ . : -');
  return value;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest('hex');
}

export type Claim = { replay: { status: number; body: unknown } } | { replay: null };

/**
 * Claims the key inside the request's transaction. A concurrent request with the same key waits on
 * the unique index until the first commits, then replays its answer; if the first rolls back, it runs.
 */
export async function claimIdempotencyKey(
  tx: Kysely<Database>,
  userId: string,
  key: string,
  method: string,
  path: string,
  hash: string,
): Promise<Claim> {
  const inserted = await tx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, method, path, request_hash: hash, status_code: 0, response: 'null' })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { replay: null };
  const prior = await tx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (prior.request_hash !== hash)
    throw unprocessable(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  return { replay: { status: prior.status_code, body: prior.response } };
}

export async function storeIdempotentAnswer(
  tx: Kysely<Database>,
  userId: string,
  key: string,
  status: number,
  body: unknown,
) {
  await tx
    .updateTable('idempotency_keys')
    .set({ status_code: status, response: JSON.stringify(body ?? null) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}
