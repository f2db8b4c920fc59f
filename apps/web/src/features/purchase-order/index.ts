/** What other areas may use of the purchase orders: the Replenishment Report's "Create purchase orders". */
export { CreatePurchaseOrdersButton, type ReplenishmentSuggestion } from './components/replenishment-orders.tsx';
