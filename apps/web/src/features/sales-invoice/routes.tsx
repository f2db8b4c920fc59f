import { LookupScopeContext } from '../../shared/api/lookup-scope.ts';
import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { PickListCreatePage, PickListDetailPage, PickListListPage } from '../pick-list/index.ts';
import { SalesInvoiceUploadPage } from '../sales-invoice-upload/index.ts';
import { ShipListListPage, ShipListNewPage, ShipListPage } from '../ship-list/index.ts';
import { SalesInvoiceDetailPage } from './pages/sales-invoice-detail-page.tsx';
import { SalesInvoiceEditPage, SalesInvoiceNewPage } from './pages/sales-invoice-form-page.tsx';
import { SalesInvoiceListPage } from './pages/sales-invoice-list-page.tsx';

/**
 * Invoices (the list, one invoice, a pending one's editor), Create Invoices, Upload Excel, Pick List and Ship List,
 * each under its real route and titled as the menu.
 */
const routes = areaRoutes('sales-invoice', [
  {
    path: 'sales-invoice-process',
    titleKey: 'shipList',
    permissions: ['ship_list'],
    element: <ShipListListPage />,
  },
  {
    path: 'sales-invoice-process/new',
    titleKey: 'shipList',
    permissions: ['ship_list'],
    element: <ShipListNewPage />,
  },
  {
    path: 'sales-invoice-process/:id',
    titleKey: 'shipList',
    permissions: ['ship_list'],
    element: <ShipListPage />,
  },
  {
    path: 'sales-invoice',
    titleKey: 'invoices',
    permissions: ['view_sales_invoice'],
    element: <SalesInvoiceListPage />,
  },
  {
    path: 'sales-invoice/:id',
    titleKey: 'invoices',
    permissions: ['view_sales_invoice'],
    element: <SalesInvoiceDetailPage />,
  },
  {
    path: 'sales-invoice/:id/edit',
    titleKey: 'invoices',
    permissions: ['edit_sales_invoice'],
    element: <SalesInvoiceEditPage />,
  },
  {
    path: 'create-sales-invoice',
    titleKey: 'createInvoices',
    permissions: ['add_sales_invoice'],
    element: <SalesInvoiceNewPage />,
  },
  {
    path: 'upload-sale-invoice-excel',
    titleKey: 'uploadExcel',
    permissions: ['add_sales_invoice'],
    element: <SalesInvoiceUploadPage />,
  },
  {
    path: 'pick-list',
    titleKey: 'pickList',
    permissions: ['handle_pick_list_process'],
    element: <PickListListPage />,
  },
  {
    path: 'pick-list/new',
    titleKey: 'pickList',
    permissions: ['handle_pick_list_process'],
    element: <PickListCreatePage />,
  },
  {
    path: 'pick-list/:id',
    titleKey: 'pickList',
    permissions: ['handle_pick_list_process'],
    element: <PickListDetailPage />,
  },
]);

/** The sales-invoice area. */
export function Component() {
  // The pickers read the shared lookups, which this area's own permissions open (no view_warehouse needed).
  return (
    <LookupScopeContext value="purchasing">
      <AreaRoutes routes={routes} />
    </LookupScopeContext>
  );
}
