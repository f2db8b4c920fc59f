import { settlementsApi as api } from '@backoffice/contracts';
import type { Config } from '../../config.ts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { settlementNotifier } from './settlement.mail.ts';
import { settlementPdf } from './settlement.pdf.ts';
import * as settlements from './settlement.service.ts';

export function settlementRoutes(config: Pick<Config, 'web'>): RouteEntry[] {
  const notifier = settlementNotifier(config);
  return [
    route(api.listSettlements, ({ query }, ctx) => settlements.listSettlements(ctx.db, query)),
    route(api.exportSettlements, ({ query }, ctx) => settlements.exportSettlements(ctx, query)),
    route(api.settlementPayables, ({ query }, ctx) => settlements.payables(ctx.db, query)),
    route(api.settlementProcessors, (_input, ctx) => settlements.processors(ctx.db)),
    route(api.getSettlement, ({ params }, ctx) => settlements.getSettlement(ctx.db, params.id)),
    route(api.createSettlement, ({ body }, ctx) => settlements.createSettlement(ctx, body)),
    route(api.updateSettlement, ({ params, body }, ctx) => settlements.updateSettlement(ctx, params.id, body)),
    route(api.completeSettlement, ({ params }, ctx) => settlements.completeSettlement(ctx, params.id, notifier)),
    route(api.changeChequeStatus, ({ params, body }, ctx) =>
      settlements.changeChequeStatus(ctx, params.id, body, notifier),
    ),
    route(api.cancelSettlement, ({ params, body }, ctx) => settlements.cancelSettlement(ctx, params.id, body)),
    route(api.settlementPdf, ({ params, query }, ctx) => settlementPdf(ctx, params.id, query.lang)),
    route(api.listBankBaseRates, (_input, ctx) => settlements.listBaseRates(ctx.db)),
    route(api.setBankBaseRate, ({ params, body }, ctx) => settlements.setBaseRate(ctx, params.date, body.ratePercent)),
    route(api.deleteBankBaseRate, ({ params }, ctx) => settlements.deleteBaseRate(ctx, params.date)),
  ];
}
