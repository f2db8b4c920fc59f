import { purchasingLookupsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { lookupProducts } from '../products/index.ts';
import {
  lookupCarrierServices,
  lookupLocations,
  lookupSuppliers,
  lookupWarehouses,
} from './purchasing-lookup.repository.ts';

/** Reads only: the purchasing screens' pickers (permissions in the contract: any purchasing screen's). */
export const purchasingLookupRoutes: RouteEntry[] = [
  route(purchasingLookupsApi.lookupSuppliers, ({ query }, ctx) => lookupSuppliers(ctx.db, query)),
  route(purchasingLookupsApi.lookupProducts, async ({ query }, ctx) => ({
    items: await lookupProducts(ctx.db, query),
  })),
  route(purchasingLookupsApi.lookupWarehouses, ({ query }, ctx) => lookupWarehouses(ctx.db, query)),
  route(purchasingLookupsApi.lookupCarrierServices, ({ query }, ctx) => lookupCarrierServices(ctx.db, query)),
  route(purchasingLookupsApi.lookupLocations, ({ params, query }, ctx) => lookupLocations(ctx.db, params.id, query)),
];
