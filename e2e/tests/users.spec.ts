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
  await adminPage.getByLabel('Name').fill(`Log reader ${suffix}`);
  await adminPage.getByRole('checkbox', { name: 'view_system_logs' }).check();
  await adminPage.getByTestId('submit').click();
  await expect(adminPage.getByTestId('roles-table').getByText(`Log reader ${suffix}`)).toBeVisible();

  await adminPage.goto('/#/usermanagement/user');
  await adminPage.getByTestId('create-user').click();
  await adminPage.getByLabel('User name').fill(`reader.${suffix}`);
  await adminPage.getByLabel('E-mail').fill(`reader.${suffix}@example.test`);
  await adminPage.getByLabel('Password').fill('reader password 1');
  await adminPage.getByLabel('Roles').click();
  await adminPage.getByTitle(`Log reader ${suffix}`).click();
  await adminPage.keyboard.press('Escape');
  await adminPage.getByTestId('submit').click();
  await expect(adminPage.getByTestId('users-table').getByText(`reader.${suffix}`)).toBeVisible();

  await adminPage.goto('/#/log/system-log');
  await expect(adminPage.getByTestId('system-log-table').getByText(`reader.${suffix}`).first()).toBeAttached();

  const context = await browser.newContext();
  const readerPage = await context.newPage();
  await readerPage.goto('/');
  await signInOnPage(readerPage, `reader.${suffix}`, 'reader password 1');
  await expect(readerPage.getByTestId('sidebar').getByText('System Logs')).toBeVisible();
  await context.close();
});
