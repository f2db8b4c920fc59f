// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `nonWorkingDaysApi`: method, path and, for a change, the resources it makes stale. */
export const nonWorkingDaysEndpoints = {
  listNonWorkingDays: endpointRef<typeof contracts.nonWorkingDaysApi.listNonWorkingDays>(
    'GET',
    '/api/non-working-days',
  ),
  putNonWorkingDay: endpointRef<typeof contracts.nonWorkingDaysApi.putNonWorkingDay>(
    'PUT',
    '/api/non-working-days/:day',
    ['/api/non-working-days', '/api/reports', '/api/dashboard', '/api/sales-invoices'],
  ),
  deleteNonWorkingDay: endpointRef<typeof contracts.nonWorkingDaysApi.deleteNonWorkingDay>(
    'DELETE',
    '/api/non-working-days/:day',
    ['/api/non-working-days', '/api/reports', '/api/dashboard', '/api/sales-invoices'],
  ),
};
