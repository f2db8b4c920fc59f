import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/db.ts';

/** How often one process deletes expired rows (lazily, on a write). */
const CLEANUP_EVERY_MS = 10 * 60 * 1000;

/**
 * oidc-provider's storage in PostgreSQL: one row per model instance in `oidc_payloads`, keyed by (id, type).
 * Sessions, grants and refresh tokens therefore survive a restart and are shared by every process.
 */
export function createPostgresAdapter(db: Db) {
  let lastCleanup = 0;

  function cleanupSometimes() {
    const now = Date.now();
    if (now - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = now;
    // Fire and forget: a failed clean-up only means the rows wait for the next one.
    db.deleteFrom('oidc_payloads')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute()
      .catch(() => {});
  }

  return class PostgresAdapter implements Adapter {
    private readonly type: string;

    constructor(name: string) {
      this.type = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresAt,
      };
      await db
        .insertInto('oidc_payloads')
        .values({ id, type: this.type, ...row })
        .onConflict((oc) => oc.columns(['id', 'type']).doUpdateSet(row))
        .execute();
      cleanupSometimes();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      // Only the statically configured client exists: never resolve clients from storage.
      if (this.type === 'Client') return undefined;
      return this.findBy('id', id);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy('user_code', userCode);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('type', '=', this.type)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('id', '=', id).where('type', '=', this.type).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).where('type', '=', this.type).execute();
    }

    private async findBy(column: 'id' | 'user_code' | 'uid', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'consumed_at'])
        .where(column, '=', value)
        .where('type', '=', this.type)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
      if (!row) return undefined;
      // jsonb arrives parsed; it is exactly what upsert stored.
      const payload = row.payload as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
    }
  };
}

/**
 * Ends everything the provider holds for a user, in the caller's transaction: browser sessions, grants,
 * refresh tokens, codes and interactions under way. An administrator's password reset or deactivation calls
 * it, so a stolen refresh token or an open sign-in session stops at once, and a later reactivation does not
 * bring them back. Access tokens are JWTs that nothing stores: the API refuses those of a deactivated user
 * on every request (platform/auth.ts), and the rest expire on their own.
 */
export async function endSessionsOfAccount(db: Db, accountId: string): Promise<number> {
  const ofAccount = sql<boolean>`(payload->>'accountId' = ${accountId}
    OR payload->'session'->>'accountId' = ${accountId}
    OR payload->'result'->'login'->>'accountId' = ${accountId})`;
  const result = await db
    .deleteFrom('oidc_payloads')
    .where((eb) =>
      eb.or([
        ofAccount,
        // Whatever hangs off one of the user's grants goes with it, whichever way it names the user.
        eb('grant_id', 'in', db.selectFrom('oidc_payloads').select('id').where('type', '=', 'Grant').where(ofAccount)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
