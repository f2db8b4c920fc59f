import type { ReferenceQuery } from '../../platform/references.ts';

/**
 * What refers to a processor from inside this area: nothing. Areas that store a processor id (settlements,
 * payments, refunds) register it in app.ts (platform/references.ts), and deleting a processor they use is then
 * refused (409 IN_USE), as is changing the currency of one in use.
 */
export const PROCESSOR_REFERENCES: ReferenceQuery[] = [];
