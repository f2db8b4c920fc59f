import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { BusinessPartnerDetailPage } from './business-partners/business-partner-detail-page.tsx';
import { BusinessPartnerFormPage } from './business-partners/business-partner-form-page.tsx';
import { BusinessPartnerListPage } from './business-partners/business-partner-list-page.tsx';

const routes = areaRoutes('person', [
  {
    path: 'people',
    titleKey: 'businessPartners',
    permissions: ['view_supplier'],
    element: <BusinessPartnerListPage />,
  },
  {
    path: 'people/new',
    titleKey: 'businessPartners',
    permissions: ['add_supplier'],
    element: <BusinessPartnerFormPage />,
  },
  {
    path: 'people/:id',
    titleKey: 'businessPartners',
    permissions: ['view_supplier'],
    element: <BusinessPartnerDetailPage />,
  },
  {
    path: 'people/:id/edit',
    titleKey: 'businessPartners',
    permissions: ['edit_supplier'],
    element: <BusinessPartnerFormPage />,
  },
]);

/** The person area: business partners (suppliers) with their list, page, and full-page create and edit forms. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
