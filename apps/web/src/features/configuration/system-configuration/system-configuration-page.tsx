import { Alert, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { useSystemConfiguration } from './api.ts';
import { CompanySection } from './company-section.tsx';
import { DocumentNumbersSection } from './document-numbers-section.tsx';
import { FinanceSection } from './finance-section.tsx';
import { InventorySection } from './inventory-section.tsx';
import { MailSection } from './mail-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PurchasingSection } from './purchasing-section.tsx';
import { SalesChannelsSection } from './sales-channels-section.tsx';

const TABS = [
  'company',
  'finance',
  'documentNumbers',
  'inventory',
  'purchasing',
  'salesChannels',
  'notifications',
  'mail',
] as const;
type Tab = (typeof TABS)[number];

/** The system configuration: one tab per group of settings (kept in the URL), each saved on its own. */
export function SystemConfigurationPage() {
  const { t } = useTranslation('configuration');
  const { has } = usePermissions();
  const [params, setParams] = useSearchParams();
  const configuration = useSystemConfiguration();
  const canEdit = has('edit_system_configuration');
  const given = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(given ?? '') ? (given as Tab) : 'company';

  if (configuration.isPending) return <Spinner />;
  if (configuration.isError)
    return (
      <>
        <PageHeader />
        <ErrorState error={configuration.error} onRetry={() => void configuration.refetch()} />
      </>
    );
  const data = configuration.data;
  const section = (id: Tab) => {
    const props = { configuration: data, canEdit };
    switch (id) {
      case 'company':
        return <CompanySection {...props} />;
      case 'finance':
        return <FinanceSection {...props} />;
      case 'documentNumbers':
        return <DocumentNumbersSection {...props} />;
      case 'inventory':
        return <InventorySection {...props} />;
      case 'purchasing':
        return <PurchasingSection canEdit={canEdit} />;
      case 'salesChannels':
        return <SalesChannelsSection canEdit={canEdit} />;
      case 'mail':
        return <MailSection canEdit={canEdit} />;
      default:
        return <NotificationsSection {...props} />;
    }
  };
  return (
    <>
      <PageHeader />
      {canEdit ? null : <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 16 }} />}
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        items={TABS.map((id) => ({ key: id, label: t(`tabs.${id}`), children: section(id) }))}
      />
    </>
  );
}
