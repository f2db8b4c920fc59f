import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../../platform/routes.ts';
import { registerChannelOrderEvents } from './ship-list.events.ts';
import { shipListRoutes } from './ship-list.routes.ts';

export { shipListReferences } from './ship-list.references.ts';

/** Ship lists: packed invoices shipped together (stock issued at FIFO cost, channels told), packing slips. */
export const shipListsRoutes: RouteEntry[] = shipListRoutes;

/** What the ship lists register with the job runner at start-up. */
export function registerShipLists(app: FastifyInstance): void {
  registerChannelOrderEvents(app);
}
