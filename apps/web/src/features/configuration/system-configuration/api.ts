import type {
  CompanySettingsPatch,
  DocumentNumberSettingsPatch,
  FinanceSettingsPatch,
  InventorySettingsPatch,
  NotificationSettingsPatch,
  SystemConfiguration,
} from '@backoffice/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../../shared/api/descriptor.ts';
import { systemConfigurationEndpoints as api } from '../../../shared/api/endpoints/system-configuration.gen.ts';
import { useEndpointQuery } from '../../../shared/api/hooks.ts';
import { callEndpoint } from '../../../shared/lib/api.ts';

export function useSystemConfiguration() {
  return useEndpointQuery(api.getSystemConfiguration, {});
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
      return callEndpoint(api.updateCompanySettings, { body: body as CompanySettingsPatch });
    case 'finance':
      return callEndpoint(api.updateFinanceSettings, { body: body as FinanceSettingsPatch });
    case 'documentNumbers':
      return callEndpoint(api.updateDocumentNumberSettings, { body: body as DocumentNumberSettingsPatch });
    case 'inventory':
      return callEndpoint(api.updateInventorySettings, { body: body as InventorySettingsPatch });
    default:
      return callEndpoint(api.updateNotificationSettings, { body: body as NotificationSettingsPatch });
  }
}

/**
 * Saves one group; the answer is the whole configuration, which replaces the cached one (no refetch).
 * Five endpoints behind one hook, so the call is chosen by group rather than by `useEndpointMutation`.
 */
export function useUpdateSettings<G extends keyof SettingsPatches>(group: G) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsPatches[G]) => send(group, body),
    onSuccess: (configuration) => client.setQueryData(endpointKey(api.getSystemConfiguration), configuration),
  });
}
