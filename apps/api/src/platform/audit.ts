import type { Kysely } from 'kysely';
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
