import type { RouteEntry } from '../../platform/routes.ts';
import { pickListRoutes } from './pick-list.routes.ts';

export { pickListReferences } from './pick-list.references.ts';

/** Pick lists: batching booked invoices of a warehouse, picking by scanning, confirming (packed, back, or split). */
export const pickListsRoutes: RouteEntry[] = pickListRoutes;
