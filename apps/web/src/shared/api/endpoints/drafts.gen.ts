// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `draftsApi`: method, path and, for a change, the resources it makes stale. */
export const draftsEndpoints = {
  listDrafts: endpointRef<typeof contracts.draftsApi.listDrafts>('GET', '/api/drafts'),
  getDraft: endpointRef<typeof contracts.draftsApi.getDraft>('GET', '/api/drafts/:id'),
  createDraft: endpointRef<typeof contracts.draftsApi.createDraft>('POST', '/api/drafts', ['/api/drafts']),
  saveDraft: endpointRef<typeof contracts.draftsApi.saveDraft>('PUT', '/api/drafts/:id', ['/api/drafts']),
  deleteDraft: endpointRef<typeof contracts.draftsApi.deleteDraft>('DELETE', '/api/drafts/:id', ['/api/drafts']),
};
