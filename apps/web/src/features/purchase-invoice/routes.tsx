import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { PurchaseInvoiceCreatePage } from './pages/purchase-invoice-create-page.tsx';
import { PurchaseInvoiceDetailPage } from './pages/purchase-invoice-detail-page.tsx';
import { PurchaseInvoiceListPage } from './pages/purchase-invoice-list-page.tsx';

// Consignment Invoice Upload stays "Not available yet" (the menu's own entry, filled in by areaRoutes).
const routes = areaRoutes('purchase-invoice', [
  {
    path: 'purchase-invoice',
    titleKey: 'clientInvoices',
    permissions: ['view_purchase_invoice'],
    element: <PurchaseInvoiceListPage />,
  },
  {
    path: 'create-purchase-invoice',
    titleKey: 'clientInvoicesUpload',
    permissions: ['add_purchase_invoice'],
    element: <PurchaseInvoiceCreatePage />,
  },
  {
    path: 'purchase-invoice/:id',
    titleKey: 'clientInvoices',
    permissions: ['view_purchase_invoice'],
    element: <PurchaseInvoiceDetailPage />,
  },
]);

/** Supplier invoices: the list, the upload (entering an invoice against order lines) and one invoice with its steps. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
