// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `processorsApi`: method, path and, for a change, the resources it makes stale. */
export const processorsEndpoints = {
  listProcessors: endpointRef<typeof contracts.processorsApi.listProcessors>('GET', '/api/processors'),
  exportProcessors: endpointRef<typeof contracts.processorsApi.exportProcessors>('GET', '/api/processors/export'),
  getProcessor: endpointRef<typeof contracts.processorsApi.getProcessor>('GET', '/api/processors/:id'),
  createProcessor: endpointRef<typeof contracts.processorsApi.createProcessor>('POST', '/api/processors', [
    '/api/processors',
    '/api/currencies',
  ]),
  updateProcessor: endpointRef<typeof contracts.processorsApi.updateProcessor>('PUT', '/api/processors/:id', [
    '/api/processors',
    '/api/currencies',
  ]),
  deleteProcessor: endpointRef<typeof contracts.processorsApi.deleteProcessor>('DELETE', '/api/processors/:id', [
    '/api/processors',
    '/api/currencies',
  ]),
};
