// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `businessPartnersApi`: method, path and, for a change, the resources it makes stale. */
export const businessPartnersEndpoints = {
  listBusinessPartners: endpointRef<typeof contracts.businessPartnersApi.listBusinessPartners>(
    'GET',
    '/api/business-partners',
  ),
  exportBusinessPartners: endpointRef<typeof contracts.businessPartnersApi.exportBusinessPartners>(
    'GET',
    '/api/business-partners/export',
  ),
  getBusinessPartner: endpointRef<typeof contracts.businessPartnersApi.getBusinessPartner>(
    'GET',
    '/api/business-partners/:id',
  ),
  createBusinessPartner: endpointRef<typeof contracts.businessPartnersApi.createBusinessPartner>(
    'POST',
    '/api/business-partners',
    ['/api/business-partners', '/api/purchasing-lookups'],
  ),
  updateBusinessPartner: endpointRef<typeof contracts.businessPartnersApi.updateBusinessPartner>(
    'PUT',
    '/api/business-partners/:id',
    ['/api/business-partners', '/api/purchasing-lookups'],
  ),
  deleteBusinessPartner: endpointRef<typeof contracts.businessPartnersApi.deleteBusinessPartner>(
    'DELETE',
    '/api/business-partners/:id',
    ['/api/business-partners', '/api/purchasing-lookups'],
  ),
};
