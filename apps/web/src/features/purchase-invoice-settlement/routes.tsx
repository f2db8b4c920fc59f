import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { SettlementCreatePage } from './pages/settlement-create-page.tsx';
import { SettlementDetailPage } from './pages/settlement-detail-page.tsx';
import { SettlementListPage } from './pages/settlement-list-page.tsx';

const routes = areaRoutes('purchase-invoice-settlement', [
  {
    path: 'list',
    titleKey: 'settlements',
    permissions: ['view_purchase_invoice_settlement'],
    element: <SettlementListPage />,
  },
  {
    path: 'create',
    titleKey: 'newSettlement',
    permissions: ['add_purchase_invoice_settlement'],
    element: <SettlementCreatePage />,
  },
  {
    path: 'list/:id',
    titleKey: 'settlements',
    permissions: ['view_purchase_invoice_settlement'],
    element: <SettlementDetailPage />,
  },
]);

/** Supplier invoice settlements: the list, a new settlement, and one settlement with its cheque and steps. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
