import { bundlesApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { bundleTaskPdf } from './bundle-task.pdf.ts';
import * as tasks from './bundle-task.service.ts';

export const bundleRoutes: RouteEntry[] = [
  route(bundlesApi.listBundleTasks, ({ query }, ctx) => tasks.listTasks(ctx.db, query)),
  route(bundlesApi.exportBundleTasks, ({ query }, ctx) => tasks.exportTasks(ctx, query)),
  route(bundlesApi.myBundleTasks, ({ query }, ctx) => tasks.myTasks(ctx, query)),
  route(bundlesApi.lookupBundles, ({ query }, ctx) => tasks.lookupBundles(ctx.db, query)),
  route(bundlesApi.lookupAssignees, ({ query }, ctx) => tasks.lookupAssignees(ctx.db, query)),
  route(bundlesApi.bundleAvailability, ({ query }, ctx) => tasks.bundleAvailability(ctx.db, query)),
  route(bundlesApi.getBundleTask, ({ params }, ctx) => tasks.getTask(ctx, params.id)),
  route(bundlesApi.bundleTaskAvailability, ({ params, query }, ctx) => tasks.taskAvailability(ctx, params.id, query)),
  route(bundlesApi.createBundleTask, ({ body }, ctx) => tasks.createTask(ctx, body)),
  route(bundlesApi.assignBundleTask, ({ params, body }, ctx) => tasks.assignTask(ctx, params.id, body)),
  route(bundlesApi.startBundleTask, ({ params }, ctx) => tasks.startTask(ctx, params.id)),
  route(bundlesApi.completeBundleTask, ({ params, body }, ctx) => tasks.completeTask(ctx, params.id, body)),
  route(bundlesApi.cancelBundleTask, ({ params, body }, ctx) => tasks.cancelTask(ctx, params.id, body)),
  route(bundlesApi.bundleTaskPdf, ({ params, query }, ctx) => bundleTaskPdf(ctx, params.id, query.lang)),
];
