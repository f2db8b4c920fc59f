import type { RouteEntry } from '../../platform/routes.ts';
import { reportsRoutes as routes } from './reports.routes.ts';

export { FIFO_PROCESS_JOB_KIND, failInterruptedFifoRuns, registerFifoProcess } from './fifo-process.service.ts';

/** Stock reports (stock and value, FIFO process and value, daily levels) and the warehouse reports. */
export const reportsRoutes: RouteEntry[] = routes;
