// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `dailyControlApi`: method, path and, for a change, the resources it makes stale. */
export const dailyControlEndpoints = {
  dailyControl: endpointRef<typeof contracts.dailyControlApi.dailyControl>(
    'GET',
    '/api/reports/daily-control-and-ship-list',
  ),
  exportDailyControl: endpointRef<typeof contracts.dailyControlApi.exportDailyControl>(
    'GET',
    '/api/reports/daily-control-and-ship-list/export',
  ),
  printDailyControl: endpointRef<typeof contracts.dailyControlApi.printDailyControl>(
    'GET',
    '/api/reports/daily-control-and-ship-list/pdf',
  ),
};
