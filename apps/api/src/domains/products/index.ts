export { runProductImport } from './product.import.ts';
export { productReferences } from './product.references.ts';
export { lookupProducts, textMatches } from './product.repository.ts';
export { productsRoutes } from './product.routes.ts';
