import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { BulkUploadPage } from '../imports/index.ts';
import { MyTasksPage } from './bundling/my-tasks-page.tsx';
import { TaskDetailPage } from './bundling/task-detail-page.tsx';
import { TaskListPage } from './bundling/task-list-page.tsx';
import { WarehouseConfigPage } from './config/warehouse-config-page.tsx';
import { WarehouseConfigViewPage } from './config/warehouse-config-view-page.tsx';
import { InventoryDetailReportPage } from './reports/inventory-detail-report-page.tsx';
import { ReplenishmentReportPage } from './reports/replenishment-report-page.tsx';
import { StockQuantityReportPage } from './reports/stock-quantity-report-page.tsx';
import { StockCountListPage } from './stock-process/stock-count-list-page.tsx';
import { StockCountPage } from './stock-process/stock-count-page.tsx';
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
  {
    path: 'warehouse-inventory-stock-process',
    titleKey: 'inventoryStockProcess',
    permissions: ['handle_inventory_stock_process', 'approve_inventory_stock_process'],
    element: <StockCountListPage />,
  },
  {
    path: 'warehouse-inventory-stock-process/:id',
    titleKey: 'inventoryStockProcess',
    permissions: ['handle_inventory_stock_process', 'approve_inventory_stock_process'],
    element: <StockCountPage />,
  },
  {
    path: 'warehouse-inventory/bulk-upload',
    titleKey: 'inventoryBulkUpload',
    permissions: ['view_warehouse'],
    element: <BulkUploadPage kind="inventory" />,
  },
  {
    path: 'warehouse-inventory/replenishment-report',
    titleKey: 'replenishmentReport',
    permissions: ['handle_replenishment_report'],
    element: <ReplenishmentReportPage />,
  },
  {
    path: 'warehouse-inventory/stock-quantity-report',
    titleKey: 'inventoryReport',
    permissions: ['view_warehouse'],
    element: <StockQuantityReportPage />,
  },
  {
    path: 'warehouse-inventory/inventory-detail-report',
    titleKey: 'inventoryDetailReport',
    permissions: ['view_warehouse'],
    element: <InventoryDetailReportPage />,
  },
  { path: 'fmcg/task-list', titleKey: 'taskList', permissions: ['view_warehouse'], element: <TaskListPage /> },
  {
    path: 'fmcg/task-list/:id',
    titleKey: 'taskList',
    permissions: ['view_warehouse', 'process_bundle_task'],
    element: <TaskDetailPage />,
  },
  { path: 'fmcg/my-task-list', titleKey: 'myTasks', permissions: ['process_bundle_task'], element: <MyTasksPage /> },
]);

/** The warehouse area: warehouses with their bins and advanced configuration; its other entries come later. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
