import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { CustomerDetailPage } from './customers/customer-detail-page.tsx';
import { CustomerFormPage } from './customers/customer-form-page.tsx';
import { CustomerListPage } from './customers/customer-list-page.tsx';

/**
 * The list and a customer's page carry no route permission, as the menu entry has none
 * (specification 2.4): they explain that view_customer is needed instead of showing an empty table.
 */
const routes = areaRoutes('customer', [
  { path: 'customers', titleKey: 'customers', element: <CustomerListPage /> },
  { path: 'customers/new', titleKey: 'customers', permissions: ['add_customer'], element: <CustomerFormPage /> },
  { path: 'customers/:id', titleKey: 'customers', element: <CustomerDetailPage /> },
  { path: 'customers/:id/edit', titleKey: 'customers', permissions: ['edit_customer'], element: <CustomerFormPage /> },
]);

/** The customer area: customers with their list, page, and full-page create and edit forms. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
