import { LookupScopeContext } from '../../shared/api/lookup-scope.ts';
import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { FastReceivingPage } from './pages/fast-receiving-page.tsx';
import { GrnCreatePage } from './pages/grn-create-page.tsx';
import { GrnDetailPage } from './pages/grn-detail-page.tsx';
import { GrnListPage } from './pages/grn-list-page.tsx';

const routes = areaRoutes('good-received-note', [
  {
    path: 'good-received-note',
    titleKey: 'goodReceivedNote',
    permissions: ['view_good_received_note'],
    element: <GrnListPage />,
  },
  {
    path: 'good-received-note-v2',
    titleKey: 'goodReceivedNoteNew',
    permissions: ['view_good_received_note'],
    element: <FastReceivingPage />,
  },
  {
    path: 'good-received-note/new',
    titleKey: 'goodReceivedNote',
    permissions: ['add_good_received_note'],
    element: <GrnCreatePage />,
  },
  {
    path: 'good-received-note/:id',
    titleKey: 'goodReceivedNote',
    permissions: ['view_good_received_note'],
    element: <GrnDetailPage />,
  },
]);

/** The goods received notes: the list, one note with its steps, a receipt of an order, and fast receiving. */
export function Component() {
  // The pickers read the purchasing lookups, which this area's own permissions open.
  return (
    <LookupScopeContext value="purchasing">
      <AreaRoutes routes={routes} />
    </LookupScopeContext>
  );
}
