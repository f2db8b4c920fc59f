import { expect, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { signInOnPage } from '../support/sign-in.ts';

test('the menu shows only what the user may open, and a guarded route says Restricted', async ({ page }) => {
  const api = await adminApi();
  const user = await api.createUser(['view_system_logs', 'view_role']);
  await page.goto('/');
  await signInOnPage(page, user.username, user.password);

  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('System Logs')).toBeVisible();
  await expect(sidebar.getByText('Roles')).toBeAttached();
  await expect(sidebar.getByText('Purchase Order')).toHaveCount(0);
  await expect(sidebar.getByText('Users', { exact: true })).toBeAttached();
  await expect(sidebar.getByText('Permissions')).toHaveCount(0);

  // Straight to a route the user may not open: the guard refuses with the specification's toast
  // and, with no previous page, lands on the dashboard.
  await page.goto('/#/usermanagement/user');
  await expect(page.getByText('Restricted!')).toBeVisible();
  await expect(page.getByText('You are not authorised')).toBeVisible();
  await expect(page).toHaveURL(/#\/dashboard\/dashboard1$/);

  // Roles may be read but not changed: no create button.
  await page.goto('/#/usermanagement/role');
  await expect(page.getByTestId('roles-table')).toBeVisible();
  await expect(page.getByTestId('create-role')).toHaveCount(0);
});
