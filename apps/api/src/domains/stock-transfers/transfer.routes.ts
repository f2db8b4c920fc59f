import { transfersApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { transferPdf } from './transfer.pdf.ts';
import * as transfers from './transfer.service.ts';

export const transferRoutes: RouteEntry[] = [
  route(transfersApi.listTransfers, ({ query }, ctx) => transfers.listTransfers(ctx.db, query)),
  route(transfersApi.exportTransfers, ({ query }, ctx) => transfers.exportTransfers(ctx, query)),
  route(transfersApi.getTransfer, ({ params }, ctx) => transfers.getTransfer(ctx.db, params.id)),
  route(transfersApi.transferMovements, ({ params, query }, ctx) =>
    transfers.transferMovements(ctx.db, params.id, query),
  ),
  route(transfersApi.createTransfer, ({ body }, ctx) => transfers.createTransfer(ctx, body)),
  route(transfersApi.updateTransfer, ({ params, body }, ctx) => transfers.updateTransfer(ctx, params.id, body)),
  route(transfersApi.dispatchTransfer, ({ params }, ctx) => transfers.dispatchTransfer(ctx, params.id)),
  route(transfersApi.receiveTransfer, ({ params, body }, ctx) => transfers.receiveTransfer(ctx, params.id, body)),
  route(transfersApi.cancelTransfer, ({ params, body }, ctx) => transfers.cancelTransfer(ctx, params.id, body)),
  route(transfersApi.transferPdf, ({ params, query }, ctx) => transferPdf(ctx, params.id, query.lang)),
];
