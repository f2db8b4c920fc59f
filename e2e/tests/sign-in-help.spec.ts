import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, BASE_URL, E2E_PORT } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

test('"Forgot password?" without mail says to ask an administrator and leads back to the same sign-in', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#username')).toBeVisible();
  const signInUrl = page.url();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // The browser tests' server has no SMTP_URL: no form, a sentence saying what to do instead.
  await expect(page.getByText('Ask an administrator to set a new password for you.')).toBeVisible();
  await expect(page.locator('form#kc-reset-password-form')).toHaveCount(0);

  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page.getByText('Bitten Sie einen Administrator')).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
  await expect(page).toHaveURL(signInUrl.split('?')[0] ?? signInUrl);
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
});

test('opened at another address than PUBLIC_URL, the page says where the product is and what to set', async ({
  page,
}) => {
  const elsewhere = `http://127.0.0.1:${E2E_PORT}`;
  const answer = await page.goto(`${elsewhere}/`);
  expect(answer?.status()).toBe(421);
  await expect(page.getByRole('heading', { name: 'Open Back Office at its own address' })).toBeVisible();
  await expect(page.getByText(`This product is configured for ${BASE_URL}`)).toBeVisible();
  await expect(page.getByText(`set PUBLIC_URL=${elsewhere} and restart the server`)).toBeVisible();
  await page.getByRole('link', { name: `Go to ${BASE_URL}` }).click();
  await expect(page).toHaveURL(/\/realms\/backoffice\//);
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
});
