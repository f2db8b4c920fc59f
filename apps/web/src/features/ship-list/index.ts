/** Ship List (/sales-invoice/sales-invoice-process): the lists, a new one from packed invoices, one list. */
export { ShipListListPage } from './pages/ship-list-list-page.tsx';
export { ShipListNewPage } from './pages/ship-list-new-page.tsx';
export { ShipListPage } from './pages/ship-list-page.tsx';
/** A shipped invoice's shipment and its packing slip, for the sales invoice's page. */
export { PackingSlipButton, ShipmentPanel } from './shipment-panel.tsx';
