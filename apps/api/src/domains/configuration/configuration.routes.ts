import { mailSettingsApi, nonWorkingDaysApi, systemConfigurationApi } from '@backoffice/contracts';
import type { Config } from '../../config.ts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { secretBoxFor } from '../../platform/secrets.ts';
import { getMailSettings, sendTestMail, updateMailSettings } from './mail-settings.service.ts';
import { deleteNonWorkingDay, listNonWorkingDays, putNonWorkingDay } from './non-working-days.service.ts';
import { environmentOf, getSystemConfiguration, updateSettingsGroup } from './settings.service.ts';

/** The routes of the system configuration; the environment supplies some defaults. */
export function configurationRoutes(config: Pick<Config, 'web' | 'mail' | 'secretsKey' | 'dataDir'>): RouteEntry[] {
  const env = environmentOf(config);
  const api = systemConfigurationApi;
  return [
    route(api.getSystemConfiguration, (_, ctx) => getSystemConfiguration(ctx.db, env)),
    route(api.updateCompanySettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'company', body)),
    route(api.updateFinanceSettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'finance', body)),
    route(api.updateDocumentNumberSettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'documentNumbers', body)),
    route(api.updateInventorySettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'inventory', body)),
    route(api.updateNotificationSettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'notifications', body)),
    // Outgoing mail (mail-settings.service.ts): the password sealed with the server's secrets key.
    route(mailSettingsApi.getMailSettings, (_, ctx) => getMailSettings(ctx.db, config)),
    route(mailSettingsApi.updateMailSettings, ({ body }, ctx) =>
      updateMailSettings(ctx, config, secretBoxFor(config), body),
    ),
    route(mailSettingsApi.sendTestMail, ({ body }, ctx) => sendTestMail(ctx, body.to)),
    // The days besides weekends that dispatch promises step over (non-working-days.service.ts).
    route(nonWorkingDaysApi.listNonWorkingDays, ({ query }, ctx) => listNonWorkingDays(ctx.db, query)),
    route(nonWorkingDaysApi.putNonWorkingDay, ({ params, body }, ctx) => putNonWorkingDay(ctx, params.day, body)),
    route(nonWorkingDaysApi.deleteNonWorkingDay, ({ params }, ctx) => deleteNonWorkingDay(ctx, params.day)),
  ];
}
