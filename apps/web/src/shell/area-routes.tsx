import type { PermissionName } from '@backoffice/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRoutes } from 'react-router';
import type { MenuTitleKey } from '../shared/lib/i18n-keys.ts';
import { queryClient } from '../shared/lib/query-client.ts';
import { NotAvailablePage, NotFoundPage } from '../shared/ui/not-available.tsx';
import { GuardedPage } from './guards.tsx';
import { menuLeavesOfArea } from './menu.ts';

/** One screen of an area: its path inside the area, title, the permissions that open it, and content. */
export interface AreaRoute {
  path: string;
  titleKey: MenuTitleKey;
  permissions?: readonly PermissionName[];
  element: ReactNode;
}

/**
 * The routes of an area: the screens it implements, plus a "not available yet" page under the real
 * route, title and permission of every other menu entry in the area.
 */
export function areaRoutes(area: string, implemented: readonly AreaRoute[] = []): AreaRoute[] {
  const built = new Set(implemented.map((route) => route.path));
  const pending = menuLeavesOfArea(area)
    .map((item) => ({
      path: item.path.slice(area.length + 2),
      titleKey: item.titleKey,
      ...(item.allowPermissions ? { permissions: item.allowPermissions } : {}),
      element: <NotAvailablePage />,
    }))
    .filter((route) => !built.has(route.path));
  return [...implemented, ...pending];
}

/**
 * Renders an area's routes behind the permission guard; unknown paths in the area are "not found".
 * Server data lives in one query cache shared by all areas, loaded with the first area rather than
 * with the shell, which needs none.
 */
export function AreaRoutes({ routes }: { routes: readonly AreaRoute[] }) {
  const element = useAreaRoutes(routes);
  return <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>;
}

function useAreaRoutes(routes: readonly AreaRoute[]) {
  return useRoutes([
    ...routes.map((route) => ({
      path: route.path,
      element: (
        <GuardedPage titleKey={route.titleKey} {...(route.permissions ? { permissions: route.permissions } : {})}>
          {route.element}
        </GuardedPage>
      ),
    })),
    { path: '*', element: <NotFoundPage /> },
  ]);
}
