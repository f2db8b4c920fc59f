import type { RouteEntry } from '../../platform/routes.ts';
import { businessPartnersRoutes } from './business-partners/business-partner.routes.ts';
import { customersRoutes } from './customers/customer.routes.ts';

/** Partners: business partners (suppliers) and customers. */
export const partnersRoutes: RouteEntry[] = [...businessPartnersRoutes, ...customersRoutes];
