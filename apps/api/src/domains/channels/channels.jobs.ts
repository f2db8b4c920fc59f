import { CHANNEL_ORDER_EVENT, CHANNEL_REFUND_EVENT, type PermissionName } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { JobRecord } from '../../platform/jobs/index.ts';
import { secretBoxFor } from '../../platform/secrets.ts';
import {
  DELIVER_JOB,
  DELIVER_MAX_ATTEMPTS,
  deliverJob,
  messageFailed,
  messageRetried,
  queueRefund,
  queueShipped,
} from './messages-out.ts';
import { REAPPLY_JOB } from './orders-in.ts';
import { PULL_JOB, pullJob, scheduleDue } from './pull.ts';
import { reapplyJob } from './reapply.ts';
import { anyListingToUpdate, onLevelChanged, PUSH_STOCK_JOB, pushStockJob } from './stock-out.ts';

/**
 * The channels' background work, registered with the platform's job runner: the outbox handlers (shipments and
 * refunds to send, stock levels to queue), and the jobs that pull, deliver and push. The pull kind's sweep is the
 * scheduler.
 */
export function registerChannels(app: FastifyInstance, config: Pick<Config, 'secretsKey' | 'dataDir'>): void {
  const runner = app.jobs;
  const box = secretBoxFor(config);
  const anyScreen: PermissionName = 'view_api_configuration';
  runner.on(CHANNEL_ORDER_EVENT, 'channels.shipment', (tx, event) => queueShipped(tx, runner, event));
  runner.on(CHANNEL_REFUND_EVENT, 'channels.refund', (tx, event) => queueRefund(tx, runner, event));
  runner.on('stock.level_changed', 'channels.stock', (tx, event) => onLevelChanged(tx, runner, event), {
    activeWhen: anyListingToUpdate,
  });
  runner.register({
    kind: PULL_JOB,
    run: pullJob(box, runner),
    concurrency: 2,
    maxAttempts: 3,
    backoffBaseMs: 30_000,
    retryPermission: anyScreen,
    sweep: (db) => scheduleDue(db, runner),
  });
  runner.register({
    kind: DELIVER_JOB,
    run: deliverJob(box),
    concurrency: 2,
    maxAttempts: DELIVER_MAX_ATTEMPTS,
    backoffBaseMs: 5_000,
    backoffMaxMs: 15 * 60_000,
    retryPermission: anyScreen,
    onFailed: (tx, job: JobRecord, failure) => messageFailed(tx, job.payload.messageId as string, failure.error),
    onRetry: (ctx, job) => messageRetried(ctx.db, job.payload.messageId as string),
  });
  runner.register({
    kind: REAPPLY_JOB,
    run: reapplyJob,
    maxAttempts: 3,
    retryPermission: anyScreen,
  });
  runner.register({
    kind: PUSH_STOCK_JOB,
    run: pushStockJob(box),
    concurrency: 1,
    maxAttempts: 5,
    backoffBaseMs: 10_000,
    retryPermission: anyScreen,
  });
}
