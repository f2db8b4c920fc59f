import { returnTicketsApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { returnTicketPdf } from './return-ticket.pdf.ts';
import * as tickets from './return-ticket.service.ts';

export const returnTicketRoutes: RouteEntry[] = [
  route(api.listReturnTickets, ({ query }, ctx) => tickets.listTickets(ctx.db, query)),
  route(api.exportReturnTickets, ({ query }, ctx) => tickets.exportTickets(ctx, query)),
  route(api.shippedInvoices, ({ query }, ctx) => tickets.shippedInvoices(ctx.db, query.q)),
  route(api.returnableInvoice, ({ params }, ctx) => tickets.returnableInvoice(ctx.db, params.id)),
  route(api.getReturnTicket, ({ params }, ctx) => tickets.getTicket(ctx.db, params.id)),
  route(api.createReturnTicket, ({ body }, ctx) => tickets.createTicket(ctx, body)),
  route(api.updateReturnTicket, ({ params, body }, ctx) => tickets.updateTicket(ctx, params.id, body)),
  route(api.receiveReturnTicket, ({ params }, ctx) => tickets.receiveTicket(ctx, params.id)),
  route(api.inspectReturnTicket, ({ params, body }, ctx) => tickets.inspectTicket(ctx, params.id, body)),
  route(api.closeReturnTicket, ({ params }, ctx) => tickets.closeTicket(ctx, params.id)),
  route(api.cancelReturnTicket, ({ params, body }, ctx) => tickets.cancelTicket(ctx, params.id, body)),
  route(api.returnTicketPdf, ({ params, query }, ctx) => returnTicketPdf(ctx, params.id, query.lang)),
];
