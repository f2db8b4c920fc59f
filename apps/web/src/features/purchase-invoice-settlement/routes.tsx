import { LookupScopeContext } from '../../shared/api/lookup-scope.ts';
import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { SettlementCreatePage, SettlementEditPage } from './pages/settlement-create-page.tsx';
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
  // A draft is read to be edited, under the permission that makes one.
  {
    path: 'list/:id/edit',
    titleKey: 'settlements',
    permissions: ['add_purchase_invoice_settlement'],
    element: <SettlementEditPage />,
  },
]);

/** Supplier invoice settlements: the list, a new settlement, one settlement with its cheque and steps, a draft's editor. */
export function Component() {
  // The pickers read the purchasing lookups, which this area's own permissions open.
  return (
    <LookupScopeContext value="purchasing">
      <AreaRoutes routes={routes} />
    </LookupScopeContext>
  );
}
