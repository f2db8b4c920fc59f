/** Where the browser tests find the product (started by playwright.config.ts's webServer). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const ADMIN_PASSWORD = 'e2e-admin-password';
