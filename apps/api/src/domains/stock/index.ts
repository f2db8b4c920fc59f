import type { RouteEntry } from '../../platform/routes.ts';
import { stockRoutes } from './stock.routes.ts';

export { APPORTION_BASES, type ApportionBasis, type ApportionLine, apportion } from './apportion.ts';
export { checkStock } from './check.service.ts';
export {
  CHECKPOINT_JOB_KIND,
  ensureCheckpoints,
  registerCheckpoints,
  requestCheckpoints,
} from './checkpoint.service.ts';
export {
  type OwedGroup,
  owedGroups,
  releaseOwed,
  settledQuantity,
  settleOwed,
} from './consignment.repository.ts';
// The FIFO engine and the ledger as its rows, for the reports that replay the history.
export {
  type Bucket,
  type CostChangeKind,
  type CostOfSalesCause,
  FifoError,
  type Layer,
  replay,
} from './fifo.ts';
export { movementsByIds } from './inventory.repository.ts';
export { assembledKey, type CostEvent, engineHistory, type LedgerRow } from './ledger-history.ts';
export { adjustStock, costForFound } from './override.service.ts';
export { COST_OF_SALES_POSTED, type PostedMovement, type Posting, type PostLine, post } from './posting.service.ts';
export { atOrBelowReorderPoint, REORDER_RULE_TEXT } from './reorder-rule.ts';
export {
  moveReservation,
  type ReserveLine,
  type ReserveManyResult,
  type ReserveShortage,
  release as releaseReservation,
  reserveMany,
} from './reservation.service.ts';
export {
  type IssueWholeDocument,
  type IssueWholeProblem,
  type IssueWholeResult,
  issueReservationsWhole,
} from './reservation-issue.service.ts';
export { type CostOfSalesRow, costEventsOfProducts, findCostOfSales } from './revaluation.repository.ts';
export { type RevaluedReceipt, type RevalueReceiptsInput, revalueReceipts } from './revaluation.service.ts';
export { rowsOfSource } from './reversal.repository.ts';
export { postReversal, reversalDetail } from './reversal.service.ts';
export { stockReferences } from './stock.references.ts';
export { binStock, lockProducts } from './stock.repository.ts';

/** Stock: the ledger, its balances and FIFO layers, the inventory lists, overrides and reservations. */
export const stockAreaRoutes: RouteEntry[] = stockRoutes;
