import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { CarrierEditPage } from './carriers/carrier-edit-page.tsx';
import { CarriersPage } from './carriers/carriers-page.tsx';

const routes = areaRoutes('shipping-carrier', [
  {
    path: 'shipping-carrier-list',
    titleKey: 'shippingCarriers',
    permissions: ['handle_shipping_carriers'],
    element: <CarriersPage />,
  },
  {
    // `new` for a new carrier, else the carrier's id: its detail and edit screen with its services.
    path: 'shipping-carrier-list/:id',
    titleKey: 'shippingCarriers',
    permissions: ['handle_shipping_carriers'],
    element: <CarrierEditPage />,
  },
]);

/** The shipping-carrier area: carriers with their services and tracking URL template. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
