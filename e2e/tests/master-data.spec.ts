import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

async function signedIn(page: Page) {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
}

/** Saves the open form and waits until its drawer has gone (focus goes back to the list then). */
async function save(page: Page) {
  await page.getByTestId('submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The table's row showing this code. */
const rowOf = (page: Page, tableId: string, code: string) =>
  page
    .getByTestId(tableId)
    .locator('tbody tr')
    .filter({ has: page.getByText(code, { exact: true }) });

test('an administrator creates, edits, searches, deactivates, filters and exports brands; a taken code shows on its field', async ({
  page,
}) => {
  await signedIn(page);
  const suffix = Date.now().toString(36).toUpperCase();
  const code = `E2E-${suffix}`;

  await page.goto('/#/product/brand');
  await expect(page.getByTestId('page-title')).toHaveText('Brand');
  await page.getByTestId('create-brand').click();
  // Typed in lower case, saved in capitals.
  await page.locator('#brand-form_code').fill(code.toLowerCase());
  await page.locator('#brand-form_name').fill(`Brand ${suffix}`);
  await save(page);
  await expect(rowOf(page, 'brands-table', code)).toContainText(`Brand ${suffix}`);

  await rowOf(page, 'brands-table', code)
    .getByRole('button', { name: `Edit: ${code}` })
    .click();
  await page.locator('#brand-form_name').fill(`Renamed ${suffix}`);
  await save(page);
  await expect(rowOf(page, 'brands-table', code)).toContainText(`Renamed ${suffix}`);

  await page.getByRole('searchbox', { name: 'Search brands by code or name' }).fill(`renamed ${suffix}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/q=renamed/);
  await expect(page.getByTestId('brands-table').locator('tbody tr.ant-table-row')).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByTestId('export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  await rowOf(page, 'brands-table', code)
    .getByRole('button', { name: `Edit: ${code}` })
    .click();
  await page.locator('#brand-form_active').click();
  await save(page);
  await expect(rowOf(page, 'brands-table', code)).toContainText('Inactive');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByTitle('Inactive', { exact: true }).click();
  await expect(page).toHaveURL(/active=false/);
  await expect(rowOf(page, 'brands-table', code)).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByTitle('Active', { exact: true }).click();
  await expect(page).toHaveURL(/active=true/);
  await expect(page.getByTestId('brands-table')).toContainText('Nothing matches these filters');

  await page.getByTestId('create-brand').click();
  await page.locator('#brand-form_code').fill(code.toLowerCase());
  await page.locator('#brand-form_name').fill('Another');
  await page.getByTestId('submit').click();
  await expect(page.locator('#brand-form_code_help')).toHaveText('A brand with this code already exists.');
  // Client rules mirror the server's.
  await page.locator('#brand-form_code').fill('has space');
  await expect(page.locator('#brand-form_code_help')).toContainText('Use letters, digits, - and _ only');
});

test('an administrator creates a cost centre, a taken code shows on its field, and deletes it', async ({ page }) => {
  await signedIn(page);
  const code = `CC-${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/#/cost-center/cost-center');
  await page.getByTestId('create-cost-center').click();
  await page.locator('#cost-center-form_code').fill(code);
  await page.locator('#cost-center-form_name').fill('Marketing');
  await save(page);
  await expect(rowOf(page, 'cost-centers-table', code)).toContainText('Marketing');

  await page.getByTestId('create-cost-center').click();
  await page.locator('#cost-center-form_code').fill(code.toLowerCase());
  await page.locator('#cost-center-form_name').fill('Again');
  await page.getByTestId('submit').click();
  await expect(page.locator('#cost-center-form_code_help')).toHaveText('A cost centre with this code already exists.');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await rowOf(page, 'cost-centers-table', code)
    .getByRole('button', { name: `Delete: ${code}` })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, 'cost-centers-table', code)).toHaveCount(0);
});
