import type { ReferenceQuery } from '../master-data/references.ts';

/**
 * What refers to a processor. Nothing does yet; each area that stores a processor id (settlements,
 * payments, refunds) adds its count here, and deleting a processor it uses is then refused (409
 * IN_USE), as is changing the currency of one in use.
 */
export const PROCESSOR_REFERENCES: ReferenceQuery[] = [];
