import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { BulkUploadPage } from '../imports/index.ts';
import { CodedRecordListPage } from '../master-data/index.ts';
import { BRANDS } from './brands/brands.ts';
import { ProductListPage } from './products/product-list-page.tsx';

const routes = areaRoutes('product', [
  { path: 'product', titleKey: 'product', permissions: ['view_product'], element: <ProductListPage /> },
  {
    path: 'product-bulk-upload-list',
    titleKey: 'productBulkUpload',
    permissions: ['view_product', 'add_product'],
    element: <BulkUploadPage kind="products" />,
  },
  { path: 'brand', titleKey: 'brand', permissions: ['view_brand'], element: <CodedRecordListPage kind={BRANDS} /> },
]);

/** The product area: products and brands; its other menu entries keep their real route, title and permission until built. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
