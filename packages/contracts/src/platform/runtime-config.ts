import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** What the web app reads at start-up, from the environment at run time (no rebuild). */
export const RuntimeConfig = z
  .object({
    production: z.boolean(),
    apiBaseUrl: z.string(),
    userManagementServiceUrl: z.string(),
    imageUrl: z.string(),
    ediPortalUrl: z.string(),
    brandPortalUrl: z.string(),
    refurbishPortalUrl: z.string(),
    settlementNotificationRecipients: z.array(z.string()),
    identityProvider: z.object({
      serverUrl: z.string(),
      realm: z.string(),
      clientId: z.string(),
      loginOnLoad: z.enum(['login-required', 'check-sso']),
      checkLoginIframe: z.boolean(),
      enableBearerInterceptor: z.boolean(),
      bearerExcludedUrls: z.array(z.string()),
      embedded: z.boolean(),
    }),
  })
  .meta({ id: 'RuntimeConfig' });
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

export const platformApi = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    permission: 'public',
    tag: 'platform',
    summary: 'Liveness: the process answers',
    response: z.object({ status: z.literal('ok') }),
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/ready',
    permission: 'public',
    tag: 'platform',
    summary: 'Readiness: the database answers',
    response: z.object({ status: z.literal('ready'), database: z.literal('ok') }),
  }),
  config: endpoint({
    method: 'GET',
    path: '/api/config',
    permission: 'public',
    tag: 'platform',
    summary: 'Runtime configuration for the web app',
    response: RuntimeConfig,
  }),
};
