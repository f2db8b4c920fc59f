import { createHashRouter, Navigate, Outlet } from 'react-router';
import { FullPageSpin, RequireSignIn } from '../shell/guards.tsx';
import { LANDING_PATH } from '../shell/landing.ts';
import { trackNavigation } from '../shell/navigation.ts';
import { ContentLayout } from './layouts/content-layout.tsx';
import { FullLayout } from './layouts/full-layout.tsx';
import { RouteError } from './route-error.tsx';

type AreaModule = { Component: React.ComponentType };

/**
 * The one list of areas of the full layout (specification section 2.1), each its own lazily loaded
 * module under `features/<area>/routes.tsx`. The path is the first segment of the area's URLs.
 */
const AREAS: ReadonlyArray<readonly [path: string, load: () => Promise<AreaModule>]> = [
  ['dashboard', () => import('../features/dashboard/routes.tsx')],
  ['pages', () => import('../features/pages/routes.tsx')],
  ['usermanagement', () => import('../features/usermanagement/routes.tsx')],
  ['product', () => import('../features/product/routes.tsx')],
  ['warehouse', () => import('../features/warehouse/routes.tsx')],
  ['cost-center', () => import('../features/cost-center/routes.tsx')],
  ['currency', () => import('../features/currency/routes.tsx')],
  ['person', () => import('../features/person/routes.tsx')],
  ['purchase-invoice', () => import('../features/purchase-invoice/routes.tsx')],
  ['purchase-invoice-settlement', () => import('../features/purchase-invoice-settlement/routes.tsx')],
  ['purchase-order', () => import('../features/purchase-order/routes.tsx')],
  ['good-received-note', () => import('../features/good-received-note/routes.tsx')],
  ['sales-invoice', () => import('../features/sales-invoice/routes.tsx')],
  ['return-ticket', () => import('../features/return-ticket/routes.tsx')],
  ['credit-note', () => import('../features/credit-note/routes.tsx')],
  ['inventory', () => import('../features/inventory/routes.tsx')],
  ['customer', () => import('../features/customer/routes.tsx')],
  ['api', () => import('../features/api/routes.tsx')],
  ['configuration', () => import('../features/configuration/routes.tsx')],
  ['reports', () => import('../features/reports/routes.tsx')],
  ['inventory-transfer', () => import('../features/inventory-transfer/routes.tsx')],
  ['excel-mapping', () => import('../features/excel-mapping/routes.tsx')],
  ['rma', () => import('../features/rma/routes.tsx')],
  ['manual-stock', () => import('../features/manual-stock/routes.tsx')],
  ['draft', () => import('../features/draft/routes.tsx')],
  ['shipping-carrier', () => import('../features/shipping-carrier/routes.tsx')],
  ['log', () => import('../features/log/routes.tsx')],
  // Not an area of the specification's list: the target of every `forms/ngx` path (section 2.3).
  ['forms', () => import('../features/forms/routes.tsx')],
];

export function createAppRouter() {
  const router = createHashRouter([
    {
      path: '/',
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageSpin />,
      children: [
        { index: true, element: <Navigate to={LANDING_PATH} replace /> },
        {
          // The full layout is entered only by a signed-in user.
          element: (
            <RequireSignIn>
              <FullLayout />
            </RequireSignIn>
          ),
          children: [
            ...AREAS.map(([path, load]) => ({ path: `${path}/*`, lazy: load })),
            { path: '*', lazy: () => import('../features/content-pages/routes.tsx') },
          ],
        },
        {
          element: <ContentLayout />,
          children: [
            // Content pages need no sign-in.
            { path: 'content/*', lazy: () => import('../features/content-pages/routes.tsx') },
            {
              // The reports area again, without sidebar and navbar, behind sign-in.
              path: 'reports-content',
              element: (
                <RequireSignIn>
                  <Outlet />
                </RequireSignIn>
              ),
              children: [{ path: '*', lazy: () => import('../features/reports/routes.tsx') }],
            },
          ],
        },
      ],
    },
  ]);
  trackNavigation(router);
  return router;
}
