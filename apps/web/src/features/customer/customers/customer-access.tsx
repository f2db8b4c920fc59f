import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSilentError } from '../../../shared/lib/errors.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { Notice } from '../../../shared/ui/notice.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

/**
 * What the Customers screen shows someone who may not see customers. Its menu entry needs no
 * permission (specification 2.4) but the API needs view_customer: rather than an empty table, say
 * which permission is missing and who can grant it.
 */
export function CustomerNoAccess() {
  const { t } = useTranslation('partners');
  const { t: tc } = useTranslation();
  return (
    <>
      <PageHeader />
      <div data-testid="customers-no-access">
        <Notice
          status="warning"
          title={t('customers.noAccess.title')}
          description={t('customers.noAccess.description', { permission: 'view_customer' })}
          extra={
            <Link to="/dashboard/dashboard1">
              <Button type="primary">{tc('actions.backToDashboard')}</Button>
            </Link>
          }
        />
      </div>
    </>
  );
}

/** Whether the user holds view_customer; the screens ask the API nothing without it. */
export function useCanViewCustomers(): boolean {
  return usePermissions().has('view_customer');
}

/**
 * A refused load: the HTTP helper has already shown its "Restricted!" toast for a 403 (and signs the
 * user out on a 401), and hands the screen a silent error.
 */
export function isRefused(error: unknown): boolean {
  return isSilentError(error);
}

/** Renders the screen for someone who may see customers, the explanation for anyone else. */
export function RequireCustomerView({ children }: { children: ReactNode }) {
  return useCanViewCustomers() ? children : <CustomerNoAccess />;
}
