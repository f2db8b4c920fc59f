import type { RuntimeConfig } from '@backoffice/contracts';
import { API_PREFIX } from '../api/descriptor.ts';
import { platformEndpoints } from '../api/endpoints/platform.gen.ts';

// The generated descriptor: type-checked against the contract, and zod stays out of the first load.
const CONFIG_PATH = platformEndpoints.config.path;

let config: RuntimeConfig | undefined;

/** Reads the runtime configuration once at start-up; nothing is baked in at build time. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(configUrl(), {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`GET ${CONFIG_PATH} answered ${response.status}`);
  const body: RuntimeConfig = await response.json();
  config = { ...body, apiBaseUrl: withSlash(body.apiBaseUrl || API_PREFIX) };
  config.userManagementServiceUrl = withSlash(body.userManagementServiceUrl || config.apiBaseUrl);
  return config;
}

/** The configuration's address: the API serves the app, so it is on the page's origin. */
export function configUrl(): string {
  return CONFIG_PATH;
}

export function runtimeConfig(): RuntimeConfig {
  if (!config) throw new Error('The runtime configuration is not loaded yet');
  return config;
}

/** The app root: origin and path of the page, without query or hash (hash routing lives after it). */
export function rootUrl(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
