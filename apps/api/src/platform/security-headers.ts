import type { Config } from '../config.ts';

/**
 * Addresses the web app may show in a frame: the BI reports registered in Management Dashboards. The dashboards
 * area hands `buildApp` a reader of its cached list of their origins (read on every response from memory, so a
 * change applies at once); with none registered nothing may be framed.
 */
export type FrameSources = () => readonly string[];
export const NO_FRAME_SOURCES: FrameSources = () => [];

/** The origin of an absolute http(s) address; undefined for a path on this server or anything else. */
function originOf(address: string): string | undefined {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Distinct origins, 'self' first; an empty list becomes 'none'. */
function sources(list: readonly (string | undefined)[], self = true): string {
  const origins = [...new Set(list.filter((o): o is string => o !== undefined))];
  const all = self ? ["'self'", ...origins] : origins;
  return all.length ? all.join(' ') : "'none'";
}

/**
 * The content security policy of the web app (and of everything else the server answers but the sign-in pages,
 * which send their own). Scripts come only from this server: no inline script and no eval. Styles may be
 * inline because antd writes its CSS-in-JS as <style> elements and style attributes. The browser talks to the
 * API, the identity provider and the user service, which may live elsewhere when configured so.
 */
export function contentSecurityPolicy(config: Config, frameSources: readonly string[]): string {
  const identity = originOf(config.oidc.serverUrl);
  const connect = [identity, originOf(config.web.apiBaseUrl), originOf(config.web.userManagementServiceUrl)];
  // oidc-client-ts watches the provider's session in an iframe when CHECK_LOGIN_IFRAME is on.
  const frames = [...frameSources.map(originOf), config.oidc.checkLoginIframe ? identity : undefined];
  const frameList = sources(frames, false);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources([originOf(config.web.imageUrl)])} data: blob:`,
    "font-src 'self' data:",
    `connect-src ${sources(connect)}`,
    `frame-src ${frameList}`,
    `child-src ${frameList}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${sources([identity])}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers every answer carries. HSTS only when the product is reached over TLS (PUBLIC_URL https), since a
 * browser told so over plain http at localhost would refuse that address afterwards.
 */
export function baseSecurityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };
  if (config.publicUrl.startsWith('https:'))
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
