import type {
  CompanySettingsPatch,
  DocumentNumberSettingsPatch,
  FinanceSettingsPatch,
  InventorySettingsPatch,
  NotificationSettingsPatch,
  SystemConfiguration,
  systemConfigurationApi,
} from '@backoffice/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef } from '../../../shared/lib/api.ts';

type Api = typeof systemConfigurationApi;

const endpoints = {
  get: endpointRef<Api['getSystemConfiguration']>('GET', '/api/system-configuration'),
  company: endpointRef<Api['updateCompanySettings']>('PATCH', '/api/system-configuration/company'),
  finance: endpointRef<Api['updateFinanceSettings']>('PATCH', '/api/system-configuration/finance'),
  documentNumbers: endpointRef<Api['updateDocumentNumberSettings']>(
    'PATCH',
    '/api/system-configuration/document-numbers',
  ),
  inventory: endpointRef<Api['updateInventorySettings']>('PATCH', '/api/system-configuration/inventory'),
  notifications: endpointRef<Api['updateNotificationSettings']>('PATCH', '/api/system-configuration/notifications'),
};

export const configurationKeys = { all: ['system-configuration'] as const };

export function useSystemConfiguration() {
  return useQuery({
    queryKey: configurationKeys.all,
    queryFn: ({ signal }) => callEndpoint(endpoints.get, {}, { signal }),
  });
}

/** What each group's save sends: some or all of its fields. */
export interface SettingsPatches {
  company: CompanySettingsPatch;
  finance: FinanceSettingsPatch;
  documentNumbers: DocumentNumberSettingsPatch;
  inventory: InventorySettingsPatch;
  notifications: NotificationSettingsPatch;
}

function send<G extends keyof SettingsPatches>(group: G, body: SettingsPatches[G]): Promise<SystemConfiguration> {
  switch (group) {
    case 'company':
      return callEndpoint(endpoints.company, { body: body as CompanySettingsPatch });
    case 'finance':
      return callEndpoint(endpoints.finance, { body: body as FinanceSettingsPatch });
    case 'documentNumbers':
      return callEndpoint(endpoints.documentNumbers, { body: body as DocumentNumberSettingsPatch });
    case 'inventory':
      return callEndpoint(endpoints.inventory, { body: body as InventorySettingsPatch });
    default:
      return callEndpoint(endpoints.notifications, { body: body as NotificationSettingsPatch });
  }
}

/** Saves one group; the answer is the whole configuration, which replaces the cached one. */
export function useUpdateSettings<G extends keyof SettingsPatches>(group: G) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsPatches[G]) => send(group, body),
    onSuccess: (configuration) => client.setQueryData(configurationKeys.all, configuration),
  });
}
