import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { CreditNoteDetailPage } from './pages/credit-note-detail-page.tsx';
import { CreditNoteFormPage } from './pages/credit-note-form-page.tsx';
import { CreditNoteListPage } from './pages/credit-note-list-page.tsx';

const routes = areaRoutes('credit-note', [
  {
    path: 'credit-note-list',
    titleKey: 'creditNotes',
    permissions: ['view_credit_note'],
    element: <CreditNoteListPage />,
  },
  {
    path: 'credit-note-list/new',
    titleKey: 'creditNotes',
    permissions: ['add_credit_note'],
    element: <CreditNoteFormPage />,
  },
  {
    path: 'credit-note-list/:id',
    titleKey: 'creditNotes',
    permissions: ['view_credit_note'],
    element: <CreditNoteDetailPage />,
  },
]);

/** The credit-note area: the list, a new credit note from an invoice or a return ticket, one credit note. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
