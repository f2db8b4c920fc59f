// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `shippingClaimsApi`: method, path and, for a change, the resources it makes stale. */
export const shippingClaimsEndpoints = {
  listShippingClaims: endpointRef<typeof contracts.shippingClaimsApi.listShippingClaims>('GET', '/api/shipping-claims'),
  exportShippingClaims: endpointRef<typeof contracts.shippingClaimsApi.exportShippingClaims>(
    'GET',
    '/api/shipping-claims/export',
  ),
  shippableInvoices: endpointRef<typeof contracts.shippingClaimsApi.shippableInvoices>(
    'GET',
    '/api/shipping-claims/invoices',
  ),
  shippableInvoice: endpointRef<typeof contracts.shippingClaimsApi.shippableInvoice>(
    'GET',
    '/api/shipping-claims/invoices/:id',
  ),
  getShippingClaim: endpointRef<typeof contracts.shippingClaimsApi.getShippingClaim>('GET', '/api/shipping-claims/:id'),
  createShippingClaim: endpointRef<typeof contracts.shippingClaimsApi.createShippingClaim>(
    'POST',
    '/api/shipping-claims',
    ['/api/shipping-claims'],
  ),
  updateShippingClaim: endpointRef<typeof contracts.shippingClaimsApi.updateShippingClaim>(
    'PUT',
    '/api/shipping-claims/:id',
    ['/api/shipping-claims'],
  ),
  addShippingClaimEvidence: endpointRef<typeof contracts.shippingClaimsApi.addShippingClaimEvidence>(
    'POST',
    '/api/shipping-claims/:id/evidence',
    ['/api/shipping-claims'],
  ),
  shippingClaimEvidence: endpointRef<typeof contracts.shippingClaimsApi.shippingClaimEvidence>(
    'GET',
    '/api/shipping-claims/:id/evidence/:fileName',
  ),
  removeShippingClaimEvidence: endpointRef<typeof contracts.shippingClaimsApi.removeShippingClaimEvidence>(
    'DELETE',
    '/api/shipping-claims/:id/evidence/:fileName',
    ['/api/shipping-claims'],
  ),
  submitShippingClaim: endpointRef<typeof contracts.shippingClaimsApi.submitShippingClaim>(
    'POST',
    '/api/shipping-claims/:id/submit',
    ['/api/shipping-claims'],
  ),
  approveShippingClaim: endpointRef<typeof contracts.shippingClaimsApi.approveShippingClaim>(
    'POST',
    '/api/shipping-claims/:id/approve',
    ['/api/shipping-claims'],
  ),
  rejectShippingClaim: endpointRef<typeof contracts.shippingClaimsApi.rejectShippingClaim>(
    'POST',
    '/api/shipping-claims/:id/reject',
    ['/api/shipping-claims'],
  ),
  payShippingClaim: endpointRef<typeof contracts.shippingClaimsApi.payShippingClaim>(
    'POST',
    '/api/shipping-claims/:id/pay',
    ['/api/shipping-claims'],
  ),
  cancelShippingClaim: endpointRef<typeof contracts.shippingClaimsApi.cancelShippingClaim>(
    'POST',
    '/api/shipping-claims/:id/cancel',
    ['/api/shipping-claims'],
  ),
  shippingClaimPdf: endpointRef<typeof contracts.shippingClaimsApi.shippingClaimPdf>(
    'GET',
    '/api/shipping-claims/:id/pdf',
  ),
};
