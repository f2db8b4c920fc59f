import { platformApi } from '@backoffice/contracts';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { type RouteEntry, route } from '../../platform/routes.ts';

export function platformRoutes(config: Config): RouteEntry[] {
  return [
    route(platformApi.health, async () => ({ status: 'ok' as const })),
    route(platformApi.ready, async (_, ctx) => {
      try {
        await sql`SELECT 1`.execute(ctx.db);
      } catch {
        throw new AppError(503, 'NOT_READY', 'The database does not answer.');
      }
      return { status: 'ready' as const, database: 'ok' as const };
    }),
    route(platformApi.config, async () => ({
      production: config.production,
      ...config.web,
      identityProvider: {
        serverUrl: config.oidc.serverUrl,
        realm: config.oidc.realm,
        clientId: config.oidc.clientId,
        loginOnLoad: config.oidc.loginOnLoad,
        checkLoginIframe: config.oidc.checkLoginIframe,
        enableBearerInterceptor: config.oidc.enableBearerInterceptor,
        bearerExcludedUrls: config.oidc.bearerExcludedUrls,
        embedded: config.oidc.embedded,
      },
    })),
  ];
}
