export { PRODUCT_REFERENCES, PRODUCTS_OF_BRAND } from './product.references.ts';
export { productsRoutes } from './product.routes.ts';
