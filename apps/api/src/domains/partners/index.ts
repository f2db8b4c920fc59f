import type { RouteEntry } from '../../platform/routes.ts';
import { businessPartnersRoutes } from './business-partners/business-partner.routes.ts';
import { customersRoutes } from './customers/customer.routes.ts';

/** For the sales documents that write a new customer inline, through the customers' own rules and audit. */
export { createCustomer, matchOrCreateCustomers } from './customers/customer.service.ts';

/** Partners: business partners (suppliers) and customers. */
export const partnersRoutes: RouteEntry[] = [...businessPartnersRoutes, ...customersRoutes];
