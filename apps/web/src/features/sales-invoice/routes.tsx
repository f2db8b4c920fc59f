import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { SalesInvoiceDetailPage } from './pages/sales-invoice-detail-page.tsx';
import { SalesInvoiceEditPage, SalesInvoiceNewPage } from './pages/sales-invoice-form-page.tsx';
import { SalesInvoiceListPage } from './pages/sales-invoice-list-page.tsx';

/**
 * Invoices (the list, one invoice, a pending one's editor) and Create Invoices, each titled as the menu; Upload
 * Excel, Pick List and Ship List stay "not available yet" under their real routes until they are built.
 */
const routes = areaRoutes('sales-invoice', [
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
]);

/** The sales-invoice area. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
