import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

test('an administrator creates a role and a user, who signs in with it; the system log shows both', async ({
  browser,
}) => {
  const adminPage = await browser.newPage();
  await adminPage.goto('/');
  await signInOnPage(adminPage, 'admin', ADMIN_PASSWORD);
  const suffix = Date.now().toString(36);

  await adminPage.goto('/#/usermanagement/role');
  await adminPage.getByTestId('create-role').click();
  await adminPage.locator('#role-form_name').fill(`Log reader ${suffix}`);
  await adminPage.getByRole('checkbox', { name: 'view_system_logs', exact: true }).check();
  await adminPage.getByTestId('submit').click();
  await expect(adminPage.getByTestId('roles-table').getByText(`Log reader ${suffix}`)).toBeVisible();

  await adminPage.goto('/#/usermanagement/user');
  await adminPage.getByTestId('create-user').click();
  await adminPage.locator('#user-form_username').fill(`reader.${suffix}`);
  await adminPage.locator('#user-form_email').fill(`reader.${suffix}@example.test`);
  await adminPage.locator('#user-form_password').fill('reader password 1');
  await adminPage.locator('#user-form_roleIds').click();
  await adminPage.getByTitle(`Log reader ${suffix}`).click();
  await adminPage.keyboard.press('Escape');
  await adminPage.getByTestId('submit').click();
  await expect(adminPage.getByTestId('users-table').getByText(`reader.${suffix}`, { exact: true })).toBeVisible();

  await adminPage.goto('/#/log/system-log');
  const log = adminPage.getByTestId('system-log-table');
  await expect(log.getByText('role', { exact: true }).first()).toBeVisible();
  await expect(log.getByText('user', { exact: true }).first()).toBeVisible();

  const context = await browser.newContext();
  const readerPage = await context.newPage();
  await readerPage.goto('/');
  await signInOnPage(readerPage, `reader.${suffix}`, 'reader password 1');
  await readerPage.getByTestId('sidebar').getByText('Admin', { exact: true }).click();
  await expect(readerPage.getByTestId('sidebar').getByText('System Logs')).toBeVisible();
  await context.close();
});
