import { type ComponentType, use } from 'react';
import { Navigate, Outlet, type RouteObject, useRoutes } from 'react-router';
import { RequireSignIn } from '../shell/guards.tsx';
import { LANDING_PATH } from '../shell/landing.ts';
import { useTrackNavigation } from '../shell/navigation.ts';
import { trackLoad } from '../shell/route-loading.ts';
import { ContentLayout } from './layouts/content-layout.tsx';
import { FullLayout } from './layouts/full-layout.tsx';

type AreaModule = { Component: ComponentType };

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

/** A load React can read without suspending once it has settled (the fields `use` looks for). */
type TrackedLoad = Promise<AreaModule> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: AreaModule };

/**
 * Each module is asked for once: a preload at start-up and the route's component share the load. The
 * promise carries its outcome, so a module that has arrived renders at once: no Suspense fallback is shown
 * for it, and none of React's 300 ms throttling of revealed content follows (a fallback shown on the way to
 * the first page held the dashboard back by more than half a second).
 */
function once(load: () => Promise<AreaModule>): () => TrackedLoad {
  let loading: TrackedLoad | undefined;
  return () => {
    if (!loading) {
      const started: TrackedLoad = trackLoad(load());
      started.status = 'pending';
      started.then(
        (module) => {
          started.status = 'fulfilled';
          started.value = module;
        },
        () => {
          started.status = 'rejected';
        },
      );
      loading = started;
    }
    return loading;
  };
}

const AREA_LOADS = new Map(AREAS.map(([path, load]) => [path, once(load)]));

/**
 * An area's module as an element. Routes are declarative (`useRoutes` under a hash router, not a data
 * router): the data router's loaders, actions and fetchers cost about 17 KB gzipped in the first chunk and
 * the product uses none of them. Navigations run in a React transition, so the current page stays on screen
 * while the next area's code loads, with the route progress bar (`trackLoad`) above it.
 */
function lazyArea(load: () => TrackedLoad) {
  return <Area load={load} />;
}

function Area({ load }: { load: () => TrackedLoad }) {
  // `use` reads the outcome the promise carries (the cast only keeps those fields from its overloads).
  const { Component } = use(load() as Promise<AreaModule>);
  return <Component />;
}

/**
 * Starts loading the code of the area a hash route (`#/inventory/summary`) belongs to, so that it
 * arrives while sign-in and the first requests are under way rather than after them. Answers when it
 * has arrived (or failed: the route shows the failure when it renders).
 */
export function preloadArea(hash: string): Promise<void> {
  const area = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  const loading = AREA_LOADS.get(area)?.();
  return loading
    ? loading.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

const contentPages = lazyArea(once(() => import('../features/content-pages/routes.tsx')));

const ROUTES: RouteObject[] = [
  { index: true, element: <Navigate to={LANDING_PATH} replace /> },
  {
    // The full layout is entered only by a signed-in user.
    element: (
      <RequireSignIn>
        <FullLayout />
      </RequireSignIn>
    ),
    children: [
      ...[...AREA_LOADS].map(([path, load]) => ({ path: `${path}/*`, element: lazyArea(load) })),
      { path: '*', element: contentPages },
    ],
  },
  {
    element: <ContentLayout />,
    children: [
      // Content pages need no sign-in.
      { path: 'content/*', element: contentPages },
      {
        // The reports area again, without sidebar and navbar, behind sign-in.
        path: 'reports-content',
        element: (
          <RequireSignIn>
            <Outlet />
          </RequireSignIn>
        ),
        children: [
          {
            path: '*',
            element: lazyArea(AREA_LOADS.get('reports') ?? once(() => import('../features/reports/routes.tsx'))),
          },
        ],
      },
    ],
  },
];

/** The app's routes; rendered inside the hash router. */
export function AppRoutes() {
  useTrackNavigation();
  return useRoutes(ROUTES);
}
