import { expect, type Page } from '@playwright/test';

/** Signs in on the provider's page the way a person does. */
export async function signInOnPage(page: Page, username: string, password: string) {
  await expect(page.locator('#username')).toBeVisible();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('#kc-login').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}
