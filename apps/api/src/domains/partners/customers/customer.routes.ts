import { customersApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../../platform/routes.ts';
import * as service from './customer.service.ts';

export const customersRoutes: RouteEntry[] = [
  route(customersApi.listCustomers, ({ query }, ctx) => service.listCustomers(ctx.db, query)),
  route(customersApi.exportCustomers, ({ query }, ctx) => service.exportCustomers(ctx, query)),
  route(customersApi.getCustomer, ({ params }, ctx) => service.getCustomer(ctx.db, params.id)),
  route(customersApi.createCustomer, ({ body }, ctx) => service.createCustomer(ctx, body)),
  route(customersApi.updateCustomer, ({ params, body }, ctx) => service.updateCustomer(ctx, params.id, body)),
  route(customersApi.deleteCustomer, ({ params }, ctx) => service.deleteCustomer(ctx, params.id)),
];
