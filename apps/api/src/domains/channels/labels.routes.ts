import { shippingLabelsApi as api } from '@backoffice/contracts';
import type { Config } from '../../config.ts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { secretBoxFor } from '../../platform/secrets.ts';
import * as labels from './labels.ts';

export function shippingLabelRoutes(config: Pick<Config, 'secretsKey' | 'dataDir'>): RouteEntry[] {
  const box = () => secretBoxFor(config);
  return [
    route(api.createShipListLabels, ({ params, body }, ctx) => labels.createLabels(ctx, box(), params.id, body)),
    route(api.listShipListLabels, ({ params }, ctx) => labels.shipListLabels(ctx.db, params.id)),
    route(api.shipListLabelsPdf, ({ params }, ctx) => labels.shipListLabelsPdf(ctx, params.id)),
    route(api.listShippingLabels, ({ query }, ctx) => labels.listLabels(ctx.db, ctx.user, query)),
    route(api.shippingLabelPdf, ({ params }, ctx) => labels.labelPdf(ctx, params.id)),
    route(api.shippingLabelZpl, ({ params }, ctx) => labels.labelZpl(ctx, params.id)),
    route(api.cancelShippingLabel, ({ params }, ctx) => labels.cancelLabel(ctx, box(), params.id)),
  ];
}
