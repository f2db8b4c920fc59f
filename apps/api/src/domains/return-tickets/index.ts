import type { RouteEntry } from '../../platform/routes.ts';
import { returnTicketRoutes } from './return-ticket.routes.ts';

export { returnTicketReferences } from './return-ticket.references.ts';
/** What a channel's returns do by themselves (domains/channels/returns-in.ts). */
export {
  cancelTicket as cancelReturnTicket,
  closeTicket as closeReturnTicket,
  createTicket as createReturnTicket,
} from './return-ticket.service.ts';

/** Customer returns: tickets from a shipped invoice or manual, receiving at the cost the units left with, inspection. */
export const returnTicketsRoutes: RouteEntry[] = returnTicketRoutes;
