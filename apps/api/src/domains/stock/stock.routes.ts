import { stockApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { checkStock } from './check.service.ts';
import * as inventory from './inventory.service.ts';
import * as overrides from './override.service.ts';
import * as reservations from './reservation.service.ts';
import * as reversals from './reversal.service.ts';

export const stockRoutes: RouteEntry[] = [
  route(stockApi.inventorySummary, ({ query }, ctx) => inventory.inventorySummary(ctx.db, query)),
  route(stockApi.inventorySummaryTotals, ({ query }, ctx) => inventory.inventorySummaryTotals(ctx.db, query)),
  route(stockApi.exportInventorySummary, ({ query }, ctx) => inventory.exportInventorySummary(ctx, query)),
  route(stockApi.inventoryList, ({ query }, ctx) => inventory.inventoryList(ctx.db, query)),
  route(stockApi.exportInventoryList, ({ query }, ctx) => inventory.exportInventoryList(ctx, query)),
  route(stockApi.productStock, ({ params }, ctx) => inventory.productStock(ctx.db, params.id)),
  route(stockApi.productMovements, ({ params, query }, ctx) => inventory.productMovements(ctx.db, params.id, query)),
  route(stockApi.exportProductMovements, ({ params, query }, ctx) =>
    inventory.exportProductMovements(ctx, params.id, query),
  ),
  route(stockApi.overrideStock, ({ body }, ctx) => overrides.overrideStock(ctx, body)),
  route(stockApi.adjustStock, ({ body }, ctx) => overrides.adjustStock(ctx, body)),
  route(stockApi.listOverrides, ({ query }, ctx) => overrides.listOverrides(ctx, query)),
  route(stockApi.getOverride, ({ params }, ctx) => reversals.getOverride(ctx, params.id)),
  route(stockApi.reverseOverride, ({ params, body }, ctx) => reversals.reverseOverride(ctx, params.id, body)),
  route(stockApi.createReservation, ({ body }, ctx) => reservations.reserve(ctx, body)),
  route(stockApi.getReservation, ({ params }, ctx) => reservations.getReservation(ctx.db, params.id)),
  route(stockApi.releaseReservation, ({ params }, ctx) => reservations.release(ctx, params.id)),
  route(stockApi.issueReservation, ({ params, body }, ctx) => reservations.issue(ctx, params.id, body)),
  route(stockApi.checkStock, (_input, ctx) => checkStock(ctx.db)),
];
