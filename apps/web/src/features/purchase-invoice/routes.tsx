import { LookupScopeContext } from '../../shared/api/lookup-scope.ts';
import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { ConsignmentInvoiceDetailPage } from './pages/consignment-invoice-detail-page.tsx';
import { ConsignmentInvoicePage } from './pages/consignment-invoice-page.tsx';
import { PurchaseInvoiceCreatePage } from './pages/purchase-invoice-create-page.tsx';
import { PurchaseInvoiceDetailPage } from './pages/purchase-invoice-detail-page.tsx';
import { PurchaseInvoiceListPage } from './pages/purchase-invoice-list-page.tsx';

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
  {
    path: 'consignment-invoice-upload',
    titleKey: 'consignmentInvoiceUpload',
    permissions: ['add_purchase_invoice'],
    element: <ConsignmentInvoicePage />,
  },
  {
    path: 'consignment-invoice-upload/:id',
    titleKey: 'consignmentInvoiceUpload',
    permissions: ['view_purchase_invoice'],
    element: <ConsignmentInvoiceDetailPage />,
  },
]);

/**
 * Supplier invoices: the list, the upload (entering an invoice against order lines), one invoice with its steps, and
 * the consignment invoice upload with its invoices.
 */
export function Component() {
  // The pickers read the purchasing lookups, which this area's own permissions open.
  return (
    <LookupScopeContext value="purchasing">
      <AreaRoutes routes={routes} />
    </LookupScopeContext>
  );
}
