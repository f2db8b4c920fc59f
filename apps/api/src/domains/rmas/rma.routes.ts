import { rmasApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { rmaPdf } from './rma.pdf.ts';
import * as rmas from './rma.service.ts';

export const rmaRoutes: RouteEntry[] = [
  route(api.listRmas, ({ query }, ctx) => rmas.listRmas(ctx.db, query)),
  route(api.exportRmas, ({ query }, ctx) => rmas.exportRmas(ctx, query)),
  route(api.rmaReceipts, ({ query }, ctx) => rmas.receipts(ctx.db, query)),
  route(api.supplierCredits, ({ query }, ctx) => rmas.supplierCredits(ctx.db, query.supplierId)),
  route(api.getRma, ({ params }, ctx) => rmas.getRma(ctx.db, params.id)),
  route(api.createRma, ({ body }, ctx) => rmas.createRma(ctx, body)),
  route(api.updateRma, ({ params, body }, ctx) => rmas.updateRma(ctx, params.id, body)),
  route(api.approveRma, ({ params, body }, ctx) => rmas.approveRma(ctx, params.id, body)),
  route(api.shipRma, ({ params }, ctx) => rmas.shipRma(ctx, params.id)),
  route(api.creditRma, ({ params, body }, ctx) => rmas.creditRma(ctx, params.id, body)),
  route(api.replaceRma, ({ params }, ctx) => rmas.replaceRma(ctx, params.id)),
  route(api.cancelRma, ({ params, body }, ctx) => rmas.cancelRma(ctx, params.id, body)),
  route(api.rmaPdf, ({ params, query }, ctx) => rmaPdf(ctx, params.id, query.lang)),
];
