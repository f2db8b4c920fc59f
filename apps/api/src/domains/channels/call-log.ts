import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeAudits } from '../../platform/audit.ts';
import type { CallRecord } from '../../platform/connectors/http.ts';

/**
 * Every attempt of every call to a channel or carrier becomes a system-log row (action `api_call`, entity
 * `channel_account`): operation, method, path, status, time, attempt, the provider's request id, the error in words
 * and the trimmed bodies, secrets masked by the HTTP client. Collected while the calls run, written after them in
 * the caller's transaction (a job's, or the request's).
 */
export function callLog(accountId: string) {
  const records: CallRecord[] = [];
  return {
    sink: (r: CallRecord) => {
      records.push(r);
    },
    records,
    async flush(db: Kysely<Database>, user: { id: string; username: string } | null, requestId: string | null = null) {
      const taken = records.splice(0);
      if (!taken.length) return;
      await writeAudits(
        db,
        { user, requestId },
        taken.map((r) => ({
          entity: 'channel_account',
          action: 'api_call',
          entityId: accountId,
          after: {
            operation: r.operation,
            method: r.method,
            url: r.url,
            status: r.status,
            durationMs: r.durationMs,
            attempt: r.attempt,
            requestId: r.requestId,
            error: r.error,
            requestBody: r.requestBody,
            responseBody: r.responseBody,
            at: r.at.toISOString(),
          },
        })),
      );
    },
  };
}
