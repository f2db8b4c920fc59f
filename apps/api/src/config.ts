import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository's root: `npm start` runs inside apps/api, but ./data means the root's. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Environment read once at start-up. Every variable is documented in README.md. */
const Env = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** The address users reach the product at; the embedded provider's issuer is built from it. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  /** Set when a TLS-terminating proxy stands in front: X-Forwarded-* headers are then believed. */
  TRUST_PROXY: bool.default(false),
  /** Unset: `warn` with the text format, `info` with JSON; `debug` or `trace` switch to JSON unless LOG_FORMAT says. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** `text`: short lines for a console; `json`: pino's JSON lines with request ids, for production collectors. */
  LOG_FORMAT: z.enum(['text', 'json']).optional(),
  /** Outgoing mail, e.g. `smtp://user:password@smtp.example.com:587` (`smtps://` for TLS from the start). */
  SMTP_URL: z.string().url().optional(),
  /** The sender of the product's e-mails, e.g. `Back Office <backoffice@example.com>`. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * The key that encrypts secrets kept in the database (the SMTP password): 32 bytes as 64 hex digits or base64.
   * Unset: a key generated once into DATA_DIR/secrets.key. Servers sharing a database need the same key.
   */
  SECRETS_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32,
      '32 bytes: 64 hex digits or 44 base64 characters',
    )
    .optional(),

  OIDC_SERVER_URL: z.string().url().optional(),
  OIDC_REALM: z.string().default('backoffice'),
  OIDC_CLIENT_ID: z.string().default('backoffice-web'),
  OIDC_AUDIENCE: z.string().default('urn:backoffice:api'),
  OIDC_LOGIN_ON_LOAD: z.enum(['login-required', 'check-sso']).default('login-required'),
  OIDC_CHECK_LOGIN_IFRAME: bool.default(false),
  OIDC_ENABLE_BEARER_INTERCEPTOR: bool.default(true),
  OIDC_BEARER_EXCLUDED_URLS: list.default([]),
  /** Access token lifetime of the embedded provider, seconds; above the 900 s refresh window. */
  OIDC_ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(1800),

  PRODUCTION: bool.optional(),
  API_BASE_URL: z.string().default('/api/'),
  USER_MANAGEMENT_SERVICE_URL: z.string().default('/api/'),
  IMAGE_URL: z.string().default('/api/upload/files/'),
  EDI_PORTAL_URL: z.string().default(''),
  BRAND_PORTAL_URL: z.string().default(''),
  REFURBISH_PORTAL_URL: z.string().default(''),
  /** Comma-separated addresses told when a purchase invoice is settled (Configuration may replace the list). */
  SETTLEMENT_NOTIFICATION_RECIPIENTS: list
    .pipe(z.array(z.string().toLowerCase().pipe(z.email('not an e-mail address'))))
    .default([]),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const embeddedIdentity = !e.OIDC_SERVER_URL;
  const oidcServerUrl = (e.OIDC_SERVER_URL ?? publicUrl).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    production: e.PRODUCTION ?? e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    // A relative DATA_DIR is taken from where the command was typed (npm's INIT_CWD), not apps/api.
    dataDir: e.DATA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR) : path.join(ROOT, 'data'),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    log: logSettings(e.LOG_LEVEL, e.LOG_FORMAT),
    mail: e.SMTP_URL
      ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? `Back Office <no-reply@${new URL(publicUrl).hostname}>` }
      : undefined,
    /** The secrets key as given (platform/secrets.ts reads it, or the data folder's file without it). */
    secretsKey: e.SECRETS_KEY,
    /** Who is told when a purchase invoice is settled, unless Configuration saved a list of its own. */
    settlementNotificationRecipients: e.SETTLEMENT_NOTIFICATION_RECIPIENTS,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    oidc: {
      embedded: embeddedIdentity,
      serverUrl: oidcServerUrl,
      realm: e.OIDC_REALM,
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE,
      issuer: `${oidcServerUrl}/realms/${e.OIDC_REALM}`,
      loginOnLoad: e.OIDC_LOGIN_ON_LOAD,
      checkLoginIframe: e.OIDC_CHECK_LOGIN_IFRAME,
      enableBearerInterceptor: e.OIDC_ENABLE_BEARER_INTERCEPTOR,
      bearerExcludedUrls: e.OIDC_BEARER_EXCLUDED_URLS,
      accessTokenTtl: e.OIDC_ACCESS_TOKEN_TTL,
    },
    web: {
      apiBaseUrl: e.API_BASE_URL,
      userManagementServiceUrl: e.USER_MANAGEMENT_SERVICE_URL,
      imageUrl: e.IMAGE_URL,
      ediPortalUrl: e.EDI_PORTAL_URL,
      brandPortalUrl: e.BRAND_PORTAL_URL,
      refurbishPortalUrl: e.REFURBISH_PORTAL_URL,
      settlementNotificationRecipients: e.SETTLEMENT_NOTIFICATION_RECIPIENTS,
    },
  };
}

/** How the server logs (platform/logging.ts). */
export interface LogSettings {
  /** pino's level: `warn` by default for text, `info` for JSON. */
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `text`: one short line per message for a person at a console; `json`: pino's JSON lines for a collector. */
  format: 'text' | 'json';
}

/** The log's level and format from LOG_LEVEL and LOG_FORMAT (README, Configuration). */
function logSettings(level: z.infer<typeof Env>['LOG_LEVEL'], format: z.infer<typeof Env>['LOG_FORMAT']): LogSettings {
  const resolved = format ?? (level === 'debug' || level === 'trace' ? 'json' : 'text');
  return { format: resolved, level: level ?? (resolved === 'json' ? 'info' : 'warn') };
}
