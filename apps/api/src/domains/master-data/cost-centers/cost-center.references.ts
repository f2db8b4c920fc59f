import type { ReferenceQuery } from '../../../platform/references.ts';

/**
 * What refers to a cost centre from inside this area: nothing. Areas that store a cost centre id (purchase
 * orders, invoices) register it in app.ts (platform/references.ts), and deleting one they use is then refused.
 */
export const COST_CENTER_REFERENCES: ReferenceQuery[] = [];
