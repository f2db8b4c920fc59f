import type { RouteEntry } from '../../platform/routes.ts';
import { returnTicketRoutes } from './return-ticket.routes.ts';

export { returnTicketReferences } from './return-ticket.references.ts';

/** Customer returns: tickets from a shipped invoice or manual, receiving at the cost the units left with, inspection. */
export const returnTicketsRoutes: RouteEntry[] = returnTicketRoutes;
