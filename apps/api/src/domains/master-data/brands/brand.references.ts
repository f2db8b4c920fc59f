import type { ReferenceQuery } from '../../../platform/references.ts';

/**
 * What refers to a brand from inside this area: nothing. Areas that store a brand id (products, purchase
 * orders) register it in app.ts (platform/references.ts), and deleting a brand they use is then refused.
 */
export const BRAND_REFERENCES: ReferenceQuery[] = [];
