/** Where the browser tests find the product (started by playwright.config.ts's webServer). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const ADMIN_PASSWORD = 'e2e-admin-password';

/** Debian's Chromium, launched as root with the flags that work on this kind of machine. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
