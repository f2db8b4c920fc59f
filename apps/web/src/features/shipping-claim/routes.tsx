import type { AreaRoute } from '../../shell/area-routes.tsx';
import { ShippingClaimDetailPage } from './pages/shipping-claim-detail-page.tsx';
import { ShippingClaimEditPage, ShippingClaimNewPage } from './pages/shipping-claim-form-page.tsx';
import { ShippingClaimListPage } from './pages/shipping-claim-list-page.tsx';

/**
 * Shipping Claims, in the return-ticket area (whose routes list these): the list, a new claim, one claim, an open
 * one's editor, each titled as the menu's entry.
 */
export const shippingClaimRoutes: readonly AreaRoute[] = [
  {
    path: 'shipping-claims-list',
    titleKey: 'shippingClaims',
    permissions: ['view_shipping_claim'],
    element: <ShippingClaimListPage />,
  },
  {
    path: 'shipping-claims-list/new',
    titleKey: 'shippingClaims',
    permissions: ['add_shipping_claim'],
    element: <ShippingClaimNewPage />,
  },
  {
    path: 'shipping-claims-list/:id',
    titleKey: 'shippingClaims',
    permissions: ['view_shipping_claim'],
    element: <ShippingClaimDetailPage />,
  },
  {
    path: 'shipping-claims-list/:id/edit',
    titleKey: 'shippingClaims',
    permissions: ['edit_shipping_claim'],
    element: <ShippingClaimEditPage />,
  },
];
