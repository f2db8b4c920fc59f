import { DRAFT_RETENTION_DAYS } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { todayInLondon } from '../../platform/business-day.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { findJobByKey } from '../../platform/jobs/index.ts';
import { deleteDraftsSavedBefore } from './draft.repository.ts';

/** The daily job that deletes drafts nobody saved for DRAFT_RETENTION_DAYS days; one per London day. */
export const DRAFT_PURGE_JOB_KIND = 'drafts.purge';

/** Deletes the drafts not saved for `days` days, each with its system-log row, in one transaction. */
export async function purgeDrafts(db: Kysely<Database>, days = DRAFT_RETENTION_DAYS): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const purged = await deleteDraftsSavedBefore(tx, days);
    for (const draft of purged)
      await writeAudit(tx, {
        user: null,
        requestId: null,
        action: 'purge',
        entity: 'draft',
        entityId: draft.id,
        before: {
          ownerId: draft.owner_id,
          kind: draft.kind,
          title: draft.title,
          savedAt: draft.saved_at.toISOString(),
          retentionDays: days,
        },
      });
    return purged.length;
  });
}

/**
 * Registers the purge: each sweep of the job runner queues the day's job unless it exists (the unique key per
 * kind and day keeps servers sharing the database to one), and the runner runs it like any other job.
 */
export function registerDraftPurge(app: FastifyInstance): void {
  app.jobs.register({
    kind: DRAFT_PURGE_JOB_KIND,
    concurrency: 1,
    maxAttempts: 3,
    retryPermission: 'view_draft',
    run: async (ctx) => {
      const purged = await purgeDrafts(ctx.db);
      if (purged > 0) ctx.log.info({ purged }, 'old drafts purged');
    },
    sweep: async (db) => {
      const key = todayInLondon();
      if (await findJobByKey(db, DRAFT_PURGE_JOB_KIND, key)) return;
      try {
        await app.jobs.enqueue(db, { kind: DRAFT_PURGE_JOB_KIND, key });
      } catch (e) {
        if (!isUniqueViolation(e, 'jobs_kind_key')) throw e;
      }
    },
  });
}
