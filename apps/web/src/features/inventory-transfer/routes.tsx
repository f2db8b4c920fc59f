import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { TransferDetailPage } from './pages/transfer-detail-page.tsx';
import { TransferEditPage, TransferNewPage } from './pages/transfer-form-page.tsx';
import { TransferListPage } from './pages/transfer-list-page.tsx';

const routes = areaRoutes('inventory-transfer', [
  {
    path: 'transfer-list',
    titleKey: 'transfers',
    permissions: ['view_inventory_transfer'],
    element: <TransferListPage />,
  },
  {
    path: 'transfer-new',
    titleKey: 'newTransfer',
    permissions: ['add_inventory_transfer'],
    element: <TransferNewPage />,
  },
  {
    path: 'transfer/:id',
    titleKey: 'transfers',
    permissions: ['view_inventory_transfer'],
    element: <TransferDetailPage />,
  },
  {
    path: 'transfer/:id/edit',
    titleKey: 'transfers',
    // The draft is read to be edited.
    permissions: ['edit_inventory_transfer'],
    element: <TransferEditPage />,
  },
]);

/** The inventory-transfer area: the transfers, a new one, one transfer with its steps, a draft's editor. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
