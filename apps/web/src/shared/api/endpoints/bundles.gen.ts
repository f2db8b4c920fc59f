// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `bundlesApi`: method, path and, for a change, the resources it makes stale. */
export const bundlesEndpoints = {
  listBundleTasks: endpointRef<typeof contracts.bundlesApi.listBundleTasks>('GET', '/api/bundle-tasks'),
  exportBundleTasks: endpointRef<typeof contracts.bundlesApi.exportBundleTasks>('GET', '/api/bundle-tasks/export'),
  myBundleTasks: endpointRef<typeof contracts.bundlesApi.myBundleTasks>('GET', '/api/bundle-tasks/mine'),
  lookupBundles: endpointRef<typeof contracts.bundlesApi.lookupBundles>('GET', '/api/bundle-tasks/bundles'),
  lookupAssignees: endpointRef<typeof contracts.bundlesApi.lookupAssignees>('GET', '/api/bundle-tasks/assignees'),
  bundleAvailability: endpointRef<typeof contracts.bundlesApi.bundleAvailability>(
    'GET',
    '/api/bundle-tasks/availability',
  ),
  getBundleTask: endpointRef<typeof contracts.bundlesApi.getBundleTask>('GET', '/api/bundle-tasks/:id'),
  bundleTaskAvailability: endpointRef<typeof contracts.bundlesApi.bundleTaskAvailability>(
    'GET',
    '/api/bundle-tasks/:id/availability',
  ),
  createBundleTask: endpointRef<typeof contracts.bundlesApi.createBundleTask>('POST', '/api/bundle-tasks', [
    '/api/bundle-tasks',
  ]),
  assignBundleTask: endpointRef<typeof contracts.bundlesApi.assignBundleTask>('POST', '/api/bundle-tasks/:id/assign', [
    '/api/bundle-tasks',
  ]),
  startBundleTask: endpointRef<typeof contracts.bundlesApi.startBundleTask>('POST', '/api/bundle-tasks/:id/start', [
    '/api/bundle-tasks',
  ]),
  completeBundleTask: endpointRef<typeof contracts.bundlesApi.completeBundleTask>(
    'POST',
    '/api/bundle-tasks/:id/complete',
    [
      '/api/bundle-tasks',
      '/api/inventory',
      '/api/manual-stock',
      '/api/stock',
      '/api/inventory-transfers',
      '/api/reports',
      '/api/warehouse-reports',
    ],
  ),
  cancelBundleTask: endpointRef<typeof contracts.bundlesApi.cancelBundleTask>('POST', '/api/bundle-tasks/:id/cancel', [
    '/api/bundle-tasks',
  ]),
  bundleTaskPdf: endpointRef<typeof contracts.bundlesApi.bundleTaskPdf>('GET', '/api/bundle-tasks/:id/pdf'),
};
