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
  // Each permission in words, its code beside it.
  await adminPage.getByRole('checkbox', { name: 'View the system logs view_system_logs', exact: true }).check();
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
  // Record types and actions in words, their codes as tooltips.
  await expect(
    log
      .getByTestId('log-entity')
      .filter({ hasText: /^Role$/ })
      .first(),
  ).toHaveAttribute('title', 'role');
  await expect(
    log
      .getByTestId('log-entity')
      .filter({ hasText: /^User$/ })
      .first(),
  ).toHaveAttribute('title', 'user');
  await expect(
    log
      .getByTestId('log-action')
      .filter({ hasText: /^Created$/ })
      .first(),
  ).toHaveAttribute('title', 'create');
  // Records by name, not by id.
  await expect(log.getByTestId('log-reference').filter({ hasText: `Log reader ${suffix}` })).toBeVisible();
  await expect(
    log
      .getByTestId('log-reference')
      .filter({ hasText: `reader.${suffix}` })
      .first(),
  ).toBeVisible();
  // The record-type filter offers the words too; the code is the option's tooltip and the URL's value.
  const recordType = adminPage.getByRole('combobox', { name: 'Record type' });
  await recordType.click();
  // The list is long (and drawn only in part): typing finds the word.
  await recordType.pressSequentially('Rol');
  const roleOption = adminPage.locator('.ant-select-item-option[title="role"]');
  await expect(roleOption).toHaveText('Role');
  await roleOption.click();
  await expect(adminPage).toHaveURL(/[?&]entity=role(&|$)/);
  await expect(log.getByTestId('log-entity').filter({ hasText: /^User$/ })).toHaveCount(0);
  await expect(
    log
      .getByTestId('log-entity')
      .filter({ hasText: /^Role$/ })
      .first(),
  ).toBeVisible();

  const context = await browser.newContext();
  const readerPage = await context.newPage();
  await readerPage.goto('/');
  await signInOnPage(readerPage, `reader.${suffix}`, 'reader password 1');
  await readerPage.getByTestId('sidebar').getByText('Admin', { exact: true }).click();
  await expect(readerPage.getByTestId('sidebar').getByText('System Logs')).toBeVisible();
  await context.close();
});
