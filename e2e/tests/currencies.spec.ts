import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

async function signedIn(page: Page) {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
}

/** Saves the open drawer's form and waits until the drawer has gone. */
async function save(page: Page) {
  await page.getByTestId('submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const rowOf = (page: Page, tableId: string, text: string) =>
  page
    .getByTestId(tableId)
    .locator('tbody tr')
    .filter({ has: page.getByText(text, { exact: true }) });

test('an administrator adds a EUR rate and sees it in the history, its chart and as the current rate', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/#/currency/currencies');
  await expect(page.getByTestId('page-title')).toHaveText('Currencies');
  await expect(rowOf(page, 'currencies-table', 'GBP')).toContainText('Always 1');
  await page.getByTestId('currency-EUR').click();
  await expect(page).toHaveURL(/#\/currency\/currencies\/EUR/);
  await expect(page.getByTestId('currency-title')).toContainText('EUR · Euro');

  await page.getByTestId('create-rate').click();
  const date = page.locator('#rate-form_effectiveDate');
  await date.click();
  await date.fill('2025-01-06');
  await date.press('Enter');
  // The form mirrors the server's rule for a rate.
  await page.locator('#rate-form_rate').fill('0');
  await expect(page.locator('#rate-form_rate_help')).toHaveText('A rate is more than zero');
  await page.locator('#rate-form_rate').fill('0.86512');
  await page.locator('#rate-form_source').fill('ECB reference');
  await save(page);
  await expect(rowOf(page, 'rates-table', '2025-01-06')).toContainText('0.86512');
  // The chart is drawn on a canvas; ECharts' generated description lists the day and its rate.
  await expect(page.getByTestId('rate-chart').getByRole('img')).toHaveAttribute('aria-label', /2025-01-06: 0\.86512/);

  // One rate per day: the same date again shows on the date field.
  await page.getByTestId('create-rate').click();
  await expect(page.locator('#rate-form_rate')).toHaveValue('');
  await date.click();
  await date.fill('2025-01-06');
  await date.press('Enter');
  await page.locator('#rate-form_rate').fill('0.9');
  await page.getByTestId('submit').click();
  await expect(page.locator('#rate-form_effectiveDate_help')).toContainText(
    'EUR already has a rate effective on 2025-01-06',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'All currencies' }).click();
  await expect(page.getByTestId('current-rate-EUR')).toContainText('1 EUR = 0.86512 GBP');

  // GBP is the base: its rate cannot be added.
  await page.getByTestId('currency-GBP').click();
  await expect(page.getByText('GBP is the base currency')).toBeVisible();
  await expect(page.getByTestId('create-rate')).toHaveCount(0);
});

test('an administrator creates a bank-account processor, the form checking sort code, account number and IBAN', async ({
  page,
}) => {
  await signedIn(page);
  const code = `BANK-${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/#/currency/processors');
  await page.getByTestId('create-processor').click();
  await page.locator('#processor-form_code').fill(code.toLowerCase());
  await page.locator('#processor-form_name').fill('Barclays business account');
  await page.locator('#processor-form_bankName').fill('Barclays');
  await page.locator('#processor-form_accountName').fill('Acme Trading Ltd');
  await page.locator('#processor-form_sortCode').fill('20-00-00');
  await page.locator('#processor-form_accountNumber').fill('1234567');
  await expect(page.locator('#processor-form_accountNumber_help')).toHaveText('An account number has 8 digits');
  await page.locator('#processor-form_accountNumber').fill('12345678');
  await page.locator('#processor-form_iban').fill('GB82 WEST 1234 5698 7654 33');
  await expect(page.locator('#processor-form_iban_help')).toContainText('Not a valid IBAN');
  await page.locator('#processor-form_iban').fill('GB82 WEST 1234 5698 7654 32');
  await save(page);
  const row = rowOf(page, 'processors-table', code);
  await expect(row).toContainText('Bank account');
  await expect(row).toContainText('20-00-00 12345678');
  await expect(row).toContainText('GB82 WEST 1234 5698 7654 32');

  // A PayPal account asks only for its e-mail.
  await page.getByTestId('create-processor').click();
  await page.locator('#processor-form_type').click();
  await page.getByTitle('PayPal', { exact: true }).click();
  await expect(page.locator('#processor-form_sortCode')).toHaveCount(0);
  await expect(page.locator('#processor-form_paypalEmail')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test('an administrator creates a carrier with two services and a tracking link', async ({ page }) => {
  await signedIn(page);
  const code = `CAR-${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/#/shipping-carrier/shipping-carrier-list');
  await expect(rowOf(page, 'carriers-table', 'ROYAL_MAIL')).toContainText('5 services (5 active)');
  await page.getByTestId('create-carrier').click();
  await page.locator('#carrier-form_code').fill(code);
  await page.locator('#carrier-form_name').fill('DPD UK');
  await page.locator('#carrier-form_integration').click();
  await page.getByTitle('DPD', { exact: true }).click();
  const template = page.locator('#carrier-form_trackingUrlTemplate');
  await template.fill('https://track.dpd.co.uk/parcels/');
  await expect(page.locator('#carrier-form_trackingUrlTemplate_help')).toContainText('{trackingNumber}');
  await template.fill('https://track.dpd.co.uk/parcels/{trackingNumber}');
  await expect(page.getByTestId('tracking-preview-link')).toHaveAttribute(
    'href',
    'https://track.dpd.co.uk/parcels/AB123456789GB',
  );

  await page.getByTestId('add-service').click();
  await page.locator('#carrier-form_services_0_code').fill('next-day');
  await page.locator('#carrier-form_services_0_name').fill('Next Day');
  await page.locator('#carrier-form_services_0_deliveryDays').fill('1');
  await page.getByTestId('add-service').click();
  await page.locator('#carrier-form_services_1_code').fill('NEXT-DAY');
  await expect(page.locator('#carrier-form_services_1_code_help')).toContainText('already used by another service');
  await page.locator('#carrier-form_services_1_code').fill('two-day');
  await page.locator('#carrier-form_services_1_name').fill('Two Day');
  await page.locator('#carrier-form_services_1_signature').check();
  await page.getByTestId('submit').click();

  await expect(page).toHaveURL(/#\/shipping-carrier\/shipping-carrier-list$/);
  const row = rowOf(page, 'carriers-table', code);
  await expect(row).toContainText('2 services (2 active)');
  await row.getByRole('link', { name: code }).click();
  await expect(page.locator('#carrier-form_services_0_code')).toHaveValue('NEXT-DAY');
  await expect(page.locator('#carrier-form_services_1_signature')).toBeChecked();
});
