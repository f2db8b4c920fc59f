import { z } from 'zod';
import type { PermissionName } from '../users/permissions.ts';
import { endpoint } from './endpoint.ts';
import { Uuid } from './pagination.ts';

/**
 * Background jobs: every area's background work (imports, the FIFO stock process, …) runs on the platform's
 * one job runner. A job that failed for good (its last attempt failed, or its server stopped and it had no
 * attempt left) may be started again by someone who holds its area's permission.
 */
export const JobErrorCode = {
  /** Only a failed job can be started again. */
  JOB_NOT_FAILED: 'JOB_NOT_FAILED',
} as const;
export type JobErrorCode = (typeof JobErrorCode)[keyof typeof JobErrorCode];

export const JobStatus = z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']);
export type JobStatus = z.infer<typeof JobStatus>;

export const Job = z
  .object({
    id: Uuid,
    /** What work: 'imports.run', 'reports.fifo_process', … */
    kind: z.string(),
    /** The area's record it works on (an import run's id, a FIFO process run's id). */
    key: z.string(),
    status: JobStatus,
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    progressDone: z.number().int(),
    progressTotal: z.number().int().nullable(),
    lastError: z.string().nullable(),
    runAfter: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof Job>;

/**
 * Who may start a failed job again: the permission of the area whose job it is (the product import's, the
 * inventory import's, the FIFO stock process's); the server checks the job's own kind as well.
 */
export const JOB_RETRY_PERMISSIONS = [
  'add_product',
  'edit_manual_stock',
  'stock_and_value_report',
  // Queued e-mails (mail.send): whoever sets up mail in Configuration.
  'edit_system_configuration',
] as const satisfies readonly PermissionName[];

const IdParams = z.object({ id: Uuid });

export const jobsApi = {
  retryJob: endpoint({
    method: 'POST',
    path: '/api/jobs/:id/retry',
    permission: JOB_RETRY_PERMISSIONS,
    tag: 'jobs',
    summary: 'Start a failed background job again (with the permission of its area)',
    params: IdParams,
    response: Job,
  }),
};
