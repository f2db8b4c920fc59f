import type { RouteEntry } from '../../platform/routes.ts';
import { reportsRoutes as routes } from './reports.routes.ts';

export { FIFO_PROCESS_JOB_KIND, failInterruptedFifoRuns, registerFifoProcess } from './fifo-process.service.ts';
// The as-at stock value (from the cheapest start) and the open layers by age bucket, for the analytics over them.
export { cheapestBase, stockAtFrom } from './report-sql.repository.ts';
export { layerAges, londonToday } from './stock-reports.repository.ts';

/** Stock reports (stock and value, FIFO process and value, daily levels) and the warehouse reports. */
export const reportsRoutes: RouteEntry[] = routes;
