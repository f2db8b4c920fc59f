import { expect, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { signInOnPage } from '../support/sign-in.ts';

test('the menu shows only what the user may open, and a guarded route says Restricted', async ({ page }) => {
  const api = await adminApi();
  const user = await api.createUser(['view_system_logs', 'view_role']);
  await page.goto('/');
  await signInOnPage(page, user.username, user.password);

  const sidebar = page.getByTestId('sidebar');
  // Groups appear only when the user holds a permission of one of their entries.
  await expect(sidebar.getByText('Admin', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('Purchase', { exact: true })).toHaveCount(0);
  await expect(sidebar.getByText('Inventory', { exact: true })).toHaveCount(0);
  await sidebar.getByText('Admin', { exact: true }).click();
  await expect(sidebar.getByText('System Logs')).toBeVisible();
  await expect(sidebar.getByText('System Config')).toHaveCount(0);
  await sidebar.getByText('Users', { exact: true }).click();
  await expect(sidebar.getByText('Roles')).toBeVisible();
  await expect(sidebar.getByText('Permissions')).toHaveCount(0);
  await sidebar.getByText('System Logs').click();
  await expect(page).toHaveURL(/#\/log\/system-log$/);
  await expect(page.getByTestId('system-log-table')).toBeVisible();

  // Within the app, a refused navigation keeps the user where they were, with the specification's toast.
  await page.evaluate(() => {
    window.location.hash = '#/usermanagement/user';
  });
  await expect(page.getByText('Restricted!')).toBeVisible();
  await expect(page.getByText('You are not authorised')).toBeVisible();
  await expect(page).toHaveURL(/#\/log\/system-log$/);

  // Opened straight (no previous page), the refused route also lands on the dashboard.
  const fresh = await page.context().newPage();
  await fresh.goto('/#/usermanagement/user');
  await expect(fresh.getByText('You are not authorised')).toBeVisible();
  await expect(fresh).toHaveURL(/#\/dashboard\/dashboard1$/);
  await fresh.close();

  // Roles may be read but not changed: no create button.
  await page.goto('/#/usermanagement/role');
  await expect(page.getByTestId('roles-table')).toBeVisible();
  await expect(page.getByTestId('create-role')).toHaveCount(0);
});
