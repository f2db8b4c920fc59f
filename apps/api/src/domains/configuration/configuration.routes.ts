import { systemConfigurationApi } from '@backoffice/contracts';
import type { Config } from '../../config.ts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { environmentOf, getSystemConfiguration, updateSettingsGroup } from './settings.service.ts';

/** The routes of the system configuration; the environment supplies some defaults. */
export function configurationRoutes(config: Pick<Config, 'web'>): RouteEntry[] {
  const env = environmentOf(config);
  const api = systemConfigurationApi;
  return [
    route(api.getSystemConfiguration, (_, ctx) => getSystemConfiguration(ctx.db, env)),
    route(api.updateCompanySettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'company', body)),
    route(api.updateFinanceSettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'finance', body)),
    route(api.updateDocumentNumberSettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'documentNumbers', body)),
    route(api.updateInventorySettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'inventory', body)),
    route(api.updateNotificationSettings, ({ body }, ctx) => updateSettingsGroup(ctx, env, 'notifications', body)),
  ];
}
