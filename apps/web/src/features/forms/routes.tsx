import { Navigate, useLocation, useRoutes } from 'react-router';
import { NotAvailablePage, NotFoundPage } from '../../shared/ui/not-available.tsx';
import { GuardedPage } from '../../shell/guards.tsx';

/** Where every `forms/ngx` address leads (specification section 2.3). */
const FORMS_WIZARD_PATH = '/forms/ngx/wizard';

function ElsewhereInForms() {
  const { pathname } = useLocation();
  return pathname.includes('forms/ngx') ? <Navigate to={FORMS_WIZARD_PATH} replace /> : <NotFoundPage />;
}

/**
 * The forms area: the wizard (not built yet), and any other address containing `forms/ngx` sent on to
 * it. Menu entries whose path contains `forms/ngx` link straight to the wizard (`shell/menu.ts`).
 */
export function Component() {
  return useRoutes([
    {
      path: 'ngx/wizard',
      element: (
        <GuardedPage titleKey="formsWizard">
          <NotAvailablePage />
        </GuardedPage>
      ),
    },
    { path: '*', element: <ElsewhereInForms /> },
  ]);
}
