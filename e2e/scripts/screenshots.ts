import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/env.ts';
import { startProduct } from '../support/server.ts';

/**
 * `npm run screenshots --workspace e2e`: the dashboard and the users list at 1440x900, 768x1024 and
 * 390x844, left to right and right to left, into docs/screenshots/ for the README.
 */
const out = path.resolve(import.meta.dirname, '../../docs/screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'screenshot-admin-password';
const product = await startProduct(18_700 + Math.floor(Math.random() * 200), PASSWORD);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const [width, height] of [
    [1440, 900],
    [768, 1024],
    [390, 844],
  ] as const) {
    for (const dir of ['ltr', 'rtl'] as const) {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'en-GB' });
      const page = await context.newPage();
      await page.goto(product.baseUrl);
      await page.locator('#username').fill('admin');
      await page.locator('#password').fill(PASSWORD);
      await page.locator('#kc-login').click();
      await page.getByTestId('user-menu').waitFor();
      // The customizer keeps the direction in session storage; set it as the toggle would.
      await page.evaluate((d) => sessionStorage.setItem('backoffice-direction', d), dir);
      for (const [name, hash, ready] of [
        ['dashboard', '#/dashboard/dashboard1', 'page-title'],
        ['users-list', '#/usermanagement/user', 'users-table'],
      ] as const) {
        await page.goto(`${product.baseUrl}/${hash}`);
        await page.reload();
        await page.getByTestId(ready).waitFor();
        await page.waitForLoadState('networkidle');
        const file = path.join(out, `${name}-${width}-${dir}.png`);
        await page.screenshot({ path: file });
        console.log(path.relative(process.cwd(), file));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await product.stop();
}
