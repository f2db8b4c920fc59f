import { shipListsApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { packingSlipsPdf } from '../sales-invoices/index.ts';
import * as lists from './ship-list.service.ts';

export const shipListRoutes: RouteEntry[] = [
  route(api.listShipLists, ({ query }, ctx) => lists.listShipLists(ctx.db, query)),
  route(api.shipListCandidates, ({ query }, ctx) => lists.listCandidates(ctx.db, query)),
  route(api.shipListCarrierServices, (_input, ctx) => lists.carrierServices(ctx.db)),
  route(api.getShipList, ({ params }, ctx) => lists.getShipList(ctx.db, params.id)),
  route(api.createShipList, ({ body }, ctx) => lists.createShipList(ctx, body)),
  route(api.confirmShipList, ({ params, body }, ctx) => lists.confirmShipList(ctx, params.id, body)),
  route(api.cancelShipList, ({ params, body }, ctx) => lists.cancelShipList(ctx, params.id, body)),
  route(api.shipListPackingSlips, async ({ params, query }, ctx) => {
    const { number, ids } = await lists.invoiceIdsOf(ctx.db, params.id);
    return packingSlipsPdf(ctx, number, ids, query.lang);
  }),
];
