import type { ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { PRODUCTS_OF_BRAND } from '../../products/product.references.ts';
import { countReferences, type ReferenceQuery } from '../references.ts';

/**
 * What refers to a brand: products; each area that stores a brand id (products, purchase
 * orders) adds its count here, and deleting a brand it uses is then refused.
 */
export const BRAND_REFERENCES: ReferenceQuery[] = [PRODUCTS_OF_BRAND];

export function referencesOf(db: Kysely<Database>, id: string): Promise<ReferenceCount[]> {
  return countReferences(db, id, BRAND_REFERENCES);
}
