import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { FbaInventoryPage } from './pages/fba-inventory-page.tsx';
import { InventoryListPage } from './pages/inventory-list-page.tsx';
import { InventorySummaryPage } from './pages/inventory-summary-page.tsx';
import { ProductMovementsPage } from './pages/product-movements-page.tsx';

const routes = areaRoutes('inventory', [
  {
    path: 'summary',
    titleKey: 'inventorySummary',
    permissions: ['view_inventory_summary'],
    element: <InventorySummaryPage />,
  },
  { path: 'list', titleKey: 'inventoryList', permissions: ['view_inventory_list'], element: <InventoryListPage /> },
  {
    path: 'amazon-fba-inventory',
    titleKey: 'fbaInventory',
    permissions: ['view_fba_inventory'],
    element: <FbaInventoryPage />,
  },
  {
    path: 'product/:id',
    titleKey: 'productMovements',
    // As the contract's productStock and productMovements: whoever may see stock may drill down to it.
    permissions: ['view_inventory_summary', 'view_inventory_list', 'view_manual_stock'],
    element: <ProductMovementsPage />,
  },
]);

/** The inventory area: summary, list (product × warehouse × bin), a product's movements and Amazon FBA inventory; its other entries come later. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
