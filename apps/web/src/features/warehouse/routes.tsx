import { AreaRoutes, areaRoutes } from '../../shared/ui/area-routes.tsx';
import { WarehouseConfigPage } from './config/warehouse-config-page.tsx';
import { WarehouseConfigViewPage } from './config/warehouse-config-view-page.tsx';
import { WarehouseDetailPage } from './warehouses/warehouse-detail-page.tsx';
import { WarehouseListPage } from './warehouses/warehouse-list-page.tsx';

const routes = areaRoutes('warehouse', [
  { path: 'warehouse', titleKey: 'warehouse', permissions: ['view_warehouse'], element: <WarehouseListPage /> },
  { path: 'warehouse/:id', titleKey: 'warehouse', permissions: ['view_warehouse'], element: <WarehouseDetailPage /> },
  {
    path: 'warehouse-advanced-config',
    titleKey: 'warehouseAdvancedConfig',
    permissions: ['view_warehouse'],
    element: <WarehouseConfigPage />,
  },
  {
    path: 'warehouse-advanced-config-view',
    titleKey: 'warehouseAdvancedConfigView',
    permissions: ['view_warehouse'],
    element: <WarehouseConfigViewPage />,
  },
]);

/** The warehouse area: warehouses with their bins and advanced configuration; its other entries come later. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
