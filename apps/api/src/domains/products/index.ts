export { runProductImport } from './product.import.ts';
export { productReferences } from './product.references.ts';
export { textMatches } from './product.repository.ts';
export { productsRoutes } from './product.routes.ts';
