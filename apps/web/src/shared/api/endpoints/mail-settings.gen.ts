// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `mailSettingsApi`: method, path and, for a change, the resources it makes stale. */
export const mailSettingsEndpoints = {
  getMailSettings: endpointRef<typeof contracts.mailSettingsApi.getMailSettings>(
    'GET',
    '/api/system-configuration/mail',
  ),
  updateMailSettings: endpointRef<typeof contracts.mailSettingsApi.updateMailSettings>(
    'PATCH',
    '/api/system-configuration/mail',
    ['/api/system-configuration'],
  ),
  sendTestMail: endpointRef<typeof contracts.mailSettingsApi.sendTestMail>(
    'POST',
    '/api/system-configuration/mail/test',
    ['/api/system-configuration'],
  ),
};
