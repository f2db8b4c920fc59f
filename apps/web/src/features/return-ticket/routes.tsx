import { LookupScopeContext } from '../../shared/api/lookup-scope.ts';
import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { shippingClaimRoutes } from '../shipping-claim/routes.tsx';
import { ReturnTicketDetailPage } from './pages/return-ticket-detail-page.tsx';
import { ManualReturnPage, ReturnFromInvoicePage } from './pages/return-ticket-form-page.tsx';
import { ReturnTicketListPage } from './pages/return-ticket-list-page.tsx';

const routes = areaRoutes('return-ticket', [
  // Return tickets (features/return-ticket): the list, a return from an invoice, one ticket, the manual create.
  {
    path: 'return-tickets-list',
    titleKey: 'returnTickets',
    permissions: ['view_return_ticket'],
    element: <ReturnTicketListPage />,
  },
  {
    path: 'return-tickets-list/new',
    titleKey: 'returnTickets',
    permissions: ['add_return_ticket'],
    element: <ReturnFromInvoicePage />,
  },
  {
    path: 'return-tickets-list/:id',
    titleKey: 'returnTickets',
    permissions: ['view_return_ticket'],
    element: <ReturnTicketDetailPage />,
  },
  {
    path: 'manual-return-ticket-create',
    titleKey: 'manualReturnTicket',
    permissions: ['add_return_ticket'],
    element: <ManualReturnPage />,
  },
  // Shipping claims (features/shipping-claim).
  ...shippingClaimRoutes,
]);

/** The return-ticket area: its menu entries, each under its real route, title and permission. */
export function Component() {
  // The pickers read the shared lookups, which this area's own permissions open (no view_warehouse needed).
  return (
    <LookupScopeContext value="purchasing">
      <AreaRoutes routes={routes} />
    </LookupScopeContext>
  );
}
