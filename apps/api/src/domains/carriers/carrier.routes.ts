import { carriersApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import {
  createCarrier,
  deleteCarrier,
  exportCarriers,
  getCarrier,
  listCarriers,
  updateCarrier,
} from './carrier.service.ts';

export const carriersRoutes: RouteEntry[] = [
  route(carriersApi.listCarriers, ({ query }, ctx) => listCarriers(ctx.db, query)),
  route(carriersApi.exportCarriers, ({ query }, ctx) => exportCarriers(ctx, query)),
  route(carriersApi.getCarrier, ({ params }, ctx) => getCarrier(ctx.db, params.id)),
  route(carriersApi.createCarrier, ({ body }, ctx) => createCarrier(ctx, body)),
  route(carriersApi.updateCarrier, ({ params, body }, ctx) => updateCarrier(ctx, params.id, body)),
  route(carriersApi.deleteCarrier, ({ params }, ctx) => deleteCarrier(ctx, params.id)),
];
