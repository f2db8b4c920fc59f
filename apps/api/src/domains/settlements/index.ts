export { settlementReferences } from './settlement.references.ts';
/** Settlements of supplier invoices: drafts holding invoices and credits, completion, cheques, remittance advice. */
export { settlementRoutes as settlementsRoutes } from './settlement.routes.ts';
