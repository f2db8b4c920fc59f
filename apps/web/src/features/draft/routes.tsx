import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { DraftListPage } from './draft-list-page.tsx';

const routes = areaRoutes('draft', [
  {
    path: 'draft-list',
    titleKey: 'shipListDrafts',
    permissions: ['view_draft'],
    element: <DraftListPage />,
  },
]);

/** The draft area: Ship List - Saved Drafts, the user's own drafts of long forms. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
