import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { JobRunner, type JobRunnerOptions } from './job-runner.ts';

export { jobCtx } from './job-ctx.ts';
export {
  DEFAULT_JOB_RUNNER_OPTIONS,
  HandBack,
  handBack,
  type JobContext,
  type JobKind,
  type JobRecord,
  JobRunner,
  type JobRunnerOptions,
} from './job-runner.ts';
export { findJob, findJobByKey, requeueFailed, toJob } from './jobs.repository.ts';
export { jobsRoutes } from './jobs.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's job runner: areas register job kinds and event handlers with it. */
    jobs: JobRunner;
  }
}

/**
 * Gives the server its job runner, before the areas register with it: it starts claiming when the server is
 * ready, and stops (jobs under way finish or are handed back) when the server closes.
 */
export function registerJobRunner(app: FastifyInstance, db: Db, options: Partial<JobRunnerOptions> = {}): JobRunner {
  const runner = new JobRunner(db, app.log, options);
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => {
    if (runner.options.autoStart) runner.start();
  });
  app.addHook('onClose', () => runner.close());
  return runner;
}
