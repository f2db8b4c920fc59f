import { dailyControlApi, stockReportsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import * as dailyControl from './daily-control.service.ts';
import * as fifoProcess from './fifo-process.service.ts';
import * as stock from './stock-reports.service.ts';
import * as warehouse from './warehouse-reports.service.ts';

const api = stockReportsApi;

export const reportsRoutes: RouteEntry[] = [
  route(api.stockAndValue, ({ query }, ctx) => stock.stockAndValue(ctx, query)),
  route(api.exportStockAndValue, ({ query }, ctx) => stock.exportStockAndValue(ctx, query)),
  route(api.startFifoProcess, (_input, ctx) => fifoProcess.startFifoProcess(ctx)),
  route(api.listFifoProcessRuns, ({ query }, ctx) => fifoProcess.listRuns(ctx.db, query)),
  route(api.getFifoProcessRun, ({ params }, ctx) => fifoProcess.getRun(ctx.db, params.id)),
  route(api.fifoProcessDifferences, ({ params, query }, ctx) => fifoProcess.differences(ctx.db, params.id, query)),
  route(api.exportFifoProcessDifferences, ({ params, query }, ctx) =>
    fifoProcess.exportDifferences(ctx, params.id, query.kind),
  ),
  route(api.fifoStockValue, ({ query }, ctx) => stock.fifoStockValue(ctx.db, query)),
  route(api.exportFifoStockValue, ({ query }, ctx) => stock.exportFifoStockValue(ctx, query)),
  route(api.fifoStockValueGroups, ({ query }, ctx) => stock.fifoStockValueGroups(ctx.db, query)),
  route(api.exportFifoStockValueGroups, ({ query }, ctx) => stock.exportFifoStockValueGroups(ctx, query)),
  route(api.dailyInventoryLevel, ({ query }, ctx) => stock.dailyInventoryLevel(ctx.db, query)),
  route(api.exportDailyInventoryLevel, ({ query }, ctx) => stock.exportDailyInventoryLevel(ctx, query)),
  route(api.replenishment, ({ query }, ctx) => warehouse.replenishment(ctx.db, query)),
  route(api.exportReplenishment, ({ query }, ctx) => warehouse.exportReplenishment(ctx, query)),
  route(api.stockQuantity, ({ query }, ctx) => warehouse.stockQuantity(ctx.db, query)),
  route(api.exportStockQuantity, ({ query }, ctx) => warehouse.exportStockQuantity(ctx, query)),
  route(api.inventoryDetail, ({ query }, ctx) => warehouse.inventoryDetail(ctx.db, query)),
  route(api.exportInventoryDetail, ({ query }, ctx) => warehouse.exportInventoryDetail(ctx, query)),
  route(api.inventoryDetailLayers, ({ query }, ctx) => stock.productLayers(ctx.db, query)),
  route(api.reportOptions, ({ params, query }, ctx) => stock.reportOptions(ctx.db, params.kind, query)),
  route(dailyControlApi.dailyControl, ({ query }, ctx) => dailyControl.dailyControl(ctx.db, query)),
  route(dailyControlApi.exportDailyControl, ({ query }, ctx) => dailyControl.exportDailyControl(ctx, query)),
  route(dailyControlApi.printDailyControl, ({ query }, ctx) => {
    const { lang, ...filter } = query;
    return dailyControl.printDailyControl(ctx, filter, lang);
  }),
];
