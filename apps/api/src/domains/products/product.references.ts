import type { AreaReferences, ReferenceQuery } from '../../platform/references.ts';
import { countBundlesUsing, countProductsOfBrand } from './product.repository.ts';

/**
 * What refers to a product from inside this area: bundles that hold it as a component. Areas above
 * (stock ledger, transfers, counts, bundling tasks, purchase orders…) register what they hold in app.ts;
 * deleting a product anything holds is refused with 409 IN_USE.
 */
export const PRODUCT_REFERENCES: ReferenceQuery[] = [{ entity: 'bundle', count: countBundlesUsing }];

/** What products hold: their brand (a brand in use cannot be deleted). */
export const productReferences: AreaReferences = { entity: 'product', holds: { brand: countProductsOfBrand } };
