// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `biReportsApi`: method, path and, for a change, the resources it makes stale. */
export const biReportsEndpoints = {
  listBiReports: endpointRef<typeof contracts.biReportsApi.listBiReports>('GET', '/api/bi-reports'),
  visibleBiReports: endpointRef<typeof contracts.biReportsApi.visibleBiReports>('GET', '/api/bi-reports/visible'),
  biReportRoles: endpointRef<typeof contracts.biReportsApi.biReportRoles>('GET', '/api/bi-reports/roles'),
  getBiReport: endpointRef<typeof contracts.biReportsApi.getBiReport>('GET', '/api/bi-reports/:id'),
  createBiReport: endpointRef<typeof contracts.biReportsApi.createBiReport>('POST', '/api/bi-reports', [
    '/api/bi-reports',
  ]),
  updateBiReport: endpointRef<typeof contracts.biReportsApi.updateBiReport>('PUT', '/api/bi-reports/:id', [
    '/api/bi-reports',
  ]),
  deleteBiReport: endpointRef<typeof contracts.biReportsApi.deleteBiReport>('DELETE', '/api/bi-reports/:id', [
    '/api/bi-reports',
  ]),
};
