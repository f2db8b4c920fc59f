import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../../platform/routes.ts';
import { registerChannelRefundEvents } from './credit-note.events.ts';
import { creditNoteRoutes } from './credit-note.routes.ts';

export { creditNoteReferences } from './credit-note.references.ts';

/** Credit notes / refunds: money back against a shipped invoice or a received return ticket, never more than paid. */
export const creditNotesRoutes: RouteEntry[] = creditNoteRoutes;

/** What the credit notes register with the job runner at start-up. */
export function registerCreditNotes(app: FastifyInstance): void {
  registerChannelRefundEvents(app);
}
