import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { DailyControlPage } from './pages/daily-control-page.tsx';
import { DailyInventoryLevelPage } from './pages/daily-inventory-level-page.tsx';
import { FifoStockProcessPage } from './pages/fifo-stock-process-page.tsx';
import { FifoStockValueBetaPage } from './pages/fifo-stock-value-beta-page.tsx';
import { FifoStockValuePage } from './pages/fifo-stock-value-page.tsx';
import { StockAndValuePage } from './pages/stock-and-value-page.tsx';

const routes = areaRoutes('reports', [
  {
    path: 'stock-control-and-value',
    titleKey: 'stockAndValue',
    permissions: ['stock_and_value_report'],
    element: <StockAndValuePage />,
  },
  {
    path: 'fifo-stock-process',
    titleKey: 'fifoStockProcess',
    permissions: ['stock_and_value_report'],
    element: <FifoStockProcessPage />,
  },
  {
    path: 'fifo-stock-value',
    titleKey: 'fifoStockValue',
    permissions: ['stock_and_value_report'],
    element: <FifoStockValuePage />,
  },
  {
    path: 'fifo-stock-value-beta',
    titleKey: 'fifoStockValueBeta',
    permissions: ['stock_and_value_report'],
    element: <FifoStockValueBetaPage />,
  },
  {
    path: 'daily-control-and-ship-list',
    titleKey: 'dailyControlAndShipList',
    permissions: ['daily_control_and_ship_list_report'],
    element: <DailyControlPage />,
  },
  {
    path: 'daily-inventory-level',
    titleKey: 'dailyInventoryLevel',
    permissions: ['daily_inventory_level_report'],
    element: <DailyInventoryLevelPage />,
  },
]);

/** The reports area: the stock reports under their menu routes; its other entries keep their "not available" pages. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
