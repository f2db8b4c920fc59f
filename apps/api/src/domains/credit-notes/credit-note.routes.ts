import { creditNotesApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { creditNotePdf } from './credit-note.pdf.ts';
import * as notes from './credit-note.service.ts';

export const creditNoteRoutes: RouteEntry[] = [
  route(api.listCreditNotes, ({ query }, ctx) => notes.listCreditNotes(ctx.db, query)),
  route(api.exportCreditNotes, ({ query }, ctx) => notes.exportCreditNotes(ctx, query)),
  route(api.creditSources, ({ query }, ctx) => notes.creditSources(ctx.db, query.q)),
  route(api.creditableInvoice, ({ params }, ctx) => notes.creditableInvoice(ctx.db, params.id)),
  route(api.creditableReturnTicket, ({ params }, ctx) => notes.creditableReturnTicket(ctx.db, params.id)),
  route(api.getCreditNote, ({ params }, ctx) => notes.getCreditNote(ctx.db, params.id)),
  route(api.createCreditNote, ({ body }, ctx) => notes.createCreditNote(ctx, body)),
  route(api.approveCreditNote, ({ params, body }, ctx) => notes.approveCreditNote(ctx, params.id, body)),
  route(api.cancelCreditNote, ({ params, body }, ctx) => notes.cancelCreditNote(ctx, params.id, body)),
  route(api.creditNotePdf, ({ params, query }, ctx) => creditNotePdf(ctx, params.id, query.lang)),
];
