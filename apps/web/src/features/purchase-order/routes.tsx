import { PURCHASE_ORDER_TYPES } from '@backoffice/contracts';
import { LookupScopeContext } from '../../shared/api/lookup-scope.ts';
import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { PurchaseOrderDetailPage } from './pages/purchase-order-detail-page.tsx';
import { PurchaseOrderEditPage, PurchaseOrderNewPage } from './pages/purchase-order-form-page.tsx';
import { PurchaseOrderListPage } from './pages/purchase-order-list-page.tsx';
import { TYPE_TITLE } from './urls.ts';

/** Per type (the menu's four entries): its list, a new order, one order, a draft's editor; each titled as the menu. */
const routes = areaRoutes(
  'purchase-order',
  PURCHASE_ORDER_TYPES.flatMap((type) => [
    {
      path: `purchase-order/${type}`,
      titleKey: TYPE_TITLE[type],
      permissions: ['view_purchase_order'] as const,
      element: <PurchaseOrderListPage key={type} type={type} />,
    },
    {
      path: `purchase-order/${type}/new`,
      titleKey: TYPE_TITLE[type],
      permissions: ['add_purchase_order'] as const,
      element: <PurchaseOrderNewPage key={type} type={type} />,
    },
    {
      path: `purchase-order/${type}/:id`,
      titleKey: TYPE_TITLE[type],
      permissions: ['view_purchase_order'] as const,
      element: <PurchaseOrderDetailPage key={type} type={type} />,
    },
    {
      path: `purchase-order/${type}/:id/edit`,
      titleKey: TYPE_TITLE[type],
      permissions: ['edit_purchase_order'] as const,
      element: <PurchaseOrderEditPage key={type} />,
    },
  ]),
);

/** The purchase-order area: the four types' lists, new orders, an order with its steps, a draft's editor. */
export function Component() {
  // The pickers read the purchasing lookups, which this area's own permissions open.
  return (
    <LookupScopeContext value="purchasing">
      <AreaRoutes routes={routes} />
    </LookupScopeContext>
  );
}
