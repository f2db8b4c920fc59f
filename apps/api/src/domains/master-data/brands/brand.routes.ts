import { brandsApi } from '@backoffice/contracts';
import { toPage } from '../../../platform/pagination.ts';
import { type RouteEntry, route } from '../../../platform/routes.ts';
import { findBrands } from './brand.repository.ts';
import { createBrand, deleteBrand, exportBrands, getBrand, updateBrand } from './brand.service.ts';

export const brandsRoutes: RouteEntry[] = [
  route(brandsApi.listBrands, async ({ query }, ctx) => {
    const { items, total } = await findBrands(ctx.db, query);
    return toPage(items, total, query);
  }),
  route(brandsApi.exportBrands, ({ query }, ctx) => exportBrands(ctx, query)),
  route(brandsApi.getBrand, ({ params }, ctx) => getBrand(ctx.db, params.id)),
  route(brandsApi.createBrand, ({ body }, ctx) => createBrand(ctx, body)),
  route(brandsApi.updateBrand, ({ params, body }, ctx) => updateBrand(ctx, params.id, body)),
  route(brandsApi.deleteBrand, ({ params }, ctx) => deleteBrand(ctx, params.id)),
];
