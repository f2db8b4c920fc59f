import { expect, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

const REFRESH_KEY = 'keycloak-refresh-token';

test('signs in through the provider, stays signed in on reload, and logs out at the provider too', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/realms\/backoffice\//);
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard\/dashboard1$/);
  expect(await page.evaluate((k) => localStorage.getItem(k), REFRESH_KEY)).toBeTruthy();

  await page.reload();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.locator('#username')).toHaveCount(0);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page.locator('#username')).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), REFRESH_KEY)).toBeNull();
  // The provider's session is gone too: opening the app asks for the password again.
  await page.goto('/');
  await expect(page.locator('#username')).toBeVisible();
});

test('a wrong password is refused on the sign-in page', async ({ page }) => {
  await page.goto('/');
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill('not the password');
  await page.locator('#kc-login').click();
  await expect(page.locator('#username')).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
});

test('two tabs refreshing at the same moment never sign each other out', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/');
  await signInOnPage(first, 'admin', ADMIN_PASSWORD);
  const second = await context.newPage();
  await second.goto('/#/usermanagement/role');
  await expect(second.getByTestId('roles-table')).toBeVisible();

  // Make the stored access token look nearly expired, then reload both tabs at once: both want to
  // refresh with the same rotating refresh token, and must take turns.
  for (let round = 0; round < 3; round++) {
    await first.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith('oidc.user:')) continue;
        const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number };
        user.expires_at = Math.floor(Date.now() / 1000) + 60;
        localStorage.setItem(key, JSON.stringify(user));
      }
    });
    await Promise.all([first.reload(), second.reload()]);
    await expect(first.getByTestId('sidebar')).toBeVisible();
    await expect(second.getByTestId('roles-table')).toBeVisible();
  }
  await first.goto('/#/usermanagement/user');
  await expect(first.getByTestId('users-table')).toBeVisible();
  await second.goto('/#/log/system-log');
  await expect(second.getByTestId('system-log-table')).toBeVisible();
  await expect(first.locator('#username')).toHaveCount(0);
  await expect(second.locator('#username')).toHaveCount(0);
});

test('a user deactivated while signed in is logged out on their next request (401)', async ({ page }) => {
  const api = await adminApi();
  const user = await api.createUser(['view_system_logs']);
  await page.goto('/');
  await signInOnPage(page, user.username, user.password);
  await page.goto('/#/log/system-log');
  await expect(page.getByTestId('system-log-table')).toBeVisible();
  await api.deactivate(user);
  await page.reload();
  await expect(page.locator('#username')).toBeVisible();
});
