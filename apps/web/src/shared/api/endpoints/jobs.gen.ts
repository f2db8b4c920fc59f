// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `jobsApi`: method, path and, for a change, the resources it makes stale. */
export const jobsEndpoints = {
  retryJob: endpointRef<typeof contracts.jobsApi.retryJob>('POST', '/api/jobs/:id/retry', ['/api/jobs']),
};
