import { JobErrorCode, jobsApi } from '@backoffice/contracts';
import { conflict, notFound } from '../errors.ts';
import { type Ctx, type RouteEntry, requirePermission, route } from '../routes.ts';
import * as repo from './jobs.repository.ts';

/**
 * Starts a failed job again. The route admits anyone holding one of the areas' permissions; the job's own
 * kind then names the one it needs (an import's, the FIFO stock process's), so nobody restarts another
 * area's work.
 */
export async function retryJob(ctx: Ctx, id: string) {
  const runner = ctx.request.server.jobs;
  const job = await repo.findJob(ctx.db, id, true);
  const kind = job && runner.kind(job.kind);
  if (!job || !kind) throw notFound('Job', id);
  requirePermission(
    ctx.user,
    typeof kind.retryPermission === 'function' ? kind.retryPermission(job) : kind.retryPermission,
  );
  if (job.status !== 'FAILED')
    throw conflict(JobErrorCode.JOB_NOT_FAILED, 'Only a failed job can be started again; this one has not failed.', {
      status: job.status,
    });
  await kind.onRetry?.(ctx, job);
  await repo.requeueFailed(ctx.db, id);
  const after = await repo.findJob(ctx.db, id);
  if (!after) throw notFound('Job', id);
  await ctx.audit({ action: 'retry', entity: 'job', entityId: id, before: repo.toJob(job), after: repo.toJob(after) });
  // Claimable once this request has committed, i.e. once the answer has gone out.
  ctx.reply.raw.once('finish', () => runner.nudge());
  return repo.toJob(after);
}

export const jobsRoutes: RouteEntry[] = [route(jobsApi.retryJob, ({ params }, ctx) => retryJob(ctx, params.id))];
