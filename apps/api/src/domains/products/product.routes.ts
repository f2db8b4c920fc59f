import { productsApi } from '@backoffice/contracts';
import { toPage } from '../../platform/pagination.ts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { findProducts, lookupProducts } from './product.repository.ts';
import { createProduct, deleteProduct, exportProducts, getProduct, updateProduct } from './product.service.ts';

export const productsRoutes: RouteEntry[] = [
  route(productsApi.listProducts, async ({ query }, ctx) => {
    const { items, total } = await findProducts(ctx.db, query);
    return toPage(items, total, query);
  }),
  route(productsApi.exportProducts, ({ query }, ctx) => exportProducts(ctx, query)),
  route(productsApi.lookupProducts, async ({ query }, ctx) => ({ items: await lookupProducts(ctx.db, query) })),
  route(productsApi.getProduct, ({ params }, ctx) => getProduct(ctx.db, params.id)),
  route(productsApi.createProduct, ({ body }, ctx) => createProduct(ctx, body)),
  route(productsApi.updateProduct, ({ params, body }, ctx) => updateProduct(ctx, params.id, body)),
  route(productsApi.deleteProduct, ({ params }, ctx) => deleteProduct(ctx, params.id)),
];
