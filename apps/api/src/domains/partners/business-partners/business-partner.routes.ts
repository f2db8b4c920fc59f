import { businessPartnersApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../../platform/routes.ts';
import * as service from './business-partner.service.ts';

export const businessPartnersRoutes: RouteEntry[] = [
  route(businessPartnersApi.listBusinessPartners, ({ query }, ctx) => service.listPartners(ctx.db, query)),
  route(businessPartnersApi.exportBusinessPartners, ({ query }, ctx) => service.exportPartners(ctx, query)),
  route(businessPartnersApi.getBusinessPartner, ({ params }, ctx) => service.getPartner(ctx.db, params.id)),
  route(businessPartnersApi.createBusinessPartner, ({ body }, ctx) => service.createPartner(ctx, body)),
  route(businessPartnersApi.updateBusinessPartner, ({ params, body }, ctx) =>
    service.updatePartner(ctx, params.id, body),
  ),
  route(businessPartnersApi.deleteBusinessPartner, ({ params }, ctx) => service.deletePartner(ctx, params.id)),
];
