/** Pick List (/sales-invoice/pick-list): its pages for the sales-invoice area's routes, and the invoice's link. */
export { InvoicePickLists } from './components/invoice-pick-lists.tsx';
export { PickListCreatePage } from './pages/pick-list-create-page.tsx';
export { PickListDetailPage } from './pages/pick-list-detail-page.tsx';
export { PickListListPage } from './pages/pick-list-list-page.tsx';
