import type { RouteEntry } from '../../platform/routes.ts';
import { draftsRoutes as routes } from './draft.routes.ts';

/** Drafts of long forms, each its owner's; old ones purged daily by the job runner. */
export const draftsRoutes: RouteEntry[] = routes;
export { DRAFT_PURGE_JOB_KIND, purgeDrafts, registerDraftPurge } from './draft.purge.ts';
