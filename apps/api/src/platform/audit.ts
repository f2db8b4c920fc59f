import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuditEntry {
  user: { id: string; username: string } | null;
  requestId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** One system-log row, written with the caller's transaction so it commits or rolls back with the change. */
export async function writeAudit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await db
    .insertInto('system_logs')
    .values({
      user_id: e.user?.id ?? null,
      username: e.user?.username ?? null,
      action: e.action,
      entity: e.entity,
      entity_id: e.entityId ?? null,
      before: e.before === undefined ? null : JSON.stringify(e.before),
      after: e.after === undefined ? null : JSON.stringify(e.after),
      request_id: e.requestId,
    })
    .execute();
}

/** Rows written per statement by `writeAudits`: one JSON parameter each, kept to a few megabytes. */
const AUDIT_ROWS_PER_STATEMENT = 5000;

/** One row of a batch: what `writeAudit` takes, less the user and request the batch shares. */
export interface AuditRow<E extends string = string, A extends string = string> {
  entity: E;
  action: A;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Many system-log rows of one user and request (an import's batch, say) in one statement per few thousand, with the
 * caller's transaction. The only batch writer: the vocabulary check reads each call's `entity` and `action` types,
 * so they are literals where it is called (see audit-vocabulary.test.ts).
 */
export async function writeAudits<E extends string, A extends string>(
  db: Kysely<Database>,
  by: { user: { id: string; username: string } | null; requestId: string | null },
  rows: readonly AuditRow<E, A>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += AUDIT_ROWS_PER_STATEMENT) {
    // A value left out is NULL (not JSON null) in the row.
    const json = rows.slice(i, i + AUDIT_ROWS_PER_STATEMENT).map((r) => ({
      entity: r.entity,
      action: r.action,
      ...(r.entityId != null ? { entity_id: r.entityId } : {}),
      ...(r.before !== undefined ? { before: r.before } : {}),
      ...(r.after !== undefined ? { after: r.after } : {}),
    }));
    await sql`
      INSERT INTO system_logs (user_id, username, action, entity, entity_id, before, after, request_id)
      SELECT ${by.user?.id ?? null}::uuid, ${by.user?.username ?? null}, a.action, a.entity, a.entity_id, a.before,
             a.after, ${by.requestId}
      FROM jsonb_to_recordset(${JSON.stringify(json)}::jsonb)
        AS a(entity text, action text, entity_id text, before jsonb, after jsonb)`.execute(db);
  }
}
