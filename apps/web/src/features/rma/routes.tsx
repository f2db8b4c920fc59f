import { LookupScopeContext } from '../../shared/api/lookup-scope.ts';
import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { RmaDetailPage } from './pages/rma-detail-page.tsx';
import { RmaEditPage, RmaNewPage } from './pages/rma-form-page.tsx';
import { RmaListPage } from './pages/rma-list-page.tsx';

const routes = areaRoutes('rma', [
  { path: 'rma', titleKey: 'rma', permissions: ['view_rma'], element: <RmaListPage /> },
  { path: 'create-rma', titleKey: 'createRma', permissions: ['add_rma'], element: <RmaNewPage /> },
  { path: 'rma/:id', titleKey: 'rma', permissions: ['view_rma'], element: <RmaDetailPage /> },
  // The draft is read to be edited.
  { path: 'rma/:id/edit', titleKey: 'rma', permissions: ['edit_rma'], element: <RmaEditPage /> },
]);

/** The rma area: the returns to supplier, a new one, one RMA with its steps, a draft's editor. */
export function Component() {
  // The pickers read the purchasing lookups, which this area's own permissions open.
  return (
    <LookupScopeContext value="purchasing">
      <AreaRoutes routes={routes} />
    </LookupScopeContext>
  );
}
