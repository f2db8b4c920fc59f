import { shippingClaimsApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { shippingClaimPdf } from './shipping-claim.pdf.ts';
import * as claims from './shipping-claim.service.ts';

export const shippingClaimRoutes: RouteEntry[] = [
  route(api.listShippingClaims, ({ query }, ctx) => claims.listShippingClaims(ctx.db, query)),
  route(api.exportShippingClaims, ({ query }, ctx) => claims.exportShippingClaims(ctx, query)),
  route(api.shippableInvoices, ({ query }, ctx) => claims.shippableInvoices(ctx.db, query.q)),
  route(api.shippableInvoice, ({ params, query }, ctx) =>
    claims.shippableInvoice(ctx.db, params.id, query.claimId ?? null),
  ),
  route(api.getShippingClaim, ({ params }, ctx) => claims.getShippingClaim(ctx.db, params.id)),
  route(api.createShippingClaim, ({ body }, ctx) => claims.createShippingClaim(ctx, body)),
  route(api.updateShippingClaim, ({ params, body }, ctx) => claims.updateShippingClaim(ctx, params.id, body)),
  route(api.addShippingClaimEvidence, ({ params, body }, ctx) => claims.addEvidence(ctx, params.id, body)),
  route(api.shippingClaimEvidence, ({ params }, ctx) => claims.sendEvidence(ctx, params.id, params.fileName)),
  route(api.removeShippingClaimEvidence, ({ params }, ctx) => claims.removeEvidence(ctx, params.id, params.fileName)),
  route(api.submitShippingClaim, ({ params, body }, ctx) => claims.submitShippingClaim(ctx, params.id, body)),
  route(api.approveShippingClaim, ({ params, body }, ctx) => claims.approveShippingClaim(ctx, params.id, body)),
  route(api.rejectShippingClaim, ({ params, body }, ctx) => claims.rejectShippingClaim(ctx, params.id, body)),
  route(api.payShippingClaim, ({ params, body }, ctx) => claims.payShippingClaim(ctx, params.id, body)),
  route(api.cancelShippingClaim, ({ params, body }, ctx) => claims.cancelShippingClaim(ctx, params.id, body)),
  route(api.shippingClaimPdf, ({ params, query }, ctx) => shippingClaimPdf(ctx, params.id, query.lang)),
];
