import { pickListsApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { pickListPdf } from './pick-list.pdf.ts';
import * as lists from './pick-list.service.ts';

export const pickListRoutes: RouteEntry[] = [
  route(api.listPickLists, ({ query }, ctx) => lists.listPickLists(ctx.db, query)),
  route(api.pickListCandidates, ({ query }, ctx) => lists.listCandidates(ctx.db, query)),
  route(api.getPickList, ({ params }, ctx) => lists.getPickList(ctx.db, params.id)),
  route(api.createPickList, ({ body }, ctx) => lists.createPickList(ctx, body)),
  route(api.scanPickList, ({ params, body }, ctx) => lists.scanPickList(ctx, params.id, body)),
  route(api.confirmPickList, ({ params, body }, ctx) => lists.confirmPickList(ctx, params.id, body)),
  route(api.cancelPickList, ({ params }, ctx) => lists.cancelPickList(ctx, params.id)),
  route(api.pickListPdf, ({ params, query }, ctx) => pickListPdf(ctx, params.id, query.lang)),
];
