// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `systemConfigurationApi`: method, path and, for a change, the resources it makes stale. */
export const systemConfigurationEndpoints = {
  getSystemConfiguration: endpointRef<typeof contracts.systemConfigurationApi.getSystemConfiguration>(
    'GET',
    '/api/system-configuration',
  ),
  updateCompanySettings: endpointRef<typeof contracts.systemConfigurationApi.updateCompanySettings>(
    'PATCH',
    '/api/system-configuration/company',
    ['/api/system-configuration'],
  ),
  updateFinanceSettings: endpointRef<typeof contracts.systemConfigurationApi.updateFinanceSettings>(
    'PATCH',
    '/api/system-configuration/finance',
    ['/api/system-configuration'],
  ),
  updateDocumentNumberSettings: endpointRef<typeof contracts.systemConfigurationApi.updateDocumentNumberSettings>(
    'PATCH',
    '/api/system-configuration/document-numbers',
    ['/api/system-configuration'],
  ),
  updateInventorySettings: endpointRef<typeof contracts.systemConfigurationApi.updateInventorySettings>(
    'PATCH',
    '/api/system-configuration/inventory',
    ['/api/system-configuration'],
  ),
  updateNotificationSettings: endpointRef<typeof contracts.systemConfigurationApi.updateNotificationSettings>(
    'PATCH',
    '/api/system-configuration/notifications',
    ['/api/system-configuration'],
  ),
};
