import { stockCountsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { stockCountPdf } from './stock-count.pdf.ts';
import * as counts from './stock-count.service.ts';

export const stockCountRoutes: RouteEntry[] = [
  route(stockCountsApi.listStockCounts, ({ query }, ctx) => counts.listCounts(ctx, query)),
  route(stockCountsApi.exportStockCounts, ({ query }, ctx) => counts.exportCounts(ctx, query)),
  route(stockCountsApi.stockCountZones, ({ query }, ctx) => counts.zonesOf(ctx, query.warehouseId)),
  route(stockCountsApi.createStockCount, ({ body }, ctx) => counts.startCount(ctx, body)),
  route(stockCountsApi.getStockCount, ({ params }, ctx) => counts.getCount(ctx, params.id)),
  route(stockCountsApi.listStockCountLines, ({ params, query }, ctx) => counts.listLines(ctx, params.id, query)),
  route(stockCountsApi.exportStockCountLines, ({ params, query }, ctx) => counts.exportLines(ctx, params.id, query)),
  route(stockCountsApi.stockCountVariances, ({ params, query }, ctx) => counts.variances(ctx, params.id, query)),
  route(stockCountsApi.scanStockCount, ({ params, body }, ctx) => counts.scan(ctx, params.id, body)),
  route(stockCountsApi.setStockCountLine, ({ params, body }, ctx) =>
    counts.setLine(ctx, params.id, params.lineId, body),
  ),
  route(stockCountsApi.submitStockCount, ({ params }, ctx) => counts.submit(ctx, params.id)),
  route(stockCountsApi.reopenStockCount, ({ params }, ctx) => counts.reopen(ctx, params.id)),
  route(stockCountsApi.postStockCount, ({ params, body }, ctx) => counts.postCount(ctx, params.id, body)),
  route(stockCountsApi.cancelStockCount, ({ params }, ctx) => counts.cancel(ctx, params.id)),
  route(stockCountsApi.reverseStockCount, ({ params, body }, ctx) => counts.reverseCount(ctx, params.id, body)),
  route(stockCountsApi.stockCountMovements, ({ params }, ctx) => counts.countMovements(ctx, params.id)),
  route(stockCountsApi.stockCountPdf, ({ params, query }, ctx) => stockCountPdf(ctx, params.id, query.lang)),
];
